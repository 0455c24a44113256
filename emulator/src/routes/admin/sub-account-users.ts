/**
 * Admin routes (issue 34 item 4; api-contract §N): adding users to a sub-account and the per-user sub-account access
 * switch — addUsersToSubTenant (`POST sub-tenants/users/v2/`), addUserToTenantAndSubTenants (`POST sub-tenants/users/v1`)
 * and updateSubAccountAccess (`PUT sub-tenants/users/v1/{userId}/access`); AB-6.10, AB-7.26. Removing a user from an
 * account and its sub-accounts and the roles there are routes/admin/hierarchy.ts's.
 *
 * The caller's scope is its token's account and every descendant (with a sub-account's token, src/sub-account-access.ts,
 * that sub-account's subtree): a tenant outside it is refused with 403 `Not authorized`, as another vendor's is.
 * Changes need `fe.account-hierarchy.write.subAccount` and `fe.secure.write.users`, as the other sub-tenant users
 * changes (Frontegg's finer keys, `fe.secure.write.userSubTenants` and `fe.account-hierarchy.write.subAccountAccess`,
 * are not seeded by the emulator). Each added membership is an invitation, as `POST users/v2` makes one: pending until
 * accepted, an invitation email, `frontegg.user.invitedToTenant` (and `frontegg.user.created` for a new user). A
 * request is all or nothing: one refused address (already a member, the account's domain restrictions, the plan's seat
 * limit) refuses the whole request and adds nobody. Every change writes one audit row per user in the caller's account.
 */
import { Hono, type Context } from 'hono';
import { z } from 'zod';
import { and, eq } from 'drizzle-orm';
import type { AppEnv } from '../../http/env.ts';
import { guard } from '../../http/auth.ts';
import { notAuthorized, requirePermission } from '../../http/permissions.ts';
import { emailField, parseBody, optStr } from '../../http/body.ts';
import { badRequest, conflict, notFound } from '../../http/errors.ts';
import { idParams } from '../../http/params.ts';
import { userTenants } from '../../db/schema.ts';
import { audit } from '../../audit.ts';
import { findUserByEmail, getUser, type TenantRow, type UserRow } from '../../session/accounts.ts';
import { getTenant, membership, sendInvitationEmail, tenantLocked } from '../../lifecycle.ts';
import { addMembership, addMemberRoles, assignableRoleIds, roleIdsOrDefault } from '../../roles.ts';
import { insertInvitedUser } from '../../team.ts';
import { enforceEmailDomain } from '../../restrictions.ts';
import { enforcePlanLimit } from '../../billing/plan-limits.ts';
import { emitUserEvent } from '../../events/payloads.ts';
import { isInSubtree } from '../../hierarchy.ts';

type Ctx = Context<AppEnv>;
export const adminSubAccountUserRoutes = new Hono<AppEnv>();

const SUB_TENANT_USERS_V1 = '/identity/resources/sub-tenants/users/v1';
const SUB_TENANT_USERS_V2 = '/identity/resources/sub-tenants/users/v2';

// v1's own paths are guarded by routes/admin/hierarchy.ts as well (`…/v1/*`): requireAuth runs once per request
guard(adminSubAccountUserRoutes, `${SUB_TENANT_USERS_V1}/*`, `${SUB_TENANT_USERS_V2}/*`);

const WRITE_USERS = requirePermission('fe.account-hierarchy.write.subAccount', 'fe.secure.write.users');

/** The most users addUsersToSubTenant adds in one request (the portal's invite dialog: up to 5 at a time). */
export const SUB_TENANT_INVITE_MAX_USERS = 5;
/** The most accounts addUserToTenantAndSubTenants adds one user to in one request. */
export const SUB_TENANT_ADD_MAX_TENANTS = 50;

/** The account, which must be in the caller's scope (403 `Not authorized` otherwise, as for an unknown id) and not locked (400 ER-01239). */
async function tenantInScope(c: Ctx, tenantId: string): Promise<TenantRow> {
  if (!(await isInSubtree(c.var.db, c.var.rt.vendorId, c.var.auth.tenantId, tenantId))) throw notAuthorized();
  const tenant = await getTenant(c.var.db, tenantId);
  if (!tenant) throw notAuthorized();
  if (tenant.isLocked) throw tenantLocked();
  return tenant;
}

/** 400 when an entry is named twice in one request. */
function assertDistinct(values: string[], what: string): void {
  const dup = values.find((v, i) => values.indexOf(v) !== i);
  if (dup) throw badRequest(`${what} ${dup} is listed twice`);
}

/** What one invitation did. */
interface Invited {
  user: UserRow;
  /** A user made by this request. */
  created: boolean;
}

