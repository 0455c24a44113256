/**
 * Reset phone number (`/account/reset-phone-number`; admin §4 "Reset phone
 * number", AB-4.20–4.22, AB-2.06; api-contract E resetPhoneNumber,
 * verifyResetPhoneNumber, changePhoneNumber; A passwordless smscode).
 *
 * States: `resetPhoneNumber` (`idle` / `submitting`: the email gets a code)
 * → `verifyResetPhoneNumber` (`idle` / `submitting` / `resending`: the
 * emailed code gives a change token) → `changePhoneNumber` (`idle` /
 * `submitting`: the new number is saved) → `loginWithSmsOtc` (`sending` /
 * `idle` / `submitting` / `resending`: an SMS one-time-code sign-in with the
 * new number) → `success`, which after
 * {@link POST_RESET_PHONE_DELAY_MS} calls `navigateOn` (authenticated URL
 * when signed in, else the login route). `login.skip` in
 * `loginWithSmsOtc` goes to the login route at once.
 *
 * Overridable actors: `requestCode`, `verifyCode`, `changePhoneNumber`,
 * `sendSmsCode`, `loginWithCode`. Provided actions: `notifyError` (fe-error),
 * `notifyLogin` (fe-login), `navigateOn` (fe-navigate, `{ to }`).
 */
import { assign, fromPromise, setup, type SnapshotFrom } from 'xstate';
import type { AuthUser } from '../src/stores/index.ts';
import { toFlowError, type FlowError } from './errors.ts';

/** Delay between the success card and leaving the page (the post-activation delay, sign-in §4): 1000 ms. */
export const POST_RESET_PHONE_DELAY_MS = 1000;

export interface ResetPhoneContext {
  email: string;
  resetPhoneNumberToken: string | null;
  changePhoneNumberToken: string | null;
  phoneNumber: string;
  /** True once the SMS sign-in gave a session. */
  signedIn: boolean;
  error: FlowError | null;
  /** A polite status line (a code was sent again). */
  notice: 'phone.verify.resent' | 'phone.sms.resent' | null;
}

export type ResetPhoneEvent =
  | { type: 'email.submit'; email: string }
  | { type: 'code.submit'; code: string }
  | { type: 'code.resend' }
  | { type: 'phone.submit'; phoneNumber: string }
  | { type: 'login.skip' }
  | { type: 'flow.restart' };

/** The top-level steps (each shown as `data-step`). */
export type ResetPhoneStep = 'resetPhoneNumber' | 'verifyResetPhoneNumber' | 'changePhoneNumber' | 'loginWithSmsOtc' | 'success';

/**
 * A {@link FlowError} for a reset-phone failure: expired codes and tokens get
 * our own words (the server's name them by token kind); anything else keeps
 * the server's message (a wrong code, a rate limit with its wait, a taken
 * number).
 */
export function toResetPhoneError(error: unknown): FlowError {
  const e = error as { errorCode?: string; statusCode?: number; traceId?: string } | undefined;
  const code = e?.errorCode ?? '';
  const extra = { statusCode: e?.statusCode, traceId: e?.traceId };
  if (/^ER-RESET-PHONE-TOKEN-(EXPIRED|USED|REPLACED)$/.test(code)) return { key: 'phone.error.codeExpired', ...extra };
  if (/^ER-CHANGE-PHONE-TOKEN-/.test(code)) return { key: 'phone.error.changeExpired', ...extra };
  if (/^ER-OTC-(EXPIRED|USED|REPLACED)$/.test(code)) return { key: 'phone.error.smsExpired', ...extra };
  return toFlowError(error);
}

