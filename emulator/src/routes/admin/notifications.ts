/**
 * Notifications of the signed-in user (issue 33 item 4; api-contract §AA; AB-7.65), the rules in src/notifications.ts.
 * Every route needs the bearer token (401) and acts on the user's own notifications in the token's account (another
 * user's is 404 `Notification not found`); no permission is needed.
 *
 * - `GET /notification?params={"count":n,"offset":m}` (getNotifications; `params` one JSON query key, as the client
 *   sends it) → `IMessage[]`: not archived, pinned first, then newest first; `count` 1–100 (default 20), `offset` ≥ 0.
 *   The unread count beside it: the answer's `x-unread-count` header.
 * - `PUT /notification/status` `{ params: { notificationId, status: read|unread|archived } }` → `{}`.
 * - `PUT /notification/pin` and `/notification/unpin` `{ notificationId }` → `{}` (the literal paths, matched before
 *   any parameter: the contract's routing collision).
 * - `POST /notification/status/mark-all-read` → `{}`: every unread one of the user in the account.
 *
 * The emulator's own: `POST /_emulator/notifications` `{ email | userId, tenantId?, title, body?, severity?, url?, key? }`
 * → 201 the notification (`tenantId` defaults to the user's active account; 404 for an unknown user).
 */
import { Hono, type Context } from 'hono';
import { and, count, eq } from 'drizzle-orm';
import { z } from 'zod';
import type { AppEnv } from '../../http/env.ts';
import { guard } from '../../http/auth.ts';
import { parseBody } from '../../http/body.ts';
import { badRequest, notFound } from '../../http/errors.ts';
import { notifications, users, userTenants, type NotificationStatus } from '../../db/schema.ts';
import { NOTIFICATION_SEVERITIES, listNotifications, notificationDto, notify } from '../../notifications.ts';

type Ctx = Context<AppEnv>;

export const adminNotificationRoutes = new Hono<AppEnv>();
export const notificationEmulatorRoutes = new Hono<AppEnv>();

const BASE = '/notification';

guard(adminNotificationRoutes, BASE, `${BASE}/*`);

const pageParams = z.object({ count: z.number().int().min(1).max(100).default(20), offset: z.number().int().min(0).default(0) });

/** `params` of the query: JSON `{ count, offset }` (400 `params must be JSON {count, offset}`); defaults when absent. */
function pageOf(c: Ctx): { count: number; offset: number } {
  const raw = c.req.query('params');
  let value: unknown = {};
  if (raw) {
    try {
      value = JSON.parse(raw);
    } catch {
      value = undefined;
    }
  }
  const parsed = pageParams.safeParse(value);
  if (!parsed.success) throw badRequest('params must be JSON {count, offset}: count from 1 to 100, offset from 0');
  return parsed.data;
}

const mine = (c: Ctx, id: string) => and(eq(notifications.id, id), eq(notifications.userId, c.var.auth.sub), eq(notifications.tenantId, c.var.auth.tenantId));

/** Sets fields of one of the user's notifications; 404 when it is not theirs. */
async function updateMine(c: Ctx, id: string, set: Partial<typeof notifications.$inferInsert>) {
  const [row] = await c.var.db.update(notifications).set(set).where(mine(c, id)).returning({ id: notifications.id });
  if (!row) throw notFound('Notification not found', 'ER-NOTIFICATION-NOT-FOUND');
}

adminNotificationRoutes.get(BASE, async (c) => {
  const page = pageOf(c);
  const list = await listNotifications(c.var.db, c.var.auth.sub, c.var.auth.tenantId, page);
  const [{ unread }] = await c.var.db
    .select({ unread: count() })
    .from(notifications)
    .where(and(eq(notifications.userId, c.var.auth.sub), eq(notifications.tenantId, c.var.auth.tenantId), eq(notifications.status, 'unread')));
  c.header('x-unread-count', String(unread));
  return c.json(list);
});

const idField = z.string({ error: 'notificationId is required' }).min(1, { error: 'notificationId is required' });
const statusBody = z.object({
  params: z.object(
    { notificationId: idField, status: z.enum(['read', 'unread', 'archived'], { error: 'status must be read, unread or archived' }) },
    { error: 'params is required' },
  ),
});

adminNotificationRoutes.put(`${BASE}/status`, async (c) => {
  const { params } = await parseBody(c, statusBody);
  await updateMine(c, params.notificationId, { status: params.status as NotificationStatus });
  return c.json({});
});

for (const pin of ['pin', 'unpin'] as const) {
  adminNotificationRoutes.put(`${BASE}/${pin}`, async (c) => {
    const { notificationId } = await parseBody(c, z.object({ notificationId: idField }));
    await updateMine(c, notificationId, { isPinned: pin === 'pin' });
    return c.json({});
  });
}

adminNotificationRoutes.post(`${BASE}/status/mark-all-read`, async (c) => {
  await c.var.db
    .update(notifications)
    .set({ status: 'read' })
    .where(and(eq(notifications.userId, c.var.auth.sub), eq(notifications.tenantId, c.var.auth.tenantId), eq(notifications.status, 'unread')));
  return c.json({});
});

const createBody = z
  .object({
    email: z.string().trim().toLowerCase().optional(),
    userId: z.string().optional(),
    tenantId: z.string().optional(),
    title: z.string({ error: 'title is required' }).trim().min(1, { error: 'title is required' }),
    body: z.string().optional(),
    severity: z.enum(NOTIFICATION_SEVERITIES).optional(),
    url: z.string().nullish(),
    key: z.string().min(1).default('emulator'),
  })
  .refine((b) => b.email || b.userId, { error: 'email or userId is required' });

notificationEmulatorRoutes.post('/notifications', async (c) => {
  const body = await parseBody(c, createBody);
  const [user] = await c.var.db
    .select({ id: users.id, activeTenantId: users.activeTenantId })
    .from(users)
    .where(body.userId ? eq(users.id, body.userId) : eq(users.email, body.email!));
  if (!user) throw notFound('User not found');
  if (body.tenantId) {
    const [member] = await c.var.db
      .select({ tenantId: userTenants.tenantId })
      .from(userTenants)
      .where(and(eq(userTenants.userId, user.id), eq(userTenants.tenantId, body.tenantId)));
    if (!member) throw notFound('The user is not a member of that tenant');
  }
  const row = await notify(c.var.db, {
    tenantId: body.tenantId ?? user.activeTenantId,
    userId: user.id,
    key: body.key,
    title: body.title,
    body: body.body,
    severity: body.severity,
    url: body.url,
  });
  return c.json(notificationDto(row), 201);
});
