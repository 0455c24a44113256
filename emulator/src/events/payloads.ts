/**
 * Frontegg's webhook payloads of the emulator's events (issue 33 item 1), built in one place and emitted through
 * `emitEvent` (./emit.ts). The shape is the one Frontegg documents for its webhooks:
 *
 * ```json
 * { "user": { "id", "email", "verified", "name", "phoneNumber", "profilePictureUrl", "provider", "mfaEnrolled",
 *             "metadata" (a JSON string, "{}" when none), "tenantIds", "tenantId", "roles", "permissions",
 *             "createdAt", "lastLogin", "isLocked", "activatedForTenant" },
 *   "eventContext": { "tenantId", "userId" (optional) } }
 * ```
 *
 * Tenant events carry `{ tenant: { id, tenantId, name, metadata, isReseller, parentTenantId, createdAt, updatedAt },
 * eventContext }`, API-token events `{ apiToken: { clientId, description, tenantId, userId?, createdAt, expires },
 * eventContext }` (never the secret). Extra facts of one event (the sign-in method, the MFA factor) are added beside
 * `user` by the caller (`extra`).
 */
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { tenants, users, userTenants } from '../db/schema.ts';
import { emulatorDate } from '../clock.ts';
import { loadDetails } from '../team.ts';
import { emitEvent, type EventKey } from './emit.ts';

/** The user as Frontegg's webhook sends it (see the module comment). */
export type WebhookUser = Record<string, unknown> & { id: string; email: string; tenantId: string };

const iso = (d: Date | null | undefined) => (d ? d.toISOString() : null);

/**
 * The user `userId` as Frontegg's webhook sends it, in the account `tenantId`; `undefined` when there is no such user.
 * Take it before a removal or deletion (the payload shows the user as it was).
 */
export async function webhookUser(db: Db, userId: string, tenantId: string): Promise<WebhookUser | undefined> {
  const [u] = await db.select().from(users).where(eq(users.id, userId));
  if (!u) return undefined;
  const memberships = await db.select().from(userTenants).where(eq(userTenants.userId, userId));
  const m = memberships.find((x) => x.tenantId === tenantId);
  const d = await loadDetails(db, [u.id], tenantId, { permissions: true });
  const roles = d.rolesIn(u.id, tenantId);
  return {
    id: u.id,
    email: u.email,
    verified: u.verified,
    name: u.name,
    phoneNumber: u.phoneNumber,
    profilePictureUrl: u.profilePictureUrl ?? '',
    provider: d.source(u.id).provider,
    mfaEnrolled: d.mfaEnrolled(u.id),
    metadata: u.metadata ?? '{}',
    tenantIds: memberships.map((x) => x.tenantId),
    tenantId,
    roles,
    permissions: d.permissions(u.id),
    createdAt: u.createdAt.toISOString(),
    lastLogin: iso(u.lastLogin),
    isLocked: u.isLocked,
    activatedForTenant: m?.activated ?? false,
  };
}

/** What {@link emitUserEvent} needs. */
export interface UserEventInput {
  userId: string;
  tenantId: string;
  /** The user as it was ({@link webhookUser} taken before a removal); read now when absent. */
  user?: WebhookUser;
  /** Facts of this event beside `user` (e.g. `{ method: 'password' }`). */
  extra?: Record<string, unknown>;
}

/**
 * Emits a `frontegg.user.*` event with Frontegg's payload `{ user, eventContext: { tenantId, userId }, …extra }`, at
 * the emulator clock's time. Nothing is emitted for a user that does not exist (and was not given).
 */
export async function emitUserEvent(db: Db, key: EventKey, input: UserEventInput): Promise<void> {
  const user = input.user ?? (await webhookUser(db, input.userId, input.tenantId));
  if (!user) return;
  const payload = { user, eventContext: { tenantId: input.tenantId, userId: input.userId }, ...input.extra };
  await emitEvent(db, { tenantId: input.tenantId, key, payload, at: await emulatorDate(db) });
}

/** The account as the tenant events carry it (see the module comment); `undefined` when there is none. */
export async function webhookTenant(db: Db, tenantId: string): Promise<Record<string, unknown> | undefined> {
  const [t] = await db.select().from(tenants).where(eq(tenants.tenantId, tenantId));
  if (!t) return undefined;
  return {
    id: t.id,
    tenantId: t.tenantId,
    name: t.name,
    metadata: t.metadata ?? '{}',
    isReseller: t.isReseller,
    parentTenantId: t.parentTenantId,
    createdAt: t.createdAt.toISOString(),
    updatedAt: t.updatedAt.toISOString(),
  };
}

/**
 * Emits a `frontegg.tenant.*` event: `{ tenant, eventContext: { tenantId, userId? } }` (`userId`: who acted, when a
 * user did). `tenant` is read now unless given (take it before a deletion). `accounts`: the accounts whose webhooks
 * and channels receive it (default the tenant itself; a sub-account's change made from a parent account also reaches
 * the parent's, where its administrators subscribe), each once.
 */
export async function emitTenantEvent(
  db: Db,
  key: EventKey,
  input: { tenantId: string; userId?: string; tenant?: Record<string, unknown>; accounts?: readonly string[] },
): Promise<void> {
  const tenant = input.tenant ?? (await webhookTenant(db, input.tenantId));
  if (!tenant) return;
  const eventContext = input.userId ? { tenantId: input.tenantId, userId: input.userId } : { tenantId: input.tenantId };
  const at = await emulatorDate(db);
  for (const account of new Set(input.accounts ?? [input.tenantId])) await emitEvent(db, { tenantId: account, key, payload: { tenant, eventContext }, at });
}

/** An API token as its events carry it (never the secret). */
export interface WebhookApiToken {
  clientId: string;
  description: string;
  tenantId: string;
  userId?: string | null;
  createdAt: string;
  expires?: string | null;
}

/**
 * Emits a `frontegg.userApiToken.*` or `frontegg.tenantApiToken.*` event: `{ apiToken, eventContext: { tenantId,
 * userId } }`, `userId` being the token's owner (a user token) or whoever acted (a tenant token).
 */
export async function emitApiTokenEvent(db: Db, key: EventKey, input: { tenantId: string; userId: string; apiToken: WebhookApiToken }): Promise<void> {
  const payload = { apiToken: input.apiToken, eventContext: { tenantId: input.tenantId, userId: input.userId } };
  await emitEvent(db, { tenantId: input.tenantId, key, payload, at: await emulatorDate(db) });
}
