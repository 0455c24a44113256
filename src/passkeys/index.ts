/**
 * Passkeys for the login box (loaded on demand; nothing here is on the path
 * before the first input). The WebAuthn ceremonies use @simplewebauthn/browser,
 * itself imported only when a ceremony starts.
 *
 * - {@link signInWithPasskey}: prelogin → `navigator.credentials.get` (modal,
 *   or browser autofill with `conditional`) → postlogin → the login response,
 *   which the caller passes to `app.completeLogin` (machines/login.actors.ts).
 * - {@link registerPasskey}: a new passkey for the signed-in user.
 * - {@link shouldPromptPasskeys}: the conditions of sign-in §4 for the prompt
 *   after sign-in; {@link dismissPasskeysPrompt} remembers "Not now" per user.
 */
import type { FeApp } from '../app/types.ts';
import type { LoginResponse } from '../api/types.ts';
import { createPasskeysApi, type PasskeysApi } from '../api/passkeys.ts';
import type { PublicUser } from '../events/user.ts';
import { enPasskeys } from '../i18n/en-passkeys.ts';
import { addMessages, type MessageKey } from '../i18n/index.ts';

// the ceremony errors below are texts of this catalogue
addMessages('en', enPasskeys);

/** The feature flag of the prompt (the name preview mode uses, src/preview/data.ts). */
export const PASSKEYS_FLAG = 'admin_portal_passkeys';
/** localStorage key prefix of a dismissed prompt; the user id (else email) follows. */
export const DISMISSED_KEY = 'fe-passkeys-prompt-dismissed:';

const apis = new WeakMap<FeApp, PasskeysApi>();
/** The passkey calls of `app` (one instance per app). */
export function passkeysApi(app: FeApp): PasskeysApi {
  let api = apis.get(app);
  if (!api) apis.set(app, (api = createPasskeysApi(app.client)));
  return api;
}

const strategies = new WeakMap<FeApp, Promise<boolean>>();
/**
 * Whether the vendor's `Passkeys` secondary auth strategy is active
 * (`GET …/auth/strategies/public`, asked once per app; a failure counts as off).
 */
export function passkeysStrategyActive(app: FeApp): Promise<boolean> {
  let p = strategies.get(app);
  if (!p) {
    p = app.auth
      .getPublicAuthStrategies()
      .then((r) => !!r?.secondaryAuthStrategies?.some((s) => s.strategy === 'Passkeys' && s.isActive))
      .catch((error) => {
        app.logger.debug('auth strategies not loaded; passkeys off', error);
        strategies.delete(app);
        return false;
      });
    strategies.set(app, p);
  }
  return p;
}

/** A ceremony failure with a catalogue key; its message is set to the text in the app's locale by {@link ceremonyError}. */
class PasskeyError extends Error {
  constructor(
    readonly key: MessageKey,
    cause?: unknown,
  ) {
    super(key, { cause });
    this.name = 'PasskeyError';
  }
}

/** True for the rejections a cancelled ceremony gives (our abort, or a newer ceremony taking over). */
export function isAbort(error: unknown): boolean {
  const e = error as { name?: string; code?: string } | undefined;
  return e?.name === 'AbortError' || e?.code === 'ERROR_CEREMONY_ABORTED';
}

/** WebAuthn failures → catalogue texts (in the app's locale); API errors pass through (the server's message). */
function ceremonyError(app: FeApp, error: unknown): unknown {
  const e = error as { name?: string; code?: string; statusCode?: number } | undefined;
  let out: PasskeyError | undefined;
  if (error instanceof PasskeyError) out = error;
  else if (e?.code === 'ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED' || e?.name === 'InvalidStateError') out = new PasskeyError('passkeys.error.exists', error);
  else if (e?.name === 'NotAllowedError' || isAbort(error)) out = new PasskeyError('passkeys.error.cancelled', error);
  else if (e?.name === 'NotSupportedError') out = new PasskeyError('passkeys.error.unsupported', error);
  if (!out) return error;
  out.message = app.i18n.$t.get()(out.key);
  return out;
}

/**
 * One WebAuthn ceremony at a time (the browser allows one): @simplewebauthn
 * cancels the previous one when a new one starts. Our `signal` cancels only
 * the ceremony it belongs to, never a newer one.
 */
let ceremony = 0;
async function runCeremony<T>(signal: AbortSignal | undefined, run: (lib: typeof import('@simplewebauthn/browser')) => Promise<T>): Promise<T> {
  const lib = await import('@simplewebauthn/browser');
  signal?.throwIfAborted();
  const id = ++ceremony;
  const cancel = () => {
    if (ceremony === id) lib.WebAuthnAbortService.cancelCeremony();
  };
  signal?.addEventListener('abort', cancel, { once: true });
  try {
    return await run(lib);
  } finally {
    signal?.removeEventListener('abort', cancel);
  }
}

