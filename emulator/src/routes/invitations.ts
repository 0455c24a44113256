/**
 * Invitations (api-contract.md §D, §G, §I): the admin's add-user (invite) and
 * resend, accepting an invitation (link or code), resending it, verifying an
 * invite-link token, and the tenant invite links a sign-up can join with.
 */
import { Hono, type Context } from 'hono';
import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { and, asc, desc, eq, inArray, isNull, or } from 'drizzle-orm';
import type { AppEnv } from '../http/env.ts';
import { requireAuth } from '../http/auth.ts';
import { parseBody, emailField, optStr } from '../http/body.ts';
import { badRequest, conflict, forbidden, notFound } from '../http/errors.ts';
import { roles, tenantInviteLinks, userTenantRoles, userTenants, users } from '../db/schema.ts';
import { randomToken } from '../crypto/tokens.ts';
import { emulatorNow, emulatorDate } from '../clock.ts';
import { defaultRoleIdsFor, findUserByEmail, getUser } from '../session.ts';
import { hasPermission } from './config.ts';
import { audit } from '../audit.ts';
import {
  consumeLifecycleToken,
  getTenant,
  loadLifecycleToken,
  membership,
  resolveInviteLink,
  sendActivationEmail,
  sendInvitationEmail,
  teamUserDto,
  tenantLocked,
  wrongCodeAnswer,
} from '../lifecycle.ts';
import type { Db } from '../db/client.ts';

export const invitationRoutes = new Hono<AppEnv>();
type Ctx = Context<AppEnv>;
const USERS = '/identity/resources/users';
const INVITES = '/identity/resources/tenants/invites';
export const DEFAULT_INVITE_LINK_MINUTES = 7 * 24 * 60;

const requirePermission = (c: Ctx, key: string) => {
  if (!hasPermission(c, key)) throw forbidden(`Missing permission ${key}`, 'ER-FORBIDDEN');
};

/** Role ids of this vendor (global or of the tenant) among `ids`; 400 when one is unknown. Empty → the default roles. */
export async function resolveRoleIds(db: Db, vendorId: string, tenantId: string, ids: string[] | null | undefined): Promise<string[]> {
  if (ids?.length) {
    const found = await db
      .select({ id: roles.id })
      .from(roles)
      .where(and(eq(roles.vendorId, vendorId), inArray(roles.id, ids), or(isNull(roles.tenantId), eq(roles.tenantId, tenantId))));
    if (found.length !== new Set(ids).size) throw badRequest('Unknown role id', 'ER-ROLE-NOT-FOUND');
    return found.map((r) => r.id);
  }
  return defaultRoleIdsFor(db, vendorId, tenantId);
}

async function addMembership(db: Db, userId: string, tenantId: string, roleIds: string[], activated: boolean) {
  await db.insert(userTenants).values({ userId, tenantId, createdAt: await emulatorDate(db), activated });
  if (roleIds.length) await db.insert(userTenantRoles).values(roleIds.map((roleId) => ({ userId, tenantId, roleId })));
}

// ---------------------------------------------------------------- add user (invite) and resend

const addUserBody = z.object({
  email: emailField(),
  name: optStr(),
  phone: optStr(),
  phoneNumber: optStr(),
  username: optStr(),
  roleIds: z.array(z.string()).nullish(),
  expirationInSeconds: z.number().nullish(),
  provider: optStr(),
  metadata: optStr(),
});

/**
 * addUser / resendInvitationLink (`POST users/v2`, bearer + fe.secure.write.users):
 * - a new email: creates an un-activated user (no password) in the caller's
 *   tenant with `roleIds` (default roles otherwise) → 201 TeamUser + invitation email;
 * - a user of another tenant: adds a pending membership → 201 + invitation email;
 * - a pending invitee of this tenant (e.g. `{ email, provider: 'local' }`): resends → 200 TeamUser;
 * - an active member: 409.
 */
