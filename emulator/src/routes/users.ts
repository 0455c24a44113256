/**
 * Users (api-contract.md §D, §E, §F): sign-up, the current user, its
 * authorization and tenants, tenant switch, and the password configuration.
 */
import { Hono } from 'hono';
import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { and, eq, inArray } from 'drizzle-orm';
import type { AppEnv } from '../http/env.ts';
import { requireAuth } from '../http/auth.ts';
import { parseBody, emailField, optStr } from '../http/body.ts';
import { HttpError, conflict, forbidden } from '../http/errors.ts';
import { roles, tenants, userTenantRoles, userTenants, users } from '../db/schema.ts';
import { checkPasswordPolicy, hashPassword, isBreachedPassword } from '../crypto/passwords.ts';
import { getUser, getVendor, tenantDto, userTenantList } from '../session/accounts.ts';
import { authorizationFor } from '../session/authorization.ts';
import { impersonationCannotLeave } from '../session/families.ts';
import { completePrimaryAuth } from '../session/mfa-challenge.ts';
import { userProfile } from '../session/profile.ts';
import { send } from '../outbox.ts';
import { resolveInviteLink, sendActivationEmail } from '../lifecycle.ts';
import { enforceEmailDomain } from '../restrictions.ts';
import { inviteLinkRoleIds } from '../roles.ts';
import { emulatorDate } from '../clock.ts';
import { enforcePlanLimit } from '../billing/plan-limits.ts';
import { emitTenantEvent, emitUserEvent } from '../events/payloads.ts';

export const userRoutes = new Hono<AppEnv>();

const signUpBody = z.object({
  email: emailField(),
  password: z.string().min(1, 'password is required'),
  name: optStr(),
  companyName: optStr(),
  phoneNumber: optStr(),
  username: optStr(),
  metadata: optStr(),
  roleIds: z.array(z.string()).nullish(),
  invitationToken: optStr(),
  recaptchaToken: optStr(),
});

const isUniqueViolation = (e: unknown): boolean => {
  for (let cur: unknown = e; cur && typeof cur === 'object'; cur = (cur as { cause?: unknown }).cause) {
    if ((cur as { code?: string }).code === '23505') return true;
  }
  return false;
};

/**
 * signUpUser. Users are created active (verified) so they can sign in at
 * once: `{ shouldActivate: false, userId, tenantId, authResponse }`, plus the
 * refresh cookie when authResponse is a full session. The tenant is written
 * before the user, so a duplicate email (unique violation) rolls the tenant back.
 * With an `invitationToken` (an invite link, §I) the user joins that tenant with
 * the link's roles (400 invalid/expired, 400 ER-01239 locked tenant, 403 when that account's email-domain
 * restrictions refuse the email: restrictions.ts; 400 `Your plan allows <n> users. Upgrade the plan to add more.` over
 * the seat limit of its plan: billing/plan-limits.ts). A sign-up that creates a new account is never refused so. With the
 * vendor setting `requireActivation` the user is created unverified, gets an
 * activation email and the answer is `{ shouldActivate: true, userId, tenantId }`.
 */
userRoutes.post('/identity/resources/users/v1/signUp', async (c) => {
  const body = await parseBody(c, signUpBody);
  const db = c.var.db;
  const vendor = await getVendor(db, c.var.rt.vendorId);
  if (!vendor.publicConfig.allowSignups) throw forbidden('Sign up is disabled', 'ER-SIGNUP-DISABLED');
  const policyErrors = checkPasswordPolicy(body.password, vendor.passwordConfig);
  if (policyErrors.length) throw new HttpError(400, policyErrors, 'ER-PASSWORD-POLICY');
  if (body.metadata) {
    try {
      JSON.parse(body.metadata);
    } catch {
      throw new HttpError(400, 'metadata must be a JSON string');
    }
  }
  const invite = body.invitationToken ? await resolveInviteLink(db, body.invitationToken) : undefined;
  // joining an account by its invite link: the account's email-domain restrictions apply (a new account's do not)
  if (invite) {
    await enforceEmailDomain(c, invite.tenant.tenantId, body.email, 'invite-link-sign-up');
    // and its plan's seat limit (billing/plan-limits.ts)
    await enforcePlanLimit(db, invite.tenant.tenantId, 'seats');
  }
  const requireActivation = vendor.publicConfig.requireActivation === true;

  const now = await emulatorDate(db);
  const name = body.name?.trim() || body.email.split('@')[0];
  const tenantId = invite?.tenant.tenantId ?? randomUUID();
  if (!invite)
    await db.insert(tenants).values({
      id: randomUUID(),
      tenantId,
      vendorId: vendor.id,
      name: body.companyName?.trim() || `${name}'s account`,
      metadata: null,
      isReseller: false,
      createdAt: now,
      updatedAt: now,
    });
  const userId = randomUUID();
  try {
    await db.insert(users).values({
      id: userId,
      vendorId: vendor.id,
      email: body.email,
      name,
      passwordHash: await hashPassword(body.password),
      isBreachedPassword: isBreachedPassword(body.password),
      phoneNumber: body.phoneNumber ?? null,
      profilePictureUrl: null,
      verified: !requireActivation,
      superUser: false,
      mfaBypass: false,
      metadata: body.metadata ?? null,
      activeTenantId: tenantId,
      isLocked: false,
      failedLoginAttempts: 0,
      lastLogin: now,
      createdAt: now,
    });
  } catch (e) {
    if (isUniqueViolation(e)) throw conflict('User already exists', 'ER-USER-EXISTS');
    throw e;
  }
  await db.insert(userTenants).values({ userId, tenantId, createdAt: now });
  // The creator of a tenant administers it; roleIds, when given, must be vendor roles.
  const requested = body.roleIds?.length
    ? await db
        .select({ id: roles.id })
        .from(roles)
        .where(and(eq(roles.vendorId, vendor.id), inArray(roles.id, body.roleIds)))
    : [];
  const roleIds = invite
    ? await inviteLinkRoleIds(db, vendor.id, invite.link)
    : requested.length
      ? requested.map((r) => r.id)
      : (await db.select({ id: roles.id }).from(roles).where(eq(roles.key, 'Admin'))).map((r) => r.id);
  if (roleIds.length) await db.insert(userTenantRoles).values(roleIds.map((roleId) => ({ userId, tenantId, roleId })));

  if (!invite) await emitTenantEvent(db, 'frontegg.tenant.created', { tenantId, userId });
  await emitUserEvent(db, 'frontegg.user.created', { userId, tenantId });
  await emitUserEvent(db, 'frontegg.user.signedUp', { userId, tenantId });
  if (requireActivation) {
    await sendActivationEmail(c, await getUser(db, userId));
    return c.json({ shouldActivate: true, userId, tenantId });
  }
  await send(db, {
    to: body.email,
    channel: 'email',
    subject: `Welcome to ${vendor.name}`,
    text: `Hi ${name},\n\nYour account is ready. Sign in with ${body.email}.`,
  });
  const user = await getUser(db, userId);
  const authResponse = await completePrimaryAuth(c, user, { isBreachedPassword: isBreachedPassword(body.password) });
  return c.json({ shouldActivate: false, userId, tenantId, authResponse });
});

