/** Impersonation claims (RFC 8693 `act`), for the script API and the impersonate flow; not on the first-input path. */

/**
 * True when the user (or the access-token claims merged into it) carries the
 * `act` claim (RFC 8693 actor): the session is an impersonation by `act.sub`.
 */
export function isImpersonated(user: object | null | undefined): boolean {
  const act = (user as { act?: unknown } | null | undefined)?.act;
  return !!act && (typeof act !== 'object' || Object.keys(act as object).length > 0);
}

/** The impersonating admin's id (`act.sub`), when the session is an impersonation. */
export function impersonatorOf(user: object | null | undefined): string | undefined {
  const act = (user as { act?: unknown } | null | undefined)?.act as { sub?: unknown } | undefined;
  return act && typeof act === 'object' && typeof act.sub === 'string' ? act.sub : undefined;
}
