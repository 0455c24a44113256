/**
 * Admin routes of the notification channels (issue 33 item 3; api-contract §Y Slack, email and SMS rows; AB-3.36–3.38,
 * AB-5.03–5.06, AB-7.57–7.59). The rules are in src/channels.ts. Every route needs the bearer token (401) and acts on
 * the signed-in account only; reads need `fe.connectivity.read.webhooks`, changes `fe.connectivity.write.webhooks`
 * (403 `Not authorized`): the connectivity section's keys (admin spec §6 names no key of its own for the channels).
 * Every change writes one audit row. `{eventKey}` is one of Frontegg's 22 event keys (400 otherwise).
 *
 * Email (`integrations/resources/configurations/v1/emails`) and SMS (`…/v2/sms`), the same routes each:
 * - `GET` → `[{ eventKey, enabled, subscriptions: [{ id, name, enabled, recipients }] }]` by event key;
 * - `POST /{eventKey}` `{ enabled, subscriptions }` → `null`: the event's subscriptions become these; those without a
 *   non-empty recipient are left out, and with none left the event's configuration is deleted (AB-5.03–5.04);
 * - `PATCH /{eventKey}` `{ enabled }` → `null` (404 `Configuration not found`);
 * - `DELETE /{eventKey}` → `null`: the configuration and its subscriptions (404 when none);
 * - `PUT /{eventKey}/subscriptions/{subscriptionId}` `{ name, enabled, recipients }` → `null`: writes that subscription
 *   (made, with the event's configuration, when new); with every recipient cleared it is deleted (AB-5.04);
 * - `DELETE /{eventKey}/subscriptions/{subscriptionId}` → `null` (404 `Subscription not found`).
 *
 * Slack (`…/v1/slack`, a local stand-in for Slack's OAuth and API):
 * - `GET /slack` → `{ id, slackSubscriptions: [{ id, isActive, slackEvents: [{ eventKey, channelIds, title, message }] }] }`,
 *   `id` the workspace registration's (`''` before one);
 * - `GET /slack/applications` (getSlackScope) → `{ clientId }`;
 * - `POST /slack/applications/registrations` `{ code }` (postSlackCode) → `{ id, teamName }`: the workspace is registered;
 * - `GET /slack/channels` → `[{ id, name }]`, the workspace's canned channels (`[]` before a registration);
 * - `POST /slack/subscriptions` `{ isActive, slackEvents }` → 201 the subscription: only events with channel ids of the
 *   workspace are kept, and one without any is refused (400; AB-5.05); 400 `Slack is not connected` before a registration;
 * - `PATCH /slack/subscription/{id}` (singular, as the client sends it) → the subscription; changed to no channel ids,
 *   it is deleted (AB-5.06) → `null`;
 * - `DELETE /slack/subscriptions/{id}` → `null` (404 `Slack subscription not found`).
 */
import { randomUUID } from 'node:crypto';
import { Hono, type Context } from 'hono';
import { and, asc, eq } from 'drizzle-orm';
import { z } from 'zod';
import type { AppEnv } from '../../http/env.ts';
import { guard } from '../../http/auth.ts';
import { idParams } from '../../http/params.ts';
import { parseBody } from '../../http/body.ts';
import { requirePermission } from '../../http/permissions.ts';
import { badRequest, notFound } from '../../http/errors.ts';
import { audit } from '../../audit.ts';
import { emulatorDate } from '../../clock.ts';
import { channelConfigurations, channelSubscriptions, slackSubscriptions, type NotificationChannel, type SlackEventRow } from '../../db/schema.ts';
import {
  SLACK_CLIENT_ID,
  assertEventKey,
  channelConfiguration,
  dropEmptyConfiguration,
  listChannelConfigurations,
  normaliseRecipients,
  registerSlack,
  saveChannelConfiguration,
  slackChannelsOf,
  slackInstallation,
} from '../../channels.ts';

type Ctx = Context<AppEnv>;

export const adminConnectivityRoutes = new Hono<AppEnv>();

const V1 = '/integrations/resources/configurations/v1';
const V2 = '/integrations/resources/configurations/v2';
const BASES: Record<NotificationChannel, string> = { email: `${V1}/emails`, sms: `${V2}/sms` };
const SLACK = `${V1}/slack`;

guard(adminConnectivityRoutes, BASES.email, `${BASES.email}/*`, BASES.sms, `${BASES.sms}/*`, SLACK, `${SLACK}/*`);

