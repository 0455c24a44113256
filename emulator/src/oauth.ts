/**
 * OAuth building blocks shared by the token endpoint (routes/oauth.ts) and the hosted login (routes/authorize.ts):
 * authorization codes (in memory, per emulator) and the OpenID Connect id token of a session. Domain code: no routes.
 */
import type { Context } from 'hono';
import { SignJWT, decodeJwt } from 'jose';
import type { AppEnv, EmulatorRuntime } from './http/env.ts';
import { randomToken, sha256 } from './crypto/tokens.ts';
import { type UserRow } from './session/accounts.ts';
import { type LoginResponse } from './session/issue.ts';
import { emulatorNow } from './clock.ts';

type Ctx = Context<AppEnv>;

/** Authorization codes live 10 minutes (RFC 6749 §4.1.2 recommends at most that). */
export const CODE_TTL_MS = 10 * 60 * 1000;

export interface CodeEntry {
  userId: string;
  redirectUri: string;
  codeChallenge?: string;
  nonce?: string;
  tenantId?: string;
  /** what the user did (hosted login, routes/authorize.ts): the session's amr, acr and auth_time; default a password sign-in now */
  auth?: { amr: string[]; acr?: string | null; authTime?: number };
  expiresAt: number;
  /** the session the code started, once exchanged (a second use revokes it) */
  usedBy?: string;
}

/** Codes per emulator instance, kept in memory (keyed by their SHA-256); `now` (the emulator clock) drops long-expired ones. */
const codeStores = new WeakMap<EmulatorRuntime, Map<string, CodeEntry>>();
export function codes(rt: EmulatorRuntime, now: number): Map<string, CodeEntry> {
  let m = codeStores.get(rt);
  if (!m) codeStores.set(rt, (m = new Map()));
  for (const [k, v] of m) if (v.expiresAt + CODE_TTL_MS < now) m.delete(k);
  return m;
}

/**
 * Stores a new authorization code (single use, {@link CODE_TTL_MS} from `now`, the emulator clock) and returns it;
 * used by the hosted login (routes/authorize.ts).
 */
export function issueAuthorizationCode(rt: EmulatorRuntime, entry: Omit<CodeEntry, 'expiresAt' | 'usedBy'>, now: number): string {
  const code = randomToken(24);
  codes(rt, now).set(sha256(code), { ...entry, expiresAt: now + CODE_TTL_MS });
  return code;
}

/**
 * The OpenID Connect id token of a session. It also carries the access token's user claims
 * (`type`, `tenantIds`, `roles`, `permissions`): a hosted-login browser client uses the id token
 * as its bearer token (contract §4 EO1).
 */
export async function idToken(c: Ctx, user: UserRow, lr: LoginResponse, nonce?: string): Promise<string> {
  const rt = c.var.rt;
  const iat = Math.floor((await emulatorNow(c.var.db)) / 1000);
  const at = decodeJwt(lr.accessToken);
  return new SignJWT({
    type: 'userToken',
    tenantIds: at.tenantIds,
    roles: at.roles,
    permissions: at.permissions,
    profilePictureUrl: user.profilePictureUrl ?? undefined,
    email: user.email,
    email_verified: user.verified,
    name: user.name,
    tenantId: lr.tenantId,
    sid: decodeJwt(lr.accessToken).sid,
    auth_time: lr.auth_time,
    amr: lr.amr,
    ...(lr.acr ? { acr: lr.acr } : {}),
    ...(nonce ? { nonce } : {}),
  })
    .setProtectedHeader({ alg: 'RS256', kid: rt.key.kid, typ: 'JWT' })
    .setSubject(user.id)
    .setIssuer(rt.issuer)
    .setAudience(rt.clientId)
    .setIssuedAt(iat)
    .setExpirationTime(iat + lr.expiresIn)
    .sign(rt.key.privateKey);
}
