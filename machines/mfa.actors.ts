/**
 * The MFA machine's actors on the app's API (api-contract B: the mfaToken
 * flow; WebAuthn through @simplewebauthn/browser, itself loaded when a
 * ceremony starts). Loaded on demand with the MFA machine.
 *
 * The MFA token never enters a machine: the flow that got it (the login
 * actors, the step-up actors) holds it and hands these actors a
 * {@link MfaSession}. A code that completes the sign-in is answered by
 * `session.complete`, which stores the session and gives back the public user.
 */
import { fromPromise } from 'xstate';
import type { LoginResponse } from '../src/api/types.ts';
import type { FeApp } from '../src/app/types.ts';
import { enMfa } from '../src/i18n/en-mfa.ts';
import { addMessages } from '../src/i18n/index.ts';
import type { CodeSent, MfaAnswer, MfaCodeInput, OtcCheckInput, RememberDevicePolicy, SendSmsInput, SignedIn, WebAuthnMfaInput } from './mfa.machine.ts';

// the WebAuthn failures below are texts of the MFA catalogue
addMessages('en', enMfa);

/** What the MFA actors get from the flow that asked for MFA. */
export interface MfaSession {
  /** The MFA token of the sign-in or step-up (held by the flow's actors). */
  mfaToken(): string;
  /** Stores the session of a login response that completes the sign-in, and answers the public user. */
  complete(response: LoginResponse): Promise<SignedIn>;
}

/** A WebAuthn ceremony failure shown with a catalogue text (its `message` is already translated). */
class WebAuthnMfaError extends Error {
  override name = 'WebAuthnMfaError';
}

/** Browser WebAuthn failures → the texts of the app's locale; API errors pass through (the server's message). */
function ceremonyError(app: FeApp, error: unknown): unknown {
  const e = error as { name?: string; code?: string } | undefined;
  const t = app.i18n.$t.get();
  if (e?.name === 'NotAllowedError' || e?.name === 'AbortError' || e?.code === 'ERROR_CEREMONY_ABORTED') return new WebAuthnMfaError(t('mfa.webauthn.cancelled'));
  if (e?.code === 'ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED' || e?.name === 'InvalidStateError') return new WebAuthnMfaError(t('mfa.webauthn.exists'));
  if (e?.name === 'NotSupportedError') return new WebAuthnMfaError(t('mfa.webauthn.unsupported'));
  return error;
}

/** The MFA calls of `app` (src/api/mfa.ts, loaded on first use). */
function mfaApi(app: FeApp) {
  let api: Promise<ReturnType<typeof import('../src/api/mfa.ts').createMfaApi>> | undefined;
  return () => (api ??= import('../src/api/mfa.ts').then((m) => m.createMfaApi(app.client)));
}

/**
 * Actors of {@link import('./mfa.machine.ts').mfaMachine} for a sign-in (or
 * step-up) whose MFA token `session` holds.
 */
