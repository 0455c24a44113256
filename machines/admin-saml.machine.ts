/**
 * The account's legacy single SAML configuration (admin spec §4 "SAML", §8 IllegalState; AB-4.13–4.17, AB-8.09;
 * api-contract §V `saml/configurations`):
 *
 * `loading` → `ready` | `failed` (`saml.reload`). In `ready`:
 * - `saml.setEnabled` → `toggling` (tag `loading`, AB-4.15) → `ready`;
 * - `saml.save` → `saving` (tag `saving`, AB-4.16) → `ready`. A new domain clears the endpoint and the certificate
 *   and sets `signRequest` false before it is sent (AB-4.14, {@link prepareSamlSave}); a configuration with no
 *   domain is only kept locally, nothing is sent (AB-4.17);
 * - `saml.validateDomain` → `validating` (tag `saving`) → `ready` with `validated` true, or false when the server
 *   refuses (AB-4.13). Without a configuration it raises IllegalState: logged (actor `logIllegalState`, the app's
 *   logger) and passed to the event's `callback` (AB-8.09), and emitted as `illegalState`.
 *
 * Every event may carry `callback(result, error)`, called once the step ends (as Frontegg's sagas do).
 * Actors (machines/admin-saml.actors.ts): `loadSaml`, `saveSaml`, `validateSamlDomain`, `logIllegalState`.
 */
import { assign, emit, fromPromise, type SnapshotFrom } from 'xstate';
import { setup } from './setup.ts';
import type { SamlConfiguration, SamlConfigurationInput } from '../src/api/sso.ts';
import { toFlowError, type FlowError } from './errors.ts';

/** Called when a step ends: the configuration as it then is, or null and the error. */
export type SamlCallback = (result: SamlConfiguration | null, error?: Error) => void;

/** The error of a domain validation asked without a configuration (AB-8.09). */
export class IllegalStateError extends Error {
  constructor(message = 'IllegalState: no SAML configuration to validate') {
    super(message);
    this.name = 'IllegalStateError';
  }
}

/** Whether the account has a SAML configuration to validate: one with a domain (the server answers `{ enabled: false }` without one). */
export function hasSamlConfiguration(saml: SamlConfiguration | null): saml is SamlConfiguration & { domain: string } {
  return Boolean(saml?.domain);
}

/**
 * The body sent for a save (AB-4.14): when `next.domain` differs from the stored domain, the endpoint and the
 * certificate are cleared and `signRequest` is false (the new domain must be proven and its IdP configured again).
 * Fields only the server decides (`validated`, `generatedVerification`, dates) are dropped.
 */
export function prepareSamlSave(stored: SamlConfiguration | null, next: SamlConfigurationInput): SamlConfigurationInput {
  const { validated: _v, generatedVerification: _g, createdAt: _c, updatedAt: _u, ...body } = next as SamlConfiguration;
  const domainChanged = (stored?.domain ?? '') !== (body.domain ?? '');
  return domainChanged ? { ...body, ssoEndpoint: '', publicCertificate: '', signRequest: false } : body;
}

export interface SamlContext {
  saml: SamlConfiguration | null;
  error: FlowError | null;
  /** The callback of the step running. */
  callback: SamlCallback | null;
}

type WithCallback = { callback?: SamlCallback };
export type SamlEvent =
  | ({ type: 'saml.reload' } & WithCallback)
  | ({ type: 'saml.setEnabled'; enabled: boolean } & WithCallback)
  | ({ type: 'saml.save'; configuration: SamlConfigurationInput } & WithCallback)
  | ({ type: 'saml.validateDomain' } & WithCallback);

export type SamlEmitted = { type: 'illegalState'; error: IllegalStateError } | { type: 'saved'; configuration: SamlConfiguration };

const samlSetup = setup({
  types: { context: {} as SamlContext, events: {} as SamlEvent, emitted: {} as SamlEmitted },
  actors: {
    loadSaml: fromPromise<SamlConfiguration>(async () => {
      throw new Error('loadSaml not provided');
    }),
    saveSaml: fromPromise<SamlConfiguration, SamlConfigurationInput>(async () => {
      throw new Error('saveSaml not provided');
    }),
    validateSamlDomain: fromPromise<SamlConfiguration>(async () => {
      throw new Error('validateSamlDomain not provided');
    }),
    /** Logs the IllegalState error (the app's logger, level error). */
    logIllegalState: fromPromise<void, { error: IllegalStateError }>(async ({ input }) => {
      console.error(input.error);
    }),
  },
  guards: {
    hasConfiguration: ({ context }) => hasSamlConfiguration(context.saml),
    noDomain: ({ event }) => event.type === 'saml.save' && !event.configuration.domain?.trim(),
  },
  actions: {
    keepCallback: assign({ callback: ({ event }: { event: SamlEvent }) => event.callback ?? null, error: null }),
    storeSaml: assign({ saml: (_, params: { saml: SamlConfiguration }) => params.saml }),
    storeError: assign({ error: (_, params: { error: unknown }) => toFlowError(params.error) }),
    /** Calls the step's callback with the configuration, or with null and the error. */
    answer: ({ context }, params: { error?: unknown }) => {
      const e = params.error;
      const error = e === undefined ? undefined : e instanceof Error ? e : new Error((e as { message?: string })?.message ?? String(e));
      context.callback?.(error ? null : context.saml, error);
    },
  },
});

