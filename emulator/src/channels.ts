/**
 * The notification channels of the connectivity section (issue 33 item 3; api-contract §Y; AB-3.36–3.38, AB-5.03–5.06):
 * email and SMS subscriptions per event, the account's Slack workspace and its subscriptions, and the event sink that
 * "sends" what the email and SMS subscriptions ask for into the outbox.
 *
 * The spec's rules, kept here whatever the client sends:
 * - an email or SMS subscription exists only with at least one non-empty recipient (AB-5.03): blank recipients are
 *   dropped, a subscription left without any is not created, and an existing one is deleted (AB-5.04); an event's
 *   configuration left without subscriptions is deleted with them;
 * - a Slack subscription is saved only with channel ids (AB-5.05); one changed to have none is deleted (AB-5.06).
 *
 * Recipients are checked: an email channel's are emails (lower-cased), an SMS channel's E.164 phone numbers
 * (`+15551234567`; spaces, dashes, dots and brackets are removed first).
 */
import { createHash, randomUUID } from 'node:crypto';
import { and, asc, eq } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from './db/client.ts';
import { channelConfigurations, channelSubscriptions, slackInstallations, tenants, type NotificationChannel } from './db/schema.ts';
import { badRequest } from './http/errors.ts';
import { e164Phone } from './mfa-codes.ts';
import { send } from './outbox.ts';
import { emulatorDate } from './clock.ts';
import { EVENT_KEYS, type EmittedEvent, type EventKey } from './events/emit.ts';

/** An email or SMS subscription as the API answers it (IEmailSMSSubscriptionResponse). */
export interface ChannelSubscriptionDto {
  id: string;
  name: string;
  enabled: boolean;
  recipients: string[];
}

/** An event's email or SMS configuration as the API answers it (IEmailSMSConfigResponse). */
export interface ChannelConfigurationDto {
  eventKey: string;
  enabled: boolean;
  subscriptions: ChannelSubscriptionDto[];
}

/** Throws 400 `Unknown event key: …` unless `key` is one of Frontegg's event keys. */
export function assertEventKey(key: string): EventKey {
  if (!(EVENT_KEYS as readonly string[]).includes(key)) throw badRequest(`Unknown event key: ${key}`, 'ER-EVENT-KEY-UNKNOWN');
  return key as EventKey;
}

const emailRecipient = z.email();

/**
 * The recipients of `typed` as stored: blanks dropped, duplicates removed, each checked for the channel (400 naming
 * the first bad one). An empty answer means "no recipient" (the subscription is not kept).
 */
export function normaliseRecipients(channel: NotificationChannel, typed: readonly string[]): string[] {
  const out: string[] = [];
  for (const raw of typed) {
    const value = raw.trim();
    if (!value) continue;
    let recipient: string;
    if (channel === 'email') {
      recipient = value.toLowerCase();
      if (!emailRecipient.safeParse(recipient).success) throw badRequest(`Not an email address: ${value}`, 'ER-RECIPIENT-INVALID');
    } else {
      try {
        recipient = e164Phone(value);
      } catch {
        throw badRequest(`Not a phone number with its country code (like +15551234567): ${value}`, 'ER-RECIPIENT-INVALID');
      }
    }
    if (!out.includes(recipient)) out.push(recipient);
  }
  return out;
}

/** Every email or SMS configuration of the account, by event key, each with its subscriptions (oldest first). */
export async function listChannelConfigurations(db: Db, tenantId: string, channel: NotificationChannel): Promise<ChannelConfigurationDto[]> {
  const configs = await db
    .select()
    .from(channelConfigurations)
    .where(and(eq(channelConfigurations.tenantId, tenantId), eq(channelConfigurations.channel, channel)))
    .orderBy(asc(channelConfigurations.eventKey));
  const subs = await db
    .select()
    .from(channelSubscriptions)
    .where(and(eq(channelSubscriptions.tenantId, tenantId), eq(channelSubscriptions.channel, channel)))
    .orderBy(asc(channelSubscriptions.createdAt), asc(channelSubscriptions.id));
  return configs.map((cfg) => ({
    eventKey: cfg.eventKey,
    enabled: cfg.enabled,
    subscriptions: subs.filter((s) => s.eventKey === cfg.eventKey).map(({ id, name, enabled, recipients }) => ({ id, name, enabled, recipients })),
  }));
}

