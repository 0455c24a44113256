/**
 * Connectivity channels (api-contract §Y; admin spec §3 "Connectivity", §5, §7; AB-3.36–3.38, AB-7.57–7.59): the
 * email and SMS configurations per event (subscriptions with recipients), the Slack configuration (its scope's
 * clientId, channels, subscriptions), and the event catalogue (categories, channel maps). Calls send
 * `frontegg-source: admin-portal`, take a trailing {@link CallOptions} and reject with an `FeApiError`.
 */
import type { ApiClient } from './client.ts';
import { adminOptions } from './admin-request.ts';
import type { CallOptions } from './request.ts';

const INTEGRATIONS = '/integrations/resources/configurations';

/** Paths, without the `/{prefix}` (contract §Y). */
export const CONNECTIVITY_PATHS = Object.freeze({
  emails: `${INTEGRATIONS}/v1/emails`,
  sms: `${INTEGRATIONS}/v2/sms`,
  slack: `${INTEGRATIONS}/v1/slack`,
  slackScope: `${INTEGRATIONS}/v1/slack/applications`,
  slackCode: `${INTEGRATIONS}/v1/slack/applications/registrations`,
  slackChannels: `${INTEGRATIONS}/v1/slack/channels`,
  /** POST (new) and DELETE `/{id}`. */
  slackSubscriptions: `${INTEGRATIONS}/v1/slack/subscriptions`,
  /** PATCH `/{id}` (singular, as Frontegg's client writes it). */
  slackSubscription: `${INTEGRATIONS}/v1/slack/subscription`,
  categories: '/event/resources/configurations/v1/categories',
  channelMaps: '/event/resources/configurations/v1',
});

/** The two recipient channels: email addresses or E.164 phone numbers. */
export type RecipientChannel = 'email' | 'sms';

/** One subscription of an event's email or SMS configuration (AB-3.37). */
export interface ChannelSubscription {
  id?: string;
  name: string;
  enabled: boolean;
  /** Email addresses (email) or E.164 numbers (sms). */
  recipients: string[];
}

/** One event's email or SMS configuration: `GET` answers a list of them. */
export interface ChannelEventConfig {
  eventKey: string;
  enabled: boolean;
  subscriptions: ChannelSubscription[];
}

/** One event of a Slack subscription: the channels it is posted to. */
export interface SlackEvent {
  eventKey: string;
  channelIds: string[];
  title?: string;
  message?: string;
}

/** The Slack subscription (AB-3.38). */
export interface SlackSubscription {
  id?: string;
  isActive: boolean;
  slackEvents: SlackEvent[];
}

/** The account's Slack configuration: no `id` while Slack is not connected. */
export interface SlackConfiguration {
  id?: string;
  slackSubscriptions: SlackSubscription[];
}

/** A Slack channel of the connected workspace. */
export interface SlackChannel {
  id: string;
  name: string;
}

/** One event of the catalogue (`IEvent`; the webhooks area's `WebhookEvent` too: one catalogue). */
export interface CatalogueEvent {
  id: string;
  key: string;
  displayName: string;
  description?: string;
  categoryId?: string;
}

/** A category of the catalogue with its events (`ICategory`; the webhooks area's `WebhookCategory`). */
export interface EventCategory {
  id: string;
  name: string;
  events: CatalogueEvent[];
}

/** One event of a channel map (`GET …/v1?channels=`), with its category. */
export interface ChannelMapEvent extends CatalogueEvent {
  category?: { id: string; name: string };
}

const channelPath = (channel: RecipientChannel) => (channel === 'email' ? CONNECTIVITY_PATHS.emails : CONNECTIVITY_PATHS.sms);
const key = (s: string) => encodeURIComponent(s);

