/**
 * Admin routes (architecture "Admin portal"): the sub-account changes — api-contract.md §N createSubTenant,
 * updateSubTenant, deleteSubTenant, updateSubTenantManagement, updateSubTenantHierarchySettings; AB-3.11, AB-7.24,
 * AB-7.25; issue 34 item 2 — and the emulator's own move (`PUT …/sub-tenants/v1/{tenantId}/parent`, emulator/README.md),
 * plus the scale seed of an account tree (`POST /_emulator/tenants/bulk`). Domain code: src/sub-accounts.ts.
 *
 * Who may act where: the caller's scope is the access token's tenant and its descendants (hierarchy.ts). A parent
 * named in a body (`parentTenantId`) must be in it, the caller's own tenant included (403 `Not authorized`
 * otherwise, whether the tenant is a sibling's, another vendor's or does not exist). The account a path names must be
 * a descendant (404 `Tenant not found` outside the scope; 403 `Not authorized` for the caller's own tenant, which is
 * changed through account settings, never as a sub-account of itself).
 *
 * Permissions: `fe.account-hierarchy.write.subAccount` for every change, deletion included (403 `Not authorized`).
 * Every change writes an audit row in the caller's tenant and in each account it touches — the account itself (unless
 * deleted), its parent when created or deleted, both parents when moved — once per account, and emits its
 * `frontegg.tenant.created`, `.updated` or `.deleted` event to the account and to the caller's account (events/payloads.ts).
 */
import { Hono, type Context } from 'hono';
import { z } from 'zod';
import { and, eq } from 'drizzle-orm';
import type { AppEnv } from '../../http/env.ts';
import { guard } from '../../http/auth.ts';
import { audit, type AuditEvent } from '../../audit.ts';
import { notAuthorized, requirePermission } from '../../http/permissions.ts';
import { parseBody } from '../../http/body.ts';
import { badRequest, notFound } from '../../http/errors.ts';
import { ID_PATTERN, idParams } from '../../http/params.ts';
import { SUB_ACCOUNT_ACCESS_TYPES, tenants } from '../../db/schema.ts';
import { emitTenantEvent, webhookTenant } from '../../events/payloads.ts';
import type { EventKey } from '../../events/emit.ts';
import { isInSubtree } from '../../hierarchy.ts';
import { createSubAccount, deleteSubAccount, moveSubAccount, seedTenantTree, updateSubAccount, type SubAccountPatch, type TenantRow } from '../../sub-accounts.ts';

type Ctx = Context<AppEnv>;
export const adminSubTenantRoutes = new Hono<AppEnv>();
export const subTenantEmulatorRoutes = new Hono<AppEnv>();

const SUB_TENANTS = '/tenants/resources/sub-tenants/v1';
guard(adminSubTenantRoutes, `${SUB_TENANTS}/*`);

const WRITE = requirePermission('fe.account-hierarchy.write.subAccount');

/** CreateSubTenantResponse of an account, with its place in the tree and its hierarchy settings. */
export function subAccountDto(t: TenantRow) {
  const s = t.settings;
  return {
    tenantId: t.tenantId,
    name: t.name,
    status: t.isLocked ? 'locked' : 'active',
    website: s.website,
    applicationUrl: s.applicationUrl,
    logo: s.logo,
    logoUrl: s.logo,
    address: s.address,
    timezone: s.timezone,
    currency: s.currency,
    parentTenantId: t.parentTenantId,
    isReseller: t.isReseller,
    subAccountAccessType: t.subAccountAccessType,
    createdAt: t.createdAt.toISOString(),
    updatedAt: t.updatedAt.toISOString(),
  };
}

/** 403 unless `tenantId` is the caller's tenant or one of its descendants. */
async function assertParentInScope(c: Ctx, tenantId: string): Promise<void> {
  if (!(await isInSubtree(c.var.db, c.var.rt.vendorId, c.var.auth.tenantId, tenantId))) throw notAuthorized();
}

/** The account the path names: a descendant of the caller's tenant (see the module comment for the refusals). */
async function subAccountOf(c: Ctx): Promise<TenantRow> {
  const tenantId = c.req.param('tenantId') ?? '';
  if (tenantId === c.var.auth.tenantId) throw notAuthorized();
  const { db } = c.var;
  if (!(await isInSubtree(db, c.var.rt.vendorId, c.var.auth.tenantId, tenantId))) throw notFound('Tenant not found');
  const [row] = await db
    .select()
    .from(tenants)
    .where(and(eq(tenants.tenantId, tenantId), eq(tenants.vendorId, c.var.rt.vendorId)));
  if (!row) throw notFound('Tenant not found');
  return row;
}

