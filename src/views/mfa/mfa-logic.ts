/**
 * The MFA machine with an app's calls (loaded on demand by `<fe-login-box>`'s
 * two-factor steps, and by the `initial-state` restore path): every actor of
 * machines/mfa.machine.ts bound to src/api/mfa-login.ts, the WebAuthn
 * ceremonies (@simplewebauthn/browser, itself loaded when a ceremony starts),
 * and `notifyError` dispatching fe-error on the host.
 */
import { fromPromise } from 'xstate';
import { dispatch } from '../../../elements/internal/react-element.ts';
import { mfaMachine } from '../../../machines/mfa.machine.ts';
import { createMfaLoginApi } from '../../api/mfa-login.ts';
import type { WebAuthnAssertion, WebAuthnAttestation } from '../../api/passkeys.ts';
import type { FeApp } from '../../app/app.ts';
import '../../i18n/en-mfa.ts';
import { errorText } from '../shared/ui.tsx';

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

/**
 * The MFA machine provided with `app`'s calls; errors fire `fe-error` on `host`.
 * @returns logic for the login machine's `loadMfa` (or its `mfa` actor).
 */
export function createMfaLogic(app: FeApp, host: HTMLElement) {
  const api = createMfaLoginApi(app.client);
  return mfaMachine.provide({
    actors: {
      verifyCode: fromPromise(({ input, signal }) => api.verifyCode(input, { signal })),
      preEnrollAuthenticator: fromPromise(({ input, signal }) => api.preEnrollAuthenticatorApp({ mfaToken: input.mfaToken }, { signal })),
      enrollAuthenticator: fromPromise(({ input, signal }) =>
        api.enrollAuthenticatorApp({ mfaToken: input.mfaToken, token: input.code, rememberDevice: input.rememberDevice }, { signal }),
      ),
      sendSmsCode: fromPromise(({ input, signal }) =>
        input.deviceId
          ? api.preVerifySms({ mfaToken: input.mfaToken, deviceId: input.deviceId }, { signal })
          : api.preEnrollSms({ mfaToken: input.mfaToken, phoneNumber: input.phoneNumber ?? '' }, { signal }),
      ),
      checkSmsCode: fromPromise(({ input, signal }) => {
        const { deviceId, ...body } = input;
        return deviceId ? api.verifySms({ deviceId, ...body }, { signal }) : api.enrollSms(body, { signal });
      }),
      sendEmailCode: fromPromise(({ input, signal }) => api.preVerifyEmailCode({ mfaToken: input.mfaToken }, { signal })),
      checkEmailCode: fromPromise(({ input, signal }) => {
        const { deviceId: _unused, ...body } = input;
        return api.verifyEmailCode(body, { signal });
      }),
      webauthn: fromPromise(async ({ input, signal }) => {
        const lib = await import('@simplewebauthn/browser');
        if (!lib.browserSupportsWebAuthn()) throw new WebAuthnMfaError(app.i18n.$t.get()('mfa.webauthn.unsupported'));
        const { mfaToken, deviceId, rememberDevice } = input;
        if (deviceId) {
          const { webauthnToken, options } = await api.preVerifyWebAuthn({ mfaToken, deviceId }, { signal });
          const assertion = await lib.startAuthentication({ optionsJSON: options as never }).catch((e: unknown) => Promise.reject(ceremonyError(app, e)));
          return api.verifyWebAuthn({ mfaToken, deviceId, webauthnToken, options: assertion as unknown as WebAuthnAssertion, rememberDevice }, { signal });
        }
        const { webauthnToken, options } = await api.preEnrollWebAuthn({ mfaToken }, { signal });
        const attestation = await lib.startRegistration({ optionsJSON: options as never }).catch((e: unknown) => Promise.reject(ceremonyError(app, e)));
        const deviceType = input.deviceType ?? (attestation.authenticatorAttachment === 'cross-platform' ? 'CrossPlatform' : 'Platform');
        return api.enrollWebAuthn(
          { mfaToken, webauthnToken, deviceType, options: { ...(attestation as unknown as WebAuthnAttestation), deviceType }, rememberDevice },
          { signal },
        );
      }),
      checkRememberDevice: fromPromise(async ({ input, signal }) => {
        const r = await api.checkRememberDevice({ mfaToken: input.mfaToken }, { signal });
        return { allowed: r.isAllowedToRemember === true, expiresIn: Number(r.mfaDeviceExpiration) || 0 };
      }),
    },
    actions: {
      notifyError: ({ context }) => dispatch(host, 'fe-error', { ...context.error, message: errorText(app.i18n.$t.get(), context.error) }),
    },
  });
}