export const adminSamlMachine = samlSetup.createMachine({
  id: 'adminSaml',
  context: { saml: null, error: null, callback: null },
  initial: 'loading',
  states: {
    loading: {
      tags: 'loading',
      invoke: {
        src: 'loadSaml',
        onDone: {
          target: 'ready',
          actions: [
            { type: 'storeSaml', params: ({ event }) => ({ saml: event.output }) },
            { type: 'answer', params: {} },
          ],
        },
        onError: {
          target: 'failed',
          actions: [
            { type: 'storeError', params: ({ event }) => ({ error: event.error }) },
            { type: 'answer', params: ({ event }) => ({ error: event.error }) },
          ],
        },
      },
    },
    failed: {
      on: { 'saml.reload': { target: 'loading', actions: 'keepCallback' } },
    },
    ready: {
      on: {
        'saml.reload': { target: 'loading', actions: 'keepCallback' },
        'saml.setEnabled': { target: 'toggling', actions: 'keepCallback' },
        'saml.save': [
          // AB-4.17: no domain, nothing to send: the configuration changes here only
          {
            guard: 'noDomain',
            actions: [
              'keepCallback',
              assign({ saml: ({ context, event }) => ({ ...context.saml, ...(event as { configuration: SamlConfigurationInput }).configuration }) }),
              { type: 'answer', params: {} },
            ],
          },
          { target: 'saving', actions: 'keepCallback' },
        ],
        'saml.validateDomain': [
          { guard: 'hasConfiguration', target: 'validating', actions: 'keepCallback' },
          { target: 'illegalState', actions: 'keepCallback' },
        ],
      },
    },
    toggling: {
      tags: 'loading',
      invoke: {
        src: 'saveSaml',
        input: ({ context, event }) => ({ ...prepareSamlSave(context.saml, context.saml ?? { enabled: false }), enabled: (event as { enabled: boolean }).enabled }),
        onDone: {
          target: 'ready',
          actions: [
            { type: 'storeSaml', params: ({ event }) => ({ saml: event.output }) },
            { type: 'answer', params: {} },
          ],
        },
        onError: {
          target: 'ready',
          actions: [
            { type: 'storeError', params: ({ event }) => ({ error: event.error }) },
            { type: 'answer', params: ({ event }) => ({ error: event.error }) },
          ],
        },
      },
    },
    saving: {
      tags: 'saving',
      invoke: {
        src: 'saveSaml',
        input: ({ context, event }) => prepareSamlSave(context.saml, (event as { configuration: SamlConfigurationInput }).configuration),
        onDone: {
          target: 'ready',
          actions: [
            { type: 'storeSaml', params: ({ event }) => ({ saml: event.output }) },
            emit(({ event }) => ({ type: 'saved' as const, configuration: event.output })),
            { type: 'answer', params: {} },
          ],
        },
        onError: {
          target: 'ready',
          actions: [
            { type: 'storeError', params: ({ event }) => ({ error: event.error }) },
            { type: 'answer', params: ({ event }) => ({ error: event.error }) },
          ],
        },
      },
    },
    validating: {
      tags: 'saving',
      invoke: {
        src: 'validateSamlDomain',
        onDone: {
          target: 'ready',
          actions: [
            { type: 'storeSaml', params: ({ event }) => ({ saml: event.output }) },
            { type: 'answer', params: {} },
          ],
        },
        // AB-4.13: a refused validation leaves the domain not validated
        onError: {
          target: 'ready',
          actions: [
            { type: 'storeError', params: ({ event }) => ({ error: event.error }) },
            assign({ saml: ({ context }) => (context.saml ? { ...context.saml, validated: false } : null) }),
            { type: 'answer', params: ({ event }) => ({ error: event.error }) },
          ],
        },
      },
    },
    illegalState: {
      entry: [assign({ error: { key: 'admin.sso.saml.illegalState' } }), emit(() => ({ type: 'illegalState' as const, error: new IllegalStateError() }))],
      invoke: {
        src: 'logIllegalState',
        input: () => ({ error: new IllegalStateError() }),
        onDone: { target: 'ready', actions: { type: 'answer', params: () => ({ error: new IllegalStateError() }) } },
        onError: { target: 'ready', actions: { type: 'answer', params: () => ({ error: new IllegalStateError() }) } },
      },
    },
  },
});

export type AdminSamlSnapshot = SnapshotFrom<typeof adminSamlMachine>;
