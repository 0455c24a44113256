/**
 * Create a provisioning (SCIM 2.0) connection (admin spec §3 "Provisioning connection", §7 "Directory (SCIM)";
 * AB-3.23, AB-7.53). States:
 *
 *   choosing (the identity provider: okta | azure-ad | frontegg | other; `source.choose`)
 *     → naming (`name.submit` with a non-empty name; `source.back` returns to choosing)
 *     → creating (tagged `busy`; actor `createConnection`)
 *     → created (the token and the SCIM base URL, shown once; `token.dismiss`)
 *     → closed (final)
 *
 * A refused creation goes back to `naming` with the error (a {@link FlowError}) and the name kept. The token is not
 * kept in the context: it travels once, in the emitted `created` event, to the dialog that shows it; the context keeps
 * only what identifies the new connection. Overridable actor: `createConnection`
 * (machines/admin-scim-connection.actors.ts: through the provisioning resource, which then lists the new connection).
 */
import { assertEvent, assign, emit, fromPromise, type SnapshotFrom } from 'xstate';
import { setup } from './setup.ts';
import type { CreateScimConnectionRequest, NewScimConnection, ScimSource } from '../src/admin/resources/provisioning.ts';
import { toFlowError, type FlowError } from './errors.ts';

/** The longest connection name (characters). */
export const MAX_CONNECTION_NAME = 100;

/** What is wrong with a connection name, if anything: required (after trimming), at most {@link MAX_CONNECTION_NAME} characters. */
export function connectionNameProblem(name: string): 'required' | 'tooLong' | null {
  const trimmed = name.trim();
  if (!trimmed) return 'required';
  return trimmed.length > MAX_CONNECTION_NAME ? 'tooLong' : null;
}

export interface ScimConnectionContext {
  /** The identity provider chosen (null until chosen). */
  source: ScimSource | null;
  /** The connection's name as typed. */
  connectionName: string;
  error: FlowError | null;
  /** The new connection's id and name; never its token. */
  created: { id: string; connectionName: string } | null;
}

export type ScimConnectionEvent =
  { type: 'source.choose'; source: ScimSource } | { type: 'source.back' } | { type: 'name.submit'; connectionName: string } | { type: 'token.dismiss' };

export type ScimConnectionEmitted = { type: 'created'; connection: NewScimConnection };

const scimConnectionSetup = setup({
  types: {
    context: {} as ScimConnectionContext,
    events: {} as ScimConnectionEvent,
    emitted: {} as ScimConnectionEmitted,
    input: {} as { source?: ScimSource } | undefined,
  },
  actors: {
    /** Creates the connection; resolves with its id, name, token and SCIM base URL. */
    createConnection: fromPromise<NewScimConnection, CreateScimConnectionRequest>(async () => {
      throw new Error('createConnection not provided');
    }),
  },
  actions: {
    storeSource: assign({
      source: ({ event }) => {
        assertEvent(event, 'source.choose');
        return event.source;
      },
      error: null,
    }),
    storeName: assign({
      connectionName: ({ event }) => {
        assertEvent(event, 'name.submit');
        return event.connectionName;
      },
      error: null,
    }),
    emitCreated: emit((_, params: { connection: NewScimConnection }) => ({ type: 'created' as const, connection: params.connection })),
  },
  guards: {
    validName: ({ event }) => event.type === 'name.submit' && connectionNameProblem(event.connectionName) === null,
  },
});

export const adminScimConnectionMachine = scimConnectionSetup.createMachine({
  id: 'adminScimConnection',
  context: ({ input }) => ({ source: input?.source ?? null, connectionName: '', error: null, created: null }),
  initial: 'choosing',
  states: {
    choosing: {
      on: { 'source.choose': { target: 'naming', actions: 'storeSource' } },
    },
    naming: {
      on: {
        'name.submit': { guard: 'validName', target: 'creating', actions: 'storeName' },
        'source.back': 'choosing',
      },
    },
    creating: {
      tags: 'busy',
      invoke: {
        src: 'createConnection',
        // a new connection pushes into user management (Frontegg's default); the list's switch turns it off
        input: ({ context }) => ({ source: context.source ?? 'other', connectionName: context.connectionName.trim(), syncToUserManagement: true }),
        onDone: {
          target: 'created',
          actions: [
            assign({ created: ({ event }) => ({ id: event.output.id, connectionName: event.output.connectionName }) }),
            { type: 'emitCreated', params: ({ event }) => ({ connection: event.output }) },
          ],
        },
        onError: { target: 'naming', actions: assign({ error: ({ event }) => toFlowError(event.error) }) },
      },
    },
    created: {
      on: { 'token.dismiss': 'closed' },
    },
    closed: { type: 'final' },
  },
});

export type AdminScimConnectionSnapshot = SnapshotFrom<typeof adminScimConnectionMachine>;