/**
 * Invites `email` into `tenant` with `roleIds` (the account's default roles when none), the way `POST users/v2` does:
 * a new user, or a new pending membership of an existing one; a pending invitee is sent the invitation again.
 * `allowSubAccountAccess`, when given, sets the user's sub-account access switch in that account.
 * @throws 409 `User <email> already exists in this account` (ER-USER-EXISTS) for an active member; the account's
 * domain restriction (403) and the plan's seat limit (400)
 */
async function invite(
  c: Ctx,
  tenant: TenantRow,
  who: { email: string; name?: string | null },
  roleIds: string[] | undefined,
  allowSubAccountAccess: boolean | undefined,
  inviterName: string,
): Promise<Invited> {
  const db = c.var.db;
  const tenantId = tenant.tenantId;
  const existing = await findUserByEmail(db, who.email);
  const m = existing ? await membership(db, existing.id, tenantId) : undefined;
  if (m?.activated) throw conflict(`User ${who.email} already exists in this account`, 'ER-USER-EXISTS');
  if (!m) {
    await enforceEmailDomain(c, tenantId, who.email, 'add-user');
    await enforcePlanLimit(db, tenantId, 'seats');
  }
  const user = existing ?? (await insertInvitedUser(db, c.var.rt.vendorId, tenantId, { email: who.email, name: who.name }));
  if (!m) await addMembership(db, user.id, tenantId, await roleIdsOrDefault(db, c.var.rt.vendorId, tenantId, roleIds), false);
  if (allowSubAccountAccess !== undefined) await setAccessSwitch(c, user.id, tenantId, allowSubAccountAccess);
  await sendInvitationEmail(c, user, tenant, inviterName);
  if (!existing) await emitUserEvent(db, 'frontegg.user.created', { userId: user.id, tenantId });
  if (!m) await emitUserEvent(db, 'frontegg.user.invitedToTenant', { userId: user.id, tenantId });
  return { user, created: !existing };
}

/** Sets the member's sub-account access switch in `tenantId`. */
async function setAccessSwitch(c: Ctx, userId: string, tenantId: string, allowed: boolean): Promise<void> {
  await c.var.db
    .update(userTenants)
    .set({ subAccountAccessAllowed: allowed })
    .where(and(eq(userTenants.userId, userId), eq(userTenants.tenantId, tenantId)));
}

const tenantIdField = () => z.string({ message: 'tenantId is required' }).trim().min(1, 'tenantId is required');
const roleIdsField = () => z.array(z.string(), { message: 'roleIds must be a list of role ids' }).nullish();
const userField = () => z.object({ email: emailField(), name: optStr() }, { message: 'a user is { email, name }' });

const addUsersBody = z.object({
  users: z
    .array(userField(), { message: 'users must be a list of { email, name }' })
    .min(1, 'users must name at least one user')
    .max(SUB_TENANT_INVITE_MAX_USERS, `users may name at most ${SUB_TENANT_INVITE_MAX_USERS} users`),
  tenantId: tenantIdField(),
  roleIds: roleIdsField(),
  allowSubAccountAccess: z.boolean({ message: 'allowSubAccountAccess must be true or false' }).nullish(),
});

/**
 * addUsersToSubTenant (api-contract §N; issue 34 item 4): `POST identity/resources/sub-tenants/users/v2/` (the
 * reference client's trailing slash; without it too) `{ users: [{ email, name? }] (1–5), tenantId, roleIds?,
 * allowSubAccountAccess? }` → 201 `{ tenantId, users: [{ id, email, name, created }] }` (the client types it void):
 * invites each user into `tenantId` (the caller's account or a descendant) with `roleIds` (the account's default roles
 * when none); `allowSubAccountAccess` ("also give access to existing and future sub-accounts") sets their sub-account
 * access switch there. 400 for more than 5 users, an email twice, an unknown role; 403 outside the caller's scope;
 * 409 for an active member (nobody is added).
 */
async function addUsersToSubTenant(c: Ctx) {
  const body = await parseBody(c, addUsersBody);
  assertDistinct(
    body.users.map((u) => u.email),
    'Email',
  );
  const tenant = await tenantInScope(c, body.tenantId);
  const db = c.var.db;
  // unknown roles refuse the request before anyone is added
  const roleIds = body.roleIds?.some((id) => id !== '') ? await assignableRoleIds(db, c.var.rt.vendorId, tenant.tenantId, body.roleIds) : undefined;
  const inviter = await getUser(db, c.var.auth.sub);
  const out = [];
  for (const who of body.users) {
    const { user, created } = await invite(c, tenant, who, roleIds, body.allowSubAccountAccess ?? undefined, inviter.name);
    await audit(c, {
      action: 'user.sub-tenant.invited',
      targetId: user.id,
      details: { userEmail: user.email, tenantId: tenant.tenantId, tenantName: tenant.name, roleIds: roleIds ?? [], allowSubAccountAccess: body.allowSubAccountAccess ?? null },
    });
    out.push({ id: user.id, email: user.email, name: user.name, created });
  }
  return c.json({ tenantId: tenant.tenantId, users: out }, 201);
}
adminSubAccountUserRoutes.post(`${SUB_TENANT_USERS_V2}/`, WRITE_USERS, addUsersToSubTenant);
adminSubAccountUserRoutes.post(SUB_TENANT_USERS_V2, WRITE_USERS, addUsersToSubTenant);

