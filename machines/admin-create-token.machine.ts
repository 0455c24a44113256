/**
 * Create an API token (admin spec §3 "API token", §5; AB-3.09, AB-5.07, AB-5.08, AB-6.07), in the flow dialect of
 * machines/flow.ts: `form` (`idle` ⇄ `submitting`, a valid draft only) → `created` → `closed` (`secret.dismiss`). A
 * refused creation goes back to `form.idle` with the error (a {@link FlowError}) and the draft kept. The secret is
 * not kept in the context: it travels once, in the emitted `created` event, to the dialog that shows it (AB-3.09:
 * shown once); the context keeps only what identifies the new token. Actor `createToken`
 * (machines/admin-create-token.actors.ts) appends the token (without secret) to the cached list of `input.owner`
 * and `input.type`.
 */
import { assign, emit, fromPromise, type SnapshotFrom } from 'xstate';
import { setup } from './setup.ts';
import type { CreateTokenRequest } from '../src/api/admin-types.ts';
import type { CreatedToken, TokenOwner, TokenType } from '../src/admin/resources/tokens.ts';
import { toFlowError, type FlowError } from './errors.ts';
import { formStep } from './flow.ts';

/** The expiry choices of the dialog: never (AB-5.08), a number of days, or a custom number of days. */
export const EXPIRY_CHOICES = ['never', '7', '30', '90', '365', 'custom'] as const;
/** One expiry choice. */
export type ExpiryChoice = (typeof EXPIRY_CHOICES)[number];

/** Minutes in a day: the token expiry's unit conversion (AB-5.07). */
export const MINUTES_PER_DAY = 1440;
/** The longest expiry, in days (the emulator's limit: 10 years = 5,256,000 minutes). */
export const MAX_TOKEN_DAYS = 3650;

/**
 * The `expiresInMinutes` of an expiry choice (AB-5.07: days × 1440; AB-5.08: `never` = `undefined`, no expiry).
 * `customDays` (whole days, 1–{@link MAX_TOKEN_DAYS}) is read only for `custom`.
 * @example expiryMinutes('30') === 43200; expiryMinutes('custom', 2) === 2880; expiryMinutes('never') === undefined
 */
export function expiryMinutes(choice: ExpiryChoice, customDays?: number): number | undefined {
  if (choice === 'never') return undefined;
  const days = choice === 'custom' ? Math.trunc(customDays ?? 0) : Number(choice);
  return days > 0 ? days * MINUTES_PER_DAY : undefined;
}

/** What the dialog's form holds. `customDays` is the text of the custom-days field. */
export interface TokenDraft {
  description: string;
  expiry: ExpiryChoice;
  customDays: string;
  roleIds: string[];
}

/** An empty draft: no description, never expires, no roles. */
export const EMPTY_TOKEN_DRAFT: TokenDraft = Object.freeze({ description: '', expiry: 'never', customDays: '', roleIds: [] }) as TokenDraft;

/** What is wrong with a draft, if anything: the description is required; custom days are a whole number 1–3650. */
export function draftProblem(draft: TokenDraft): 'description' | 'customDays' | null {
  if (!draft.description.trim()) return 'description';
  if (draft.expiry === 'custom') {
    const days = Number(draft.customDays);
    if (!/^\d+$/.test(draft.customDays.trim()) || days < 1 || days > MAX_TOKEN_DAYS) return 'customDays';
  }
  return null;
}

/** The create body of a draft: trimmed description, the expiry in minutes, `roleIds` for tenant tokens only (AB-6.07). */
export function createTokenRequest(draft: TokenDraft, withRoles: boolean): CreateTokenRequest {
  const minutes = expiryMinutes(draft.expiry, Number(draft.customDays));
  return {
    description: draft.description.trim(),
    ...(minutes ? { expiresInMinutes: minutes } : {}),
    ...(withRoles ? { roleIds: draft.roleIds } : {}),
  };
}

export interface CreateTokenContext {
  draft: TokenDraft;
  /** Whose token (the user's or the tenant's) and which kind: the list it joins. */
  owner: TokenOwner;
  type: TokenType;
  /** Tenant tokens carry roles (AB-6.07). */
  withRoles: boolean;
  error: FlowError | null;
  /** The new token's key (client id or id) and description; never its secret. */
  created: { key: string; description: string } | null;
}

export type CreateTokenEvent = { type: 'form.submit'; draft: TokenDraft } | { type: 'secret.dismiss' };

/** What the `createToken` actor is given: the list (owner and kind) and the create body. */
export interface CreateTokenCall {
  owner: TokenOwner;
  type: TokenType;
  body: CreateTokenRequest;
}
export type CreateTokenEmitted = { type: 'created'; token: CreatedToken };

const createTokenSetup = setup({
  types: {
    context: {} as CreateTokenContext,
    events: {} as CreateTokenEvent,
    emitted: {} as CreateTokenEmitted,
    input: {} as { owner: TokenOwner; type: TokenType; roleIds?: string[] },
  },
  actors: {
    /** Creates the token; resolves with its row and secret. */
    createToken: fromPromise<CreatedToken, CreateTokenCall>(async () => {
      throw new Error('createToken not provided');
    }),
  },
  actions: {
    emitCreated: emit((_, params: { token: CreatedToken }) => ({ type: 'created' as const, token: params.token })),
  },
  guards: {
    valid: ({ event }) => event.type === 'form.submit' && draftProblem(event.draft) === null,
  },
});

export const adminCreateTokenMachine = createTokenSetup.createMachine({
  id: 'adminCreateToken',
  context: ({ input }) => ({
    draft: { ...EMPTY_TOKEN_DRAFT, roleIds: input.roleIds ?? [] },
    owner: input.owner,
    type: input.type,
    withRoles: input.owner === 'tenant',
    error: null,
    created: null,
  }),
  initial: 'form',
  states: {
    form: formStep(
      createTokenSetup,
      'form.submit',
      {
        src: 'createToken',
        input: ({ context }: { context: CreateTokenContext }) => ({ owner: context.owner, type: context.type, body: createTokenRequest(context.draft, context.withRoles) }),
        onDone: {
          target: '#adminCreateToken.created',
          actions: [
            assign({ created: ({ event }: { event: { output: CreatedToken } }) => ({ key: event.output.row.key, description: event.output.row.description }) }),
            { type: 'emitCreated', params: ({ event }: { event: { output: CreatedToken } }) => ({ token: event.output }) },
          ],
        },
        onError: assign({ error: ({ event }: { event: { error: unknown } }) => toFlowError(event.error) }),
      },
      assign({ draft: ({ event }: { event: { draft: TokenDraft } }) => event.draft, error: null }),
      'valid',
    ),
    created: {
      on: { 'secret.dismiss': 'closed' },
    },
    closed: { type: 'final' },
  },
});

export type AdminCreateTokenSnapshot = SnapshotFrom<typeof adminCreateTokenMachine>;
