/**
 * The quick SMS login of this browser (sign-in §3 login mode
 * `registerQuickLogin`), kept in localStorage as the reference product keeps
 * it: {@link REGISTER_QUICK_LOGIN_KEY} = `sms` (set by the host: the next
 * sign-in registers a quick login; used up by the login box that reads it),
 * {@link QUICK_LOGIN_KEY}`<userId>` = `sms` (that user registered it here),
 * {@link QUICK_LOGIN_USER_KEY} = the user offered "Text me a sign-in code".
 * Read and written by the login machine's actors (machines/login*.actors.ts).
 */

/** localStorage key a host sets to `sms` to have the next sign-in register the quick SMS login. */
export const REGISTER_QUICK_LOGIN_KEY = 'fe-register-quick-login';
/** localStorage key prefix (then the user id): `sms` once that user registered the quick SMS login here. */
export const QUICK_LOGIN_KEY = 'fe-quick-login:';
/** localStorage key: the user whose quick SMS login is offered on preLogin. */
export const QUICK_LOGIN_USER_KEY = 'fe-quick-login-user';

/** localStorage, or null where it is unavailable (sandboxed frames). */
export function storage(): Storage | null {
  try {
    return globalThis.localStorage ?? null;
  } catch {
    return null;
  }
}

/** Whether `user` registered the quick SMS login in this browser ({@link QUICK_LOGIN_KEY}). */
export function quickLoginRegistered(user: { id?: unknown; sub?: unknown } | null | undefined): boolean {
  const id = String(user?.id ?? user?.sub ?? '');
  return !!id && storage()?.getItem(QUICK_LOGIN_KEY + id) === 'sms';
}
