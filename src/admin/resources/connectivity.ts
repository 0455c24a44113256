/**
 * The notification channels as the portal reads and writes them (admin spec §3 "Connectivity", §5, §8; api-contract
 * §Y; AB-3.36–3.38, AB-5.03–5.06, AB-7.57–7.59, AB-8.14): the event catalogue, each event's email and SMS
 * subscriptions, the Slack configuration and channels. Loading is retried 3 times (AB-8.14). The spec's save rules
 * are pure functions here ({@link planRecipientsSave}, {@link planSlackSave}), run by the mutations.
 */
import type { ApiClient } from '../../api/client.ts';
import {
  createConnectivityApi,
  CONNECTIVITY_PATHS,
  type ChannelEventConfig,
  type EventCategory,
  type RecipientChannel,
  type SlackChannel,
  type SlackConfiguration,
  type SlackEvent,
  type SlackSubscription,
} from '../../api/connectivity.ts';
import { retry } from '../../api/retry.ts';
import type { QueryContext } from './query.ts';

export { CONNECTIVITY_PATHS };
export type { ChannelEventConfig, EventCategory, RecipientChannel, SlackChannel, SlackConfiguration, SlackEvent, SlackSubscription };

/** Cache keys. */
export const CONNECTIVITY_KEYS = Object.freeze({
  /** The event catalogue, the webhooks' too (./webhooks.ts `WEBHOOK_CATEGORIES_KEY`). */
  categories: 'admin/connectivity/categories',
  email: 'admin/connectivity/email',
  sms: 'admin/connectivity/sms',
  slack: 'admin/connectivity/slack',
  slackChannels: 'admin/connectivity/slack-channels',
});

/** Attempts of each connectivity read (admin spec §8 "connectivity loading retries 3 times", AB-8.14). */
export const CONNECTIVITY_LOAD_ATTEMPTS = 3;
/** Wait between two attempts, ms. */
export const CONNECTIVITY_RETRY_MS = 500;

/**
 * `load` tried {@link CONNECTIVITY_LOAD_ATTEMPTS} times when the server failed (5xx, AB-8.14); an answer that will not
 * change on asking again (400–499: not allowed, not found) fails at once, and a request that got no answer is left to
 * the query context's own 3 retries (./query.ts), so it is not retried twice over.
 */
export function loadWithRetries<T>(load: () => Promise<T>, delayMs = CONNECTIVITY_RETRY_MS): Promise<T> {
  return retry(load, {
    attempts: CONNECTIVITY_LOAD_ATTEMPTS,
    delayMs,
    shouldRetry: (error) => {
      const status = (error as { statusCode?: unknown } | null)?.statusCode;
      return typeof status === 'number' && status >= 500;
    },
  });
}

/** An email address as the recipients' field takes it (one `@`, a dot in the domain, no spaces). */
export function isEmailAddress(text: string): boolean {
  return /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(text);
}

/** A phone number in E.164 (`+` and 8–15 digits, the first not 0), as SMS recipients are written. */
export function isE164(text: string): boolean {
  return /^\+[1-9]\d{7,14}$/.test(text);
}

/** The recipients of a channel's text: split on commas, semicolons, spaces or lines; trimmed; empty ones dropped. */
export function parseRecipients(text: string): string[] {
  return text
    .split(/[\s,;]+/)
    .map((r) => r.trim())
    .filter(Boolean);
}

/** The recipients of `list` that are not valid for `channel` (emails, or E.164 phone numbers). */
export function invalidRecipients(channel: RecipientChannel, list: readonly string[]): string[] {
  return list.filter((r) => !(channel === 'email' ? isEmailAddress(r) : isE164(r)));
}

/** What saving one event's recipients does (AB-5.03, AB-5.04). */
export type RecipientsPlan =
  | { kind: 'create'; body: { enabled: boolean; subscriptions: { name: string; enabled: boolean; recipients: string[] }[] } }
  | { kind: 'put'; subscription: { id: string; name: string; enabled: boolean; recipients: string[] } }
  | { kind: 'delete'; subscriptionId: string }
  | { kind: 'none' };

