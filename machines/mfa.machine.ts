/**
 * MFA machine (sign-in §4 "MFA steps"): the second factor during sign-in and
 * step-up, for every kind of device (SI-3.16, SI-3.25). Loaded on demand (the
 * login machine's `loadMfa`): nothing before a login box's first input needs it.
 *
 * States — the spec's step names, plus four of ours:
 * - `verify`: a code from an authenticator app (the device `deviceId`, or any).
 * - `smsVerifyCode`: a code sent by SMS, to an enrolled phone (`device.id`) or,
 *   during enrolment, to the number given in `smsSetPhoneNumber`.
 * - `emailVerifyCode`: a code sent to the user's email.
 *   Both code steps: `sending` → `ready` (parallel: `form` idle/submitting,
 *   `resend` coolingDown → available after {@link RESEND_COOLDOWN_MS}) or
 *   `sendFailed` (nothing was sent; `code.resend` tries again).
 * - `smsSetPhoneNumber`: enrolment — the phone number to send a code to.
 * - `authenticatorApp`: enrolment — QR code and secret, then a code.
 * - `recoveryCode`: the recovery code issued at a first enrolment (shown once).
 * - ours: `chooseDevice` (several devices enrolled: the user picks one),
 *   `chooseStrategy` (forced enrolment, several active strategies: the user
 *   picks one), `webauthnVerify` / `webauthnEnroll` (a security key or this
 *   device's platform authenticator: `idle` → `waiting` for the browser's
 *   WebAuthn dialog and the server's check).
 * - final: `done` (output `{ kind: 'authenticated', signedIn }`) and `recover`
 *   (output `{ kind: 'recover' }`: the user chose a recovery code; the login
 *   machine then shows `recoverTwoFactor`).
 *
 * No token enters this machine: the MFA token of the sign-in (or step-up) is
 * held by the actors (machines/mfa.actors.ts), and a code that completes the
 * sign-in is answered by an actor that already stored the session — it gives
 * back only the public user ({@link SignedIn}).
 *
 * With only one device enrolled its verify step is chosen directly (SI-4.07);
 * with one active strategy its enrolment step is. On start the machine asks
 * whether this device may be remembered (`checkRememberDevice`, child
 * `rememberPolicy`; a failure counts as "no"): the view shows the checkbox only
 * when allowed. Emits `error` when a step fails. Tags: `busy` while a call is under way.
 */
