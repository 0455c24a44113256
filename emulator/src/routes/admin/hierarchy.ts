/**
 * Admin routes (architecture "Admin portal"): the tenant hierarchy and the users of a tenant and its sub-tenants —
 * api-contract.md §N (getSubTenants, getSubTenantsAsTree, getParentTenants, getParentTenantsById, searchSubTenants,
 * getHierarchyMetadata, loadAllUsers, removeUserFromTenantAndSubTenants, add/remove/setUserRolesForSubTenants); admin
 * spec §4 "Sub-tenant user deletion", §9 "Sub-tenant users: 20 per page, sorted by name descending", "Accounts page
 * limit 50"; AB-2.04, AB-3.13, AB-4.12, AB-6.06, AB-7.23, AB-7.26. The sub-account changes are routes/admin/sub-tenants.ts.
 *
 * A tenant's parent is `tenants.parent_tenant_id`; the tree is walked in SQL (hierarchy.ts: `WITH RECURSIVE … CYCLE`),
 * never loaded whole. The caller's scope is the access token's tenant and every descendant of it: a tenant outside it
 * is unknown (404 `Tenant not found` when named in the path or as `_subTenantId`) or refused (403 `Not authorized` when
 * listed in a body or `_tenantIds`), and the users list shows only memberships inside it. Levels count from the tenant
 * asked about: a direct child (or the direct parent) is level 1.
 *
 * Reads need `fe.account-hierarchy.read.subAccount` (and `fe.secure.read.users` for users); changes need
 * `fe.account-hierarchy.write.subAccount` and `fe.secure.write.users` (403 `Not authorized`). Every change writes one
 * audit row in the caller's tenant.
 */
import { Hono, type Context } from 'hono';
import { z } from 'zod';
import type { AppEnv } from '../../http/env.ts';
import { guard } from '../../http/auth.ts';
import { audit } from '../../audit.ts';
import { notAuthorized, requirePermission } from '../../http/permissions.ts';
import { parseBody } from '../../http/body.ts';
import { parseQuery, q } from '../../http/query.ts';
import { fronteggPage, pageResult } from '../../http/pager.ts';
import { badRequest, notFound } from '../../http/errors.ts';
import { ID_PATTERN, idParams } from '../../http/params.ts';
import { removeFromTenants } from '../../team.ts';
import {
  ACCOUNT_SORT_KEYS,
  SUB_TENANT_USER_SORT_KEYS,
  accountsPage,
  ancestors,
  descendants,
  hierarchyMetadata,
  inSubtree,
  isInSubtree,
  memberOfAll,
  scopeUsers,
  subTenantUsers,
  subtreeList,
  tenantFields,
  tenantNode,
  treeOf,
} from '../../hierarchy.ts';
import { addMemberRoles, assignableRoleIds, removeMemberRoles, setMemberRoles } from '../../roles.ts';
import { emitUserEvent, webhookUser } from '../../events/payloads.ts';

type Ctx = Context<AppEnv>;
export const adminHierarchyRoutes = new Hono<AppEnv>();

const HIERARCHY = '/tenants/resources/hierarchy/v1';
const HIERARCHY_V2 = '/tenants/resources/hierarchy/v2';
const SUB_TENANT_USERS = '/identity/resources/sub-tenants/users/v1';

guard(adminHierarchyRoutes, `${HIERARCHY}/*`, `${HIERARCHY_V2}/*`, `${SUB_TENANT_USERS}/*`);

const READ_HIERARCHY = requirePermission('fe.account-hierarchy.read.subAccount');
const READ_USERS = requirePermission('fe.account-hierarchy.read.subAccount', 'fe.secure.read.users');
const WRITE_USERS = requirePermission('fe.account-hierarchy.write.subAccount', 'fe.secure.write.users');

/** Page size of the sub-tenant users list when the caller sends none (AB-9.07), and the largest page served. */
export const SUB_TENANT_USERS_PAGE_SIZE = 20;
export const SUB_TENANT_USERS_MAX_PAGE_SIZE = 200;

/** Accounts a hierarchy v2 page holds when the caller sends no `_limit` (admin spec §9 "Accounts page limit 50"; AB-2.04). */
export const ACCOUNTS_PAGE_SIZE = 50;
/** The largest hierarchy v2 page served (`_limit`), so that every read stays bounded. */
export const ACCOUNTS_MAX_PAGE_SIZE = 100;
/** The most tenant ids one getHierarchyMetadata call may name (`_tenantIds`). */
export const METADATA_MAX_TENANTS = 100;

/** The caller's tenant and vendor. */
const callerOf = (c: Ctx) => ({ db: c.var.db, vendorId: c.var.rt.vendorId, tenantId: c.var.auth.tenantId });

// ---------------------------------------------------------------- the hierarchy

