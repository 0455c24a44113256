/**
 * Entitlements (api-contract.md §F loadEntitlementsV2) computed from stored
 * features, plans and grants, plus the `/_emulator/entitlements` admin routes
 * that tests use to set them up.
 *
 * Model:
 * - A feature has linkedPermissions and optionally a featureFlag
 *   `{ on, offTreatment, defaultTreatment, rules }`.
 * - A plan has defaultTreatment, targeting rules and the features it grants.
 * - A grant gives a plan or a feature to a tenant or a user, optionally until
 *   `expiresAt`.
 *
 * The bundle for a user in a tenant (the token's tenantId) holds:
 * - every feature granted directly or through an assigned plan (user's or
 *   tenant's), with `expireTime` = the latest expiry of those grants in ms, or
 *   -1 when one of them never expires; an expired grant stays in the bundle
 *   with its past expireTime (so the client can say BUNDLE_EXPIRED);
 * - every feature with a featureFlag, and every feature of a targeting plan
 *   (a plan with rules or defaultTreatment 'true'), which the client grants by
 *   evaluating the flag or the plan's rules; such a feature without a direct
 *   grant has `expireTime: null`;
 * - every feature that gates one of the user's permissions (linkedPermissions)
 *   and belongs to some plan, even when not granted: with `expireTime: null`
 *   and the plans that would grant it, so a permission check can answer
 *   MISSING_FEATURE;
 * - `planIds`: the assigned and targeting plans that include the feature;
 * - `plans`: every plan named in some planIds, with defaultTreatment and rules;
 * - `permissions`: `{ [key]: true }` for the permissions of the user's roles in the tenant.
 */
import { Hono, type Context } from 'hono';
import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { and, asc, eq, or } from 'drizzle-orm';
import type { AppEnv } from '../http/env.ts';
import type { Db } from '../db/client.ts';
import { requireAuth } from '../http/auth.ts';
import { parseBody } from '../http/body.ts';
import { notFound } from '../http/errors.ts';
import {
  entitlementFeatures,
  entitlementGrants,
  entitlementPlanFeatures,
  entitlementPlans,
  tenants,
  users,
  type EntitlementRule,
  type FeatureFlagConfig,
  type Treatment,
} from '../db/schema.ts';
import { authorizationFor } from '../session/authorization.ts';
import { emulatorDate } from '../clock.ts';
import { settleBilling } from '../billing/billing.ts';

type Ctx = Context<AppEnv>;

/** expireTime on the wire for "never expires". */
export const NO_EXPIRATION_TIME = -1;

export const CONDITION_OPS = [
  'in_list',
  'starts_with',
  'ends_with',
  'contains',
  'matches',
  'equal',
  'greater_than',
  'greater_than_equal',
  'lower_than',
  'lower_than_equal',
  'between_numeric',
  'is',
  'on',
  'between_date',
  'on_or_after',
  'on_or_before',
] as const;

// ---------------------------------------------------------------- wire shape

export interface FeatureEntitlement {
  planIds: string[];
  /** ms since the epoch; -1 = never expires; null = not granted directly (only through a flag or plan targeting). */
  expireTime: number | null;
  linkedPermissions: string[];
  featureFlag?: FeatureFlagConfig;
}

export interface EntitlementsBundle {
  features: Record<string, FeatureEntitlement>;
  plans: Record<string, { defaultTreatment: Treatment; rules: EntitlementRule[] }>;
  permissions: Record<string, true>;
}

const isTargeting = (p: typeof entitlementPlans.$inferSelect) => p.rules.length > 0 || p.defaultTreatment === 'true';

/** Latest of two expiries; -1 (never) wins. */
const laterExpiry = (a: number | undefined, b: number): number =>
  a === undefined ? b : a === NO_EXPIRATION_TIME || b === NO_EXPIRATION_TIME ? NO_EXPIRATION_TIME : Math.max(a, b);

