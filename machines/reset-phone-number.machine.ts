/**
 * Reset phone number (`/account/reset-phone-number`; admin §4 "Reset phone
 * number", AB-4.20–4.22, AB-2.06; api-contract E resetPhoneNumber,
 * verifyResetPhoneNumber, changePhoneNumber; A passwordless smscode).
 *
 * States: `resetPhoneNumber` (`idle` / `submitting`: the email gets a code)
 * → `verifyResetPhoneNumber` (`idle` / `submitting`: the emailed code gives
 * a change token) → `changePhoneNumber` (`idle` / `submitting`: the new
 * number is saved) → `loginWithSmsOtc` (`sending` / `idle` / `submitting`:
 * an SMS one-time-code sign-in with the new number) → `success`, which
 * after {@link POST_RESET_PHONE_NUMBER_DELAY_MS} leaves (redirectUrl or the
 * authenticated URL when signed in, else the login route). Each step's
 * `idle` ⇄ `submitting` is a {@link formStep}; the two code steps also have
 * `sending` (a code sent again with `code.resend`, and in `loginWithSmsOtc`
 * the first SMS on entry).
 *
 * Actors: `requestCode`, `verifyCode`, `changePhoneNumber`, `sendSmsCode`,
 * `loginWithCode` (machines/reset-phone-number.actors.ts). Emits `error` on
 * a failure, `login` after the SMS sign-in, `navigate` when leaving (and for
 * `route.open`: "Back to sign in", "Sign in another way").
 */
import { assertEvent, assign, emit, fromPromise, stateIn, type SnapshotFrom } from 'xstate';
import { setup } from './setup.ts';
import type { PublicUser } from '../src/events/user.ts';
import { toFlowError, type FlowError } from './errors.ts';
import { formStep, type FlowEmitted, type RouteOpenEvent } from './flow.ts';

/** Delay between the success card and leaving the page (the post-activation delay, sign-in §4): 1000 ms. */
export const POST_RESET_PHONE_NUMBER_DELAY_MS = 1000;

export interface ResetPhoneNumberInput {
  email?: string;
  /** Where to go once signed in (checked by the app); default the authenticated URL. */
  redirectUrl?: string | null;
}

export interface ResetPhoneNumberContext {
  email: string;
  redirectUrl: string | null;
  resetPhoneNumberToken: string | null;
  changePhoneNumberToken: string | null;
  phoneNumber: string;
  /** True once the SMS sign-in gave a session. */
  signedIn: boolean;
  error: FlowError | null;
  /** A polite status line once a code was sent again. */
  notice: 'phone.verify.resent' | 'phone.sms.resent' | null;
}

export type ResetPhoneNumberEvent =
  | { type: 'email.submit'; email: string }
  | { type: 'code.submit'; code: string }
  | { type: 'code.resend' }
  | { type: 'phone.submit'; phoneNumber: string }
  | { type: 'flow.restart' }
  | RouteOpenEvent;

/** The top-level steps (each shown as `data-step`). */
export type ResetPhoneNumberStep = 'resetPhoneNumber' | 'verifyResetPhoneNumber' | 'changePhoneNumber' | 'loginWithSmsOtc' | 'success';

/**
 * A {@link FlowError} for a reset-phone-number failure: expired codes and
 * tokens get our own words (the server's name them by token kind); anything
 * else keeps the server's message (a wrong code, a rate limit with its wait,
 * a taken number).
 */
export function toResetPhoneNumberError(error: unknown): FlowError {
  const e = error as { errorCode?: string; statusCode?: number; traceId?: string } | undefined;
  const code = e?.errorCode ?? '';
  const extra = { statusCode: e?.statusCode, traceId: e?.traceId };
  if (/^ER-RESET-PHONE-TOKEN-(EXPIRED|USED|REPLACED)$/.test(code)) return { key: 'phone.error.codeExpired', ...extra };
  if (/^ER-CHANGE-PHONE-TOKEN-/.test(code)) return { key: 'phone.error.changeExpired', ...extra };
  if (/^ER-OTC-(EXPIRED|USED|REPLACED)$/.test(code)) return { key: 'phone.error.smsExpired', ...extra };
  return toFlowError(error);
}