invitationRoutes.post(`${USERS}/v2`, requireAuth, async (c) => {
  requirePermission(c, 'fe.secure.write.users');
  const body = await parseBody(c, addUserBody);
  const db = c.var.db;
  const tenantId = c.var.auth.tenantId;
  const tenant = await getTenant(db, tenantId);
  if (!tenant) throw notFound('Tenant not found');
  if (tenant.isLocked) throw tenantLocked();
  const inviter = await getUser(db, c.var.auth.sub);
  const existing = await findUserByEmail(db, body.email);
  if (existing) {
    const m = await membership(db, existing.id, tenantId);
    if (m?.activated) throw conflict('User already exists in this tenant', 'ER-USER-EXISTS');
    if (m) {
      await sendInvitationEmail(c, existing, tenant, inviter.name);
      await audit(c, { action: 'user.invitation.resent', targetId: existing.id, details: { userEmail: existing.email } });
      return c.json(await teamUserDto(db, existing, tenantId), 200);
    }
    await addMembership(db, existing.id, tenantId, await resolveRoleIds(db, c.var.rt.vendorId, tenantId, body.roleIds), false);
    await sendInvitationEmail(c, existing, tenant, inviter.name);
    await audit(c, { action: 'user.invited', targetId: existing.id, details: { userEmail: existing.email } });
    return c.json(await teamUserDto(db, existing, tenantId), 201);
  }
  const roleIds = await resolveRoleIds(db, c.var.rt.vendorId, tenantId, body.roleIds);
  if (body.metadata) {
    try {
      JSON.parse(body.metadata);
    } catch {
      throw badRequest('metadata must be a JSON string');
    }
  }
  const id = randomUUID();
  const now = await emulatorDate(db);
  const [user] = await db
    .insert(users)
    .values({
      id,
      vendorId: c.var.rt.vendorId,
      email: body.email,
      name: body.name?.trim() || body.email.split('@')[0],
      passwordHash: null,
      phoneNumber: body.phone ?? body.phoneNumber ?? null,
      profilePictureUrl: null,
      verified: false,
      superUser: false,
      mfaBypass: false,
      metadata: body.metadata ?? null,
      activeTenantId: tenantId,
      isLocked: false,
      failedLoginAttempts: 0,
      lastLogin: null,
      createdAt: now,
    })
    .returning();
  await addMembership(db, id, tenantId, roleIds, false);
  await sendInvitationEmail(c, user, tenant, inviter.name);
  await audit(c, { action: 'user.invited', targetId: id, details: { userEmail: body.email } });
  return c.json(await teamUserDto(db, user, tenantId), 201);
});

/** Pending memberships of a user, newest first. */
async function pendingTenants(db: Db, userId: string) {
  return db
    .select()
    .from(userTenants)
    .where(and(eq(userTenants.userId, userId), eq(userTenants.activated, false)))
    .orderBy(desc(userTenants.createdAt));
}

/** resendInvitationEmail: `{ email }` → `{}`; the latest pending invitation is sent again (the previous link stops working). */
invitationRoutes.post(`${USERS}/v1/invitation/reset`, async (c) => {
  const { email } = await parseBody(c, z.object({ email: emailField() }));
  const db = c.var.db;
  const user = await findUserByEmail(db, email);
  const [pending] = user ? await pendingTenants(db, user.id) : [];
  const tenant = pending && (await getTenant(db, pending.tenantId));
  if (user && tenant) await sendInvitationEmail(c, user, tenant);
  return c.json({});
});

/** resendInvitationLinkToAllTenants: `{ email }` → `{}`; every pending invitation is sent again. */
invitationRoutes.post(`${USERS}/v1/invitation/reset/all`, async (c) => {
  const { email } = await parseBody(c, z.object({ email: emailField() }));
  const db = c.var.db;
  const user = await findUserByEmail(db, email);
  for (const p of user ? await pendingTenants(db, user.id) : []) {
    const tenant = await getTenant(db, p.tenantId);
    if (tenant) await sendInvitationEmail(c, user!, tenant);
  }
  return c.json({});
});

// ---------------------------------------------------------------- accept

const acceptBody = { userId: z.string().min(1, 'userId is required'), token: z.string().min(1, 'token is required') };

/**
 * Accepts: activates the membership, verifies the email and consumes the token.
 * Answers `{ userId, tenantId, tenantName, shouldSetPassword }`; when the user
 * has no password yet it also answers `activationToken` (and emails the
 * activation link): set the password with `POST users/v1/activate`
 * `{ userId, token: activationToken, password }`, which signs in.
 * 400 ER-01239 when the tenant is locked (the token stays usable).
 */
