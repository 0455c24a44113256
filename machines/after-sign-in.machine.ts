/**
 * The login box's steps after sign-in (sign-in §4 "Login steps"), run by the
 * login machine as its child `afterSignIn` once the user is signed in (the
 * session is stored; no token here). Loaded on demand, as the MFA machine is:
 * none of it is on the path before the first input. Pure: the calls are its
 * actors (machines/after-sign-in.actors.ts), failures leave through `emit()`.
 *
 * - `init` (transient): a breached password → `breachedPassword`; login mode
 *   `registerQuickLogin` (input `registerQuickLogin`) → `loginWithQuickSmsOtc`;
 *   else `promptPasskeys`.
 * - `breachedPassword`: "Send me a reset link" (`breached.reset`, actor
 *   `sendResetPasswordEmail`) → `breachedPasswordSuccess`; "Continue"
 *   (`breached.continue`) → `promptPasskeys`.
 * - `loginWithQuickSmsOtc.register`: the phone number (`idle`), texted a code
 *   (`sending`, actor `quickLogin` op `send`), the code (`code` →
 *   `submitting`, op `verify`: then remembered in this browser) →
 *   `promptPasskeys`. "Not now" (`quickLogin.skip`) goes on too.
 * - `promptPasskeys`: `checking` asks `passkeysCheck` (sign-in §4 conditions):
 *   no → `done`; yes → `idle`: "Add a passkey" (`registering`,
 *   `passkeyRegister`) or "Not now" (`dismissing`: remembered by
 *   `passkeysDismiss`) → `done`.
 * - `done` (final): the login machine goes on to `success`.
 *
 * Emits: `error` (a failed call; its message is also in `context.error`).
 */