const resetPhoneNumberSetup = setup({
  types: {
    context: {} as ResetPhoneNumberContext,
    events: {} as ResetPhoneNumberEvent,
    input: {} as ResetPhoneNumberInput,
    emitted: {} as FlowEmitted,
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
    /** `POST …/smscode/postlogin`, then the app completes the login; the public user, or `null` when no session came of it (e.g. MFA required). */
    loginWithCode: fromPromise<PublicUser | null, { code: string }>(async () => {
      throw new Error('loginWithCode not provided');
    }),
  },
  guards: {
    /** A code can be sent again only from the step's `idle` (not while a code is checked or being sent). */
    verifyIdle: stateIn({ verifyResetPhoneNumber: 'idle' }),
    smsIdle: stateIn({ loginWithSmsOtc: 'idle' }),
  },
  actions: {
    /** Keeps the failure of the step (the actor's error) in context. */
    storeError: assign((_, params: { error: unknown }) => ({ error: toResetPhoneNumberError(params.error), notice: null })),
    emitError: emit(({ context }) => ({ type: 'error' as const, error: context.error ?? { key: 'error.generic' } })),
    emitLogin: emit((_, params: { user: PublicUser }) => ({ type: 'login' as const, user: params.user })),
  },
  delays: { postReset: POST_RESET_PHONE_NUMBER_DELAY_MS },
});

/** A failed call: its error kept and emitted; the step stays. */
const failed = [{ type: 'storeError', params: ({ event }: { event: { error: unknown } }) => ({ error: event.error }) }, 'emitError'] as const;

/** What a submit clears: the last error and notice. */
const clearMessages = assign({ error: null, notice: null });

const verifyResetPhoneNumber = formStep(
  resetPhoneNumberSetup,
  'code.submit',
  {
    src: 'verifyCode',
    input: ({ context, event }: { context: ResetPhoneNumberContext; event: ResetPhoneNumberEvent }) => {
      assertEvent(event, 'code.submit');
      return { resetPhoneNumberToken: context.resetPhoneNumberToken ?? '', code: event.code };
    },
    onDone: {
      target: '#resetPhoneNumber.changePhoneNumber',
      actions: assign({ changePhoneNumberToken: ({ event }: { event: { output: { changePhoneNumberToken: string } } }) => event.output.changePhoneNumberToken }),
    },
    onError: failed,
  },
  clearMessages,
);

const loginWithSmsOtc = formStep(
  resetPhoneNumberSetup,
  'code.submit',
  {
    src: 'loginWithCode',
    input: ({ event }: { event: ResetPhoneNumberEvent }) => {
      assertEvent(event, 'code.submit');
      return { code: event.code };
    },
    onDone: [
      {
        guard: ({ event }: { event: { output: PublicUser | null } }) => !!event.output,
        target: '#resetPhoneNumber.success',
        actions: [assign({ signedIn: true }), { type: 'emitLogin', params: ({ event }: { event: { output: PublicUser | null } }) => ({ user: event.output! }) }],
      },
      { target: '#resetPhoneNumber.success', actions: assign({ signedIn: false }) },
    ],
    onError: failed,
  },
  clearMessages,
);