async function accept(c: Ctx, body: { userId: string; token: string }, code?: string) {
  const db = c.var.db;
  const row = await loadLifecycleToken(db, 'invitation', body.token, body.userId);
  const tenant = row.tenantId ? await getTenant(db, row.tenantId) : undefined;
  if (!tenant) throw badRequest('The invitation link is invalid', 'ER-INVITATION-TOKEN-INVALID');
  if (tenant.isLocked) throw tenantLocked();
  if (code !== undefined) {
    const wrong = await wrongCodeAnswer(c, row, code);
    if (wrong) return wrong;
  }
  const m = await membership(db, row.userId, tenant.tenantId);
  if (!m) throw badRequest('The invitation was withdrawn', 'ER-INVITATION-TOKEN-INVALID');
  await consumeLifecycleToken(db, row);
  await db
    .update(userTenants)
    .set({ activated: true })
    .where(and(eq(userTenants.userId, row.userId), eq(userTenants.tenantId, tenant.tenantId)));
  const [user] = await db.update(users).set({ verified: true }).where(eq(users.id, row.userId)).returning();
  await audit(c, {
    action: 'user.invitation.accepted',
    targetId: user.id,
    tenantId: tenant.tenantId,
    actor: { id: user.id, email: user.email },
    details: { userEmail: user.email },
  });
  const shouldSetPassword = !user.passwordHash;
  const activation = shouldSetPassword ? await sendActivationEmail(c, user) : undefined;
  return c.json({
    userId: user.id,
    tenantId: tenant.tenantId,
    tenantName: tenant.name,
    shouldSetPassword,
    ...(activation ? { activationToken: activation.token } : {}),
  });
}

/** acceptInvitation: `{ userId, token }`. */
invitationRoutes.post(`${USERS}/v1/invitation/accept`, async (c) => accept(c, await parseBody(c, z.object(acceptBody))));

/** acceptInvitationWithOTC: `{ userId, token, code }`; 400 `Invalid code` (counted; 5 wrong codes burn the token). */
invitationRoutes.post(`${USERS}/v1/invitation/accept/code`, async (c) => {
  const body = await parseBody(c, z.object({ ...acceptBody, code: z.string().min(1, 'code is required') }));
  return accept(c, body, body.code);
});

// ---------------------------------------------------------------- invite links (§I)

/** verifyInviteToken: `{ token }` (an invite-link token) → the tenant name as a JSON string. */
invitationRoutes.post(`${INVITES}/v1/verify`, async (c) => {
  const { token } = await parseBody(c, z.object({ token: z.string().min(1, 'token is required') }));
  const { tenant } = await resolveInviteLink(c.var.db, token);
  return c.json(tenant.name);
});

type LinkRow = typeof tenantInviteLinks.$inferSelect;
const linkDto = (l: LinkRow, vendorId: string) => ({
  id: l.id,
  vendorId,
  tenantId: l.tenantId,
  userId: l.userId,
  token: l.token,
  expires: l.expiresAt.toISOString(),
  shouldSendEmail: l.shouldSendEmail,
  roleIds: l.roleIds,
});

async function myLink(c: Ctx): Promise<LinkRow | undefined> {
  const [l] = await c.var.db
    .select()
    .from(tenantInviteLinks)
    .where(and(eq(tenantInviteLinks.tenantId, c.var.auth.tenantId), eq(tenantInviteLinks.userId, c.var.auth.sub)));
  return l;
}

const linkBody = z.object({
  expiresInMinutes: z
    .number()
    .int()
    .min(1)
    .max(10 * 365 * 24 * 60)
    .nullish(),
  shouldSendEmail: z.boolean().nullish(),
  roleIds: z.array(z.string()).nullish(),
});

/** getInviteUserLink: the caller's link for its tenant; 404 when there is none. */
invitationRoutes.get(`${INVITES}/v1/user`, requireAuth, async (c) => {
  requirePermission(c, 'fe.secure.read.users');
  const l = await myLink(c);
  if (!l) throw notFound('Invite link not found', 'ER-INVITE-LINK-NOT-FOUND');
  return c.json(linkDto(l, c.var.rt.vendorId));
});

