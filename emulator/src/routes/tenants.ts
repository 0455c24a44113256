/**
 * Tenants and sessions (api-contract.md §F): a JWT for another of the user's
 * tenants (GetUserJwt) and impersonation. (switchTenant and the tenant lists
 * live in routes/users.ts.)
 */
import { Hono, type Context } from 'hono';
import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { and, eq, isNull } from 'drizzle-orm';
import type { AppEnv } from '../http/env.ts';
import { requireAuth } from '../http/auth.ts';
import { hasPermission, notAuthorized } from '../http/permissions.ts';
import { parseBody, optStr } from '../http/body.ts';
import { badRequest, forbidden, notFound, unauthorized } from '../http/errors.ts';
import { impersonationSessions, refreshTokens, users } from '../db/schema.ts';
import { verifyAccessToken, type AccessClaims } from '../crypto/jwt.ts';
import { emulatorNow, emulatorDate } from '../clock.ts';
import { mintAccessToken } from '../session/access-token.ts';
import { getUser, userTenantList } from '../session/accounts.ts';
import { impersonationCannotLeave } from '../session/families.ts';
import { issueSession } from '../session/issue.ts';
import { userProfile } from '../session/profile.ts';
import { membership } from '../lifecycle.ts';
import { audit } from '../audit.ts';
import { assertStillActing, noSubAccountAccess, subAccountGrant } from '../sub-account-access.ts';

export const tenantRoutes = new Hono<AppEnv>();
type Ctx = Context<AppEnv>;
export const IMPERSONATE_PERMISSION = 'fe.secure.write.impersonation';

/** 401 when the session (refresh family `sid`) was signed out, so a revoked session cannot mint tokens. */
async function assertSessionLive(c: Ctx, sid: string | undefined) {
  if (!sid) return;
  const rows = await c.var.db.select({ id: refreshTokens.id }).from(refreshTokens).where(eq(refreshTokens.familyId, sid));
  if (rows.length === 0) return;
  const live = await c.var.db
    .select({ id: refreshTokens.id })
    .from(refreshTokens)
    .where(and(eq(refreshTokens.familyId, sid), isNull(refreshTokens.revokedAt)));
  if (live.length === 0) throw unauthorized('Session has been revoked');
}

/**
 * GetUserJwt: `{ tenantId? }` → `{ accessToken, expires, expiresIn }`, an access
 * token of the same session (sid, amr, acr, auth_time, act) for another tenant
 * (default: the token's tenant). No refresh token, no cookie, the active tenant is unchanged.
 * - A tenant the user is an active member of: the user's roles and permissions there.
 * - Entering a sub-account (issue 34 item 3): a descendant of an account the user may act from
 *   (src/sub-account-access.ts: an active member there with `fe.account-hierarchy.read.subAccount` and sub-account
 *   access on) → a token of that descendant carrying the user's roles and permissions in the ancestor and
 *   `actingFromTenantId`; every call made with it is checked again (`enforceSubAccountAccess`) and audited in the sub-account
 *   naming the ancestor (src/audit.ts).
 * 403 `No access` (`ER-SUB-ACCOUNT-NO-ACCESS`) for any other tenant (a sibling, a parent, another vendor's, an unknown
 * id); 403 `ER-IMPERSONATION-TENANT` for any other tenant than the token's from an impersonated session (the admin's
 * account never reaches the user's other accounts, nor its sub-accounts); 401 for a revoked session or a locked user.
 */
tenantRoutes.post('/identity/resources/users/v3/me/token', requireAuth, async (c) => {
  const body = await parseBody(c, z.object({ tenantId: optStr() }));
  const db = c.var.db;
  const auth = c.var.auth;
  const tenantId = body.tenantId ?? auth.tenantId;
  // an impersonation stays in the tenant it was opened in: never a token of another account of the user (issue 29)
  if (auth.act && tenantId !== auth.tenantId) throw impersonationCannotLeave();
  const m = await membership(db, auth.sub, tenantId);
  const grant = m?.activated ? undefined : await subAccountGrant(db, c.var.rt.vendorId, auth.sub, tenantId);
  if (!m?.activated && !grant) throw noSubAccountAccess();
  await assertSessionLive(c, auth.sid);
  const user = await getUser(db, auth.sub);
  if (user.isLocked) throw unauthorized('User is locked', 'ER-USER-LOCKED');
  // the one minter (session/access-token.ts): the claims of a sign-in into that tenant, of this same session
  const session = { amr: auth.amr, acr: auth.acr, authTime: auth.auth_time, sid: auth.sid, ...(auth.act ? { act: auth.act as { sub: string } } : {}) };
  const grants = grant
    ? {
        tenantId,
        tenantIds: (await userTenantList(db, user.id)).map((t) => t.tenantId),
        roles: grant.authorization.roles,
        permissions: grant.authorization.permissions,
        actingFromTenantId: grant.via.tenantId,
      }
    : await userProfile(db, user, tenantId);
  const { token, exp, expiresIn } = await mintAccessToken(c, user, grants, session);
  return c.json({ accessToken: token, expires: new Date(exp * 1000).toUTCString(), expiresIn });
});