/** loadPasswordConfig (public). */
userRoutes.get('/identity/resources/users/v1/passwords/config', async (c) => {
  const vendor = await getVendor(c.var.db, c.var.rt.vendorId);
  return c.json(vendor.passwordConfig);
});

// ---------------------------------------------------------------- authenticated

/** getMeV2: the user's profile in the token's tenant; with a sub-account's token, the roles and permissions in effect are the ancestor's (src/sub-account-access.ts). */
userRoutes.get('/identity/resources/users/v2/me', requireAuth, async (c) => {
  const user = await getUser(c.var.db, c.var.auth.sub);
  const profile = await userProfile(c.var.db, user, c.var.auth.tenantId);
  if (!c.var.auth.actingFromTenantId) return c.json(profile);
  const { roles, permissions } = await authorizationFor(c.var.db, user.id, c.var.auth.actingFromTenantId);
  return c.json({ ...profile, roles, rolesIds: roles.map((r) => r.id), permissions });
});

/** getUserAuthorization: the roles and permissions in the token's tenant (with a sub-account's token: in the ancestor it acts from). */
userRoutes.get('/identity/resources/users/v1/me/authorization', requireAuth, async (c) => {
  return c.json(await authorizationFor(c.var.db, c.var.auth.sub, c.var.auth.actingFromTenantId ?? c.var.auth.tenantId));
});

async function tenantsWithActive(c: import('hono').Context<AppEnv>) {
  const list = await userTenantList(c.var.db, c.var.auth.sub);
  // the user's active tenant (PUT v1/tenant switches it at once), else the token's
  const { activeTenantId } = await getUser(c.var.db, c.var.auth.sub);
  const active = list.find((t) => t.tenantId === activeTenantId) ?? list.find((t) => t.tenantId === c.var.auth.tenantId) ?? list[0];
  return { tenants: list.map(tenantDto), activeTenant: active ? tenantDto(active) : {} };
}

userRoutes.get('/identity/resources/users/v2/me/tenants', requireAuth, async (c) => {
  return c.json((await userTenantList(c.var.db, c.var.auth.sub)).map(tenantDto));
});
userRoutes.get('/identity/resources/users/v3/me/tenants', requireAuth, async (c) => c.json(await tenantsWithActive(c)));
userRoutes.get('/identity/resources/users/v1/me/tenants', requireAuth, async (c) => c.json(await tenantsWithActive(c)));

/**
 * switchTenant: sets the active tenant; the next refresh issues a token for it. 403 from an impersonated session
 * (`ER-IMPERSONATION-TENANT`) for another tenant than the token's: it stays in its tenant and must not move the
 * user's own active tenant (issue 29).
 */
userRoutes.put('/identity/resources/users/v1/tenant', requireAuth, async (c) => {
  const { tenantId } = await parseBody(c, z.object({ tenantId: z.string().min(1), silentReload: z.boolean().nullish() }));
  if (c.var.auth.act && tenantId !== c.var.auth.tenantId) throw impersonationCannotLeave();
  const member = (await userTenantList(c.var.db, c.var.auth.sub)).some((t) => t.tenantId === tenantId);
  if (!member) throw forbidden('User is not a member of this tenant', 'ER-TENANT-NOT-MEMBER');
  await c.var.db.update(users).set({ activeTenantId: tenantId }).where(eq(users.id, c.var.auth.sub));
  return c.json({});
});