/**
 * getSubTenants (api-contract §N; AB-7.23): `GET tenants/resources/hierarchy/v1` → every descendant of the caller's
 * tenant as `[{ tenantId, tenantName, status, createdAt, level }]`, breadth first (level 1 = a direct child), by name
 * within a parent; `[]` without sub-tenants. The reference client types the answer as one ISubTenant: the wire is a list.
 */
adminHierarchyRoutes.get(HIERARCHY, READ_HIERARCHY, async (c) => {
  const { db, vendorId, tenantId } = callerOf(c);
  return c.json((await descendants(db, vendorId, tenantId)).map(({ node, level }) => ({ ...tenantFields(node), level })));
});

/**
 * getSubTenantsAsTree (api-contract §N; AB-7.23): `GET tenants/resources/hierarchy/v1/tree` → the caller's tenant as
 * ISubTenantTree `{ tenantId, tenantName, status, createdAt, children[] }`, children (recursively) sorted by name.
 */
adminHierarchyRoutes.get(`${HIERARCHY}/tree`, READ_HIERARCHY, async (c) => {
  const { db, vendorId, tenantId } = callerOf(c);
  const own = await tenantNode(db, vendorId, tenantId);
  if (!own) throw notFound('Tenant not found');
  return c.json(treeOf(own, await descendants(db, vendorId, tenantId)));
});

/**
 * getParentTenants (api-contract §N; AB-7.23): `GET tenants/resources/hierarchy/v1/parents` → the ancestors of the
 * caller's tenant, nearest first, as `[{ tenantId, level, tenantName, status, createdAt }]` (level 1 = the direct
 * parent); `[]` for a top-level account. (They are above the caller's scope: their names serve breadcrumbs only.)
 */
adminHierarchyRoutes.get(`${HIERARCHY}/parents`, READ_HIERARCHY, async (c) => {
  const { db, vendorId, tenantId } = callerOf(c);
  return c.json((await ancestors(db, vendorId, tenantId)).map(({ node, level }) => ({ ...tenantFields(node), level })));
});

/**
 * getParentTenantsById (api-contract §N; AB-7.23): `GET tenants/resources/hierarchy/v1/parents/{tenantId}` → the
 * ancestors of a tenant in the caller's scope (its own tenant or a descendant), as getParentTenants; 404 otherwise.
 */
adminHierarchyRoutes.get(`${HIERARCHY}/parents/:tenantId`, READ_HIERARCHY, idParams('tenantId'), async (c) => {
  const { db, vendorId, tenantId } = callerOf(c);
  const target = c.req.param('tenantId');
  if (!(await isInSubtree(db, vendorId, tenantId, target))) throw notFound('Tenant not found');
  return c.json((await ancestors(db, vendorId, target)).map(({ node, level }) => ({ ...tenantFields(node), level })));
});

// ---------------------------------------------------------------- hierarchy v2

const accountsIn = z.object({
  _limit: q.int(ACCOUNTS_PAGE_SIZE, 1, ACCOUNTS_MAX_PAGE_SIZE),
  _offset: q.int(0, 0),
  _filter: q.text(),
  _subTenantId: q.text().refine((v) => v === undefined || ID_PATTERN.test(v), 'must be a tenant id'),
  _sortBy: q.oneOf(ACCOUNT_SORT_KEYS, 'name'),
  _order: q.oneOf(['ASC', 'DESC'] as const, 'ASC'),
});

/**
 * searchSubTenants (api-contract §N; AB-2.04, AB-3.13, AB-7.23): `GET tenants/resources/hierarchy/v2` → Pg<{ tenantId,
 * name, createdAt, metadata: { isParent }, isReseller, subAccountAccessType }>: one page of the direct children of
 * `_subTenantId` (default the caller's tenant; it must be in the caller's scope, else 404 `Tenant not found`), or, with
 * `_filter`, of every account below `_subTenantId` at any depth whose name contains `_filter` (case-insensitive; the
 * name search of the whole subtree). `_offset` (rows, default 0), `_limit` (default 50, at most 100), `_sortBy`
 * createdAt | name | tenantId (default name, case-insensitive), `_order` ASC | DESC (default ASC; ties by tenant id).
 * `_links.next` is the path and query of the next page (`''` on the last), likewise `prev`, `first` and `last`.
 */
adminHierarchyRoutes.get(HIERARCHY_V2, READ_HIERARCHY, async (c) => {
  const { db, vendorId, tenantId } = callerOf(c);
  const query = parseQuery(c, accountsIn);
  const parentId = query._subTenantId ?? tenantId;
  if (!(await isInSubtree(db, vendorId, tenantId, parentId))) throw notFound('Tenant not found');
  const page = { limit: query._limit, offset: query._offset };
  const { items, total } = await accountsPage(db, vendorId, { parentId, filter: query._filter, sortBy: query._sortBy, order: query._order, ...page });
  return c.json(fronteggPage(c, items, total, page));
});