const READ = requirePermission('fe.connectivity.read.webhooks');
const WRITE = requirePermission('fe.connectivity.write.webhooks');

const recipients = z.array(z.string({ error: 'recipients must be strings' }), { error: 'recipients must be a list' });
const subscriptionBody = z.object({
  id: z.string().nullish(),
  name: z.string().nullish(),
  enabled: z.boolean({ error: 'enabled must be a boolean' }).nullish(),
  recipients,
});
const configurationBody = z.object({
  enabled: z.boolean({ error: 'enabled must be a boolean' }).nullish(),
  subscriptions: z.array(subscriptionBody, { error: 'subscriptions must be a list' }).default([]),
});
const enabledBody = z.object({ enabled: z.boolean({ error: 'enabled must be a boolean' }) });

const eventKeyOf = (c: Ctx) => assertEventKey(c.req.param('eventKey') ?? '');

for (const channel of ['email', 'sms'] as const) {
  const base = BASES[channel];
  const subject = `${channel}-configuration`;

  adminConnectivityRoutes.get(base, READ, async (c) => c.json(await listChannelConfigurations(c.var.db, c.var.auth.tenantId, channel)));

  adminConnectivityRoutes.post(`${base}/:eventKey`, WRITE, idParams('eventKey'), async (c) => {
    const eventKey = eventKeyOf(c);
    const body = await parseBody(c, configurationBody);
    const existed = Boolean(await channelConfiguration(c.var.db, c.var.auth.tenantId, channel, eventKey));
    const kept = await saveChannelConfiguration(c.var.db, c.var.auth.tenantId, channel, eventKey, body);
    const action = kept ? (existed ? 'updated' : 'created') : existed ? 'deleted' : undefined;
    if (action) await audit(c, { action: `${subject}.${action}`, targetId: eventKey, details: { eventKey, subscriptions: kept, enabled: body.enabled ?? true } });
    return c.json(null);
  });

  adminConnectivityRoutes.patch(`${base}/:eventKey`, WRITE, idParams('eventKey'), async (c) => {
    const eventKey = eventKeyOf(c);
    const { enabled } = await parseBody(c, enabledBody);
    const [row] = await c.var.db
      .update(channelConfigurations)
      .set({ enabled, updatedAt: await emulatorDate(c.var.db) })
      .where(and(eq(channelConfigurations.tenantId, c.var.auth.tenantId), eq(channelConfigurations.channel, channel), eq(channelConfigurations.eventKey, eventKey)))
      .returning();
    if (!row) throw notFound('Configuration not found', 'ER-CHANNEL-CONFIGURATION-NOT-FOUND');
    await audit(c, { action: `${subject}.updated`, targetId: eventKey, details: { eventKey, enabled } });
    return c.json(null);
  });

  adminConnectivityRoutes.delete(`${base}/:eventKey`, WRITE, idParams('eventKey'), async (c) => {
    const eventKey = eventKeyOf(c);
    const [row] = await c.var.db
      .delete(channelConfigurations)
      .where(and(eq(channelConfigurations.tenantId, c.var.auth.tenantId), eq(channelConfigurations.channel, channel), eq(channelConfigurations.eventKey, eventKey)))
      .returning();
    if (!row) throw notFound('Configuration not found', 'ER-CHANNEL-CONFIGURATION-NOT-FOUND');
    await audit(c, { action: `${subject}.deleted`, targetId: eventKey, details: { eventKey }, severity: 'WARNING' });
    return c.json(null);
  });

  adminConnectivityRoutes.put(`${base}/:eventKey/subscriptions/:subscriptionId`, WRITE, idParams('eventKey', 'subscriptionId'), async (c) => {
    const eventKey = eventKeyOf(c);
    const id = c.req.param('subscriptionId');
    const body = await parseBody(c, subscriptionBody);
    const db = c.var.db;
    const tenantId = c.var.auth.tenantId;
    const list = normaliseRecipients(channel, body.recipients);
    const mine = and(
      eq(channelSubscriptions.id, id),
      eq(channelSubscriptions.tenantId, tenantId),
      eq(channelSubscriptions.channel, channel),
      eq(channelSubscriptions.eventKey, eventKey),
    );
    const [existing] = await db.select().from(channelSubscriptions).where(mine);
    if (!list.length) {
      // every recipient cleared: the subscription goes (AB-5.04), and the event's configuration with its last one
      if (!existing) return c.json(null);
      await db.delete(channelSubscriptions).where(mine);
      await dropEmptyConfiguration(db, tenantId, channel, eventKey);
      await audit(c, { action: `${channel}-subscription.deleted`, targetId: id, details: { eventKey, reason: 'no recipients' }, severity: 'WARNING' });
      return c.json(null);
    }
    const now = await emulatorDate(db);
    const values = { name: body.name?.trim() ?? existing?.name ?? '', enabled: body.enabled ?? existing?.enabled ?? true, recipients: list, updatedAt: now };
    if (existing) await db.update(channelSubscriptions).set(values).where(mine);
    else {
      const [taken] = await db.select({ id: channelSubscriptions.id }).from(channelSubscriptions).where(eq(channelSubscriptions.id, id));
      if (taken) throw notFound('Subscription not found', 'ER-CHANNEL-SUBSCRIPTION-NOT-FOUND');
      await db.insert(channelConfigurations).values({ tenantId, channel, eventKey, enabled: true, createdAt: now, updatedAt: now }).onConflictDoNothing();
      await db.insert(channelSubscriptions).values({ id, tenantId, channel, eventKey, createdAt: now, ...values });
    }
    await audit(c, {
      action: `${channel}-subscription.${existing ? 'updated' : 'created'}`,
      targetId: id,
      details: { eventKey, recipients: list.length, enabled: values.enabled },
    });
    return c.json(null);
  });

  adminConnectivityRoutes.delete(`${base}/:eventKey/subscriptions/:subscriptionId`, WRITE, idParams('eventKey', 'subscriptionId'), async (c) => {
    const eventKey = eventKeyOf(c);
    const id = c.req.param('subscriptionId');
    const tenantId = c.var.auth.tenantId;
    const [gone] = await c.var.db
      .delete(channelSubscriptions)
      .where(
        and(eq(channelSubscriptions.id, id), eq(channelSubscriptions.tenantId, tenantId), eq(channelSubscriptions.channel, channel), eq(channelSubscriptions.eventKey, eventKey)),
      )
      .returning();
    if (!gone) throw notFound('Subscription not found', 'ER-CHANNEL-SUBSCRIPTION-NOT-FOUND');
    await dropEmptyConfiguration(c.var.db, tenantId, channel, eventKey);
    await audit(c, { action: `${channel}-subscription.deleted`, targetId: id, details: { eventKey }, severity: 'WARNING' });
    return c.json(null);
  });
}

