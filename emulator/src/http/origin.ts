/**
 * The origin of the host page, for links in emails (`<origin>/account/...`).
 * Taken from `Origin`, else `Referer`, else `X-Forwarded-Host` (+ `X-Forwarded-Proto`),
 * each only when it is trusted: an allowed CORS origin, the issuer's origin, or a
 * loopback origin (the emulator listens on 127.0.0.1; a host page on another local
 * port should still get working links). Otherwise the issuer (public origin).
 */
import type { Context } from 'hono';
import type { AppEnv } from './env.ts';

const LOOPBACK = new Set(['127.0.0.1', 'localhost', '[::1]']);

function trusted(c: Context<AppEnv>, origin: string | undefined): string | undefined {
  if (!origin) return undefined;
  let url: URL;
  try {
    url = new URL(origin);
  } catch {
    return undefined;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return undefined;
  const o = url.origin;
  if (c.var.rt.corsOrigins.includes(o) || o === new URL(c.var.rt.issuer).origin || LOOPBACK.has(url.hostname)) return o;
  return undefined;
}

export function hostOrigin(c: Context<AppEnv>): string {
  const fwdHost = c.req.header('x-forwarded-host')?.split(',')[0]?.trim();
  const fwdProto = c.req.header('x-forwarded-proto')?.split(',')[0]?.trim() || 'http';
  return trusted(c, c.req.header('origin')) ?? trusted(c, c.req.header('referer')) ?? trusted(c, fwdHost ? `${fwdProto}://${fwdHost}` : undefined) ?? c.var.rt.issuer;
}

/** The relying party the request's host page is: `{ rpID, origin }`. */
export function relyingParty(c: Context<AppEnv>): { rpID: string; origin: string } {
  const origin = hostOrigin(c);
  return { rpID: new URL(origin).hostname.replace(/^\[|\]$/g, ''), origin };
}