const addToTenantsBody = z.object({
  user: userField(),
  subTenants: z
    .array(z.object({ tenantId: tenantIdField(), roleIds: roleIdsField() }), { message: 'subTenants must be a list of { tenantId, roleIds }' })
    .min(1, 'subTenants must name at least one tenant')
    .max(SUB_TENANT_ADD_MAX_TENANTS, `subTenants may name at most ${SUB_TENANT_ADD_MAX_TENANTS} tenants`),
});

/**
 * addUserToTenantAndSubTenants (api-contract §N): `POST identity/resources/sub-tenants/users/v1` `{ user: { email,
 * name? }, subTenants: [{ tenantId, roleIds? }] (1–50) }` → 201 `{ id, email, name, tenantIds }` (the client types it
 * void): the user is invited into each account (the caller's or a descendant) with its roles (the account's default
 * roles when none); in an account the user is already an active member of, the roles are added. 400 for a tenant
 * twice or an unknown role; 403 for a tenant outside the caller's scope (nothing is changed).
 */
adminSubAccountUserRoutes.post(SUB_TENANT_USERS_V1, WRITE_USERS, async (c) => {
  const body = await parseBody(c, addToTenantsBody);
  assertDistinct(
    body.subTenants.map((t) => t.tenantId),
    'Tenant',
  );
  const db = c.var.db;
  const plan: { tenant: TenantRow; roleIds: string[] | undefined }[] = [];
  for (const t of body.subTenants) {
    const tenant = await tenantInScope(c, t.tenantId);
    plan.push({ tenant, roleIds: t.roleIds?.some((id) => id !== '') ? await assignableRoleIds(db, c.var.rt.vendorId, tenant.tenantId, t.roleIds) : undefined });
  }
  const inviter = await getUser(db, c.var.auth.sub);
  let user: UserRow | undefined;
  const added: string[] = [];
  const rolesAdded: string[] = [];
  for (const { tenant, roleIds } of plan) {
    const existing = user ?? (await findUserByEmail(db, body.user.email));
    const m = existing ? await membership(db, existing.id, tenant.tenantId) : undefined;
    if (existing && m?.activated) {
      await addMemberRoles(db, existing.id, tenant.tenantId, roleIds ?? []);
      rolesAdded.push(tenant.tenantId);
      user = existing;
      continue;
    }
    user = (await invite(c, tenant, body.user, roleIds, undefined, inviter.name)).user;
    added.push(tenant.tenantId);
  }
  if (!user) throw notFound('User not found', 'ER-USER-NOT-FOUND');
  await audit(c, { action: 'user.sub-tenants.added', targetId: user.id, details: { userEmail: user.email, tenantIds: added, rolesAddedIn: rolesAdded } });
  return c.json({ id: user.id, email: user.email, name: user.name, tenantIds: [...added, ...rolesAdded] }, 201);
});

/**
 * updateSubAccountAccess (api-contract §N; AB-6.10): `PUT identity/resources/sub-tenants/users/v1/{userId}/access`
 * `{ allowAccess }` → 200 `{ userId, tenantId, allowAccess, subAccountAccessAllowed }`: the user's sub-account access
 * switch in the caller's account (may the user enter this account's sub-accounts). `subAccountAccessAllowed` is the
 * access in effect — always true while the account's access type is `alwaysOn` (the switch is kept for when it is
 * not). Turning it off stops the user's sub-account tokens at their next call (`enforceSubAccountAccess`). 404 for a user who is
 * not a member of the caller's account.
 */
adminSubAccountUserRoutes.put(`${SUB_TENANT_USERS_V1}/:userId/access`, WRITE_USERS, idParams('userId'), async (c) => {
  const body = await parseBody(c, z.object({ allowAccess: z.boolean({ message: 'allowAccess must be true or false' }) }));
  const db = c.var.db;
  const userId = c.req.param('userId');
  const tenantId = c.var.auth.tenantId;
  const m = await membership(db, userId, tenantId);
  if (!m) throw notFound('User not found', 'ER-USER-NOT-FOUND');
  await setAccessSwitch(c, userId, tenantId, body.allowAccess);
  const tenant = await getTenant(db, tenantId);
  const user = await getUser(db, userId);
  await audit(c, {
    action: 'user.sub-account-access.updated',
    targetId: userId,
    details: { userEmail: user.email, allowAccess: body.allowAccess },
    severity: 'WARNING',
  });
  const effective = tenant?.subAccountAccessType === 'alwaysOn' || body.allowAccess;
  return c.json({ userId, tenantId, allowAccess: body.allowAccess, subAccountAccessAllowed: effective });
});
