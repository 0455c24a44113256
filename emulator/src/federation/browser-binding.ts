/**
 * Binds an SSO login's state to the browser that started it (issue 29 item 6: login CSRF, RFC 9700 §4.7). Without it,
 * an attacker could start an SSO login, sign in at the IdP as themselves, and send a victim their callback URL: the
 * victim's login box would finish the login and the victim would work in the attacker's account.
 *
 * The SSO start (`GET /frontegg/auth/sso/{configId}/start`, a top-level navigation of the browser) sets one cookie per
 * state — double-submit style, its value a hash of the state, so the database needs nothing new. The step where the
 * browser brings the state back checks it: OIDC `…/user/oidc/postlogin` (v1, v2) and SAML `…/user/saml/postlogin`,
 * both same-origin XHRs of the login box through the host's proxy. Not the SAML ACS: the IdP's page posts it
 * cross-site, and a `SameSite=Lax` cookie is not sent with a cross-site POST.
 *
 * The cookie: `fe_sso_<16 characters of the state's hash>` (one per login, so two tabs may sign in at once),
 * `HttpOnly; SameSite=Lax; Path=/frontegg/identity/resources/auth/` (only the post-login calls see it),
 * `Max-Age` = the state's lifetime, `Secure` when the request came over https. It is cleared when checked.
 *
 * The start is on the API's origin (the issuer: pre-login's `address`), the post-login on the host page's origin
 * through its proxy: the cookie reaches the post-login when both share a host name (cookies ignore the port:
 * `127.0.0.1:5173` and `127.0.0.1:8787` do; `localhost:5173` and `127.0.0.1:8787` do not), or when the issuer is
 * the host's own origin (`--public-origin`). The address is not moved to the page's origin: a single-page host routes
 * a same-origin `fe-navigate` itself and would never load the start.
 */
import { timingSafeEqual } from 'node:crypto';
import type { Context } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import type { AppEnv } from '../http/env.ts';
import { sha256 } from '../crypto/tokens.ts';
import { isSecureRequest } from '../session/cookie.ts';

type Ctx = Context<AppEnv>;

/** The path the binding cookie is sent to: the auth routes that finish a login (`…/auth/v1|v2/user/…/postlogin`). */
export const SSO_BINDING_COOKIE_PATH = '/frontegg/identity/resources/auth/';

/** The binding cookie's name for `state`: `fe_sso_` and 16 characters of its hash. */
export const ssoBindingCookieName = (state: string): string => `fe_sso_${sha256(state).slice(0, 16)}`;

/** The value that proves the browser started `state` (never the state itself). */
const bindingValue = (state: string): string => sha256(`fe-sso-browser-binding:${state}`);

/**
 * Sets the binding cookie of `state` on the start's answer (see the module comment).
 * @param maxAgeMs the state's lifetime in ms (the cookie's Max-Age, in seconds)
 */
export function bindStateToBrowser(c: Ctx, state: string, maxAgeMs: number): void {
  setCookie(c, ssoBindingCookieName(state), bindingValue(state), {
    path: SSO_BINDING_COOKIE_PATH,
    httpOnly: true,
    sameSite: 'Lax',
    secure: isSecureRequest(c),
    maxAge: Math.floor(maxAgeMs / 1000),
  });
}

/**
 * True when the request carries the binding cookie of `state` with its value: the browser that started the login
 * brings it back. Clears the cookie either way (a state is single use).
 */
export function stateBoundToBrowser(c: Ctx, state: string): boolean {
  const name = ssoBindingCookieName(state);
  const sent = getCookie(c, name);
  deleteCookie(c, name, { path: SSO_BINDING_COOKIE_PATH, httpOnly: true, sameSite: 'Lax', secure: isSecureRequest(c) });
  if (!sent) return false;
  const a = Buffer.from(sent);
  const b = Buffer.from(bindingValue(state));
  return a.length === b.length && timingSafeEqual(a, b);
}
