/**
 * The session cookie (sign-in §3, §9): `{ accessToken, refreshToken }` sealed
 * with iron-webcrypto (AES-256-CBC + HMAC-SHA256, password = the 64-hex
 * encryption password), split into numbered chunks `name.0`, `name.1`, … when
 * one cookie would exceed the browser limit, and joined back on read.
 * Tampered, expired or wrongly sealed cookies read as "no session" (`null`).
 */
import { defaults, seal, unseal } from 'iron-webcrypto';
import type { ServerConfig } from './config.ts';

export interface SessionTokens {
  accessToken: string;
  refreshToken: string;
}

/**
 * Bytes of one cookie's value. Browsers allow ~4096 bytes per cookie for name,
 * value and attributes together; 3,800 leaves room for the attributes.
 */
export const MAX_COOKIE_VALUE_BYTES = 3800;

/** Seals any JSON value with iron (`ttlSeconds` bounds the seal's life, checked on unseal). */
export async function sealData(data: unknown, password: string, ttlSeconds: number): Promise<string> {
  return seal(data, password, { ...defaults, ttl: ttlSeconds * 1000 });
}

/** Unseals; `null` when the seal is tampered, expired or made with another password. */
export async function unsealData(sealed: string | undefined | null, password: string): Promise<unknown> {
  if (!sealed) return null;
  try {
    return await unseal(sealed, password, defaults);
  } catch {
    return null;
  }
}

/** Seals the session tokens. */
export async function sealTokens(tokens: SessionTokens, password: string, ttlSeconds: number): Promise<string> {
  return sealData({ accessToken: tokens.accessToken, refreshToken: tokens.refreshToken } satisfies SessionTokens, password, ttlSeconds);
}

/** Unseals; `null` for anything that is not a live seal of `{ accessToken, refreshToken }` made with this password. */
export async function unsealTokens(sealed: string | undefined | null, password: string): Promise<SessionTokens | null> {
  const data = (await unsealData(sealed, password)) as Partial<SessionTokens> | null;
  if (!data || typeof data !== 'object' || typeof data.accessToken !== 'string' || typeof data.refreshToken !== 'string') return null;
  if (!data.accessToken || !data.refreshToken) return null;
  return { accessToken: data.accessToken, refreshToken: data.refreshToken };
}

// ---------------------------------------------------------------- Cookie / Set-Cookie

/** Parses a `Cookie` header (first occurrence of a name wins). Values are percent-decoded when they can be. */
export function parseCookies(header: string | null | undefined): Map<string, string> {
  const out = new Map<string, string>();
  if (!header) return out;
  for (const part of header.split(';')) {
    const i = part.indexOf('=');
    if (i < 0) continue;
    const name = part.slice(0, i).trim();
    let value = part.slice(i + 1).trim();
    if (value.startsWith('"') && value.endsWith('"')) value = value.slice(1, -1);
    if (!name || out.has(name)) continue;
    try {
      out.set(name, decodeURIComponent(value));
    } catch {
      out.set(name, value);
    }
  }
  return out;
}

/** The session value: the plain cookie, else the chunks `name.0 … name.n` joined (a gap ends them). */
export function readChunked(cookies: Map<string, string>, name: string): string | null {
  const whole = cookies.get(name);
  if (whole) return whole;
  let joined = '';
  for (let i = 0; cookies.has(`${name}.${i}`); i++) joined += cookies.get(`${name}.${i}`);
  return joined || null;
}

/** Names of the cookie and of its chunks present in the request. */
function presentNames(cookies: Map<string, string>, name: string): string[] {
  const re = new RegExp(`^${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(\\.\\d+)?$`);
  return [...cookies.keys()].filter((k) => re.test(k));
}

export type CookieAttributes = ServerConfig['cookie'];

/** One `Set-Cookie` value. */
export function serializeCookie(name: string, value: string, attrs: CookieAttributes, maxAge = attrs.maxAge): string {
  const parts = [`${name}=${value}`, `Path=${attrs.path}`];
  if (attrs.domain) parts.push(`Domain=${attrs.domain}`);
  parts.push(`Max-Age=${maxAge}`);
  if (maxAge <= 0) parts.push('Expires=Thu, 01 Jan 1970 00:00:00 GMT');
  if (attrs.httpOnly) parts.push('HttpOnly');
  if (attrs.secure) parts.push('Secure');
  // browsers drop SameSite=None cookies that are not Secure: fall back to Lax then
  const sameSite = attrs.sameSite === 'none' && !attrs.secure ? 'lax' : attrs.sameSite;
  parts.push(`SameSite=${sameSite[0].toUpperCase()}${sameSite.slice(1)}`);
  return parts.join('; ');
}

/**
 * `Set-Cookie` values that store `value` under `name` — one cookie, or chunks
 * `name.0`, `name.1`, … when it is longer than {@link MAX_COOKIE_VALUE_BYTES} —
 * and clear every other `name` / `name.N` the request still carries.
 */
export function setChunkedCookie(name: string, value: string, attrs: CookieAttributes, requestCookies: Map<string, string> = new Map()): string[] {
  const room = MAX_COOKIE_VALUE_BYTES - name.length - 3;
  const written: string[] = [];
  const out: string[] = [];
  if (value.length <= room) {
    out.push(serializeCookie(name, value, attrs));
    written.push(name);
  } else {
    for (let i = 0, at = 0; at < value.length; i++, at += room) {
      const chunkName = `${name}.${i}`;
      out.push(serializeCookie(chunkName, value.slice(at, at + room), attrs));
      written.push(chunkName);
    }
  }
  for (const stale of presentNames(requestCookies, name)) if (!written.includes(stale)) out.push(serializeCookie(stale, '', attrs, 0));
  return out;
}

/** `Set-Cookie` values that clear the session cookie and all its chunks (the plain name always). */
export function clearChunkedCookie(name: string, attrs: CookieAttributes, requestCookies: Map<string, string> = new Map()): string[] {
  const names = new Set([name, ...presentNames(requestCookies, name)]);
  return [...names].map((n) => serializeCookie(n, '', attrs, 0));
}

/**
 * The `Cookie` header a request would carry after the answer's `Set-Cookie`s —
 * for frameworks that render after a middleware refreshed the session
 * (Next.js: `NextResponse.next({ request: { headers } })`).
 */
export function applySetCookies(cookieHeader: string | null | undefined, setCookies: string[]): string {
  const jar = parseCookies(cookieHeader);
  for (const sc of setCookies) {
    const [pair, ...attrs] = sc.split(';').map((s) => s.trim());
    const i = pair.indexOf('=');
    const n = pair.slice(0, i);
    const v = pair.slice(i + 1);
    if (attrs.some((a) => /^max-age=0$/i.test(a))) jar.delete(n);
    else jar.set(n, v);
  }
  return [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
}