export interface PasskeySignInOptions {
  /** Browser autofill (conditional mediation) instead of the modal: resolves only when the user picks a passkey. */
  conditional?: boolean;
  /** Aborts the ceremony (e.g. when the step changes). */
  signal?: AbortSignal;
}

/**
 * Signs in with a discoverable passkey: prelogin (no email: any passkey of
 * this site may answer), the browser's passkey dialog or autofill, postlogin.
 * @returns the login response (tokens) for `app.completeLogin`.
 * @throws an error with a catalogue `key` for cancelled / unsupported ceremonies, FeApiError for API failures.
 */
export async function signInWithPasskey(app: FeApp, { conditional = false, signal }: PasskeySignInOptions = {}): Promise<LoginResponse> {
  const api = passkeysApi(app);
  const options = await api.webAuthnPreLogin({}, { signal });
  let assertion;
  try {
    assertion = await runCeremony(signal, async (lib) => {
      if (conditional && !(await lib.browserSupportsWebAuthnAutofill())) throw new PasskeyError('passkeys.error.unsupported');
      if (!lib.browserSupportsWebAuthn()) throw new PasskeyError('passkeys.error.unsupported');
      return lib.startAuthentication({ optionsJSON: options as never, useBrowserAutofill: conditional });
    });
  } catch (error) {
    throw ceremonyError(app, error);
  }
  return api.webAuthnPostLogin(assertion as never, { signal });
}

/**
 * Registers a passkey for the signed-in user: options, the browser's dialog,
 * verification (the emulator stores it).
 * @throws as {@link signInWithPasskey}.
 */
export async function registerPasskey(app: FeApp, { signal }: { signal?: AbortSignal } = {}): Promise<void> {
  const api = passkeysApi(app);
  const options = await api.webAuthnCreateNewDeviceSession({ signal });
  let attestation;
  try {
    attestation = await runCeremony(signal, async (lib) => {
      if (!lib.browserSupportsWebAuthn()) throw new PasskeyError('passkeys.error.unsupported');
      return lib.startRegistration({ optionsJSON: options as never });
    });
  } catch (error) {
    throw ceremonyError(app, error);
  }
  const deviceType = attestation.authenticatorAttachment === 'cross-platform' ? 'CrossPlatform' : 'Platform';
  await api.verifyNewDeviceSession({ ...attestation, deviceType }, { signal });
}

const userKey = (user: PublicUser | null | undefined) => user?.id ?? user?.sub ?? user?.email ?? '';

function storage(): Storage | null {
  try {
    return globalThis.localStorage ?? null;
  } catch {
    return null;
  }
}

/** Remembers "Not now" for this user (default: the session's) in localStorage, so the prompt is not shown again. */
export function dismissPasskeysPrompt(app: FeApp, user?: PublicUser | null): void {
  const key = userKey(user ?? app.stores.$session.get().user);
  if (key) storage()?.setItem(DISMISSED_KEY + key, String(Date.now()));
}

/** Whether this user dismissed the prompt before. */
export function passkeysPromptDismissed(user: PublicUser | null | undefined): boolean {
  const key = userKey(user);
  return !!key && !!storage()?.getItem(DISMISSED_KEY + key);
}

/**
 * The user's preferred login method: passkeys when this session was made
 * with one (`amr` has `hwk` as the first factor; a security key as second
 * factor adds `mfa` too), else the method used (password, code …).
 */
export function preferredLoginMethod(user: PublicUser | null | undefined): 'Passkeys' | 'Other' {
  const amr = user?.amr ?? [];
  return amr.includes('hwk') && !amr.includes('mfa') ? 'Passkeys' : 'Other';
}

/**
 * Sign-in §4: the passkey prompt shows only when the `admin_portal_passkeys`
 * flag is on, the Passkeys secondary strategy is active, the preferred login
 * method is not passkeys, the prompt was not dismissed, and the user has no
 * passkey device (asked last: the only call that needs the session).
 * `user` defaults to the session's user. Any failure → no prompt.
 */
export async function shouldPromptPasskeys(app: FeApp, user?: PublicUser | null): Promise<boolean> {
  const u = user ?? app.stores.$session.get().user;
  if (!u) return false;
  if (app.stores.$featureFlags.get()[PASSKEYS_FLAG] !== 'on') return false;
  if (preferredLoginMethod(u) === 'Passkeys' || passkeysPromptDismissed(u)) return false;
  if (!(await passkeysStrategyActive(app))) return false;
  try {
    return (await passkeysApi(app).getWebAuthnDevices()).length === 0;
  } catch (error) {
    app.logger.debug('passkey devices not loaded; no prompt', error);
    return false;
  }
}