/**
 * The spec's rule for one event's recipients (admin spec §5; AB-5.03, AB-5.04): recipients are trimmed and the empty
 * ones dropped; with none left, an existing subscription is deleted (and nothing is made when there is none); with
 * one or more, an existing subscription is replaced (PUT) and else one is created (POST) — never with an empty list.
 */
export function planRecipientsSave(existing: ChannelEventConfig | undefined, eventKey: string, recipients: readonly string[], enabled: boolean): RecipientsPlan {
  const list = recipients.map((r) => r.trim()).filter(Boolean);
  const sub = existing?.subscriptions.find((s) => s.id);
  if (list.length === 0) return sub?.id ? { kind: 'delete', subscriptionId: sub.id } : { kind: 'none' };
  if (sub?.id) return { kind: 'put', subscription: { id: sub.id, name: sub.name || eventKey, enabled, recipients: list } };
  return { kind: 'create', body: { enabled, subscriptions: [{ name: eventKey, enabled, recipients: list }] } };
}

/** What saving the Slack channels per event does (AB-5.05, AB-5.06). */
export type SlackPlan = { kind: 'save'; subscription: SlackSubscription } | { kind: 'delete'; id: string } | { kind: 'none' };

/** Channel ids per event key, as the Slack panel edits them. */
export type SlackChoice = Record<string, string[]>;

/** The events of `choice` that have channels, in key order (the ones without are left out). */
export function slackEventsOf(choice: SlackChoice): SlackEvent[] {
  return Object.keys(choice)
    .sort()
    .filter((eventKey) => choice[eventKey].length > 0)
    .map((eventKey) => ({ eventKey, channelIds: [...choice[eventKey]].sort() }));
}

/**
 * The spec's Slack rule (admin spec §5; AB-5.05, AB-5.06): with channel ids on some event, the subscription is saved
 * when new or changed (POST without an id, PATCH with one) and left alone when unchanged; with none, an existing
 * subscription is deleted and nothing is made.
 */
export function planSlackSave(existing: SlackSubscription | undefined, choice: SlackChoice, isActive: boolean): SlackPlan {
  const slackEvents = slackEventsOf(choice);
  if (slackEvents.length === 0) return existing?.id ? { kind: 'delete', id: existing.id } : { kind: 'none' };
  if (existing?.id) {
    const before = slackEventsOf(Object.fromEntries(existing.slackEvents.map((e) => [e.eventKey, e.channelIds])));
    const same = existing.isActive === isActive && JSON.stringify(before) === JSON.stringify(slackEvents);
    return same ? { kind: 'none' } : { kind: 'save', subscription: { id: existing.id, isActive, slackEvents } };
  }
  return { kind: 'save', subscription: { isActive, slackEvents } };
}

/** One event's recipients saved: the channel, the event, the recipients (as typed) and whether it is on. */
export interface RecipientsSave {
  channel: RecipientChannel;
  eventKey: string;
  recipients: readonly string[];
  enabled: boolean;
}

