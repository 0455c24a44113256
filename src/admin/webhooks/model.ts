/**
 * The webhooks section's rules, pure (admin spec §4 "Webhook test", §9; AB-4.30–4.31; issue 33 items 1–2): what a
 * form's URL and secret must be, whether a test or a retry succeeded, how an answer's body is shown, the sub-route
 * links, and the "verify it" snippets of the `standardwebhooks` verifier for the secret's format.
 */

/** The tabs beside the webhooks (issue 33 items 3–4), each a sub-route of its name, in tab order. */
export const CHANNEL_TABS = ['email', 'sms', 'slack', 'reports'] as const;
/** One of {@link CHANNEL_TABS}. */
export type ChannelTab = (typeof CHANNEL_TABS)[number];

/**
 * Sub-route patterns of the section (src/admin/shell/sections.ts): the create and row dialogs, the inspector pages
 * (and the tabs of {@link CHANNEL_TABS}, listed before `:id` there so a tab's name is not read as a webhook's id).
 */
export const ROUTES = Object.freeze({
  add: 'add',
  edit: 'edit::webhookId',
  test: 'test::webhookId',
  remove: 'delete::webhookId',
  deliveries: ':id',
  delivery: ':id/deliveries/:deliveryId',
});

/**
 * The key that lets an admin see a webhook's calls and deliveries (the log and the inspector; the emulator refuses them
 * without it): without it the section lists and edits webhooks but offers no Deliveries and no last call.
 */
export const LOGS_PERMISSION = 'fe.connectivity.read.webhookLogs';

/** The shortest typed secret (issue 33 item 1: a typed secret has at least 8 characters; empty: generated). */
export const MIN_SECRET_LENGTH = 8;

/** What is wrong with a webhook's URL, or null: required, and an absolute http(s) URL. */
export function urlProblem(url: string): 'required' | 'invalid' | null {
  const text = url.trim();
  if (!text) return 'required';
  try {
    const u = new URL(text);
    return (u.protocol === 'https:' || u.protocol === 'http:') && u.hostname ? null : 'invalid';
  } catch {
    return 'invalid';
  }
}

/** What is wrong with a typed secret, or null: empty (generated) or at least {@link MIN_SECRET_LENGTH} characters. */
export function secretProblem(secret: string): 'short' | null {
  return secret.length === 0 || secret.length >= MIN_SECRET_LENGTH ? null : 'short';
}

/** A test call succeeded on status 200 or 201 (admin spec §4; AB-4.30). */
export const testSucceeded = (statusCode: number | null | undefined): boolean => statusCode === 200 || statusCode === 201;

/** A retry succeeded only on status 202 (admin spec §4; AB-4.31). */
export const retrySucceeded = (statusCode: number | null | undefined): boolean => statusCode === 202;

/** A delivery attempt's answer was a success: a 2xx status (Svix's rule; 3xx is a failure). */
export const attemptSucceeded = (statusCode: number | null | undefined): boolean => typeof statusCode === 'number' && statusCode >= 200 && statusCode < 300;

/** An answer's body for a person: JSON pretty-printed (two spaces), other text as it came, nothing as ''. */
export function prettyBody(body: unknown): string {
  if (body === undefined || body === null || body === '') return '';
  if (typeof body === 'string') {
    try {
      return JSON.stringify(JSON.parse(body), null, 2);
    } catch {
      return body;
    }
  }
  return JSON.stringify(body, null, 2);
}

/** The format of a webhook's secret: `whsec` (a generated `whsec_<base64>`) or `raw` (typed: its UTF-8 bytes). */
export type SecretFormat = 'whsec' | 'raw';

/** The secret format of a configuration: as the emulator says, else by the secret's prefix, else `whsec`. */
export function secretFormatOf(config: { secretFormat?: SecretFormat; secret?: string | null }): SecretFormat {
  if (config.secretFormat) return config.secretFormat;
  if (config.secret) return config.secret.startsWith('whsec_') ? 'whsec' : 'raw';
  return 'whsec';
}

/** The "verify it" snippet in Node.js: the `standardwebhooks` verifier with the secret's format (`{ format: 'raw' }` for a typed one). */
export function nodeSnippet(format: SecretFormat): string {
  const make = format === 'raw' ? "new Webhook(process.env.WEBHOOK_SECRET, { format: 'raw' })" : 'new Webhook(process.env.WEBHOOK_SECRET)';
  return [
    "import { Webhook } from 'standardwebhooks';",
    '',
    `const wh = ${make};`,
    '// body: the raw request body (a string); headers: webhook-id, webhook-timestamp, webhook-signature',
    'const event = wh.verify(body, headers); // throws when the signature or the timestamp is wrong',
  ].join('\n');
}

/** The "verify it" snippet in Python: the `standardwebhooks` verifier (a typed secret as its bytes). */
export function pythonSnippet(format: SecretFormat): string {
  const make = format === 'raw' ? "Webhook(os.environ['WEBHOOK_SECRET'].encode())" : "Webhook(os.environ['WEBHOOK_SECRET'])";
  return [
    'import os',
    'from standardwebhooks.webhooks import Webhook',
    '',
    `wh = ${make}`,
    '# body: the raw request body; headers: webhook-id, webhook-timestamp, webhook-signature',
    'event = wh.verify(body, headers)  # raises when the signature or the timestamp is wrong',
  ].join('\n');
}

/** Whether a rotated secret's old one still signs at `now` (ms). */
export const overlapActive = (secretOverlapUntil: string | null | undefined, now: number): boolean => !!secretOverlapUntil && Date.parse(secretOverlapUntil) > now;

/** A `datetime-local` value (local time, minutes) for `at` (ms). */
export function localInputValue(at: number): string {
  const d = new Date(at);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** The ISO date of a `datetime-local` value (local time), or null when it is not one. */
export function isoOfLocalInput(value: string): string | null {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/.test(value)) return null;
  const at = new Date(value).getTime();
  return Number.isNaN(at) ? null : new Date(at).toISOString();
}