export const resetPhoneMachine = setup({
  types: {
    context: {} as ResetPhoneContext,
    events: {} as ResetPhoneEvent,
    input: {} as { email?: string },
  },
  actors: {
    /** `POST users/v1/phone/reset`: emails a code. */
    requestCode: fromPromise<{ resetPhoneNumberToken: string }, { email: string }>(async () => {
      throw new Error('requestCode not provided');
    }),
    /** `POST users/v1/phone/reset/verify`. */
    verifyCode: fromPromise<{ changePhoneNumberToken: string }, { resetPhoneNumberToken: string; code: string }>(async () => {
      throw new Error('verifyCode not provided');
    }),
    /** `PUT users/v1/phone/change`. */
    changePhoneNumber: fromPromise<unknown, { changePhoneNumberToken: string; phoneNumber: string }>(async () => {
      throw new Error('changePhoneNumber not provided');
    }),
    /** `POST auth/v1/passwordless/smscode/prelogin`: texts a code. */
    sendSmsCode: fromPromise<unknown, { phoneNumber: string }>(async () => {
      throw new Error('sendSmsCode not provided');
    }),
    /** `POST …/smscode/postlogin`, then the app completes the login; `null` when no session came of it (e.g. MFA required). */
    loginWithCode: fromPromise<{ user: AuthUser } | null, { code: string }>(async () => {
      throw new Error('loginWithCode not provided');
    }),
  },
  actions: {
    /** Keeps the failure of the step (the actor's error) in context. */
    storeError: assign({ error: ({ event }) => toResetPhoneError((event as { error?: unknown }).error), notice: null }),
    /** Fires fe-error. Provided by the element. */
    notifyError: () => {},
    /** Fires fe-login. Provided by the element. */
    notifyLogin: (_, _params: { user: AuthUser }) => {},
    /** Cancelable fe-navigate, then the app's navigation. Provided by the element. */
    navigateOn: (_, _params: { to: 'authenticated' | 'login' }) => {},
  },
  delays: { postReset: POST_RESET_PHONE_DELAY_MS },
}).createMachine({
  id: 'resetPhone',
  context: ({ input }) => ({
    email: input.email ?? '',
    resetPhoneNumberToken: null,
    changePhoneNumberToken: null,
    phoneNumber: '',
    signedIn: false,
    error: null,
    notice: null,
  }),
  initial: 'resetPhoneNumber',
  states: {
    resetPhoneNumber: {
      initial: 'idle',
      states: {
        idle: { on: { 'email.submit': { target: 'submitting', actions: assign({ email: ({ event }) => event.email.trim(), error: null, notice: null }) } } },
        submitting: {
          tags: 'busy',
          invoke: {
            src: 'requestCode',
            input: ({ context }) => ({ email: context.email }),
            onDone: { target: '#resetPhone.verifyResetPhoneNumber', actions: assign({ resetPhoneNumberToken: ({ event }) => event.output.resetPhoneNumberToken }) },
            onError: { target: 'idle', actions: ['storeError', 'notifyError'] },
          },
        },
      },
    },
    verifyResetPhoneNumber: {
      initial: 'idle',
      on: { 'flow.restart': { target: '#resetPhone.resetPhoneNumber', actions: assign({ resetPhoneNumberToken: null, error: null, notice: null }) } },
      states: {
        idle: {
          on: {
            'code.submit': { target: 'submitting', actions: assign({ error: null, notice: null }) },
            'code.resend': { target: 'resending', actions: assign({ error: null, notice: null }) },
          },
        },
        submitting: {
          tags: 'busy',
          invoke: {
            src: 'verifyCode',
            input: ({ context, event }) => ({ resetPhoneNumberToken: context.resetPhoneNumberToken ?? '', code: (event as { code: string }).code }),
            onDone: { target: '#resetPhone.changePhoneNumber', actions: assign({ changePhoneNumberToken: ({ event }) => event.output.changePhoneNumberToken }) },
            onError: { target: 'idle', actions: ['storeError', 'notifyError'] },
          },
        },
        resending: {
          tags: 'busy',
          invoke: {
            src: 'requestCode',
            input: ({ context }) => ({ email: context.email }),
            onDone: { target: 'idle', actions: assign({ resetPhoneNumberToken: ({ event }) => event.output.resetPhoneNumberToken, notice: 'phone.verify.resent' }) },
            onError: { target: 'idle', actions: ['storeError', 'notifyError'] },
          },
        },
      },
    },
    changePhoneNumber: {
      initial: 'idle',
      on: { 'flow.restart': { target: '#resetPhone.resetPhoneNumber', actions: assign({ resetPhoneNumberToken: null, changePhoneNumberToken: null, error: null, notice: null }) } },
      states: {
        idle: { on: { 'phone.submit': { target: 'submitting', actions: assign({ phoneNumber: ({ event }) => event.phoneNumber, error: null, notice: null }) } } },
        submitting: {
          tags: 'busy',
          invoke: {
            src: 'changePhoneNumber',
            input: ({ context }) => ({ changePhoneNumberToken: context.changePhoneNumberToken ?? '', phoneNumber: context.phoneNumber }),
            onDone: { target: '#resetPhone.loginWithSmsOtc' },
            onError: { target: 'idle', actions: ['storeError', 'notifyError'] },
          },
        },
      },
    },
    loginWithSmsOtc: {
      initial: 'sending',
      on: { 'login.skip': { actions: { type: 'navigateOn', params: { to: 'login' } } } },
      states: {
        sending: {
          tags: 'busy',
          invoke: {
            src: 'sendSmsCode',
            input: ({ context }) => ({ phoneNumber: context.phoneNumber }),
            onDone: { target: 'idle' },
            onError: { target: 'idle', actions: ['storeError', 'notifyError'] },
          },
        },
        resending: {
          tags: 'busy',
          invoke: {
            src: 'sendSmsCode',
            input: ({ context }) => ({ phoneNumber: context.phoneNumber }),
            onDone: { target: 'idle', actions: assign({ notice: 'phone.sms.resent' }) },
            onError: { target: 'idle', actions: ['storeError', 'notifyError'] },
          },
        },
        idle: {
          on: {
            'code.submit': { target: 'submitting', actions: assign({ error: null, notice: null }) },
            'code.resend': { target: 'resending', actions: assign({ error: null, notice: null }) },
          },
        },
        submitting: {
          tags: 'busy',
          invoke: {
            src: 'loginWithCode',
            input: ({ event }) => ({ code: (event as { code: string }).code }),
            onDone: [
              {
                guard: ({ event }) => !!event.output?.user,
                target: '#resetPhone.success',
                actions: [assign({ signedIn: true }), { type: 'notifyLogin', params: ({ event }) => ({ user: event.output!.user }) }],
              },
              { target: '#resetPhone.success', actions: assign({ signedIn: false }) },
            ],
            onError: { target: 'idle', actions: ['storeError', 'notifyError'] },
          },
        },
      },
    },
    success: {
      after: { postReset: { actions: { type: 'navigateOn', params: ({ context }) => ({ to: context.signedIn ? 'authenticated' : 'login' }) } } },
    },
  },
});

/** The step (top-level state) of a reset-phone snapshot. */
export function resetPhoneStep(snapshot: { value: unknown }): ResetPhoneStep {
  const v = snapshot.value;
  return (typeof v === 'string' ? v : Object.keys(v as object)[0]) as ResetPhoneStep;
}

export type ResetPhoneSnapshot = SnapshotFrom<typeof resetPhoneMachine>;