/** Computes the entitlements v2 bundle of a user in a tenant from what is stored. */
export async function computeEntitlements(db: Db, userId: string, tenantId: string): Promise<EntitlementsBundle> {
  // one query at a time: `db` may be a transaction, a single connection (node-postgres 9 refuses concurrent queries on one)
  const grants = await db
    .select()
    .from(entitlementGrants)
    .where(or(eq(entitlementGrants.userId, userId), eq(entitlementGrants.tenantId, tenantId)))
    .orderBy(asc(entitlementGrants.createdAt));
  const plans = await db.select().from(entitlementPlans).orderBy(asc(entitlementPlans.id));
  const features = await db.select().from(entitlementFeatures).orderBy(asc(entitlementFeatures.key));
  const planFeatures = await db.select().from(entitlementPlanFeatures).orderBy(asc(entitlementPlanFeatures.planId), asc(entitlementPlanFeatures.featureKey));
  const auth = await authorizationFor(db, userId, tenantId);

  const featuresOfPlan = new Map<string, string[]>();
  for (const pf of planFeatures) featuresOfPlan.set(pf.planId, [...(featuresOfPlan.get(pf.planId) ?? []), pf.featureKey]);

  // Direct entitlements: features granted, or granted through an assigned plan.
  const expiry = new Map<string, number>();
  const assignedPlans = new Set<string>();
  for (const g of grants) {
    const exp = g.expiresAt ? g.expiresAt.getTime() : NO_EXPIRATION_TIME;
    const keys = g.featureKey ? [g.featureKey] : (featuresOfPlan.get(g.planId!) ?? []);
    if (g.planId) assignedPlans.add(g.planId);
    for (const key of keys) expiry.set(key, laterExpiry(expiry.get(key), exp));
  }

  const relevantPlans = plans.filter((p) => assignedPlans.has(p.id) || isTargeting(p));
  const planIdsOf = new Map<string, string[]>();
  for (const p of relevantPlans) {
    for (const key of featuresOfPlan.get(p.id) ?? []) planIdsOf.set(key, [...(planIdsOf.get(key) ?? []), p.id]);
  }

  // A feature that gates one of the user's permissions (linkedPermissions) is listed even when it is not
  // granted, with the plans that would grant it, so the client can answer MISSING_FEATURE for the permission.
  const userPermissions = new Set(auth.permissions.map((p) => p.key));
  const plansWith = new Map<string, string[]>();
  for (const pf of planFeatures) plansWith.set(pf.featureKey, [...(plansWith.get(pf.featureKey) ?? []), pf.planId]);
  const gatesUser = (f: (typeof features)[number]) => f.linkedPermissions.some((key) => userPermissions.has(key));

  const bundle: EntitlementsBundle = { features: {}, plans: {}, permissions: {} };
  const referencedPlans = new Set<string>();
  for (const f of features) {
    let planIds = planIdsOf.get(f.key) ?? [];
    if (!expiry.has(f.key) && planIds.length === 0 && !f.featureFlag) {
      if (!gatesUser(f) || !plansWith.has(f.key)) continue;
      planIds = plansWith.get(f.key)!;
    }
    planIds.forEach((id) => referencedPlans.add(id));
    bundle.features[f.key] = {
      planIds,
      expireTime: expiry.get(f.key) ?? null,
      linkedPermissions: f.linkedPermissions,
      ...(f.featureFlag ? { featureFlag: f.featureFlag } : {}),
    };
  }
  for (const p of plans) {
    if (referencedPlans.has(p.id)) bundle.plans[p.id] = { defaultTreatment: p.defaultTreatment, rules: p.rules };
  }
  for (const p of auth.permissions) bundle.permissions[p.key] = true;
  return bundle;
}

// ---------------------------------------------------------------- identity API

export const entitlementRoutes = new Hono<AppEnv>();

/**
 * loadEntitlementsV2: the bundle of the caller in the token's tenant. Billing is settled first (src/billing/billing.ts),
 * so a plan that ended by the emulator clock has taken its features with it.
 */
entitlementRoutes.get('/entitlements/api/v2/user-entitlements', requireAuth, async (c) => {
  await settleBilling(c);
  return c.json(await computeEntitlements(c.var.db, c.var.auth.sub, c.var.auth.tenantId));
});

// ---------------------------------------------------------------- test-only admin routes (/_emulator/entitlements)

const treatment = z.union([z.enum(['true', 'false']), z.boolean()]).transform((v) => String(v) as Treatment);
const condition = z.object({
  attribute: z.string().min(1),
  attributeType: z.string().optional(),
  op: z.enum(CONDITION_OPS),
  // Stored as given, also when invalid for the op: the client evaluates an invalid value to false.
  value: z.record(z.string(), z.unknown()),
  negate: z.boolean().default(false),
});
const rule = z.object({
  description: z.string().default(''),
  conditionLogic: z.literal('and').default('and'),
  conditions: z.array(condition).default([]),
  treatment,
});
const featureFlag = z.object({
  on: z.boolean(),
  offTreatment: treatment.default('false'),
  defaultTreatment: treatment.default('false'),
  rules: z.array(rule).default([]),
});
/** ms since the epoch or an ISO date; -1 or null = never. */
const expireTime = z
  .union([z.number(), z.string(), z.null()])
  .optional()
  .transform((v, ctx) => {
    if (v === undefined || v === null || v === NO_EXPIRATION_TIME) return null;
    const d = new Date(v);
    if (Number.isNaN(d.getTime())) {
      ctx.addIssue({ code: 'custom', message: 'expireTime must be ms since the epoch, an ISO date, -1 or null' });
      return z.NEVER;
    }
    return d;
  });

