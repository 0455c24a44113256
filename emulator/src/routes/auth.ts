/**
 * Auth (api-contract.md §A, §C): SSO pre-login, password login, refresh,
 * logout, and the JWKS.
 */
import { Hono } from 'hono';
import { z } from 'zod';
import { eq } from 'drizzle-orm';
import type { AppEnv } from '../http/env.ts';
import { parseBody, emailField, optStr } from '../http/body.ts';
import { errorBody, notFound, badRequest } from '../http/errors.ts';
import { refreshTokens, ssoDomains, users } from '../db/schema.ts';
import { isBreachedPassword, verifyPassword } from '../crypto/passwords.ts';
import { sha256 } from '../crypto/tokens.ts';
import { findUserByEmail, getVendor } from '../session/accounts.ts';
import { clearRefreshCookie, readRefreshCookie } from '../session/cookie.ts';
import { auditRefreshRefused, auditSignedOut } from '../session/events.ts';
import { revokeFamily } from '../session/families.ts';
import { completePrimaryAuth } from '../session/mfa-challenge.ts';
import { rotateRefreshToken } from '../session/refresh.ts';
import { sendUnlockEmail } from '../lifecycle.ts';
import { emulatorDate } from '../clock.ts';
import { audit, auditUser } from '../audit.ts';
import { effectivePolicies } from '../policies.ts';
import { emitUserEvent } from '../events/payloads.ts';

export const authRoutes = new Hono<AppEnv>();

// ---------------------------------------------------------------- SSO pre-login

const preloginBody = z.object({ email: emailField(), username: optStr(), tenantId: optStr() });

/** The SSO domain of `email`'s domain: `{ address, idpType, addressType }`, or null when none matches. */
async function findSsoDomain(c: import('hono').Context<AppEnv>) {
  const { email } = await parseBody(c, preloginBody);
  const domain = email.split('@')[1] ?? '';
  const [row] = await c.var.db.select().from(ssoDomains).where(eq(ssoDomains.domain, domain));
  return row ? { address: row.address, idpType: row.idpType, addressType: row.addressType } : null;
}

/**
 * preLoginV2: `{ address, idpType, addressType }`, or `{}` (200) when no SSO domain matches — the usual answer for
 * an email without SSO is not an error (issue 31 item 9: no red console line on every sign-in); Frontegg's client
 * (`preLoginV2`, contract A: "… | null") and ours read an answer without `address` as "no SSO".
 */
authRoutes.post('/identity/resources/auth/v2/user/sso/prelogin', async (c) => c.json((await findSsoDomain(c)) ?? {}));
/** preLogin / preLoginWithIdpType (v1 SAML): the domain, or 404 when none matches (Frontegg's `preLogin` turns any error into null). */
authRoutes.post('/identity/resources/auth/v1/user/saml/prelogin', async (c) => {
  const found = await findSsoDomain(c);
  if (!found) throw notFound('SSO domain was not found', 'ER-SSO-DOMAIN-NOT-FOUND');
  return c.json(found);
});

// ---------------------------------------------------------------- password login

const loginBody = z.object({
  email: emailField(),
  password: z.string().min(1, 'password is required'),
  invitationToken: optStr(),
  recaptchaToken: optStr(),
});

/**
 * Password login. Wrong email or password: 401 "Invalid authentication"
 * (no enumeration). Failed attempts count towards the lockout policy in force
 * for the user's account (AB-3.25; its own over the vendor's): at `maxAttempts`
 * the user is locked (401 "User is locked", audited SEVERE) and the unlock email
 * goes to the outbox. The counter is committed even though the answer is an error.
 * A user without a password (a pending invitee) is never counted, so never locked.
 */