/** One audit row of `event` in each of `accounts` (the caller's tenant first; each once, none for an absent one). */
async function auditIn(c: Ctx, accounts: (string | null | undefined)[], event: AuditEvent): Promise<void> {
  for (const tenantId of new Set([c.var.auth.tenantId, ...accounts])) if (tenantId) await audit(c, { ...event, tenantId });
}

/** Emits a tenant event of `tenantId` to it (unless `gone`) and to the caller's account. */
async function emitChange(c: Ctx, key: EventKey, tenantId: string, tenant?: Record<string, unknown>): Promise<void> {
  const accounts = tenant ? [c.var.auth.tenantId] : [tenantId, c.var.auth.tenantId];
  await emitTenantEvent(c.var.db, key, { tenantId, userId: c.var.auth.sub, tenant, accounts });
}

/**
 * The shared body of rename, management and hierarchy settings: applies `patch` to the account the path names; when
 * something changed, one audit row `action` (its details from the rows before and after) per account and
 * `frontegg.tenant.updated`. Answers the account.
 */
async function patchSubAccount(
  c: Ctx,
  patch: SubAccountPatch,
  audited: { action: string; severity?: AuditEvent['severity']; details: (before: TenantRow, after: TenantRow) => Record<string, unknown> },
) {
  const row = await subAccountOf(c);
  const { saved, changed } = await updateSubAccount(c.var.db, row, patch);
  if (changed.length) {
    await auditIn(c, [row.tenantId], { action: audited.action, targetId: row.tenantId, details: audited.details(row, saved), severity: audited.severity });
    await emitChange(c, 'frontegg.tenant.updated', row.tenantId);
  }
  return c.json(subAccountDto(saved));
}

const tenantIdField = (name: string) =>
  z
    .string({ message: `${name} is required` })
    .trim()
    .min(1, `${name} is required`)
    .regex(ID_PATTERN, `${name} must be a tenant id: 1 to 128 letters, digits, '-', '_', '.', ':' or '@'`);
const nameField = z.string({ message: 'name is required' }).trim().min(1, 'name is required').max(255, 'name must be at most 255 characters');
const optionalText = z.string().trim().max(2048, 'must be at most 2048 characters').nullish();

const createBody = z.object({
  tenantId: z
    .string()
    .trim()
    .regex(/^$|^[A-Za-z0-9][A-Za-z0-9._:@-]{0,127}$/, "tenantId must be a tenant id: 1 to 128 letters, digits, '-', '_', '.', ':' or '@'")
    .nullish(),
  name: nameField,
  parentTenantId: tenantIdField('parentTenantId'),
  isReseller: z.boolean({ message: 'isReseller must be true or false' }).nullish(),
  status: optionalText,
  website: optionalText,
  applicationUrl: optionalText,
  logo: optionalText,
  logoUrl: optionalText,
  address: optionalText,
  timezone: optionalText,
  currency: optionalText,
  creatorName: optionalText,
  creatorEmail: optionalText,
});

/**
 * createSubTenant (api-contract §N; AB-7.24): `POST tenants/resources/sub-tenants/v1` `{ name, parentTenantId,
 * tenantId?, isReseller?, website?, applicationUrl?, logo?, logoUrl?, address?, timezone?, currency?, … }` → 201
 * {@link subAccountDto}. `tenantId` empty or absent: a new UUID; taken: 409 `Tenant already exists`. The parent must
 * be in the caller's scope (403). The new account has no users, `subAccountAccessType` `defaultOff`, and its billing
 * (the default plan) from the start. `status`, `creatorName` and `creatorEmail` are accepted and not kept.
 */