// ---------------------------------------------------------------- Slack

const slackEventBody = z.object({
  eventKey: z.string({ error: 'eventKey is required' }),
  channelIds: z.array(z.string(), { error: 'channelIds must be a list' }).default([]),
  title: z.string().nullish(),
  message: z.string().nullish(),
});
const slackBody = z.object({
  isActive: z.boolean({ error: 'isActive must be a boolean' }).default(true),
  slackEvents: z.array(slackEventBody, { error: 'slackEvents must be a list' }).default([]),
});

type SlackRow = typeof slackSubscriptions.$inferSelect;
const slackDto = (r: SlackRow) => ({ id: r.id, isActive: r.isActive, slackEvents: r.slackEvents });

/** The events of `body` with channel ids, each id one of the workspace's channels (400 otherwise). */
async function slackEventsOf(c: Ctx, events: z.infer<typeof slackEventBody>[]): Promise<SlackEventRow[]> {
  const tenantId = c.var.auth.tenantId;
  if (!(await slackInstallation(c.var.db, tenantId))) throw badRequest('Slack is not connected', 'ER-SLACK-NOT-CONNECTED');
  const known = new Set(slackChannelsOf(tenantId).map((ch) => ch.id));
  const out: SlackEventRow[] = [];
  for (const e of events) {
    const eventKey = assertEventKey(e.eventKey);
    const channelIds = [...new Set(e.channelIds.map((id) => id.trim()).filter(Boolean))];
    const unknown = channelIds.find((id) => !known.has(id));
    if (unknown) throw badRequest(`Unknown Slack channel: ${unknown}`, 'ER-SLACK-CHANNEL-UNKNOWN');
    if (!channelIds.length) continue;
    out.push({ eventKey, channelIds, ...(e.title ? { title: e.title } : {}), ...(e.message ? { message: e.message } : {}) });
  }
  return out;
}

