/**
 * What the provisioning section shows, as pure functions (admin spec §3 "Provisioning connection", §7 "Directory
 * (SCIM)"; AB-3.23): the sources in the order offered, how long ago a connection last synced, and which logged SCIM
 * requests failed.
 */
import { SCIM_SOURCES, type ScimSource } from '../resources/provisioning.ts';

/** The sources in the order the create flow offers them (AB-3.23): Okta, Microsoft Entra ID, Frontegg, Other. */
export const SOURCE_CHOICES: readonly ScimSource[] = SCIM_SOURCES;

/** Whether `value` is one of the SCIM sources. */
export function isScimSource(value: unknown): value is ScimSource {
  return typeof value === 'string' && (SCIM_SOURCES as readonly string[]).includes(value);
}

const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * 24 * 3600],
  ['month', 30 * 24 * 3600],
  ['week', 7 * 24 * 3600],
  ['day', 24 * 3600],
  ['hour', 3600],
  ['minute', 60],
];

/**
 * How long ago `iso` was, from `now` (epoch ms), in `locale`'s words ("3 minutes ago", "vor 3 Minuten"): the largest
 * whole unit from minutes to years; under a minute is "now". '' for a missing or unreadable date.
 */
export function timeAgo(iso: string | null | undefined, now: number, locale: string): string {
  const at = iso ? Date.parse(iso) : NaN;
  if (Number.isNaN(at)) return '';
  const seconds = Math.round((at - now) / 1000);
  const format = new Intl.RelativeTimeFormat(locale, { numeric: 'auto' });
  for (const [unit, size] of UNITS) {
    if (Math.abs(seconds) >= size) return format.format(Math.trunc(seconds / size), unit);
  }
  return format.format(0, 'second');
}

/** Whether a logged SCIM request failed: an HTTP status of 400 or more (shown apart, with a word and an icon, not by colour only). */
export function isFailedRequest(status: number): boolean {
  return status >= 400;
}

/**
 * A logged request's path as its row shows it: `resource` with the segment of `userId` left out when the row shows that
 * user by name and email (`/Users/<id>` → `/Users`; issue 31 item 7: a person, not a UUID). The details keep it whole.
 */
export function requestPath(resource: string, userId?: string): string {
  return userId ? resource.replace(`/${userId}`, '') : resource;
}

/** The sub-route of a connection's request log (`#/admin/provisioning/<id>`; the registry's `:id`, after `create` and `delete`). */
export const LOG_LINK = ':id';