/** Builds the connectivity resource of one app; sections read it with `resources.use(createConnectivityResource)`. */
export function createConnectivityResource(q: QueryContext, client: ApiClient) {
  const api = createConnectivityApi(client);
  const $email = q.createFetcherStore<ChannelEventConfig[]>([CONNECTIVITY_KEYS.email], { fetcher: () => loadWithRetries(() => api.channelConfigs('email')) });
  const $sms = q.createFetcherStore<ChannelEventConfig[]>([CONNECTIVITY_KEYS.sms], { fetcher: () => loadWithRetries(() => api.channelConfigs('sms')) });
  const keyOf = (channel: RecipientChannel) => (channel === 'email' ? CONNECTIVITY_KEYS.email : CONNECTIVITY_KEYS.sms);
  return {
    /** The event catalogue by category (AB-3.36). */
    $categories: q.createFetcherStore<EventCategory[]>([CONNECTIVITY_KEYS.categories], { fetcher: () => loadWithRetries(() => api.categories()) }),
    /** Each event's email configuration. */
    $email,
    /** Each event's SMS configuration. */
    $sms,
    /** The store of `channel`'s configurations. */
    configs: (channel: RecipientChannel) => (channel === 'email' ? $email : $sms),
    /** The Slack configuration (no `id`: not connected). */
    $slack: q.createFetcherStore<SlackConfiguration>([CONNECTIVITY_KEYS.slack], { fetcher: () => loadWithRetries(() => api.slack()) }),
    /** The workspace's Slack channels (read once Slack is connected). */
    $slackChannels: q.createFetcherStore<SlackChannel[]>([CONNECTIVITY_KEYS.slackChannels], { fetcher: () => loadWithRetries(() => api.slackChannels()) }),

    /**
     * Saves one event's recipients by the spec's rule ({@link planRecipientsSave}); the channel's configurations are
     * read again. Resolves with what was done.
     * @throws FeApiError
     */
    saveRecipients: q.mutation<RecipientsSave, RecipientsPlan['kind']>(async ({ channel, eventKey, recipients, enabled }, cache) => {
      const existing = cache.read<ChannelEventConfig[]>(keyOf(channel))?.find((c) => c.eventKey === eventKey);
      const plan = planRecipientsSave(existing, eventKey, recipients, enabled);
      if (plan.kind === 'create') await api.createChannelConfig(channel, eventKey, plan.body);
      else if (plan.kind === 'put') await api.putSubscription(channel, eventKey, plan.subscription);
      else if (plan.kind === 'delete') await api.deleteSubscription(channel, eventKey, plan.subscriptionId);
      if (plan.kind !== 'none') cache.revalidate((k) => k === keyOf(channel));
      return plan.kind;
    }),

    /**
     * Switches one configured event on or off (`PATCH { enabled }`); the cached configuration follows at once.
     * @throws FeApiError — the cache is put back
     */
    setEnabled: q.mutation<{ channel: RecipientChannel; eventKey: string; enabled: boolean }, void>(async ({ channel, eventKey, enabled }, cache) => {
      const key = keyOf(channel);
      const before = cache.read<ChannelEventConfig[]>(key);
      cache.edit<ChannelEventConfig[]>(key, (list) => list.map((c) => (c.eventKey === eventKey ? { ...c, enabled } : c)));
      try {
        await api.setChannelEnabled(channel, eventKey, enabled);
      } catch (e) {
        if (before) cache.write(key, before);
        throw e;
      }
    }),

    /**
     * Where the admin connects Slack: the Slack application's `clientId` (AB-7.58) in Slack's authorize URL, coming
     * back to `redirectUri`.
     * @throws FeApiError
     */
    slackAuthorizeUrl: q.mutation<{ redirectUri: string }, string>(async ({ redirectUri }) => {
      const { clientId } = await api.slackScope();
      const url = new URL('https://slack.com/oauth/v2/authorize');
      url.searchParams.set('client_id', clientId);
      url.searchParams.set('scope', 'chat:write,channels:read');
      url.searchParams.set('redirect_uri', redirectUri);
      return url.href;
    }),

    /**
     * Registers the code Slack's OAuth answered with (AB-7.58); the configuration and channels are read again.
     * @throws FeApiError
     */
    registerSlackCode: q.mutation<string, void>(async (code, cache) => {
      await api.postSlackCode(code);
      cache.revalidate((k) => k === CONNECTIVITY_KEYS.slack || k === CONNECTIVITY_KEYS.slackChannels);
    }),

    /**
     * Saves the Slack channels per event by the spec's rule ({@link planSlackSave}); the configuration is read again.
     * Resolves with what was done.
     * @throws FeApiError
     */
    saveSlack: q.mutation<{ choice: SlackChoice; isActive: boolean }, SlackPlan['kind']>(async ({ choice, isActive }, cache) => {
      const existing = cache.read<SlackConfiguration>(CONNECTIVITY_KEYS.slack)?.slackSubscriptions[0];
      const plan = planSlackSave(existing, choice, isActive);
      if (plan.kind === 'save') await api.saveSlackSubscription(plan.subscription);
      else if (plan.kind === 'delete') await api.deleteSlackSubscription(plan.id);
      if (plan.kind !== 'none') cache.revalidate((k) => k === CONNECTIVITY_KEYS.slack);
      return plan.kind;
    }),
  };
}

/** The connectivity resource of one app. */
export type ConnectivityResource = ReturnType<typeof createConnectivityResource>;