/** The configuration of one event (undefined when there is none). */
export async function channelConfiguration(db: Db, tenantId: string, channel: NotificationChannel, eventKey: string) {
  const [row] = await db
    .select()
    .from(channelConfigurations)
    .where(and(eq(channelConfigurations.tenantId, tenantId), eq(channelConfigurations.channel, channel), eq(channelConfigurations.eventKey, eventKey)));
  return row;
}

/** Deletes the event's configuration when it has no subscription left (its subscriptions go with it otherwise). True when it did. */
export async function dropEmptyConfiguration(db: Db, tenantId: string, channel: NotificationChannel, eventKey: string): Promise<boolean> {
  const [left] = await db
    .select({ id: channelSubscriptions.id })
    .from(channelSubscriptions)
    .where(and(eq(channelSubscriptions.tenantId, tenantId), eq(channelSubscriptions.channel, channel), eq(channelSubscriptions.eventKey, eventKey)))
    .limit(1);
  if (left) return false;
  await db
    .delete(channelConfigurations)
    .where(and(eq(channelConfigurations.tenantId, tenantId), eq(channelConfigurations.channel, channel), eq(channelConfigurations.eventKey, eventKey)));
  return true;
}

/** A subscription as the client sends it (id optional). */
export interface SubscriptionInput {
  id?: string | null;
  name?: string | null;
  enabled?: boolean | null;
  recipients: string[];
}

/**
 * Writes the event's configuration `{ enabled, subscriptions }` (postEmailConfiguration / postSMSConfiguration): the
 * subscriptions given replace the event's, those without a recipient are left out (AB-5.03). Answers how many were
 * kept; with none, the configuration is deleted (or never made).
 */
export async function saveChannelConfiguration(
  db: Db,
  tenantId: string,
  channel: NotificationChannel,
  eventKey: EventKey,
  input: { enabled?: boolean | null; subscriptions: SubscriptionInput[] },
): Promise<number> {
  const kept = input.subscriptions.map((s) => ({ ...s, recipients: normaliseRecipients(channel, s.recipients) })).filter((s) => s.recipients.length > 0);
  const now = await emulatorDate(db);
  const where = and(eq(channelConfigurations.tenantId, tenantId), eq(channelConfigurations.channel, channel), eq(channelConfigurations.eventKey, eventKey));
  if (!kept.length) {
    await db.delete(channelConfigurations).where(where);
    return 0;
  }
  await db
    .insert(channelConfigurations)
    .values({ tenantId, channel, eventKey, enabled: input.enabled ?? true, createdAt: now, updatedAt: now })
    .onConflictDoUpdate({
      target: [channelConfigurations.tenantId, channelConfigurations.channel, channelConfigurations.eventKey],
      set: { enabled: input.enabled ?? true, updatedAt: now },
    });
  await db
    .delete(channelSubscriptions)
    .where(and(eq(channelSubscriptions.tenantId, tenantId), eq(channelSubscriptions.channel, channel), eq(channelSubscriptions.eventKey, eventKey)));
  await db.insert(channelSubscriptions).values(
    kept.map((s) => ({
      id: s.id || randomUUID(),
      tenantId,
      channel,
      eventKey,
      name: s.name?.trim() ?? '',
      enabled: s.enabled ?? true,
      recipients: s.recipients,
      createdAt: now,
      updatedAt: now,
    })),
  );
  return kept.length;
}

// ---------------------------------------------------------------- Slack (a local stand-in for Slack's OAuth and API)

