/**
 * The event catalogue (issue 33 item 5; api-contract §Y `getCategories`, `getChannelMaps`): the 22 event keys of
 * events/emit.ts in Frontegg's four categories — user, tenant, userApiToken, tenantApiToken — with display names and
 * descriptions, as `ICategory` (`{ id, name, vendorId, createdAt, updatedAt, events: IEvent[] }`) and `IChannelsMap`
 * rows (an event with its category). The catalogue is the same for every account; ids are fixed
 * (`event-<key>`, `category-<name>`). Every event can be sent on every channel Frontegg names: webhook, email, sms,
 * slack.
 */
import { EVENT_KEYS, type EventKey } from '../events/emit.ts';

/** The categories, in the order the portal lists them. */
export const EVENT_CATEGORIES = ['user', 'tenant', 'userApiToken', 'tenantApiToken'] as const;
/** One of {@link EVENT_CATEGORIES}. */
export type EventCategory = (typeof EVENT_CATEGORIES)[number];

/** The channels an event can be sent on (`GET …/configurations/v1?channels=`). */
export const EVENT_CHANNELS = ['webhook', 'email', 'sms', 'slack'] as const;

/** The instant the catalogue's rows say they were made and changed. */
const CATALOGUE_DATE = '2024-01-01T00:00:00.000Z';

/** Each event's display name and description. */
export const EVENT_TEXTS: Readonly<Record<EventKey, { displayName: string; description: string }>> = Object.freeze({
  'frontegg.user.created': { displayName: 'User created', description: 'A user was added to an account' },
  'frontegg.user.signedUp': { displayName: 'User signed up', description: 'A user signed up' },
  'frontegg.user.activated': { displayName: 'User activated', description: 'A user activated their account' },
  'frontegg.user.deleted': { displayName: 'User deleted', description: 'A user was deleted' },
  'frontegg.user.updated': { displayName: 'User updated', description: 'A user’s details were changed' },
  'frontegg.user.invitedToTenant': { displayName: 'User invited to account', description: 'A user was invited to an account' },
  'frontegg.user.changedPassword': { displayName: 'User changed password', description: 'A user changed their password' },
  'frontegg.user.forgotPassword': { displayName: 'User forgot password', description: 'A user asked for a password reset' },
  'frontegg.user.removedFromTenant': { displayName: 'User removed from account', description: 'A user was removed from an account' },
  'frontegg.user.authenticated': { displayName: 'User signed in', description: 'A user signed in' },
  'frontegg.user.authenticatedWithSAML': { displayName: 'User signed in with SAML', description: 'A user signed in through a SAML identity provider' },
  'frontegg.user.authenticatedWithSSO': { displayName: 'User signed in with SSO', description: 'A user signed in through single sign-on' },
  'frontegg.user.failedAuthentication': { displayName: 'User failed to sign in', description: 'A sign-in attempt failed' },
  'frontegg.user.enrolledMFA': { displayName: 'User enrolled in MFA', description: 'A user set up two-factor authentication' },
  'frontegg.user.disabledMFA': { displayName: 'User disabled MFA', description: 'A user turned off two-factor authentication' },
  'frontegg.tenant.created': { displayName: 'Account created', description: 'An account was created' },
  'frontegg.tenant.updated': { displayName: 'Account updated', description: 'An account’s details were changed' },
  'frontegg.tenant.deleted': { displayName: 'Account deleted', description: 'An account was deleted' },
  'frontegg.userApiToken.created': { displayName: 'Personal API token created', description: 'A user created a personal API token' },
  'frontegg.userApiToken.deleted': { displayName: 'Personal API token deleted', description: 'A user deleted a personal API token' },
  'frontegg.tenantApiToken.created': { displayName: 'Account API token created', description: 'An account API token was created' },
  'frontegg.tenantApiToken.deleted': { displayName: 'Account API token deleted', description: 'An account API token was deleted' },
});

/** The category of an event key: its second word (`frontegg.user.created` → `user`). */
export const categoryOf = (key: EventKey): EventCategory => key.split('.')[1] as EventCategory;

/** True when `key` is one of the 22 event keys. */
export const isEventKey = (key: string): key is EventKey => (EVENT_KEYS as readonly string[]).includes(key);

const categoryRow = (name: EventCategory, vendorId: string) => ({
  id: `category-${name}`,
  vendorId,
  name,
  createdAt: CATALOGUE_DATE,
  updatedAt: CATALOGUE_DATE,
});

const eventRow = (key: EventKey, vendorId: string) => ({
  id: `event-${key}`,
  key,
  displayName: EVENT_TEXTS[key].displayName,
  description: EVENT_TEXTS[key].description,
  category: categoryOf(key),
  categoryId: `category-${categoryOf(key)}`,
  vendorId,
  createdAt: CATALOGUE_DATE,
  updatedAt: CATALOGUE_DATE,
});

/** `GET /event/resources/configurations/v1/categories`: every category with its events (`ICategory[]`). */
export function eventCategories(vendorId: string) {
  return EVENT_CATEGORIES.map((name) => ({
    ...categoryRow(name, vendorId),
    events: EVENT_KEYS.filter((key) => categoryOf(key) === name).map((key) => eventRow(key, vendorId)),
  }));
}

/**
 * `GET /event/resources/configurations/v1?channels=`: the events that can be sent on any of `channels` (`IChannelsMap[]`),
 * each with its category; none for channels the emulator does not know.
 */
export function channelMaps(vendorId: string, channels: readonly string[]) {
  const known = channels.some((c) => (EVENT_CHANNELS as readonly string[]).includes(c.toLowerCase()));
  if (!known) return [];
  return EVENT_KEYS.map((key) => {
    const { category, ...event } = eventRow(key, vendorId);
    return { ...event, category: categoryRow(category, vendorId) };
  });
}