export const entitlementEmulatorRoutes = new Hono<AppEnv>();

function featureDto(f: typeof entitlementFeatures.$inferSelect) {
  return { key: f.key, name: f.name, description: f.description, linkedPermissions: f.linkedPermissions, featureFlag: f.featureFlag ?? null };
}

function grantDto(g: typeof entitlementGrants.$inferSelect) {
  return {
    id: g.id,
    tenantId: g.tenantId ?? undefined,
    userId: g.userId ?? undefined,
    planId: g.planId ?? undefined,
    featureKey: g.featureKey ?? undefined,
    expireTime: g.expiresAt ? g.expiresAt.getTime() : NO_EXPIRATION_TIME,
    createdAt: g.createdAt.toISOString(),
  };
}

async function planDto(db: Db, p: typeof entitlementPlans.$inferSelect) {
  const fs = await db
    .select({ key: entitlementPlanFeatures.featureKey })
    .from(entitlementPlanFeatures)
    .where(eq(entitlementPlanFeatures.planId, p.id))
    .orderBy(asc(entitlementPlanFeatures.featureKey));
  return { id: p.id, name: p.name, description: p.description, defaultTreatment: p.defaultTreatment, rules: p.rules, features: fs.map((f) => f.key) };
}

/** Everything stored: `{ features, plans, grants }`. */
entitlementEmulatorRoutes.get('/entitlements', async (c) => {
  const db = c.var.db;
  const plans = [];
  for (const p of await db.select().from(entitlementPlans).orderBy(asc(entitlementPlans.id))) plans.push(await planDto(db, p));
  return c.json({
    features: (await db.select().from(entitlementFeatures).orderBy(asc(entitlementFeatures.key))).map(featureDto),
    plans,
    grants: (await db.select().from(entitlementGrants).orderBy(asc(entitlementGrants.createdAt))).map(grantDto),
  });
});

/** The bundle a user would get in a tenant (default: the user's active tenant), without signing in. */
entitlementEmulatorRoutes.get('/entitlements/users/:userId/bundle', async (c) => {
  const [user] = await c.var.db
    .select()
    .from(users)
    .where(eq(users.id, c.req.param('userId')));
  if (!user) throw notFound('User not found');
  return c.json(await computeEntitlements(c.var.db, user.id, c.req.query('tenantId') ?? user.activeTenantId));
});

/** Creates or replaces a feature: `{ key, name?, description?, linkedPermissions?, featureFlag? }`. */
entitlementEmulatorRoutes.post('/entitlements/features', async (c) => {
  const body = await parseBody(
    c,
    z.object({
      key: z.string().min(1),
      name: z.string().optional(),
      description: z.string().default(''),
      linkedPermissions: z.array(z.string().min(1)).default([]),
      featureFlag: featureFlag.nullish(),
    }),
  );
  const now = await emulatorDate(c.var.db);
  const row = {
    key: body.key,
    name: body.name ?? body.key,
    description: body.description,
    linkedPermissions: body.linkedPermissions,
    featureFlag: body.featureFlag ?? null,
    updatedAt: now,
  };
  const [saved] = await c.var.db
    .insert(entitlementFeatures)
    .values({ ...row, createdAt: now })
    .onConflictDoUpdate({ target: entitlementFeatures.key, set: row })
    .returning();
  return c.json(featureDto(saved), 201);
});

entitlementEmulatorRoutes.delete('/entitlements/features/:key', async (c) => {
  const res = await c.var.db
    .delete(entitlementFeatures)
    .where(eq(entitlementFeatures.key, c.req.param('key')))
    .returning();
  if (res.length === 0) throw notFound('Feature not found');
  return c.json({});
});

/**
 * Creates or replaces a plan: `{ id?, name?, description?, defaultTreatment = 'false', rules = [], features = [] }`.
 * Unknown feature keys are created as plain features.
 */
entitlementEmulatorRoutes.post('/entitlements/plans', async (c) => {
  const body = await parseBody(
    c,
    z.object({
      id: z.string().min(1).optional(),
      name: z.string().optional(),
      description: z.string().default(''),
      defaultTreatment: treatment.default('false'),
      rules: z.array(rule).default([]),
      features: z.array(z.string().min(1)).default([]),
    }),
  );
  const db = c.var.db;
  const now = await emulatorDate(db);
  const id = body.id ?? randomUUID();
  const row = { name: body.name ?? id, description: body.description, defaultTreatment: body.defaultTreatment, rules: body.rules, updatedAt: now };
  const [saved] = await db
    .insert(entitlementPlans)
    .values({ id, ...row, createdAt: now })
    .onConflictDoUpdate({ target: entitlementPlans.id, set: row })
    .returning();
  const keys = [...new Set(body.features)];
  if (keys.length) {
    await db
      .insert(entitlementFeatures)
      .values(
        keys.map((key) => ({
          key,
          name: key,
          description: '',
          linkedPermissions: [],
          featureFlag: null,
          createdAt: now,
          updatedAt: now,
        })),
      )
      .onConflictDoNothing();
  }
  await db.delete(entitlementPlanFeatures).where(eq(entitlementPlanFeatures.planId, id));
  if (keys.length) await db.insert(entitlementPlanFeatures).values(keys.map((featureKey) => ({ planId: id, featureKey })));
  return c.json(await planDto(db, saved), 201);
});