adminSubTenantRoutes.post(SUB_TENANTS, WRITE, async (c) => {
  const body = await parseBody(c, createBody);
  await assertParentInScope(c, body.parentTenantId);
  const row = await createSubAccount(c.var.db, c.var.rt.vendorId, {
    tenantId: body.tenantId ?? undefined,
    name: body.name,
    parentTenantId: body.parentTenantId,
    isReseller: body.isReseller ?? undefined,
    settings: {
      website: body.website ?? undefined,
      applicationUrl: body.applicationUrl ?? undefined,
      logo: body.logoUrl || body.logo || undefined,
      address: body.address ?? undefined,
      timezone: body.timezone ?? undefined,
      currency: body.currency ?? undefined,
    },
  });
  await auditIn(c, [row.parentTenantId, row.tenantId], {
    action: 'sub-account.created',
    targetId: row.tenantId,
    details: { name: row.name, tenantId: row.tenantId, parentTenantId: row.parentTenantId, isReseller: row.isReseller },
  });
  await emitChange(c, 'frontegg.tenant.created', row.tenantId);
  return c.json(subAccountDto(row), 201);
});

/**
 * updateSubTenant (api-contract §N; AB-7.24): `PATCH tenants/resources/sub-tenants/v1/{tenantId}` `{ name }` →
 * {@link subAccountDto}: renames the account (the same name: nothing written, nothing audited).
 */
adminSubTenantRoutes.patch(`${SUB_TENANTS}/:tenantId`, WRITE, idParams('tenantId'), async (c) => {
  const body = await parseBody(c, z.object({ name: nameField }));
  return patchSubAccount(c, { name: body.name }, { action: 'sub-account.renamed', details: (before, after) => ({ name: after.name, previousName: before.name }) });
});

/**
 * deleteSubTenant (api-contract §N; AB-7.24): `DELETE tenants/resources/sub-tenants/v1/{tenantId}` → `{}`. Refused
 * while the account has sub-accounts: 400 `This account has sub-accounts. Delete or move them first.`
 * (`ER-TENANT-HAS-SUB-ACCOUNTS`; the admin spec has no text for it, this is ours). Users whose only account it was are
 * deleted; the others only leave it (sub-accounts.ts `deleteSubAccount`). Audited (WARNING) in the caller's tenant
 * and the parent; `frontegg.tenant.deleted` carries the account as it was.
 */
adminSubTenantRoutes.delete(`${SUB_TENANTS}/:tenantId`, WRITE, idParams('tenantId'), async (c) => {
  const row = await subAccountOf(c);
  const before = await webhookTenant(c.var.db, row.tenantId);
  const { removedUsers, deletedUsers } = await deleteSubAccount(c, row);
  await auditIn(c, [row.parentTenantId], {
    action: 'sub-account.deleted',
    targetId: row.tenantId,
    details: { name: row.name, tenantId: row.tenantId, parentTenantId: row.parentTenantId, removedUsers, deletedUsers },
    severity: 'WARNING',
  });
  await emitChange(c, 'frontegg.tenant.deleted', row.tenantId, before);
  return c.json({});
});

/**
 * updateSubTenantManagement (api-contract §N; AB-7.25): `PUT tenants/resources/sub-tenants/v1/{tenantId}/management`
 * `{ isReseller }` → {@link subAccountDto}. Audited `sub-account.management.updated` (WARNING: a reseller shows its
 * sub-accounts' users).
 */
adminSubTenantRoutes.put(`${SUB_TENANTS}/:tenantId/management`, WRITE, idParams('tenantId'), async (c) => {
  const body = await parseBody(c, z.object({ isReseller: z.boolean({ message: 'isReseller must be true or false' }) }));
  return patchSubAccount(
    c,
    { isReseller: body.isReseller },
    { action: 'sub-account.management.updated', severity: 'WARNING', details: (before, after) => ({ name: before.name, isReseller: after.isReseller }) },
  );
});

/**
 * updateSubTenantHierarchySettings (api-contract §N; AB-3.11, AB-7.25): `PUT
 * tenants/resources/sub-tenants/v1/{tenantId}/hierarchy-settings` `{ subAccountAccessType: defaultOff | defaultOn |
 * alwaysOn }` → {@link subAccountDto}. Audited `sub-account.hierarchy-settings.updated` (WARNING: it changes who reaches
 * the account's sub-accounts).
 */
