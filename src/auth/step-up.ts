/**
 * Step-up rules (sign-in §4 "Step-up"): who counts as stepped up, and the
 * stored flag that says a step-up was asked for.
 */
import type { AuthUser } from '../stores/index.ts';

/** The `acr` of a multi-factor authentication (the multi-factor policy). */
export const MULTI_FACTOR_ACR = 'http://schemas.openid.net/pape/policies/2007/06/multi-factor';
/** `amr` values that count as a second factor besides `mfa`. */
export const STEP_UP_AMR = ['otp', 'sms', 'hwk'] as const;
/** sessionStorage key of the stored step-up flag (its value: the maxAge in seconds, or ''). */
export const STEP_UP_FLAG_KEY = 'fe-step-up';
/** Error code a host API can answer to ask for step-up (sign-in §8). */
export const SHOULD_STEP_UP = 'SHOULD_STEP_UP';

/**
 * True when `user` is stepped up (SI-4.33–4.35): `acr` equals the
 * multi-factor policy, `amr` contains `mfa` and one of otp, sms, hwk, and —
 * when `maxAge` (seconds) is given — `auth_time` (seconds) lies within
 * maxAge seconds of `now` (ms, default `Date.now()`).
 */
export function isSteppedUp(user: Pick<AuthUser, 'acr' | 'amr' | 'auth_time'> | null | undefined, options: { maxAge?: number } = {}, now = Date.now()): boolean {
  if (!user || user.acr !== MULTI_FACTOR_ACR) return false;
  const amr = Array.isArray(user.amr) ? user.amr : [];
  if (!amr.includes('mfa') || !STEP_UP_AMR.some((m) => amr.includes(m))) return false;
  if (options.maxAge === undefined || options.maxAge === null) return true;
  if (typeof user.auth_time !== 'number') return false;
  return now / 1000 - user.auth_time <= options.maxAge;
}

/** Stores the step-up flag (the step-up page acts only when it is set; SI-4.32). */
export function setStepUpFlag(maxAge?: number): void {
  sessionStorage.setItem(STEP_UP_FLAG_KEY, maxAge === undefined ? '' : String(maxAge));
}

/** Reads the stored flag: `{ maxAge }` when set, else null. */
export function readStepUpFlag(): { maxAge?: number } | null {
  const v = sessionStorage.getItem(STEP_UP_FLAG_KEY);
  if (v === null) return null;
  const n = Number(v);
  return v === '' || !Number.isFinite(n) ? {} : { maxAge: n };
}

/** Clears the stored flag (after step-up or when it fails). */
export function clearStepUpFlag(): void {
  sessionStorage.removeItem(STEP_UP_FLAG_KEY);
}