entitlementEmulatorRoutes.delete('/entitlements/plans/:planId', async (c) => {
  const res = await c.var.db
    .delete(entitlementPlans)
    .where(eq(entitlementPlans.id, c.req.param('planId')))
    .returning();
  if (res.length === 0) throw notFound('Plan not found');
  return c.json({});
});

// Grants: /_emulator/entitlements/{tenants|users}/:id/{plans|features}

type SubjectKind = 'tenants' | 'users';

async function subjectColumn(c: Ctx, kind: SubjectKind, id: string) {
  const db = c.var.db;
  if (kind === 'tenants') {
    const [t] = await db.select({ id: tenants.tenantId }).from(tenants).where(eq(tenants.tenantId, id));
    if (!t) throw notFound('Tenant not found');
    return { tenantId: id, userId: null };
  }
  const [u] = await db.select({ id: users.id }).from(users).where(eq(users.id, id));
  if (!u) throw notFound('User not found');
  return { tenantId: null, userId: id };
}

function grantWhere(subject: { tenantId: string | null; userId: string | null }, object: { planId?: string; featureKey?: string }) {
  return and(
    subject.tenantId ? eq(entitlementGrants.tenantId, subject.tenantId) : eq(entitlementGrants.userId, subject.userId!),
    object.planId ? eq(entitlementGrants.planId, object.planId) : eq(entitlementGrants.featureKey, object.featureKey!),
  );
}

for (const subjectKind of ['tenants', 'users'] as const) {
  for (const objectKind of ['plans', 'features'] as const) {
    const path = `/entitlements/${subjectKind}/:subjectId/${objectKind}`;

    /** Grants (or re-grants, replacing the expiry) a plan `{ planId, expireTime? }` or a feature `{ featureKey, expireTime? }`. */
    entitlementEmulatorRoutes.post(path, async (c) => {
      const body = await parseBody(c, objectKind === 'plans' ? z.object({ planId: z.string().min(1), expireTime }) : z.object({ featureKey: z.string().min(1), expireTime }));
      const db = c.var.db;
      const subject = await subjectColumn(c, subjectKind, c.req.param('subjectId') ?? '');
      const object = 'planId' in body ? { planId: body.planId } : { featureKey: body.featureKey };
      if (object.planId) {
        const [p] = await db.select({ id: entitlementPlans.id }).from(entitlementPlans).where(eq(entitlementPlans.id, object.planId));
        if (!p) throw notFound('Plan not found');
      } else {
        const [f] = await db.select({ key: entitlementFeatures.key }).from(entitlementFeatures).where(eq(entitlementFeatures.key, object.featureKey!));
        if (!f) throw notFound('Feature not found');
      }
      await db.delete(entitlementGrants).where(grantWhere(subject, object));
      const [saved] = await db
        .insert(entitlementGrants)
        .values({
          id: randomUUID(),
          ...subject,
          planId: object.planId ?? null,
          featureKey: object.featureKey ?? null,
          expiresAt: body.expireTime,
          createdAt: await emulatorDate(db),
        })
        .returning();
      return c.json(grantDto(saved), 201);
    });

    /** Revokes that grant. */
    entitlementEmulatorRoutes.delete(`${path}/:objectId`, async (c) => {
      const subject = await subjectColumn(c, subjectKind, c.req.param('subjectId') ?? '');
      const objectId = c.req.param('objectId') ?? '';
      const res = await c.var.db
        .delete(entitlementGrants)
        .where(grantWhere(subject, objectKind === 'plans' ? { planId: objectId } : { featureKey: objectId }))
        .returning();
      if (res.length === 0) throw notFound('Grant not found');
      return c.json({});
    });
  }
}

/** Removes every feature, plan and grant. */
entitlementEmulatorRoutes.delete('/entitlements', async (c) => {
  const db = c.var.db;
  await db.delete(entitlementGrants);
  await db.delete(entitlementPlanFeatures);
  await db.delete(entitlementPlans);
  await db.delete(entitlementFeatures);
  return c.json({});
});
