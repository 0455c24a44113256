/**
 * Admin routes of the users section that invite (api-contract §G addUser, §I invite links; AB-7.05, AB-7.13): add a
 * user — a new email, a user of another tenant, or a resend to a pending invitee — and the signed-in admin's invite
 * link of its tenant (get, create, update, delete, configuration). Accepting an invitation and verifying an
 * invite-link token are public: routes/invitations.ts.
 *
 * Reads need `fe.secure.read.users`, changes `fe.secure.write.users` (403 `Not authorized`). A user added with
 * `expirationInSeconds` is a temporary member of the tenant (as `PUT users/temporary/v1/{userId}` makes one).
 */
import { Hono, type Context } from 'hono';
import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { and, eq } from 'drizzle-orm';
import type { AppEnv } from '../../http/env.ts';
import { guard } from '../../http/auth.ts';
import { requirePermission } from '../../http/permissions.ts';
import { parseBody, emailField, optStr } from '../../http/body.ts';
import { badRequest, conflict, notFound } from '../../http/errors.ts';
import { tenantInviteLinks } from '../../db/schema.ts';
import { randomToken } from '../../crypto/tokens.ts';
import { emulatorNow } from '../../clock.ts';
import { findUserByEmail, getUser } from '../../session/accounts.ts';
import { getTenant, membership, sendInvitationEmail, tenantLocked } from '../../lifecycle.ts';
import { emitUserEvent } from '../../events/payloads.ts';
import { audit } from '../../audit.ts';
import { addMembership, assignableRoleIds, roleIdsOrDefault } from '../../roles.ts';
import { insertInvitedUser, teamUser } from '../../team.ts';
import { enforceEmailDomain } from '../../restrictions.ts';
import { enforcePlanLimit } from '../../billing/plan-limits.ts';

export const adminInvitationRoutes = new Hono<AppEnv>();
type Ctx = Context<AppEnv>;

const USERS = '/identity/resources/users';
const INVITES = '/identity/resources/tenants/invites';
/** An invite link's lifetime when the admin gives none: 7 days. */
export const DEFAULT_INVITE_LINK_MINUTES = 7 * 24 * 60;

const READ = requirePermission('fe.secure.read.users');
const WRITE = requirePermission('fe.secure.write.users');

// not `${INVITES}/v1/verify`: verifying an invite-link token is public (routes/invitations.ts)
guard(adminInvitationRoutes, `${USERS}/v2`, `${INVITES}/v1/user`, `${INVITES}/v2/user`, `${INVITES}/v1/configuration`);

// ---------------------------------------------------------------- add user (invite)

const addUserBody = z.object({
  email: emailField(),
  name: optStr(),
  phone: optStr(),
  phoneNumber: optStr(),
  username: optStr(),
  roleIds: z.array(z.string()).nullish(),
  /** A temporary member: expires this many seconds from now (emulator clock), as `PUT users/temporary/v1/{userId}`. */
  expirationInSeconds: z
    .number({ message: 'must be a number of seconds' })
    .int('must be a whole number of seconds')
    .min(60, 'must be at least 60')
    .max(10 * 365 * 86400, 'must be at most 10 years')
    .nullish(),
  provider: optStr(),
  metadata: optStr(),
});

/**
 * addUser / resendInvitationLink (`POST users/v2`, bearer + fe.secure.write.users):
 * - a new email: creates an un-activated user (no password) in the caller's
 *   tenant with `roleIds` (default roles otherwise) → 201 TeamUser + invitation email;
 * - a user of another tenant: adds a pending membership → 201 + invitation email;
 * - a pending invitee of this tenant (e.g. `{ email, provider: 'local' }`): resends → 200 TeamUser;
 * - an active member: 409;
 * - an email the account's domain restrictions refuse (restrictions.ts): 403 with the reason, audited. A bulk invite
 *   is the portal's loop over this call: a refused address lands in its "not invited" list with that reason.
 * With `expirationInSeconds` a new membership is temporary (`temporaryExpirationDate` of the TeamUser).
 * A new member over the seat limit of the account's plan: 400 `Your plan allows <n> users. Upgrade the plan to add
 * more.` (billing/plan-limits.ts; a resend adds no seat).
 */