async function actorClaims(c: Ctx, actorToken: string | undefined): Promise<AccessClaims> {
  const header = c.req.header('authorization')?.trim() ?? '';
  const bearer = /^bearer\s+/i.test(header) ? header.replace(/^bearer\s+/i, '') : header;
  const token = bearer.split('.').length === 3 ? bearer : actorToken;
  if (!token) throw unauthorized('Unauthorized');
  try {
    return await verifyAccessToken(c.var.rt.key, token, { issuer: c.var.rt.issuer, audience: c.var.rt.clientId, now: await emulatorNow(c.var.db) });
  } catch {
    throw unauthorized('Unauthorized');
  }
}

/**
 * impersonate: `{ impersonatedUserId, actorToken?, redirectUrl? }` with the
 * admin's bearer (or its token as `actorToken`) →
 * `{ accessToken, tokenType: 'Bearer', refreshToken, expiresIn, expires }` and
 * the refresh cookie of a new session of the impersonated user in the admin's
 * tenant. Its tokens (also after refresh) carry `act: { sub: <admin id> }` and
 * `amr: ['imp']`; an audit row `user.impersonated` is written.
 * 401 no token; 403 without fe.secure.write.impersonation or from an
 * impersonated session; 404 user not in the tenant; 400 self or locked user.
 */
tenantRoutes.post('/identity/resources/impersonation/v1', async (c) => {
  const body = await parseBody(
    c,
    z.object({
      impersonatedUserId: z.string().min(1, 'impersonatedUserId is required'),
      actorToken: optStr(),
      redirectUrl: optStr(),
    }),
  );
  const db = c.var.db;
  const actor = await actorClaims(c, body.actorToken);
  // a sub-account's token impersonates in that account only while the admin may still act there (as every call)
  if (actor.actingFromTenantId) await assertStillActing(db, c.var.rt.vendorId, actor.sub, actor.tenantId, actor.actingFromTenantId);
  if (actor.act) throw forbidden('An impersonated session cannot impersonate', 'ER-FORBIDDEN');
  if (!hasPermission(actor, IMPERSONATE_PERMISSION)) throw notAuthorized();
  if (body.impersonatedUserId === actor.sub) throw badRequest('You cannot impersonate yourself', 'ER-IMPERSONATE-SELF');
  const [target] = await db.select().from(users).where(eq(users.id, body.impersonatedUserId));
  const m = target ? await membership(db, target.id, actor.tenantId) : undefined;
  if (!target || !m?.activated) throw notFound('User not found in this tenant', 'ER-USER-NOT-FOUND');
  if (target.isLocked) throw badRequest('User is locked', 'ER-USER-LOCKED');
  const familyId = randomUUID();
  await db.insert(impersonationSessions).values({
    familyId,
    actorId: actor.sub,
    impersonatedUserId: target.id,
    tenantId: actor.tenantId,
    createdAt: await emulatorDate(db),
  });
  const lr = await issueSession(c, target, { amr: ['imp'] }, { tenantId: actor.tenantId, familyId });
  await audit(c, {
    tenantId: actor.tenantId,
    actor: { id: actor.sub, email: actor.email },
    severity: 'WARNING',
    action: 'user.impersonated',
    targetId: target.id,
    details: { actorEmail: actor.email, targetEmail: target.email, sessionId: familyId, redirectUrl: body.redirectUrl ?? null },
  });
  return c.json({ accessToken: lr.accessToken, tokenType: 'Bearer', refreshToken: lr.refreshToken, expiresIn: lr.expiresIn, expires: lr.expires });
});
