/** The refresh cookie — its name, flags (Secure behind an https proxy too), set, clear and read. */
import type { Context } from 'hono';
import { getCookie, setCookie, deleteCookie } from 'hono/cookie';
import type { AppEnv } from '../http/env.ts';

type Ctx = Context<AppEnv>;

export const refreshCookieName = (clientId: string) => `fe_refresh_${clientId}`;

export function isSecureRequest(c: Ctx): boolean {
  const proto = c.req.header('x-forwarded-proto')?.split(',')[0]?.trim().toLowerCase();
  return new URL(c.req.url).protocol === 'https:' || proto === 'https';
}

export function setRefreshCookie(c: Ctx, token: string, maxAgeSeconds: number): void {
  setCookie(c, refreshCookieName(c.var.rt.clientId), token, {
    path: '/',
    httpOnly: true,
    sameSite: 'Lax',
    secure: isSecureRequest(c),
    maxAge: maxAgeSeconds,
  });
}

export function clearRefreshCookie(c: Ctx): void {
  deleteCookie(c, refreshCookieName(c.var.rt.clientId), { path: '/', httpOnly: true, sameSite: 'Lax', secure: isSecureRequest(c) });
}

export function readRefreshCookie(c: Ctx): string | undefined {
  return getCookie(c, refreshCookieName(c.var.rt.clientId)) || undefined;
}