const metadataIn = z.object({
  _tenantIds: q
    .list()
    .refine((v) => v !== undefined, 'must name at least one tenant')
    .refine((v) => !v || v.length <= METADATA_MAX_TENANTS, `must name at most ${METADATA_MAX_TENANTS} tenants`),
});

/**
 * getHierarchyMetadata (api-contract §N; AB-7.23): `GET tenants/resources/hierarchy/v2/metadata?_tenantIds=a,b` →
 * `[{ tenantId, totalSubTenants, isParent }]` in the order asked: `totalSubTenants` counts every account below it at
 * any depth, `isParent` whether it has one. At most 100 ids; each must be in the caller's scope (403 `Not authorized`
 * otherwise).
 */
adminHierarchyRoutes.get(`${HIERARCHY_V2}/metadata`, READ_HIERARCHY, async (c) => {
  const { db, vendorId, tenantId } = callerOf(c);
  const ids = parseQuery(c, metadataIn)._tenantIds ?? [];
  const inside = await inSubtree(db, vendorId, tenantId, ids);
  if (ids.some((id) => !inside.has(id))) throw notAuthorized();
  return c.json(await hierarchyMetadata(db, vendorId, ids));
});

// ---------------------------------------------------------------- the users list's query

const usersIn = z.object({
  _limit: q.int(SUB_TENANT_USERS_PAGE_SIZE, 1, SUB_TENANT_USERS_MAX_PAGE_SIZE),
  _offset: q.int(0, 0),
  _sortBy: q.oneOf(SUB_TENANT_USER_SORT_KEYS, 'name'),
  _order: q.oneOf(['ASC', 'DESC'] as const, 'DESC'),
  _filter: q.text(),
});

/**
 * loadAllUsers (api-contract §N; AB-7.26, AB-9.07, AB-9.08): `GET identity/resources/sub-tenants/users/v1` → PR
 * `{ items, totalPages }` of ISubTenantUser: every user with a membership in the caller's tenant or a descendant, one
 * row per user, with `tenants[{ tenantId, roles, permissions, activated, lastLogin }]` for the memberships inside that
 * scope only. Query: `_offset` (rows), `_limit` (default 20, at most 200), `_filter` (email or name substring,
 * case-insensitive), `_sortBy` name | email | createdAt (default name), `_order` ASC | DESC (default DESC).
 */
adminHierarchyRoutes.get(SUB_TENANT_USERS, READ_USERS, async (c) => {
  const db = c.var.db;
  // one walk, then its ids in the four queries of the page (a subquery each would walk the subtree four times)
  const scope = await subtreeList(db, c.var.rt.vendorId, c.var.auth.tenantId);
  const { _limit: limit, _offset: offset, _sortBy: sortBy, _order: order, _filter: filter } = parseQuery(c, usersIn);
  const { rows, total } = await scopeUsers(db, scope, { limit, offset, sortBy, order, filter });
  return c.json(pageResult(await subTenantUsers(db, rows, scope), total, { limit, offset }));
});

// ---------------------------------------------------------------- changes

/** 403 unless every one of `tenantIds` is the caller's tenant or a descendant of it. */
async function assertInScope(c: Ctx, tenantIds: string[]): Promise<void> {
  const inside = await inSubtree(c.var.db, c.var.rt.vendorId, c.var.auth.tenantId, tenantIds);
  if (!tenantIds.every((id) => inside.has(id))) throw notAuthorized();
}

/** 400 when a tenant is named twice in one request. */
function assertDistinct(tenantIds: string[]): void {
  const dup = tenantIds.find((id, i) => tenantIds.indexOf(id) !== i);
  if (dup) throw badRequest(`Tenant ${dup} is listed twice`);
}

const removeUserBody = z.object({
  userId: z.string({ message: 'userId is required' }).trim().min(1, 'userId is required'),
  subTenants: z
    .array(z.object({ tenantId: z.string({ message: 'tenantId is required' }).trim().min(1, 'tenantId is required') }), {
      message: 'subTenants must be a list of { tenantId }',
    })
    .min(1, 'subTenants must name at least one tenant'),
});

/**
 * removeUserFromTenantAndSubTenants (api-contract §N; AB-7.26, AB-4.12): `DELETE identity/resources/sub-tenants/users/v1`
 * `{ userId, subTenants: [{ tenantId }] }` → 200 `{}`. Removes the user's memberships of those tenants (roles, groups
 * of the tenant, sessions in it); the user stays in loadAllUsers while it is in another tenant of the scope, and a user
 * left without any tenant is deleted. 403 for a tenant outside the caller's scope, 404 for a user in none of them, 400
 * for a tenant it is not in, and for removing yourself from the tenant you are signed in to.
 */