export function mfaActors(app: FeApp, session: MfaSession) {
  const api = mfaApi(app);
  /** The answer of a check that completed the sign-in: the session stored, the recovery code of a first enrolment kept. */
  const answer = async (response: LoginResponse): Promise<MfaAnswer> => ({ signedIn: await session.complete(response), recoveryCode: response.recoveryCode });
  const mfaToken = () => session.mfaToken();
  return {
    verifyCode: fromPromise<MfaAnswer, MfaCodeInput>(async ({ input, signal }) => answer(await (await api()).verifyCode({ mfaToken: mfaToken(), ...input }, { signal }))),
    preEnrollAuthenticator: fromPromise<{ qrCode: string; secret?: string }>(async ({ signal }) => (await api()).preEnrollAuthenticatorApp({ mfaToken: mfaToken() }, { signal })),
    enrollAuthenticator: fromPromise<MfaAnswer, MfaCodeInput>(async ({ input, signal }) =>
      answer(await (await api()).enrollAuthenticatorApp({ mfaToken: mfaToken(), token: input.code, rememberDevice: input.rememberDevice }, { signal })),
    ),
    sendSmsCode: fromPromise<CodeSent, SendSmsInput>(async ({ input, signal }) => {
      const calls = await api();
      return input.deviceId
        ? calls.preVerifySms({ mfaToken: mfaToken(), deviceId: input.deviceId }, { signal })
        : calls.preEnrollSms({ mfaToken: mfaToken(), phoneNumber: input.phoneNumber ?? '' }, { signal });
    }),
    checkSmsCode: fromPromise<MfaAnswer, OtcCheckInput>(async ({ input, signal }) => {
      const { deviceId, ...body } = input;
      const calls = await api();
      return answer(await (deviceId ? calls.verifySms({ deviceId, mfaToken: mfaToken(), ...body }, { signal }) : calls.enrollSms({ mfaToken: mfaToken(), ...body }, { signal })));
    }),
    sendEmailCode: fromPromise<CodeSent>(async ({ signal }) => (await api()).preVerifyEmailCode({ mfaToken: mfaToken() }, { signal })),
    checkEmailCode: fromPromise<MfaAnswer, OtcCheckInput>(async ({ input, signal }) => {
      const { deviceId: _unused, ...body } = input;
      return answer(await (await api()).verifyEmailCode({ mfaToken: mfaToken(), ...body }, { signal }));
    }),
    webauthn: fromPromise<MfaAnswer, WebAuthnMfaInput>(async ({ input, signal }) => {
      const [lib, calls] = await Promise.all([import('@simplewebauthn/browser'), api()]);
      if (!lib.browserSupportsWebAuthn()) throw new WebAuthnMfaError(app.i18n.$t.get()('mfa.webauthn.unsupported'));
      const { deviceId, rememberDevice } = input;
      if (deviceId) {
        const { webauthnToken, options } = await calls.preVerifyWebAuthn({ mfaToken: mfaToken(), deviceId }, { signal });
        const assertion = await lib.startAuthentication({ optionsJSON: options as never }).catch((e: unknown) => Promise.reject(ceremonyError(app, e)));
        return answer(await calls.verifyWebAuthn({ mfaToken: mfaToken(), deviceId, webauthnToken, options: { ...assertion }, rememberDevice }, { signal }));
      }
      const { webauthnToken, options } = await calls.preEnrollWebAuthn({ mfaToken: mfaToken() }, { signal });
      const attestation = await lib.startRegistration({ optionsJSON: options as never }).catch((e: unknown) => Promise.reject(ceremonyError(app, e)));
      const deviceType = input.deviceType ?? (attestation.authenticatorAttachment === 'cross-platform' ? 'CrossPlatform' : 'Platform');
      return answer(await calls.enrollWebAuthn({ mfaToken: mfaToken(), webauthnToken, deviceType, options: { ...attestation, deviceType }, rememberDevice }, { signal }));
    }),
    checkRememberDevice: fromPromise<RememberDevicePolicy>(async ({ signal }) => {
      const r = await (await api()).checkRememberDevice({ mfaToken: mfaToken() }, { signal });
      return { allowed: r.isAllowedToRemember === true, expiresIn: Number(r.mfaDeviceExpiration) || 0 };
    }),
  };
}

/**
 * Actors of the MFA machine enrolling an authenticator app for the
 * signed-in user (step-up's noMFAEnrolledStepUp): no MFA token, no sign-in
 * to complete — the enrolment answers at most a recovery code.
 */
export function mfaEnrolActors(app: FeApp) {
  const api = mfaApi(app);
  return {
    preEnrollAuthenticator: fromPromise<{ qrCode: string; secret?: string }>(async ({ signal }) => (await api()).preEnrollMfaAuthenticatorApp({ signal })),
    enrollAuthenticator: fromPromise<MfaAnswer, MfaCodeInput>(async ({ input, signal }) => (await api()).enrollMfaAuthenticatorApp({ token: input.code }, { signal })),
  };
}