import { assertEvent, assign, emit, fromPromise, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import { setup } from './setup.ts';
import type { PublicUser } from '../src/events/user.ts';
import type { MessageKey } from '../src/i18n/index.ts';
import { toFlowError, type FlowError } from './errors.ts';
import { formStep, type FlowEmitted } from './flow.ts';

/** Input of the `quickLogin` actor: text a code to a new number (→ `changePhoneId`), or check it (and remember the registration). */
export type QuickLoginInput = { op: 'send'; phoneNumber: string } | { op: 'verify'; changePhoneId: string; code: string; user: PublicUser | null };

/** Steps of this machine, as named in sign-in §4. */
export type AfterSignInStep = 'breachedPassword' | 'breachedPasswordSuccess' | 'loginWithQuickSmsOtc' | 'promptPasskeys' | 'done';

export interface AfterSignInInput {
  /** The email the user signed in with (the breached password's reset link goes there). */
  email: string;
  /** The signed-in user (public: no tokens). */
  user: PublicUser | null;
  /** The sign-in answered a breached password. */
  breachedPassword?: boolean;
  /** Login mode `registerQuickLogin` and this user has not registered in this browser before. */
  registerQuickLogin?: boolean;
}

export interface AfterSignInContext extends AfterSignInInput {
  error: FlowError | null;
  notice: MessageKey | null;
  /** Quick SMS registration: the number and the id of its pending verification. */
  phoneNumber: string | null;
  changePhoneId: string | null;
}

export type AfterSignInEvent =
  | { type: 'breached.reset' }
  | { type: 'breached.continue' }
  /** registerQuickLogin: the phone number to register; the code texted; a different number; "Not now". */
  | { type: 'phone.submit'; phoneNumber: string }
  | { type: 'code.submit'; code: string }
  | { type: 'email.change' }
  | { type: 'quickLogin.skip' }
  /** promptPasskeys: "Add a passkey" / "Not now". */
  | { type: 'passkeys.add' }
  | { type: 'passkeys.skip' };

/** Default of the actors the element provides. */
const notProvided = async (): Promise<never> => {
  throw new Error('actor not provided');
};

const afterSignInSetup = setup({
  types: {
    context: {} as AfterSignInContext,
    events: {} as AfterSignInEvent,
    input: {} as AfterSignInInput,
    emitted: {} as FlowEmitted,
  },
  // the element provides every actor (machines/after-sign-in.actors.ts)
  actors: {
    /** Sends the reset-password email of the breached password. */
    sendResetPasswordEmail: fromPromise<unknown, { email: string }>(notProvided),
    /** Quick SMS login registration: `send` → `{ changePhoneId }`, `verify` (then remembered). */
    quickLogin: fromPromise<{ changePhoneId?: string } | undefined, QuickLoginInput>(notProvided),
    /** Whether to offer a passkey (sign-in §4 conditions); no unless provided. */
    passkeysCheck: fromPromise<boolean, { user: PublicUser | null }>(async () => false),
    /** A new passkey for the signed-in user. */
    passkeyRegister: fromPromise<unknown>(notProvided),
    /** Remembers "Not now" of the passkey prompt for this user. */
    passkeysDismiss: fromPromise<unknown, { user: PublicUser | null }>(async () => undefined),
  },
  guards: {
    breached: ({ context }) => !!context.breachedPassword,
    registersQuickLogin: ({ context }) => !!context.registerQuickLogin,
    isTrue: (_, answer: boolean) => answer,
  },
  actions: {
    storeError: assign((_, { error }: { error: unknown }) => ({ error: toFlowError(error), notice: null })),
    clearMessages: assign({ error: null, notice: null }),
    emitError: emit(({ context }) => ({ type: 'error' as const, error: context.error ?? { key: 'error.generic' as const } })),
  },
});

/** A failed call: its error shown (and emitted). */
const failed = [{ type: 'storeError', params: ({ event }: { event: { error: unknown } }) => ({ error: event.error }) }, 'emitError'] as const;

export const afterSignInMachine = afterSignInSetup.createMachine({
  id: 'afterSignIn',
  context: ({ input }) => ({ ...input, error: null, notice: null, phoneNumber: null, changePhoneId: null }),
  initial: 'init',
  states: {
    init: {
      always: [{ guard: 'breached', target: 'breachedPassword' }, { guard: 'registersQuickLogin', target: 'loginWithQuickSmsOtc' }, { target: 'promptPasskeys' }],
    },
    breachedPassword: {
      ...formStep(
        afterSignInSetup,
        'breached.reset',
        {
          src: 'sendResetPasswordEmail',
          input: ({ context }: { context: AfterSignInContext }) => ({ email: context.email }),
          onDone: { target: '#afterSignIn.breachedPasswordSuccess' },
          onError: failed,
        },
        'clearMessages',
      ),
      on: { 'breached.continue': { target: 'promptPasskeys' } },
    },
    breachedPasswordSuccess: {
      on: { 'breached.continue': { target: 'promptPasskeys' } },
    },
    loginWithQuickSmsOtc: {
      initial: 'register',
      on: { 'quickLogin.skip': { target: 'promptPasskeys', actions: 'clearMessages' } },
      states: {
        register: {
          initial: 'idle',
          states: {
            idle: {
              on: { 'phone.submit': { target: 'sending', actions: [assign({ phoneNumber: ({ event }) => event.phoneNumber }), 'clearMessages'] } },
            },
            sending: {
              tags: 'busy',
              invoke: {
                src: 'quickLogin',
                input: ({ context }) => ({ op: 'send' as const, phoneNumber: context.phoneNumber ?? '' }),
                onDone: { target: 'code', actions: assign({ changePhoneId: ({ event }) => event.output?.changePhoneId ?? null }) },
                onError: { target: 'idle', actions: failed },
              },
            },
            code: {
              on: {
                'code.submit': { target: 'submitting', actions: 'clearMessages' },
                // a different number (or the same again: a new code)
                'email.change': { target: 'idle', actions: 'clearMessages' },
              },
            },
            submitting: {
              tags: 'busy',
              invoke: {
                src: 'quickLogin',
                input: ({ context, event }) => {
                  assertEvent(event, 'code.submit');
                  return { op: 'verify' as const, changePhoneId: context.changePhoneId ?? '', code: event.code, user: context.user };
                },
                onDone: { target: '#afterSignIn.promptPasskeys' },
                onError: { target: 'code', actions: failed },
              },
            },
          },
        },
      },
    },
    promptPasskeys: {
      initial: 'checking',
      states: {
        checking: {
          invoke: {
            src: 'passkeysCheck',
            input: ({ context }) => ({ user: context.user }),
            onDone: [{ guard: { type: 'isTrue', params: ({ event }) => event.output }, target: 'idle' }, { target: '#afterSignIn.done' }],
            onError: { target: '#afterSignIn.done' },
          },
        },
        idle: {
          on: {
            'passkeys.add': { target: 'registering', actions: 'clearMessages' },
            // "Not now" is remembered per user (sign-in §4)
            'passkeys.skip': { target: 'dismissing', actions: 'clearMessages' },
          },
        },
        registering: {
          invoke: { src: 'passkeyRegister', onDone: { target: '#afterSignIn.done' }, onError: { target: 'idle', actions: failed } },
        },
        // "Not now" remembered (a failure only means the prompt may come back): then on
        dismissing: {
          invoke: { src: 'passkeysDismiss', input: ({ context }) => ({ user: context.user }), onDone: '#afterSignIn.done', onError: '#afterSignIn.done' },
        },
      },
    },
    done: { type: 'final' },
  },
});

/** The spec step a snapshot is in (its top-level state). */
export function afterSignInStep(snapshot: { value: unknown }): AfterSignInStep {
  const v = snapshot.value;
  return (typeof v === 'string' ? v : Object.keys(v as object)[0]) as AfterSignInStep;
}

export type AfterSignInActor = ActorRefFrom<typeof afterSignInMachine>;
export type AfterSignInSnapshot = SnapshotFrom<typeof afterSignInMachine>;
