/**
 * Account settings of the signed-in user's tenant (api-contract O; admin spec §3 "Account settings"; AB-3.14,
 * AB-7.27, SI-3.09): address, timezone, dateFormat, timeFormat, currency, logo, applicationUrl, loginUrl (and the
 * account form's website), kept in `tenants.settings`. `PUT` also takes `name`, which renames the tenant.
 *
 * - `GET` needs `fe.secure.read.accountSettings`, `PUT` `fe.secure.write.accountSettings`.
 * - `PUT` changes only the fields sent; `null` or `""` clears one. Each field is checked (400 naming it): URLs are
 *   absolute http(s), the logo an http(s) URL or a base64 PNG/JPEG/GIF/WebP data URL of at most 2 MB, the timezone
 *   an IANA zone, the currency an ISO 4217 code. A `tenantId` other than the signed-in tenant is refused.
 * - `GET …/public` (no permission): `{ tenantId, applicationUrl, loginUrl }` of the bearer's tenant, or of the
 *   tenant named by `frontegg-scoped-tenant` / `?tenantId=` when no bearer is sent; 400 "TenantId is not defined".
 * - Every update writes one audit row. "No changes to update" (AB-5.01) is the portal's own check, not the server's.
 */
import { Hono, type Context } from 'hono';
import { z } from 'zod';
import { eq } from 'drizzle-orm';
import type { AppEnv } from '../../http/env.ts';
import { guard, requireAuth } from '../../http/auth.ts';
import { audit } from '../../audit.ts';
import { requirePermission } from '../../http/permissions.ts';
import { isHttpUrl, parseBody } from '../../http/body.ts';
import { parseQuery, q } from '../../http/query.ts';
import { badRequest, notFound } from '../../http/errors.ts';
import { tenants, type TenantSettings } from '../../db/schema.ts';
import { emulatorDate } from '../../clock.ts';
import { emitTenantEvent } from '../../events/payloads.ts';

type Ctx = Context<AppEnv>;
type TenantRow = typeof tenants.$inferSelect;

export const adminAccountRoutes = new Hono<AppEnv>();

const SETTINGS = '/tenants/resources/account-settings/v1';
// only the settings themselves: `…/public` is public (it checks a bearer token itself when one is sent)
guard(adminAccountRoutes, SETTINGS);

/** The largest logo data URL accepted (2 MB of image, base64). */
export const MAX_LOGO_CHARS = Math.ceil((2 * 1024 * 1024 * 4) / 3) + 64;

/** The settings fields `PUT` takes and `GET` answers (besides `tenantId`). */
const FIELDS = [
  'applicationUrl',
  'loginUrl',
  'website',
  'address',
  'timezone',
  'dateFormat',
  'timeFormat',
  'currency',
  'logo',
] as const satisfies readonly (keyof TenantSettings)[];

/** ISettingsResponse (+ website): the tenant's account settings, unset fields left out. */
export function accountSettingsDto(t: TenantRow) {
  const s = t.settings;
  return {
    tenantId: t.tenantId,
    applicationUrl: s.applicationUrl,
    loginUrl: s.loginUrl,
    website: s.website,
    address: s.address,
    timezone: s.timezone,
    dateFormat: s.dateFormat,
    timeFormat: s.timeFormat,
    currency: s.currency,
    logo: s.logo,
  };
}

const isTimeZone = (tz: string): boolean => {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: tz });
    return true;
  } catch {
    return false;
  }
};
const isLogo = (v: string): boolean => isHttpUrl(v) || /^data:image\/(png|jpeg|gif|webp);base64,[A-Za-z0-9+/]+={0,2}$/.test(v);

/** An optional text field: absent = unchanged; `null` or blank = cleared (→ `null`). */
const field = (schema: z.ZodType<string>) => z.preprocess((v) => (typeof v === 'string' && v.trim() === '' ? null : v), schema.nullish());