import { assertEvent, assign, emit, fromPromise, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import { setup } from './setup.ts';
import type { MfaDevices, MfaStrategy } from '../src/api/types.ts';
import type { PublicUser } from '../src/events/user.ts';
import { toFlowError, type FlowError } from './errors.ts';
import { formStep, type FlowEmitted } from './flow.ts';

export type { MfaStrategy };

/** Wait before a code may be sent again (the emulator's limit per mfaToken): 30 000 ms. */
export const RESEND_COOLDOWN_MS = 30_000;

/** Kinds of MFA device (sign-in §3 "MFA device kinds": authenticators, phones, emails, webauthn). */
export type MfaDeviceKind = 'authenticator' | 'sms' | 'email' | 'webauthn';

/** One enrolled device the user can verify with (an entry of `chooseDevice`). */
export interface MfaDeviceChoice {
  kind: MfaDeviceKind;
  /** The device id (none for an email device, nor for a phone being enrolled). */
  id?: string;
  /** What identifies it to the user: the phone number, the email, the key's name. */
  label?: string;
  /** WebAuthn only: `Platform` (this device) or `CrossPlatform` (a security key). */
  deviceType?: 'Platform' | 'CrossPlatform';
}

/**
 * A completed sign-in as machines see it: the session was stored by an actor
 * (`app.completeLogin`), the machine gets the public user and what the login
 * response said about the steps after it.
 */
export interface SignedIn {
  user: PublicUser;
  /** The password is in a breach list (sign-in §4 breachedPassword). */
  breachedPassword?: boolean;
  /** This user registered the quick SMS login in this browser before (login mode `registerQuickLogin`). */
  quickLoginRegistered?: boolean;
}

/** What an MFA call that checks a code answers: the sign-in it completed (none for the signed-in user's own enrolment), and a first enrolment's recovery code. */
export interface MfaAnswer {
  signedIn?: SignedIn;
  recoveryCode?: string;
}

/** Input of the MFA machine (no token: the actors hold it). */
export interface MfaInput {
  /**
   * First step: `verify` for an enrolled user (a device step, or the list),
   * `enrol` for forced enrolment (a strategy's enrolment step, or the list),
   * `authenticatorApp` to enrol an authenticator app directly.
   */
  step: 'verify' | 'enrol' | 'authenticatorApp';
  /** Authenticator device id, when one is enrolled (with no `devices`: the code is checked against it). */
  deviceId?: string;
  /** The user's devices (login response `mfaDevices`). */
  devices?: MfaDevices;
  /** The active MFA strategies (login response `mfaStrategies`), offered for enrolment. */
  strategies?: MfaStrategy[];
  email?: string;
}

/** Output of the MFA machine. */
export type MfaOutput = { kind: 'authenticated'; signedIn?: SignedIn } | { kind: 'recover' };

/** The remember-device policy (GET mfa-policy/allow-remember-device): `expiresIn` in seconds. */
export interface RememberDevicePolicy {
  allowed: boolean;
  expiresIn: number;
}

export interface MfaContext {
  /** The authenticator being verified. */
  deviceId?: string;
  email?: string;
  devices: MfaDevices;
  strategies: MfaStrategy[];
  /** The device of the current verify step (SMS, email, WebAuthn), or the phone / key being enrolled. */
  device?: MfaDeviceChoice;
  /** The strategy chosen for enrolment. */
  strategy?: MfaStrategy;
  qrCode?: string;
  secret?: string;
  recoveryCode?: string;
  /** SMS: the number the code goes to (as the server shows it). */
  phoneNumber?: string;
  /** The reference of the code last sent (SMS, email): sent back with the code. */
  otcToken?: string;
  /** When the last code was sent (ms since epoch; for the resend countdown). */
  codeSentAt?: number;
  /** null until known (or when the check failed): no checkbox. */
  rememberDevice: RememberDevicePolicy | null;
  /** The step the machine started in. */
  firstStep: MfaInput['step'];
  error: FlowError | null;
  /** The server's `errorCode` of `error` (e.g. ER-MFA-CODE-EXPIRED): the view offers the matching way forward. */
  errorCode?: string;
  output?: MfaOutput;
}

export type MfaEvent =
  | { type: 'code.submit'; code: string; rememberDevice?: boolean }
  /** Send a new code (SMS, email); also "Try again" when sending failed. */
  | { type: 'code.resend' }
  | { type: 'recovery.start' }
  | { type: 'recoveryCode.confirm' }
  | { type: 'retry' }
  /** chooseDevice: verify with this device. */
  | { type: 'device.choose'; device: MfaDeviceChoice }
  /** A verify step: back to the device list (several devices). */
  | { type: 'device.change' }
  /** chooseStrategy: enrol this kind. */
  | { type: 'strategy.choose'; strategy: MfaStrategy }
  /** An enrolment step: back to the strategy list (several strategies). */
  | { type: 'strategy.change' }
  /** smsSetPhoneNumber: send a code to this number. */
  | { type: 'phone.submit'; phoneNumber: string }
  /** webauthnVerify / webauthnEnroll: start the browser's WebAuthn dialog. */
  | { type: 'webauthn.start'; rememberDevice?: boolean };

/** Input of the authenticator code actors. */
export interface MfaCodeInput {
  deviceId?: string;
  code: string;
  rememberDevice: boolean;
}

/** Input of `sendSmsCode`: an enrolled phone (`deviceId`) or a number to enrol (`phoneNumber`). */
export interface SendSmsInput {
  deviceId?: string;
  phoneNumber?: string;
}

/** Input of `checkSmsCode` / `checkEmailCode`. */
export interface OtcCheckInput {
  /** SMS: the enrolled phone; absent during enrolment. */
  deviceId?: string;
  otcToken: string;
  code: string;
  rememberDevice: boolean;
}

/** Input of `webauthn`: verify with `deviceId`, or enrol a new key of `deviceType`. */
export interface WebAuthnMfaInput {
  deviceId?: string;
  deviceType?: 'Platform' | 'CrossPlatform';
  rememberDevice: boolean;
}

/** A code sent (SMS, email): its reference, and for SMS the number as the server shows it. */
export interface CodeSent {
  otcToken: string;
  phoneNumber?: string;
}

/** The user's devices as a list (authenticators, phones, emails, keys), for `chooseDevice`. */
export function deviceChoices(devices: MfaDevices | undefined): MfaDeviceChoice[] {
  const d = devices ?? {};
  return [
    ...(d.authenticators ?? []).map((a): MfaDeviceChoice => ({ kind: 'authenticator', id: a.id })),
    ...(d.phones ?? []).map((p): MfaDeviceChoice => ({ kind: 'sms', id: p.id, label: p.phoneNumber })),
    ...(d.emails ?? []).map((e): MfaDeviceChoice => ({ kind: 'email', label: e.email })),
    ...(d.webauthn ?? []).map((w): MfaDeviceChoice => ({ kind: 'webauthn', id: w.id, label: w.name, deviceType: w.deviceType })),
  ];
}

/** The MFA strategies this machine can enrol, in the order offered. */
export const ENROLLABLE: readonly MfaStrategy[] = ['AuthenticatorApp', 'SMS', 'EmailCode', 'WebAuthnPlatform', 'WebAuthnCrossPlatform'];

/** The active strategies the user can enrol in (unknown ones dropped). */
export function enrollableStrategies(strategies: MfaStrategy[] | undefined): MfaStrategy[] {
  return ENROLLABLE.filter((s) => strategies?.includes(s));
}

const notProvided = (name: string) => async (): Promise<never> => {
  throw new Error(`${name} not provided`);
};

const mfaSetup = setup({
  types: {
    context: {} as MfaContext,
    events: {} as MfaEvent,
    input: {} as MfaInput,
    output: {} as MfaOutput,
    emitted: {} as FlowEmitted,
  },
  delays: { resendCooldown: RESEND_COOLDOWN_MS },
  actors: {
    verifyCode: fromPromise<MfaAnswer, MfaCodeInput>(notProvided('verifyCode')),
    preEnrollAuthenticator: fromPromise<{ qrCode: string; secret?: string }>(notProvided('preEnrollAuthenticator')),
    enrollAuthenticator: fromPromise<MfaAnswer, MfaCodeInput>(notProvided('enrollAuthenticator')),
    /** Sends an SMS code. */
    sendSmsCode: fromPromise<CodeSent, SendSmsInput>(notProvided('sendSmsCode')),
    checkSmsCode: fromPromise<MfaAnswer, OtcCheckInput>(notProvided('checkSmsCode')),
    /** Sends an email code. */
    sendEmailCode: fromPromise<CodeSent>(notProvided('sendEmailCode')),
    checkEmailCode: fromPromise<MfaAnswer, OtcCheckInput>(notProvided('checkEmailCode')),
    /** The whole WebAuthn ceremony (options, browser dialog, server check). */
    webauthn: fromPromise<MfaAnswer, WebAuthnMfaInput>(notProvided('webauthn')),
    /** The remember-device policy; not allowed unless provided. */
    checkRememberDevice: fromPromise<RememberDevicePolicy>(async () => ({ allowed: false, expiresIn: 0 })),
  },
  guards: {
    startsWithAuthenticatorApp: ({ context }) => context.firstStep === 'authenticatorApp',
    startsWithStrategyChoice: ({ context }) => context.firstStep === 'enrol' && enrollableStrategies(context.strategies).length > 1,
    startsWithEnrolment: ({ context }) => context.firstStep === 'enrol',
    hasSeveralDevices: ({ context }) => deviceChoices(context.devices).length > 1,
    hasOneDevice: ({ context }) => deviceChoices(context.devices).length === 1,
    hasSeveralStrategies: ({ context }) => context.firstStep === 'enrol' && enrollableStrategies(context.strategies).length > 1,
    isAuthenticator: ({ context }) => context.device?.kind === 'authenticator',
    isSms: ({ context }) => context.device?.kind === 'sms',
    isEmail: ({ context }) => context.device?.kind === 'email',
    isWebAuthn: ({ context }) => context.device?.kind === 'webauthn',
    strategyIs: ({ context }, params: { strategy: MfaStrategy }) => context.strategy === params.strategy,
    hasRecoveryCode: (_, answer: MfaAnswer) => !!answer.recoveryCode,
    codeWasSent: ({ context }) => !!context.otcToken,
    enrollingPhone: ({ context }) => context.device?.kind === 'sms' && !context.device.id,
  },
  actions: {
    storeError: assign((_, { error }: { error: unknown }) => ({
      error: toFlowError(error),
      errorCode: (error as { errorCode?: string } | undefined)?.errorCode,
    })),
    clearError: assign({ error: null, errorCode: undefined }),
    storeOutput: assign((_, answer: MfaAnswer) => ({ output: { kind: 'authenticated' as const, signedIn: answer.signedIn } })),
    /** A first enrolment: keep the recovery code to show, and the output for after it. */
    storeEnrolled: assign((_, answer: MfaAnswer) => ({
      recoveryCode: answer.recoveryCode,
      output: { kind: 'authenticated' as const, signedIn: answer.signedIn },
    })),
    storeCodeSent: assign(({ context }, sent: CodeSent) => ({ otcToken: sent.otcToken, phoneNumber: sent.phoneNumber ?? context.phoneNumber, codeSentAt: Date.now() })),
    emitError: emit(({ context }) => ({ type: 'error' as const, error: context.error ?? { key: 'error.generic' as const } })),
  },
});

/** An actor's answer, as the params of the guards and actions that take it. */
const answered = ({ event }: { event: { output: MfaAnswer } }) => event.output;
/** A failed call: its error shown (and emitted). */
const failed = [{ type: 'storeError', params: ({ event }: { event: { error: unknown } }) => ({ error: event.error }) }, 'emitError'] as const;
/** A code accepted: the recovery code of a first enrolment first, else done. */
const afterAnswer = [
  { guard: { type: 'hasRecoveryCode', params: answered }, target: '#mfa.recoveryCode', actions: { type: 'storeEnrolled', params: answered } },
  { target: '#mfa.done', actions: { type: 'storeOutput', params: answered } },
] as const;

/** Every device step offers the other ways on: a recovery code, another device, another method to enrol. */
const otherWays = {
  'recovery.start': { target: '#mfa.recover' },
  'device.change': { guard: 'hasSeveralDevices', target: '#mfa.chooseDevice', actions: 'clearError' },
  'strategy.change': { guard: 'hasSeveralStrategies', target: '#mfa.chooseStrategy', actions: 'clearError' },
} as const;

/** The typed `code.submit` of a form step. */
function codeSubmitted(event: MfaEvent): { code: string; rememberDevice: boolean } {
  assertEvent(event, 'code.submit');
  return { code: event.code?.trim() ?? '', rememberDevice: !!event.rememberDevice };
}

/** The MFA steps of one code (SMS or email): send, then enter it; resend after the cooldown. */
function codeStep(id: 'smsVerifyCode' | 'emailVerifyCode', send: 'sendSmsCode' | 'sendEmailCode', check: 'checkSmsCode' | 'checkEmailCode') {
  return {
    initial: 'sending',
    on: otherWays,
    states: {
      sending: {
        tags: 'busy',
        invoke: {
          src: send,
          input: ({ context }: { context: MfaContext }) => ({ deviceId: context.device?.id, phoneNumber: context.phoneNumber }),
          onDone: { target: 'ready', actions: { type: 'storeCodeSent', params: ({ event }: { event: { output: CodeSent } }) => event.output } },
          onError: [
            // a resend that failed (e.g. too soon): the code sent before still works
            { guard: 'codeWasSent', target: 'ready', actions: failed },
            { guard: 'enrollingPhone', target: '#mfa.smsSetPhoneNumber', actions: failed },
            { target: 'sendFailed', actions: failed },
          ],
        },
      },
      sendFailed: { on: { 'code.resend': { target: 'sending', actions: 'clearError' } } },
      ready: {
        type: 'parallel',
        states: {
          form: formStep(
            mfaSetup,
            'code.submit',
            {
              src: check,
              input: ({ context, event }: { context: MfaContext; event: MfaEvent }) => ({
                deviceId: context.device?.id,
                otcToken: context.otcToken ?? '',
                ...codeSubmitted(event),
              }),
              onDone: afterAnswer,
              onError: failed,
            },
            'clearError',
          ),
          resend: {
            initial: 'coolingDown',
            states: {
              coolingDown: { after: { resendCooldown: { target: 'available' } } },
              available: { on: { 'code.resend': { target: `#mfa.${id}.sending`, actions: 'clearError' } } },
            },
          },
        },
      },
    },
  } as const;
}

/** A WebAuthn step: the button starts the ceremony (`waiting`), a failure comes back to `idle` with the error. */
function webauthnStep() {
  return {
    initial: 'idle',
    on: otherWays,
    states: {
      idle: { on: { 'webauthn.start': { target: 'waiting', actions: 'clearError' } } },
      waiting: {
        tags: 'busy',
        invoke: {
          src: 'webauthn',
          input: ({ context, event }: { context: MfaContext; event: MfaEvent }) => {
            assertEvent(event, 'webauthn.start');
            return { deviceId: context.device?.id, deviceType: context.device?.deviceType, rememberDevice: !!event.rememberDevice };
          },
          onDone: afterAnswer,
          onError: { target: 'idle', actions: failed },
        },
      },
    },
  } as const;
}

/** The input of the authenticator code actors: the device being verified and the code typed. */
const codeInput = ({ context, event }: { context: MfaContext; event: MfaEvent }): MfaCodeInput => ({ deviceId: context.deviceId, ...codeSubmitted(event) });

export const mfaMachine = mfaSetup.createMachine({
  id: 'mfa',
  context: ({ input }) => ({
    deviceId: input.deviceId,
    email: input.email,
    devices: input.devices ?? {},
    strategies: input.strategies ?? [],
    rememberDevice: null,
    firstStep: input.step,
    error: null,
  }),
  // the remember-device policy, asked beside the steps
  invoke: {
    id: 'rememberPolicy',
    src: 'checkRememberDevice',
    onDone: { actions: assign({ rememberDevice: ({ event }) => event.output }) },
    onError: { actions: assign({ rememberDevice: null }) },
  },
  initial: 'init',
  output: ({ context }) => context.output ?? { kind: 'authenticated' },
  states: {
    init: {
      always: [
        { guard: 'startsWithAuthenticatorApp', target: 'authenticatorApp' },
        { guard: 'startsWithStrategyChoice', target: 'chooseStrategy' },
        {
          guard: 'startsWithEnrolment',
          target: 'enrolStrategy',
          actions: assign({ strategy: ({ context }) => enrollableStrategies(context.strategies)[0] ?? 'AuthenticatorApp' }),
        },
        { guard: 'hasSeveralDevices', target: 'chooseDevice' },
        { guard: 'hasOneDevice', target: 'verifyDevice', actions: assign({ device: ({ context }) => deviceChoices(context.devices)[0] }) },
        { target: 'verify' },
      ],
    },
    chooseDevice: {
      on: {
        'device.choose': { target: 'verifyDevice', actions: [assign({ device: ({ event }) => event.device }), 'clearError'] },
        'recovery.start': { target: 'recover' },
      },
    },
    /** (transient) the verify step of `device`. */
    verifyDevice: {
      always: [
        { guard: 'isAuthenticator', target: 'verify', actions: assign({ deviceId: ({ context }) => context.device?.id }) },
        { guard: 'isSms', target: 'smsVerifyCode', actions: assign({ phoneNumber: ({ context }) => context.device?.label, otcToken: undefined }) },
        { guard: 'isEmail', target: 'emailVerifyCode', actions: assign({ otcToken: undefined }) },
        { guard: 'isWebAuthn', target: 'webauthnVerify' },
        { target: 'verify' },
      ],
    },
    chooseStrategy: {
      on: { 'strategy.choose': { target: 'enrolStrategy', actions: [assign({ strategy: ({ event }) => event.strategy }), 'clearError'] } },
    },
    /** (transient) the enrolment step of `strategy`. */
    enrolStrategy: {
      always: [
        { guard: { type: 'strategyIs', params: { strategy: 'SMS' } }, target: 'smsSetPhoneNumber' },
        {
          guard: { type: 'strategyIs', params: { strategy: 'EmailCode' } },
          target: 'emailVerifyCode',
          actions: assign({ device: ({ context }) => ({ kind: 'email' as const, label: context.email }), otcToken: undefined }),
        },
        {
          guard: { type: 'strategyIs', params: { strategy: 'WebAuthnPlatform' } },
          target: 'webauthnEnroll',
          actions: assign({ device: { kind: 'webauthn' as const, deviceType: 'Platform' as const } }),
        },
        {
          guard: { type: 'strategyIs', params: { strategy: 'WebAuthnCrossPlatform' } },
          target: 'webauthnEnroll',
          actions: assign({ device: { kind: 'webauthn' as const, deviceType: 'CrossPlatform' as const } }),
        },
        { target: 'authenticatorApp' },
      ],
    },
    verify: {
      ...formStep(
        mfaSetup,
        'code.submit',
        { src: 'verifyCode', input: codeInput, onDone: { target: '#mfa.done', actions: { type: 'storeOutput', params: answered } }, onError: failed },
        'clearError',
      ),
      on: {
        'recovery.start': { target: 'recover' },
        'device.change': { guard: 'hasSeveralDevices', target: 'chooseDevice', actions: 'clearError' },
      },
    },
    smsSetPhoneNumber: {
      on: {
        'phone.submit': {
          target: 'smsVerifyCode',
          actions: [assign({ phoneNumber: ({ event }) => event.phoneNumber.trim(), device: { kind: 'sms' as const }, otcToken: undefined }), 'clearError'],
        },
        'strategy.change': { guard: 'hasSeveralStrategies', target: 'chooseStrategy', actions: 'clearError' },
      },
    },
    smsVerifyCode: codeStep('smsVerifyCode', 'sendSmsCode', 'checkSmsCode'),
    emailVerifyCode: codeStep('emailVerifyCode', 'sendEmailCode', 'checkEmailCode'),
    webauthnVerify: webauthnStep(),
    webauthnEnroll: webauthnStep(),
    authenticatorApp: {
      initial: 'loading',
      on: { 'strategy.change': { guard: 'hasSeveralStrategies', target: 'chooseStrategy', actions: 'clearError' } },
      states: {
        loading: {
          tags: 'busy',
          invoke: {
            src: 'preEnrollAuthenticator',
            onDone: {
              target: 'ready',
              actions: assign({ qrCode: ({ event }) => event.output.qrCode, secret: ({ event }) => event.output.secret, error: null }),
            },
            onError: { target: 'failed', actions: failed },
          },
        },
        failed: { on: { retry: { target: 'loading', actions: 'clearError' } } },
        ready: { on: { 'code.submit': { target: 'enrolling', actions: 'clearError' } } },
        enrolling: {
          tags: 'busy',
          invoke: {
            src: 'enrollAuthenticator',
            input: ({ context, event }) => ({ deviceId: context.deviceId, ...codeSubmitted(event) }),
            onDone: afterAnswer,
            onError: { target: 'ready', actions: failed },
          },
        },
      },
    },
    recoveryCode: {
      on: { 'recoveryCode.confirm': { target: 'done' } },
    },
    done: { type: 'final' },
    recover: {
      type: 'final',
      entry: assign({ output: { kind: 'recover' as const } }),
    },
  },
});

/** The spec step (top-level state) of an MFA snapshot. */
export function mfaStepOf(snapshot: { value: unknown }): string {
  const v = snapshot.value;
  return typeof v === 'string' ? v : Object.keys(v as object)[0];
}

export type MfaActor = ActorRefFrom<typeof mfaMachine>;
export type MfaSnapshot = SnapshotFrom<typeof mfaMachine>;
/** The MFA machine's logic (what a flow provides as its `mfa` child). */
export type MfaLogic = typeof mfaMachine;