adminInvitationRoutes.post(`${USERS}/v2`, WRITE, async (c) => {
  const body = await parseBody(c, addUserBody);
  const db = c.var.db;
  const tenantId = c.var.auth.tenantId;
  const tenant = await getTenant(db, tenantId);
  if (!tenant) throw notFound('Tenant not found');
  if (tenant.isLocked) throw tenantLocked();
  const inviter = await getUser(db, c.var.auth.sub);
  const existing = await findUserByEmail(db, body.email);
  const temporaryExpiresAt = body.expirationInSeconds ? new Date((await emulatorNow(db)) + body.expirationInSeconds * 1000) : null;
  if (existing) {
    const m = await membership(db, existing.id, tenantId);
    if (m?.activated) throw conflict('User already exists in this tenant', 'ER-USER-EXISTS');
    await enforceEmailDomain(c, tenantId, existing.email, 'add-user');
    if (m) {
      await sendInvitationEmail(c, existing, tenant, inviter.name);
      await audit(c, { action: 'user.invitation.resent', targetId: existing.id, details: { userEmail: existing.email } });
      return c.json(await teamUser(db, existing.id, tenantId), 200);
    }
    await enforcePlanLimit(db, tenantId, 'seats');
    await addMembership(db, existing.id, tenantId, await roleIdsOrDefault(db, c.var.rt.vendorId, tenantId, body.roleIds), false, { temporaryExpiresAt });
    await sendInvitationEmail(c, existing, tenant, inviter.name);
    await audit(c, { action: 'user.invited', targetId: existing.id, details: { userEmail: existing.email } });
    await emitUserEvent(db, 'frontegg.user.invitedToTenant', { userId: existing.id, tenantId });
    return c.json(await teamUser(db, existing.id, tenantId), 201);
  }
  await enforceEmailDomain(c, tenantId, body.email, 'add-user');
  await enforcePlanLimit(db, tenantId, 'seats');
  const roleIds = await roleIdsOrDefault(db, c.var.rt.vendorId, tenantId, body.roleIds);
  if (body.metadata) {
    try {
      JSON.parse(body.metadata);
    } catch {
      throw badRequest('metadata must be a JSON string');
    }
  }
  const user = await insertInvitedUser(db, c.var.rt.vendorId, tenantId, {
    email: body.email,
    name: body.name,
    phoneNumber: body.phone ?? body.phoneNumber,
    metadata: body.metadata,
  });
  const id = user.id;
  await addMembership(db, id, tenantId, roleIds, false, { temporaryExpiresAt });
  await sendInvitationEmail(c, user, tenant, inviter.name);
  await audit(c, { action: 'user.invited', targetId: id, details: { userEmail: body.email } });
  await emitUserEvent(db, 'frontegg.user.created', { userId: id, tenantId });
  await emitUserEvent(db, 'frontegg.user.invitedToTenant', { userId: id, tenantId });
  return c.json(await teamUser(db, user.id, tenantId), 201);
});

// ---------------------------------------------------------------- invite links (§I)

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
adminInvitationRoutes.get(`${INVITES}/v1/user`, READ, async (c) => {
  const l = await myLink(c);
  if (!l) throw notFound('Invite link not found', 'ER-INVITE-LINK-NOT-FOUND');
  return c.json(linkDto(l, c.var.rt.vendorId));
});

/** create (v1 and v2): a new token (replacing the caller's previous link); 400 ER-01240 for a locked tenant. */
async function createLink(c: Ctx) {
  const body = await parseBody(c, linkBody);
  const db = c.var.db;
  const tenantId = c.var.auth.tenantId;
  const tenant = await getTenant(db, tenantId);
  if (!tenant) throw notFound('Tenant not found');
  if (tenant.isLocked) throw badRequest('Cannot create an invitation link for a locked tenant', 'ER-01240');
  const roleIds = await assignableRoleIds(db, c.var.rt.vendorId, tenantId, body.roleIds ?? []);
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
adminInvitationRoutes.post(`${INVITES}/v1/user`, WRITE, createLink);
adminInvitationRoutes.post(`${INVITES}/v2/user`, WRITE, createLink);

/** updateInviteUserLink: changes expiry (from now), shouldSendEmail, roleIds; the token stays. 404 when there is none. */
adminInvitationRoutes.patch(`${INVITES}/v1/user`, WRITE, async (c) => {
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
      ...(body.roleIds ? { roleIds: await assignableRoleIds(db, c.var.rt.vendorId, l.tenantId, body.roleIds) } : {}),
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
adminInvitationRoutes.delete(`${INVITES}/v1/user`, WRITE, async (c) => {
  const l = await myLink(c);
  if (!l) throw notFound('Invite link not found', 'ER-INVITE-LINK-NOT-FOUND');
  await c.var.db.delete(tenantInviteLinks).where(eq(tenantInviteLinks.id, l.id));
  await audit(c, { action: 'invite-link.deleted', targetId: l.id, tenantId: l.tenantId, severity: 'WARNING' });
  return c.json({});
});

/** getInviteLinkConfiguration. */
adminInvitationRoutes.get(`${INVITES}/v1/configuration`, async (c) => c.json({ tenantInvitationsAllowed: true, emailsEnabled: true }));