const updateBody = z.object({
  tenantId: z.string().nullish(),
  name: z
    .string({ message: 'name must be text' })
    .trim()
    .min(1, 'name must not be empty')
    .max(100, 'name must be at most 100 characters')
    .nullish()
    .transform((v) => v ?? undefined),
  applicationUrl: field(z.string().refine(isHttpUrl, 'applicationUrl must be an absolute http: or https: URL')),
  loginUrl: field(z.string().refine(isHttpUrl, 'loginUrl must be an absolute http: or https: URL')),
  website: field(z.string().refine(isHttpUrl, 'website must be an absolute http: or https: URL')),
  address: field(z.string().trim().max(500, 'address must be at most 500 characters')),
  timezone: field(z.string().trim().refine(isTimeZone, 'timezone must be an IANA time zone, like Europe/Paris')),
  dateFormat: field(z.string().trim().max(50, 'dateFormat must be at most 50 characters')),
  timeFormat: field(z.string().trim().max(50, 'timeFormat must be at most 50 characters')),
  currency: field(
    z
      .string()
      .trim()
      .toUpperCase()
      .regex(/^[A-Z]{3}$/, 'currency must be an ISO 4217 code, like USD'),
  ),
  logo: field(z.string().max(MAX_LOGO_CHARS, 'logo must be at most 2 MB').refine(isLogo, 'logo must be an http(s) URL or a base64 PNG, JPEG, GIF or WebP data URL')),
});

async function tenantOf(c: Ctx, tenantId: string): Promise<TenantRow> {
  const [t] = await c.var.db.select().from(tenants).where(eq(tenants.tenantId, tenantId));
  if (!t) throw notFound('Tenant not found', 'ER-TENANT-NOT-FOUND');
  return t;
}

/** getSettings (AB-7.27). */
adminAccountRoutes.get(SETTINGS, requirePermission('fe.secure.read.accountSettings'), async (c) => {
  return c.json(accountSettingsDto(await tenantOf(c, c.var.auth.tenantId)));
});

/** updateSettings (AB-7.27): merges the fields sent, renames the tenant when `name` is sent; answers the settings. */
adminAccountRoutes.put(SETTINGS, requirePermission('fe.secure.write.accountSettings'), async (c) => {
  const body = await parseBody(c, updateBody);
  if (body.tenantId && body.tenantId !== c.var.auth.tenantId) throw badRequest('tenantId must be the signed-in tenant', 'ER-TENANT-MISMATCH');
  const tenant = await tenantOf(c, c.var.auth.tenantId);
  const settings: TenantSettings = { ...tenant.settings };
  const changed: string[] = [];
  for (const key of FIELDS) {
    const value = body[key];
    if (value === undefined || value === settings[key]) continue;
    if (value === null) {
      if (settings[key] === undefined) continue;
      delete settings[key];
    } else settings[key] = value;
    changed.push(key);
  }
  const rename = body.name !== undefined && body.name !== tenant.name;
  const [saved] = await c.var.db
    .update(tenants)
    .set({ settings, ...(rename ? { name: body.name } : {}), updatedAt: await emulatorDate(c.var.db) })
    .where(eq(tenants.id, tenant.id))
    .returning();
  await audit(c, {
    action: 'account-settings.updated',
    targetId: tenant.tenantId,
    details: { changed: rename ? [...changed, 'name'] : changed, ...(rename ? { name: { from: tenant.name, to: body.name } } : {}) },
  });
  if (rename || changed.length) await emitTenantEvent(c.var.db, 'frontegg.tenant.updated', { tenantId: tenant.tenantId, userId: c.var.auth.sub });
  return c.json(accountSettingsDto(saved));
});

const publicIn = z.object({ tenantId: q.text() });

/** getPublicSettings: `{ tenantId, applicationUrl, loginUrl }` (no permission; see the module comment for the tenant). */
adminAccountRoutes.get(`${SETTINGS}/public`, async (c) => {
  let tenantId: string | undefined;
  if (c.req.header('authorization')) {
    await requireAuth(c, async () => {});
    tenantId = c.var.auth.tenantId;
  } else tenantId = c.req.header('frontegg-scoped-tenant') || parseQuery(c, publicIn).tenantId;
  if (!tenantId) throw badRequest('TenantId is not defined', 'ER-TENANT-NOT-DEFINED');
  const t = await tenantOf(c, tenantId);
  return c.json({ tenantId: t.tenantId, applicationUrl: t.settings.applicationUrl, loginUrl: t.settings.loginUrl });
});
