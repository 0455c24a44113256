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
 */
import { timingSafeEqual } from 'node:crypto';
import type { Context } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import type { AppEnv } from '../http/env.ts';
import { sha256 } from '../crypto/tokens.ts';
import { isSecureRequest } from '../session.ts';
import { hostOrigin } from '../http/origin.ts';

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

/**
 * The SSO start address pre-login answers (`…/frontegg/auth/sso/{id}/start` on the issuer), moved to the host page's
 * origin when the pre-login came through the host's same-origin proxy: a trusted `Origin` (http/origin.ts) whose host
 * is the `X-Forwarded-Host` the proxy wrote. The browser then starts the login through that proxy, so the binding
 * cookie is set on the origin whose login box finishes the login, even when the page and the emulator are on
 * different hosts (`localhost:5173` and `127.0.0.1:8787`: cookies ignore the port, not the host). Any other address,
 * or a request that did not come through such a proxy, is answered as stored (issue 29 item 6).
 */
export function startAddressForHost(c: Ctx, address: string): string {
  const fwdHost = c.req.header('x-forwarded-host')?.split(',')[0]?.trim();
  const origin = c.req.header('origin');
  if (!fwdHost || !origin) return address;
  let url: URL;
  let page: URL;
  try {
    url = new URL(address);
    page = new URL(origin);
  } catch {
    return address;
  }
  const onIssuer = url.origin === new URL(c.var.rt.issuer).origin && url.pathname.startsWith('/frontegg/auth/sso/');
  if (!onIssuer || page.host !== fwdHost || hostOrigin(c) !== page.origin) return address;
  return `${page.origin}${url.pathname}${url.search}`;
}
