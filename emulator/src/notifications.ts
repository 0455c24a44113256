/**
 * Notifications (issue 33 item 4; api-contract §AA; AB-7.65): messages for one user in one account, shown by the
 * portal's bell. Made by {@link notify} — from the events sink ({@link notificationsSink}: a user joining the account
 * tells its administrators), from billing (a failed renewal tells the account's administrators) and from
 * `POST /_emulator/notifications`.
 *
 * As the API answers them (IMessage): `{ id, key, title, body, severity, url, status, viewed, isPinned, actions,
 * createdAt }`, `viewed` being `status !== 'unread'`. Archived ones are no longer listed.
 */
import { randomUUID } from 'node:crypto';
import { and, desc, eq, inArray, ne } from 'drizzle-orm';
import type { Db } from './db/client.ts';
import { notifications, roles, userTenantRoles, type NotificationAction } from './db/schema.ts';
import { emulatorDate } from './clock.ts';
import type { EmittedEvent } from './events/emit.ts';

/** A notification's severity, as Frontegg's bell colours it. */
export const NOTIFICATION_SEVERITIES = ['info', 'success', 'warning', 'error'] as const;
/** One of {@link NOTIFICATION_SEVERITIES}. */
export type NotificationSeverity = (typeof NOTIFICATION_SEVERITIES)[number];

/** What {@link notify} needs; `severity` defaults to `info`. */
export interface NotificationInput {
  tenantId: string;
  userId: string;
  key: string;
  title: string;
  body?: string;
  severity?: NotificationSeverity;
  url?: string | null;
  actions?: NotificationAction[];
}

type NotificationRow = typeof notifications.$inferSelect;

/** A notification as the API answers it (IMessage). */
export function notificationDto(r: NotificationRow) {
  return {
    id: r.id,
    key: r.key,
    title: r.title,
    body: r.body,
    severity: r.severity,
    url: r.url ?? undefined,
    status: r.status,
    viewed: r.status !== 'unread',
    isPinned: r.isPinned,
    actions: r.actions.map((a) => ({ ...a, createdAt: r.createdAt.toISOString(), updatedAt: r.createdAt.toISOString() })),
    createdAt: r.createdAt.toISOString(),
  };
}

/** Stores one unread notification at the emulator clock's time; its row. */
export async function notify(db: Db, input: NotificationInput): Promise<NotificationRow> {
  const [row] = await db
    .insert(notifications)
    .values({
      id: randomUUID(),
      tenantId: input.tenantId,
      userId: input.userId,
      key: input.key,
      title: input.title,
      body: input.body ?? '',
      severity: input.severity ?? 'info',
      url: input.url ?? null,
      actions: input.actions ?? [],
      createdAt: await emulatorDate(db),
    })
    .returning();
  return row;
}

/** The ids of the account's administrators (members holding the `Admin` role there), but `except`. */
export async function accountAdmins(db: Db, tenantId: string, except?: string): Promise<string[]> {
  const rows = await db
    .select({ userId: userTenantRoles.userId })
    .from(userTenantRoles)
    .innerJoin(roles, eq(roles.id, userTenantRoles.roleId))
    .where(and(eq(userTenantRoles.tenantId, tenantId), eq(roles.key, 'Admin'), except ? ne(userTenantRoles.userId, except) : undefined));
  return [...new Set(rows.map((r) => r.userId))];
}

/** {@link notify} every administrator of the account (but `except`). */
export async function notifyAdmins(db: Db, input: Omit<NotificationInput, 'userId'>, except?: string): Promise<void> {
  for (const userId of await accountAdmins(db, input.tenantId, except)) await notify(db, { ...input, userId });
}

/**
 * The notifications' event sink (registered by app.ts): a user who signed up into an existing account (an invite
 * link) or accepted an invitation tells the account's other administrators ("New user signed up: …" / "… joined the
 * account").
 */
export async function notificationsSink(db: Db, event: EmittedEvent): Promise<void> {
  if (event.key !== 'frontegg.user.signedUp' && event.key !== 'frontegg.user.activated') return;
  const user = (event.payload as { user?: { id?: string; email?: string } }).user;
  if (!user?.id || !user.email) return;
  const others = await accountAdmins(db, event.tenantId, user.id);
  if (!others.length) return;
  const title = event.key === 'frontegg.user.signedUp' ? `New user signed up: ${user.email}` : `${user.email} joined the account`;
  for (const userId of others) await notify(db, { tenantId: event.tenantId, userId, key: event.key, title, url: '/admin#/admin/users' });
}

/** The user's notifications in the account, not archived: pinned first, then newest first; `count` from `offset`. */
export async function listNotifications(db: Db, userId: string, tenantId: string, page: { count: number; offset: number }) {
  const rows = await db
    .select()
    .from(notifications)
    .where(and(eq(notifications.userId, userId), eq(notifications.tenantId, tenantId), inArray(notifications.status, ['unread', 'read'])))
    .orderBy(desc(notifications.isPinned), desc(notifications.createdAt), desc(notifications.id))
    .limit(page.count)
    .offset(page.offset);
  return rows.map(notificationDto);
}