adminHierarchyRoutes.delete(SUB_TENANT_USERS, WRITE_USERS, async (c) => {
  const body = await parseBody(c, removeUserBody);
  const tenantIds = body.subTenants.map((t) => t.tenantId);
  assertDistinct(tenantIds);
  await assertInScope(c, tenantIds);
  if (body.userId === c.var.auth.sub && tenantIds.includes(c.var.auth.tenantId)) throw badRequest('You cannot remove yourself from your own tenant');
  const db = c.var.db;
  const u = await memberOfAll(db, body.userId, tenantIds);
  const before = [];
  for (const tenantId of tenantIds) before.push({ userId: u.id, tenantId, user: await webhookUser(db, u.id, tenantId) });
  const { userDeleted } = await removeFromTenants(db, u.id, tenantIds);
  for (const event of before) await emitUserEvent(db, 'frontegg.user.removedFromTenant', event);
  if (userDeleted) await emitUserEvent(db, 'frontegg.user.deleted', before[0]);
  await audit(c, { action: 'user.sub-tenants.removed', targetId: u.id, details: { userEmail: u.email, tenantIds, userDeleted }, severity: 'WARNING' });
  return c.json({});
});

const subTenantRolesBody = z.object({
  subTenantsRoles: z
    .array(
      z.object({
        tenantId: z.string({ message: 'tenantId is required' }).trim().min(1, 'tenantId is required'),
        roleIds: z.array(z.string(), { message: 'roleIds must be a list of role ids' }),
      }),
      { message: 'subTenantsRoles must be a list of { tenantId, roleIds }' },
    )
    .min(1, 'subTenantsRoles must name at least one tenant'),
  ipAddress: z.string().nullish(),
  userAgent: z.string().nullish(),
});

type RolesChange = 'added' | 'removed' | 'set';

/** The shared body of the three roles routes: validate, then apply `change` per tenant and write one audit row. */
async function changeSubTenantRoles(c: Ctx, change: RolesChange) {
  const body = await parseBody(c, subTenantRolesBody);
  const userId = c.req.param('userId') ?? '';
  const tenantIds = body.subTenantsRoles.map((t) => t.tenantId);
  assertDistinct(tenantIds);
  await assertInScope(c, tenantIds);
  const db = c.var.db;
  const u = await memberOfAll(db, userId, tenantIds);
  const plan: { tenantId: string; roleIds: string[] }[] = [];
  for (const t of body.subTenantsRoles) plan.push({ tenantId: t.tenantId, roleIds: await assignableRoleIds(db, c.var.rt.vendorId, t.tenantId, t.roleIds) });
  if (change !== 'set' && plan.every((t) => t.roleIds.length === 0)) throw badRequest('roleIds must name at least one role');
  const apply = { added: addMemberRoles, removed: removeMemberRoles, set: setMemberRoles }[change];
  for (const { tenantId, roleIds } of plan) await apply(db, u.id, tenantId, roleIds);
  await audit(c, { action: `user.sub-tenant-roles.${change}`, targetId: u.id, details: { userEmail: u.email, subTenantsRoles: plan }, severity: 'WARNING' });
  return c.json({});
}

/**
 * addUserRolesForSubTenants (api-contract §N; AB-6.06, AB-7.26): `POST identity/resources/sub-tenants/users/v1/{userId}/roles`
 * `{ subTenantsRoles: [{ tenantId, roleIds }], ipAddress?, userAgent? }` → 200 `{}`: adds the roles in each tenant.
 * 403 for a tenant outside the caller's scope, 404 for a user in none of them, 400 for a tenant the user is not in, an
 * unknown role (global roles and the tenant's own only) or no role at all.
 */
adminHierarchyRoutes.post(`${SUB_TENANT_USERS}/:userId/roles`, WRITE_USERS, idParams('userId'), (c) => changeSubTenantRoles(c, 'added'));

/** removeUserRolesFromSubTenants (api-contract §N; AB-6.06, AB-7.26): `DELETE …/{userId}/roles`, the same body → 200 `{}`: removes the roles in each tenant. */
adminHierarchyRoutes.delete(`${SUB_TENANT_USERS}/:userId/roles`, WRITE_USERS, idParams('userId'), (c) => changeSubTenantRoles(c, 'removed'));

/**
 * setUserRolesForSubTenants (api-contract §N; AB-6.06, AB-7.26): `PATCH …/{userId}/roles`, the same body → 200 `{}`:
 * each listed tenant's roles become exactly `roleIds` (`[]` or `['']` = none); tenants not listed keep theirs.
 */
adminHierarchyRoutes.patch(`${SUB_TENANT_USERS}/:userId/roles`, WRITE_USERS, idParams('userId'), (c) => changeSubTenantRoles(c, 'set'));