const mySlack = (c: Ctx, id: string) => and(eq(slackSubscriptions.id, id), eq(slackSubscriptions.tenantId, c.var.auth.tenantId));

adminConnectivityRoutes.get(SLACK, READ, async (c) => {
  const tenantId = c.var.auth.tenantId;
  const installation = await slackInstallation(c.var.db, tenantId);
  const rows = await c.var.db
    .select()
    .from(slackSubscriptions)
    .where(eq(slackSubscriptions.tenantId, tenantId))
    .orderBy(asc(slackSubscriptions.createdAt), asc(slackSubscriptions.id));
  return c.json({ id: installation?.id ?? '', slackSubscriptions: rows.map(slackDto) });
});

adminConnectivityRoutes.get(`${SLACK}/applications`, READ, (c) => c.json({ clientId: SLACK_CLIENT_ID }));

adminConnectivityRoutes.post(`${SLACK}/applications/registrations`, WRITE, async (c) => {
  const { code } = await parseBody(c, z.object({ code: z.string({ error: 'code is required' }).trim().min(1, { error: 'code is required' }) }));
  const had = await slackInstallation(c.var.db, c.var.auth.tenantId);
  const row = await registerSlack(c.var.db, c.var.auth.tenantId, code);
  if (!had) await audit(c, { action: 'slack.workspace.registered', targetId: row.id, details: { teamName: row.teamName } });
  return c.json({ id: row.id, teamName: row.teamName });
});

adminConnectivityRoutes.get(`${SLACK}/channels`, READ, async (c) => {
  const tenantId = c.var.auth.tenantId;
  return c.json((await slackInstallation(c.var.db, tenantId)) ? slackChannelsOf(tenantId) : []);
});

adminConnectivityRoutes.post(`${SLACK}/subscriptions`, WRITE, async (c) => {
  const body = await parseBody(c, slackBody);
  const slackEvents = await slackEventsOf(c, body.slackEvents);
  if (!slackEvents.length) throw badRequest('A Slack subscription needs at least one channel', 'ER-SLACK-NO-CHANNELS');
  const now = await emulatorDate(c.var.db);
  const [row] = await c.var.db
    .insert(slackSubscriptions)
    .values({ id: randomUUID(), tenantId: c.var.auth.tenantId, isActive: body.isActive, slackEvents, createdAt: now, updatedAt: now })
    .returning();
  await audit(c, { action: 'slack-subscription.created', targetId: row.id, details: { events: slackEvents.map((e) => e.eventKey), isActive: row.isActive } });
  return c.json(slackDto(row), 201);
});

adminConnectivityRoutes.patch(`${SLACK}/subscription/:id`, WRITE, idParams('id'), async (c) => {
  const id = c.req.param('id');
  const body = await parseBody(c, slackBody);
  const [existing] = await c.var.db.select().from(slackSubscriptions).where(mySlack(c, id));
  if (!existing) throw notFound('Slack subscription not found', 'ER-SLACK-SUBSCRIPTION-NOT-FOUND');
  const slackEvents = await slackEventsOf(c, body.slackEvents);
  if (!slackEvents.length) {
    // changed to no channel ids: deleted (AB-5.06)
    await c.var.db.delete(slackSubscriptions).where(mySlack(c, id));
    await audit(c, { action: 'slack-subscription.deleted', targetId: id, details: { reason: 'no channels' }, severity: 'WARNING' });
    return c.json(null);
  }
  const [row] = await c.var.db
    .update(slackSubscriptions)
    .set({ isActive: body.isActive, slackEvents, updatedAt: await emulatorDate(c.var.db) })
    .where(mySlack(c, id))
    .returning();
  await audit(c, { action: 'slack-subscription.updated', targetId: id, details: { events: slackEvents.map((e) => e.eventKey), isActive: row.isActive } });
  return c.json(slackDto(row));
});

adminConnectivityRoutes.delete(`${SLACK}/subscriptions/:id`, WRITE, idParams('id'), async (c) => {
  const id = c.req.param('id');
  const [gone] = await c.var.db.delete(slackSubscriptions).where(mySlack(c, id)).returning();
  if (!gone) throw notFound('Slack subscription not found', 'ER-SLACK-SUBSCRIPTION-NOT-FOUND');
  await audit(c, { action: 'slack-subscription.deleted', targetId: id, details: {}, severity: 'WARNING' });
  return c.json(null);
});