adminSubTenantRoutes.put(`${SUB_TENANTS}/:tenantId/hierarchy-settings`, WRITE, idParams('tenantId'), async (c) => {
  const body = await parseBody(
    c,
    z.object({
      subAccountAccessType: z.enum(SUB_ACCOUNT_ACCESS_TYPES, { message: `subAccountAccessType must be one of ${SUB_ACCOUNT_ACCESS_TYPES.join(', ')}` }),
    }),
  );
  return patchSubAccount(
    c,
    { subAccountAccessType: body.subAccountAccessType },
    {
      action: 'sub-account.hierarchy-settings.updated',
      severity: 'WARNING',
      details: (before, after) => ({ name: before.name, subAccountAccessType: after.subAccountAccessType, previous: before.subAccountAccessType }),
    },
  );
});

/**
 * Move (the emulator's extension; emulator/README.md): `PUT tenants/resources/sub-tenants/v1/{tenantId}/parent`
 * `{ parentTenantId }` → {@link subAccountDto}: the account, with its whole subtree, goes under `parentTenantId`,
 * which must be in the caller's scope (403). 400 `An account cannot be moved under itself or one of its sub-accounts`
 * (`ER-TENANT-HIERARCHY-CYCLE`) when the new parent is the account or a descendant of it. The same parent: nothing
 * written. Audited `sub-account.moved` (WARNING) in the caller's tenant, the old parent, the new parent and the account.
 */
adminSubTenantRoutes.put(`${SUB_TENANTS}/:tenantId/parent`, WRITE, idParams('tenantId'), async (c) => {
  const body = await parseBody(c, z.object({ parentTenantId: tenantIdField('parentTenantId') }));
  const row = await subAccountOf(c);
  await assertParentInScope(c, body.parentTenantId);
  if (row.parentTenantId === body.parentTenantId) return c.json(subAccountDto(row));
  const { saved, from } = await moveSubAccount(c.var.db, c.var.rt.vendorId, row, body.parentTenantId);
  await auditIn(c, [from, saved.parentTenantId, row.tenantId], {
    action: 'sub-account.moved',
    targetId: row.tenantId,
    details: { name: row.name, tenantId: row.tenantId, fromParentTenantId: from, toParentTenantId: saved.parentTenantId },
    severity: 'WARNING',
  });
  await emitChange(c, 'frontegg.tenant.updated', row.tenantId);
  return c.json(subAccountDto(saved));
});

// ---------------------------------------------------------------- the scale seed (/_emulator)

const bulkBody = z.object({
  parentTenantId: tenantIdField('parentTenantId'),
  depth: z.number().int().min(1, 'depth must be at least 1').max(8, 'depth must be at most 8'),
  breadth: z.number().int().min(1, 'breadth must be at least 1').max(1000, 'breadth must be at most 1000'),
  count: z.number().int().min(1, 'count must be at least 1').max(100_000, 'count must be at most 100000').optional(),
  prefix: z
    .string()
    .regex(/^[A-Za-z0-9][A-Za-z0-9_-]{0,40}$/, 'prefix must be 1 to 41 letters, digits, - or _')
    .optional(),
});

/** The most accounts one bulk seed makes. */
export const BULK_MAX_ACCOUNTS = 100_000;

/**
 * `POST /_emulator/tenants/bulk { parentTenantId, depth, breadth, count?, prefix? }` → 201 `{ created, levels }`: a
 * tree of sub-accounts under `parentTenantId` in one statement (sub-accounts.ts {@link seedTenantTree}: level l holds
 * `breadth^l` accounts, at most `count` in all; tenant ids `<prefix>-<level>-<n>`, names `<word> <nnnnn>`). 400 when
 * the tree would exceed 100,000 accounts without a `count`; 404 for an unknown parent; 409 when the ids are taken.
 * For the bench and the browser tests; no audit, no events.
 */
subTenantEmulatorRoutes.post('/tenants/bulk', async (c) => {
  const body = await parseBody(c, bulkBody);
  let full = 0;
  for (let l = 1; l <= body.depth && full <= BULK_MAX_ACCOUNTS; l++) full += body.breadth ** l;
  if (body.count === undefined && full > BULK_MAX_ACCOUNTS) throw badRequest(`The tree would hold more than ${BULK_MAX_ACCOUNTS} accounts: send a count`);
  const [parent] = await c.var.db.select({ vendorId: tenants.vendorId }).from(tenants).where(eq(tenants.tenantId, body.parentTenantId));
  if (!parent) throw notFound('Parent tenant not found');
  return c.json(await seedTenantTree(c.var.db, parent.vendorId, body), 201);
});