/** The client id the Slack scope call answers (a stand-in: no Slack app is called). */
export const SLACK_CLIENT_ID = 'fe-emulator-slack';

const SLACK_CHANNEL_NAMES = ['general', 'alerts', 'security', 'engineering', 'support'] as const;

/**
 * The canned channels of the account's Slack workspace: `{ id, name }` of #general, #alerts, #security, #engineering
 * and #support, their ids (`C` and 10 upper-case hex digits) derived from the account, so they differ per account.
 */
export function slackChannelsOf(tenantId: string): { id: string; name: string }[] {
  return SLACK_CHANNEL_NAMES.map((name) => ({
    id: `C${createHash('sha256').update(`${tenantId}:${name}`).digest('hex').slice(0, 10).toUpperCase()}`,
    name,
  }));
}

/** The account's Slack workspace registration, if any. */
export async function slackInstallation(db: Db, tenantId: string) {
  const [row] = await db.select().from(slackInstallations).where(eq(slackInstallations.tenantId, tenantId));
  return row;
}

/**
 * Registers the account's Slack workspace with the OAuth `code` Slack's consent gave (postSlackCode): a stand-in that
 * accepts any code except `invalid` / `denied` (400 `Slack did not accept the code`), names the workspace after the
 * account, and keeps the registration it had when called again.
 */
export async function registerSlack(db: Db, tenantId: string, code: string) {
  if (code === 'invalid' || code === 'denied') throw badRequest('Slack did not accept the code', 'ER-SLACK-CODE');
  const [tenant] = await db.select({ name: tenants.name }).from(tenants).where(eq(tenants.tenantId, tenantId));
  await db
    .insert(slackInstallations)
    .values({ tenantId, id: randomUUID(), teamName: tenant?.name ?? 'Workspace', createdAt: await emulatorDate(db) })
    .onConflictDoNothing();
  return (await slackInstallation(db, tenantId))!;
}

// ---------------------------------------------------------------- the sink

/** A readable line of an event for an email or text message: who and what. */
function describeEvent(event: EmittedEvent): string {
  const p = event.payload as { user?: { email?: string; name?: string }; tenant?: { name?: string }; apiToken?: { description?: string } };
  const what = event.key.replace(/^frontegg\./, '');
  const who = p.user?.email ?? p.tenant?.name ?? p.apiToken?.description ?? '';
  return who ? `${what}: ${who}` : what;
}

/**
 * The email and SMS sink (registered by app.ts with `addEventSink`): an event of an account whose configuration of
 * that event, on that channel, is enabled puts one message per recipient of each enabled subscription in the outbox,
 * in the emitting request's transaction. The message names the event and who it is about; the email carries the
 * payload as JSON.
 */
export async function channelsSink(db: Db, event: EmittedEvent): Promise<void> {
  const rows = await db
    .select({ channel: channelSubscriptions.channel, recipients: channelSubscriptions.recipients })
    .from(channelSubscriptions)
    .innerJoin(
      channelConfigurations,
      and(
        eq(channelConfigurations.tenantId, channelSubscriptions.tenantId),
        eq(channelConfigurations.channel, channelSubscriptions.channel),
        eq(channelConfigurations.eventKey, channelSubscriptions.eventKey),
      ),
    )
    .where(
      and(
        eq(channelSubscriptions.tenantId, event.tenantId),
        eq(channelSubscriptions.eventKey, event.key),
        eq(channelSubscriptions.enabled, true),
        eq(channelConfigurations.enabled, true),
      ),
    )
    .orderBy(asc(channelSubscriptions.createdAt), asc(channelSubscriptions.id));
  const line = describeEvent(event);
  for (const row of rows) {
    for (const to of row.recipients) {
      await send(db, {
        to,
        channel: row.channel,
        subject: `Event ${event.key}`,
        text: row.channel === 'email' ? `${line}\nAt ${event.at.toISOString()}\n\n${JSON.stringify(event.payload, null, 2)}` : `${line} (${event.at.toISOString()})`,
      });
    }
  }
}