export const resetPhoneNumberMachine = resetPhoneNumberSetup.createMachine({
  id: 'resetPhoneNumber',
  context: ({ input }) => ({
    email: input.email ?? '',
    redirectUrl: input.redirectUrl || null,
    resetPhoneNumberToken: null,
    changePhoneNumberToken: null,
    phoneNumber: '',
    signedIn: false,
    error: null,
    notice: null,
  }),
  initial: 'resetPhoneNumber',
  on: { 'route.open': { actions: emit(({ event }) => ({ type: 'navigate' as const, to: { route: event.route } })) } },
  states: {
    resetPhoneNumber: formStep(
      resetPhoneNumberSetup,
      'email.submit',
      {
        src: 'requestCode',
        input: ({ context }: { context: ResetPhoneNumberContext }) => ({ email: context.email }),
        onDone: {
          target: '#resetPhoneNumber.verifyResetPhoneNumber',
          actions: assign({ resetPhoneNumberToken: ({ event }: { event: { output: { resetPhoneNumberToken: string } } }) => event.output.resetPhoneNumberToken }),
        },
        onError: failed,
      },
      assign({ email: ({ event }: { event: { email: string } }) => event.email.trim(), error: null, notice: null }),
    ),
    verifyResetPhoneNumber: {
      ...verifyResetPhoneNumber,
      on: {
        'flow.restart': { target: '#resetPhoneNumber.resetPhoneNumber', actions: assign({ resetPhoneNumberToken: null, error: null, notice: null }) },
        // a new emailed code (it replaces the token); "We sent a new code" once sent
        'code.resend': { guard: 'verifyIdle', target: '.sending', actions: assign({ error: null, notice: 'phone.verify.resent' }) },
      },
      states: {
        ...verifyResetPhoneNumber.states,
        sending: {
          tags: 'busy',
          invoke: {
            src: 'requestCode',
            input: ({ context }) => ({ email: context.email }),
            onDone: { target: 'idle', actions: assign({ resetPhoneNumberToken: ({ event }) => event.output.resetPhoneNumberToken }) },
            onError: { target: 'idle', actions: [{ type: 'storeError', params: ({ event }) => ({ error: event.error }) }, 'emitError'] },
          },
        },
      },
    },
    changePhoneNumber: {
      ...formStep(
        resetPhoneNumberSetup,
        'phone.submit',
        {
          src: 'changePhoneNumber',
          input: ({ context }: { context: ResetPhoneNumberContext }) => ({ changePhoneNumberToken: context.changePhoneNumberToken ?? '', phoneNumber: context.phoneNumber }),
          onDone: { target: '#resetPhoneNumber.loginWithSmsOtc' },
          onError: failed,
        },
        assign({ phoneNumber: ({ event }: { event: { phoneNumber: string } }) => event.phoneNumber, error: null, notice: null }),
      ),
      on: {
        'flow.restart': { target: '#resetPhoneNumber.resetPhoneNumber', actions: assign({ resetPhoneNumberToken: null, changePhoneNumberToken: null, error: null, notice: null }) },
      },
    },
    loginWithSmsOtc: {
      ...loginWithSmsOtc,
      // the SMS is sent on entry
      initial: 'sending',
      on: {
        // a new SMS; "We texted a new code" once sent
        'code.resend': { guard: 'smsIdle', target: '.sending', actions: assign({ error: null, notice: 'phone.sms.resent' }) },
      },
      states: {
        ...loginWithSmsOtc.states,
        sending: {
          tags: 'busy',
          invoke: {
            src: 'sendSmsCode',
            input: ({ context }) => ({ phoneNumber: context.phoneNumber }),
            onDone: { target: 'idle' },
            onError: { target: 'idle', actions: [{ type: 'storeError', params: ({ event }) => ({ error: event.error }) }, 'emitError'] },
          },
        },
      },
    },
    success: {
      after: {
        postReset: {
          actions: emit(({ context }) => ({
            type: 'navigate' as const,
            to: context.signedIn ? { redirectUrl: context.redirectUrl } : { route: 'loginUrl' as const },
          })),
        },
      },
    },
  },
});

/** The step (top-level state) of a reset-phone-number snapshot. */
export function resetPhoneNumberStep(snapshot: { value: unknown }): ResetPhoneNumberStep {
  const v = snapshot.value;
  return (typeof v === 'string' ? v : Object.keys(v as object)[0]) as ResetPhoneNumberStep;
}

export type ResetPhoneNumberSnapshot = SnapshotFrom<typeof resetPhoneNumberMachine>;