/** Creates the connectivity calls on top of `client`. */
export function createConnectivityApi(client: ApiClient) {
  return {
    /** `GET emails` (v1) or `GET sms` (v2): every event's configuration. */
    channelConfigs(channel: RecipientChannel, o?: CallOptions): Promise<ChannelEventConfig[]> {
      return client.get<ChannelEventConfig[]>(channelPath(channel), adminOptions(o));
    },
    /** `POST …/{eventKey}` with `{ enabled, subscriptions }`: the event's configuration made (AB-5.03). */
    createChannelConfig(channel: RecipientChannel, eventKey: string, body: { enabled: boolean; subscriptions: ChannelSubscription[] }, o?: CallOptions): Promise<unknown> {
      return client.post(`${channelPath(channel)}/${key(eventKey)}`, body, adminOptions(o));
    },
    /** `PATCH …/{eventKey}` with `{ enabled }`: the event switched on or off. */
    setChannelEnabled(channel: RecipientChannel, eventKey: string, enabled: boolean, o?: CallOptions): Promise<unknown> {
      return client.patch(`${channelPath(channel)}/${key(eventKey)}`, { enabled }, adminOptions(o));
    },
    /** `DELETE …/{eventKey}`: the event's configuration removed. */
    deleteChannelConfig(channel: RecipientChannel, eventKey: string, o?: CallOptions): Promise<unknown> {
      return client.delete(`${channelPath(channel)}/${key(eventKey)}`, undefined, adminOptions(o));
    },
    /** `PUT …/{eventKey}/subscriptions/{id}` with the whole subscription. */
    putSubscription(channel: RecipientChannel, eventKey: string, subscription: ChannelSubscription & { id: string }, o?: CallOptions): Promise<unknown> {
      return client.put(`${channelPath(channel)}/${key(eventKey)}/subscriptions/${key(subscription.id)}`, subscription, adminOptions(o));
    },
    /** `DELETE …/{eventKey}/subscriptions/{id}` (AB-5.04: its recipients all cleared). */
    deleteSubscription(channel: RecipientChannel, eventKey: string, subscriptionId: string, o?: CallOptions): Promise<unknown> {
      return client.delete(`${channelPath(channel)}/${key(eventKey)}/subscriptions/${key(subscriptionId)}`, undefined, adminOptions(o));
    },
    /** `GET slack`: the Slack configuration (no `id` while not connected). */
    slack(o?: CallOptions): Promise<SlackConfiguration> {
      return client.get<SlackConfiguration>(CONNECTIVITY_PATHS.slack, adminOptions(o));
    },
    /** `GET slack/applications`: the Slack application's `clientId` (AB-7.58). */
    slackScope(o?: CallOptions): Promise<{ clientId: string }> {
      return client.get<{ clientId: string }>(CONNECTIVITY_PATHS.slackScope, adminOptions(o));
    },
    /** `POST slack/applications/registrations` with `{ code }`: Slack's OAuth code registered (AB-7.58). */
    postSlackCode(code: string, o?: CallOptions): Promise<unknown> {
      return client.post(CONNECTIVITY_PATHS.slackCode, { code }, adminOptions(o));
    },
    /** `GET slack/channels`: the workspace's channels. */
    slackChannels(o?: CallOptions): Promise<SlackChannel[]> {
      return client.get<SlackChannel[]>(CONNECTIVITY_PATHS.slackChannels, adminOptions(o));
    },
    /** `POST slack/subscriptions` (no id) or `PATCH slack/subscription/{id}` (AB-5.05). */
    saveSlackSubscription(subscription: SlackSubscription, o?: CallOptions): Promise<unknown> {
      return subscription.id
        ? client.patch(`${CONNECTIVITY_PATHS.slackSubscription}/${key(subscription.id)}`, subscription, adminOptions(o))
        : client.post(CONNECTIVITY_PATHS.slackSubscriptions, { isActive: subscription.isActive, slackEvents: subscription.slackEvents }, adminOptions(o));
    },
    /** `DELETE slack/subscriptions/{id}` (AB-5.06, AB-7.58). */
    deleteSlackSubscription(id: string, o?: CallOptions): Promise<unknown> {
      return client.delete(`${CONNECTIVITY_PATHS.slackSubscriptions}/${key(id)}`, undefined, adminOptions(o));
    },
    /** `GET categories`: the event catalogue by category. */
    categories(o?: CallOptions): Promise<EventCategory[]> {
      return client.get<EventCategory[]>(CONNECTIVITY_PATHS.categories, adminOptions(o));
    },
    /** `GET …/v1?channels=` (e.g. `email,sms`): the events a channel may carry. */
    channelMaps(channels: string, o?: CallOptions): Promise<ChannelMapEvent[]> {
      return client.get<ChannelMapEvent[]>(CONNECTIVITY_PATHS.channelMaps, adminOptions(o, { query: { channels } }));
    },
  };
}