authRoutes.post('/identity/resources/auth/v1/user', async (c) => {
  const { email, password } = await parseBody(c, loginBody);
  const db = c.var.db;
  const user = await findUserByEmail(db, email);
  const ok = await verifyPassword(password, user?.passwordHash);
  // every refusal is audited (WARNING; a lockout SEVERE) and kept even if the request rolls back (durable)
  const refused = async (reason: string, details: Record<string, unknown> = {}) => {
    if (user) await emitUserEvent(db, 'frontegg.user.failedAuthentication', { userId: user.id, tenantId: user.activeTenantId, extra: { reason } });
    await audit(c, {
      action: 'user.sign-in.failed',
      actor: { id: user?.id, email },
      tenantId: user?.activeTenantId ?? null,
      targetId: user?.id,
      severity: 'WARNING',
      description: `Sign-in refused (${reason}): ${email}`,
      details: { email, reason, ...details },
      durable: true,
    });
  };
  if (!user) {
    await refused('unknown user');
    return c.json(errorBody('Invalid authentication'), 401);
  }
  if (user.isLocked) {
    await refused('user is locked');
    return c.json(errorBody('User is locked', 'ER-USER-LOCKED'), 401);
  }
  const vendor = await getVendor(db, c.var.rt.vendorId);
  // a user with no password yet (a pending invitee, an SSO-only user) has none to guess: a wrong one is only refused,
  // it never counts towards the lockout (issue 31 item 4: invitees were locked before they ever joined)
  if (!ok && !user.passwordHash) {
    await refused('no password');
    return c.json(errorBody('Invalid authentication'), 401);
  }
  if (!ok) {
    // the lockout policy in force for the user's account: its own over the vendor's (policies.ts)
    const { lockout } = await effectivePolicies(db, c.var.rt.vendorId, user.activeTenantId);
    const attempts = user.failedLoginAttempts + 1;
    const lock = lockout.enabled && attempts >= lockout.maxAttempts;
    await db.update(users).set({ failedLoginAttempts: attempts, isLocked: lock }).where(eq(users.id, user.id));
    await refused('wrong password', { attempts });
    if (lock) {
      await auditUser(c, user, user.activeTenantId, {
        action: 'user.locked',
        severity: 'SEVERE',
        description: `User locked after ${attempts} failed sign-ins: ${user.email}`,
        details: { email: user.email, attempts, maxAttempts: lockout.maxAttempts },
        durable: true,
      });
      await sendUnlockEmail(c, user, attempts); // link <host>/account/unlock?token=… (POST users/v3/me/unlock)
      return c.json(errorBody('User is locked', 'ER-USER-LOCKED'), 401);
    }
    return c.json(errorBody('Invalid authentication'), 401);
  }
  if (!user.verified && !vendor.publicConfig.allowNotVerifiedUsersLogin) {
    await refused('not verified');
    throw badRequest('User is not verified', 'ER-USER-NOT-VERIFIED');
  }
  // the security center's breached-password flag follows the password just used (the dictionary stands in for a breach corpus)
  const breached = isBreachedPassword(password);
  await db
    .update(users)
    .set({ failedLoginAttempts: 0, lastLogin: await emulatorDate(db), isBreachedPassword: breached })
    .where(eq(users.id, user.id));
  return c.json(await completePrimaryAuth(c, user, { isBreachedPassword: breached }));
});

// ---------------------------------------------------------------- refresh and logout

const refreshBody = z.object({ tenantId: optStr() });

/**
 * Rotates the refresh token from the cookie. A revoked token presented again
 * is treated as theft: the whole family (session) is revoked and 401 answered.
 * Without any refresh cookie (a page of someone not signed in, its start-up
 * refresh) the answer is 200 `{}`: a login response without an access token,
 * which Frontegg's client (`generateLoginResponse`: no accessToken → returned
 * as is, no session set) and ours read as "no session" — an expected outcome,
 * not an error (issue 31 item 9). A cookie that is refused still answers 401.
 */
authRoutes.post('/identity/resources/auth/v1/user/token/refresh', async (c) => {
  const { tenantId } = await parseBody(c, refreshBody);
  const token = readRefreshCookie(c);
  // nothing to clear when none was sent: a signed-out page's start-up refresh, answered after a quick sign-in,
  // must not clear the cookie that sign-in just set
  if (!token) return c.json({});
  const fail = (msg: string) => {
    clearRefreshCookie(c);
    return c.json(errorBody(msg), 401);
  };
  const rotated = await rotateRefreshToken(c, token, tenantId);
  if (!rotated.ok) {
    await auditRefreshRefused(c, token, rotated.message);
    return fail(rotated.message);
  }
  const { lr } = rotated;
  return c.json(lr);
});

/** Logout: revokes the session of the cookie's refresh token and clears the cookie. */
authRoutes.post('/identity/resources/auth/v1/logout', async (c) => {
  const token = readRefreshCookie(c);
  if (token) {
    const [row] = await c.var.db
      .select()
      .from(refreshTokens)
      .where(eq(refreshTokens.tokenHash, sha256(token)));
    if (row) {
      await revokeFamily(c.var.db, row.familyId);
      await auditSignedOut(c, row);
    }
  }
  clearRefreshCookie(c);
  return c.json({});
});

// ---------------------------------------------------------------- keys

export const jwksRoutes = new Hono<AppEnv>();
jwksRoutes.get('/.well-known/jwks.json', (c) => c.json({ keys: [c.var.rt.key.publicJwk] }));
