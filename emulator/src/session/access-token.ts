/**
 * The one minter of a user's access tokens (AccessClaims, crypto/jwt.ts): a sign-in, refresh or impersonation
 * (session/issue.ts `issueSession`) and a token of the same session for another tenant (routes/tenants.ts GetUserJwt)
 * all sign through {@link mintAccessToken}, so a token's claims do not depend on the way it was asked for.
 */
import { randomUUID } from 'node:crypto';
import type { Context } from 'hono';
import type { Db } from '../db/client.ts';
import type { AppEnv, EmulatorRuntime } from '../http/env.ts';
import { signAccessToken } from '../crypto/jwt.ts';
import { emulatorNow } from '../clock.ts';
import { getVendor, type UserRow } from './accounts.ts';

type Ctx = Context<AppEnv>;

/** An access token's lifetime in seconds: the vendor's `tokenSettings.accessTokenExpiresIn`, else the emulator's option, else 300. */
export async function accessTokenLifetime(db: Db, rt: EmulatorRuntime): Promise<number> {
  const vendor = await getVendor(db, rt.vendorId);
  return vendor.tokenSettings.accessTokenExpiresIn ?? rt.accessTokenExpiresIn ?? 300;
}

/** What an access token grants: its tenant, the user's tenants, roles and permissions there (a user profile, session/profile.ts). */
export interface TokenGrants {
  /** The tenant the token is bound to. */
  tenantId: string;
  /** The tenants the user may use now (session/accounts.ts `userTenantList`). */
  tenantIds: string[];
  /** The user's roles and permissions in `tenantId` (session/authorization.ts `authorizationFor`). */
  roles: { key: string }[];
  permissions: { key: string }[];
  /** A sub-account's token: the ancestor the user acts from, whose roles and permissions these are (src/sub-account-access.ts). */
  actingFromTenantId?: string;
}

/** The session an access token belongs to. */
export interface TokenSession {
  /** The authentication: methods, assurance (the MFA acr) and its time (s since the epoch, emulator clock). */
  amr: string[];
  acr?: string | null;
  authTime: number;
  /** The session (refresh-token family) id. */
  sid: string;
  /** The impersonating admin of an impersonation session. */
  act?: { sub: string };
}

/**
 * Signs an access token of `user` granting `grants` in `session` (RS256, the emulator's key, issuer and client id as audience): iat now
 * by the emulator clock (or `now`, ms), exp after {@link accessTokenLifetime}, a new `jti`.
 * @returns the token, its `exp` (s since the epoch) and its lifetime (s)
 */
export async function mintAccessToken(c: Ctx, user: UserRow, grants: TokenGrants, session: TokenSession, now?: number): Promise<{ token: string; exp: number; expiresIn: number }> {
  const { db, rt } = c.var;
  const expiresIn = await accessTokenLifetime(db, rt);
  const { token, exp } = await signAccessToken(
    rt.key,
    {
      sub: user.id,
      email: user.email,
      name: user.name,
      profilePictureUrl: user.profilePictureUrl,
      tenantId: grants.tenantId,
      tenantIds: grants.tenantIds,
      roles: grants.roles.map((r) => r.key),
      permissions: grants.permissions.map((p) => p.key),
      metadata: {},
      type: 'userToken',
      amr: session.amr,
      ...(session.acr ? { acr: session.acr } : {}),
      auth_time: session.authTime,
      sid: session.sid,
      jti: randomUUID(),
      ...(session.act ? { act: { sub: session.act.sub } } : {}),
      ...(grants.actingFromTenantId ? { actingFromTenantId: grants.actingFromTenantId } : {}),
    },
    { issuer: rt.issuer, audience: rt.clientId, expiresIn, now: now ?? (await emulatorNow(db)) },
  );
  return { token, exp, expiresIn };
}
