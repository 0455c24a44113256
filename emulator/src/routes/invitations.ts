/**
 * Invitations (api-contract.md §D, §I), the public side: accepting an invitation
 * (link or code), resending it, and verifying an invite-link token. Inviting (the
 * admin's add user) and managing invite links: routes/admin/invitations.ts.
 */
import { Hono, type Context } from 'hono';
import { z } from 'zod';
import { and, desc, eq } from 'drizzle-orm';
import type { AppEnv } from '../http/env.ts';
import { parseBody, emailField } from '../http/body.ts';
import { badRequest } from '../http/errors.ts';
import { userTenants, users } from '../db/schema.ts';
import { findUserByEmail } from '../session/accounts.ts';
import { audit } from '../audit.ts';
import {
  consumeLifecycleToken,
  getTenant,
  loadLifecycleToken,
  membership,
  resolveInviteLink,
  sendActivationEmail,
  sendInvitationEmail,
  tenantLocked,
  wrongCodeAnswer,
} from '../lifecycle.ts';
import type { Db } from '../db/client.ts';
import { enforceEmailDomain } from '../restrictions.ts';
import { emitUserEvent } from '../events/payloads.ts';

export const invitationRoutes = new Hono<AppEnv>();
type Ctx = Context<AppEnv>;
const USERS = '/identity/resources/users';
const INVITES = '/identity/resources/tenants/invites';

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
 * 400 ER-01239 when the tenant is locked (the token stays usable); 403 when the account's email-domain restrictions
 * refuse the invitee (restrictions.ts; the token stays usable, the refusal is audited).
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
  // the account's email-domain restrictions as they stand now (they may have changed since the invitation): 403
  const [invitee] = await db.select({ email: users.email }).from(users).where(eq(users.id, row.userId));
  if (invitee) await enforceEmailDomain(c, tenant.tenantId, invitee.email, 'invitation-accept');
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
  await emitUserEvent(db, 'frontegg.user.activated', { userId: user.id, tenantId: tenant.tenantId });
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

// ---------------------------------------------------------------- invite links (§I; managing them: routes/admin/invitations.ts)

/** verifyInviteToken: `{ token }` (an invite-link token) → the tenant name as a JSON string. */
invitationRoutes.post(`${INVITES}/v1/verify`, async (c) => {
  const { token } = await parseBody(c, z.object({ token: z.string().min(1, 'token is required') }));
  const { tenant } = await resolveInviteLink(c.var.db, token);
  return c.json(tenant.name);
});