/** create (v1 and v2): a new token (replacing the caller's previous link); 400 ER-01240 for a locked tenant. */
async function createLink(c: Ctx) {
  requirePermission(c, 'fe.secure.write.users');
  const body = await parseBody(c, linkBody);
  const db = c.var.db;
  const tenantId = c.var.auth.tenantId;
  const tenant = await getTenant(db, tenantId);
  if (!tenant) throw notFound('Tenant not found');
  if (tenant.isLocked) throw badRequest('Cannot create an invitation link for a locked tenant', 'ER-01240');
  const roleIds = body.roleIds?.length ? await resolveRoleIds(db, c.var.rt.vendorId, tenantId, body.roleIds) : [];
  const now = await emulatorNow(db);
  const values = {
    token: randomToken(24),
    expiresAt: new Date(now + (body.expiresInMinutes ?? DEFAULT_INVITE_LINK_MINUTES) * 60_000),
    shouldSendEmail: body.shouldSendEmail ?? false,
    roleIds,
    updatedAt: new Date(now),
  };
  const [l] = await db
    .insert(tenantInviteLinks)
    .values({ id: randomUUID(), tenantId, userId: c.var.auth.sub, createdAt: new Date(now), ...values })
    .onConflictDoUpdate({ target: [tenantInviteLinks.tenantId, tenantInviteLinks.userId], set: values })
    .returning();
  await audit(c, {
    action: 'invite-link.created',
    targetId: l.id,
    tenantId,
    details: { expiresAt: l.expiresAt.toISOString(), shouldSendEmail: l.shouldSendEmail, roleIds: l.roleIds },
  });
  return c.json(linkDto(l, c.var.rt.vendorId), 201);
}
invitationRoutes.post(`${INVITES}/v1/user`, requireAuth, createLink);
invitationRoutes.post(`${INVITES}/v2/user`, requireAuth, createLink);

/** updateInviteUserLink: changes expiry (from now), shouldSendEmail, roleIds; the token stays. 404 when there is none. */
invitationRoutes.patch(`${INVITES}/v1/user`, requireAuth, async (c) => {
  requirePermission(c, 'fe.secure.write.users');
  const body = await parseBody(c, linkBody);
  const db = c.var.db;
  const l = await myLink(c);
  if (!l) throw notFound('Invite link not found', 'ER-INVITE-LINK-NOT-FOUND');
  const now = await emulatorNow(db);
  const [u] = await db
    .update(tenantInviteLinks)
    .set({
      ...(body.expiresInMinutes ? { expiresAt: new Date(now + body.expiresInMinutes * 60_000) } : {}),
      ...(body.shouldSendEmail != null ? { shouldSendEmail: body.shouldSendEmail } : {}),
      ...(body.roleIds ? { roleIds: body.roleIds.length ? await resolveRoleIds(db, c.var.rt.vendorId, l.tenantId, body.roleIds) : [] } : {}),
      updatedAt: new Date(now),
    })
    .where(eq(tenantInviteLinks.id, l.id))
    .returning();
  await audit(c, {
    action: 'invite-link.updated',
    targetId: l.id,
    tenantId: l.tenantId,
    details: { expiresAt: u.expiresAt.toISOString(), shouldSendEmail: u.shouldSendEmail, roleIds: u.roleIds },
  });
  return c.json(linkDto(u, c.var.rt.vendorId));
});

/** deleteInviteUserLink → `{}`; the token stops working. 404 when there is none. */
invitationRoutes.delete(`${INVITES}/v1/user`, requireAuth, async (c) => {
  requirePermission(c, 'fe.secure.write.users');
  const l = await myLink(c);
  if (!l) throw notFound('Invite link not found', 'ER-INVITE-LINK-NOT-FOUND');
  await c.var.db.delete(tenantInviteLinks).where(eq(tenantInviteLinks.id, l.id));
  await audit(c, { action: 'invite-link.deleted', targetId: l.id, tenantId: l.tenantId, severity: 'WARNING' });
  return c.json({});
});

/** getInviteLinkConfiguration. */
invitationRoutes.get(`${INVITES}/v1/configuration`, requireAuth, async (c) => c.json({ tenantInvitationsAllowed: true, emailsEnabled: true }));

/** Roles for a user joining through an invite link: the link's roles, else the default roles. */
export async function inviteLinkRoleIds(db: Db, vendorId: string, link: LinkRow): Promise<string[]> {
  if (link.roleIds.length) {
    const found = await db.select({ id: roles.id }).from(roles).where(inArray(roles.id, link.roleIds)).orderBy(asc(roles.level));
    if (found.length) return found.map((r) => r.id);
  }
  return defaultRoleIdsFor(db, vendorId, link.tenantId);
}
