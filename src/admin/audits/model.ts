/** Pure helpers of the audit log section: its columns, a day's time range, a row's JSON, a severity's look, an actor's name, an action's description. */
import type { AuditActorKind, AuditColumn, AuditRow } from '../../api/audits.ts';
import type { Translate } from '../../i18n/index.ts';

/** The severities of the audit log, mildest first (the severity filter's choices). */
export const AUDIT_SEVERITIES = ['INFO', 'WARNING', 'SEVERE'] as const;

const column = (name: string, displayName: string, type: string, sortable: boolean, showInTable = true): AuditColumn => ({
  _id: `audits-${name}`,
  name,
  type,
  sortable,
  filterable: sortable,
  displayName,
  showInTable,
  showInMoreInfo: showInTable ? 'Always' : 'Never',
});

/** The log's columns when the `audits` metadata cannot be read (admin spec §2: the eight columns, in order). */
export const DEFAULT_AUDIT_COLUMNS: AuditColumn[] = [
  column('createdAt', 'Time', 'Timestamp', true),
  column('user', 'User', 'Email', true),
  column('action', 'Action', 'AlertMessage', true),
  column('description', 'Description', 'String', true),
  column('ip', 'IP Address', 'IpAddress', true),
  column('severity', 'Severity', 'Severity', true),
  column('userAgent', 'User Agent', 'String', true),
  column('json', 'Json Data', 'Json', false),
];

/**
 * The columns of the table: the metadata's, in its order — those it shows in the table, and Json Data (its own
 * column: a button that opens the row's JSON) even when the metadata keeps it for "more info".
 */
export function columnsShown(columns: readonly AuditColumn[]): AuditColumn[] {
  return columns.filter((c) => c.showInTable || c.name === 'json');
}

/**
 * The time range of a date input's day (`YYYY-MM-DD`, the admin's local day) as ISO instants: its first and last
 * millisecond; both `''` for an empty input.
 */
export function dayRange(day: string): { start: string; end: string } {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) return { start: '', end: '' };
  const [y, m, d] = day.split('-').map(Number);
  return { start: new Date(y, m - 1, d, 0, 0, 0, 0).toISOString(), end: new Date(y, m - 1, d, 23, 59, 59, 999).toISOString() };
}

/** The admin's local day (`YYYY-MM-DD`) of an ISO instant, for a date input; `''` for none. */
export function localDay(iso: string): string {
  if (!iso) return '';
  const d = new Date(iso);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}

/** A row's JSON data, indented (the payload itself when the list holds one entry). */
export function jsonText(row: Pick<AuditRow, 'json'>): string {
  const data = Array.isArray(row.json) && row.json.length === 1 ? row.json[0] : row.json;
  return JSON.stringify(data, null, 2);
}

/** How a severity looks: SEVERE and WARNING as dangers, INFO plain. */
export function severityClass(severity: string): 'danger' | 'plain' {
  return severity === 'SEVERE' || severity === 'WARNING' ? 'danger' : 'plain';
}

/**
 * Who acted, as the log shows it (issue 31 item 6: never an empty cell): a user by `text` (the email), a SCIM
 * connection as "SCIM: <name>", the system as "System" (in the admin's language).
 */
export function actorText(t: Translate, actor: { kind: AuditActorKind; name?: string; text: string }): string {
  if (actor.kind === 'system') return t('admin.audits.actor.system');
  if (actor.kind === 'scim') return t('admin.audits.actor.scim', { name: actor.name || actor.text });
  return actor.text || t('admin.audits.actor.system');
}

/**
 * The billing actions (issue 32: the subscription and usage sections; emulator/src/billing) whose description the log
 * gives in the admin's language: a plan or payment method changed, a cancellation, a renewal (a cancellation undone,
 * or a period paid), a failed renewal charge, the end of a cancelled subscription, billing details changed, a card
 * added, an addition refused at a plan limit.
 */
export const BILLING_AUDIT_ACTIONS = [
  'subscription.updated',
  'subscription.canceled',
  'subscription.renewed',
  'subscription.renewal.failed',
  'subscription.ended',
  'billing-details.updated',
  'payment-method.added',
  'subscription.limit.reached',
] as const;

/** One of {@link BILLING_AUDIT_ACTIONS}. */
export type BillingAuditAction = (typeof BILLING_AUDIT_ACTIONS)[number];

const isBillingAction = (action: string): action is BillingAuditAction => (BILLING_AUDIT_ACTIONS as readonly string[]).includes(action);

/** The billing actions whose payload names the plan (`name`): their sentence names it too. */
const NAMING_THE_PLAN = ['subscription.updated', 'subscription.canceled', 'subscription.renewed', 'subscription.renewal.failed'] as const satisfies readonly BillingAuditAction[];
const namesThePlan = (action: string): action is (typeof NAMING_THE_PLAN)[number] => (NAMING_THE_PLAN as readonly string[]).includes(action);

/** A string field of a row's payload (its JSON data's one entry), or undefined. */
function payloadText(row: { json?: unknown }, key: string): string | undefined {
  const payload: unknown = Array.isArray(row.json) ? row.json[0] : undefined;
  const value = payload && typeof payload === 'object' ? (payload as Record<string, unknown>)[key] : undefined;
  return typeof value === 'string' && value ? value : undefined;
}

/**
 * What a row's Description says: for a billing action ({@link BILLING_AUDIT_ACTIONS}) its sentence in the admin's
 * language (`admin.audits.action.<action>`), naming the plan when the payload does (`name`: `….named`) and the card
 * of an added payment method (`brand`, `last4`: `….card`); for any other action the server's own description, as
 * written ('' for none).
 */
export function describeAction(t: Translate, row: { action: string; description?: string | null; json?: unknown }): string {
  const action = row.action;
  if (!isBillingAction(action)) return row.description ?? '';
  const plan = payloadText(row, 'name');
  if (plan && namesThePlan(action)) return t(`admin.audits.action.${action}.named`, { plan });
  const brand = payloadText(row, 'brand');
  const last4 = payloadText(row, 'last4');
  if (action === 'payment-method.added' && brand && last4) {
    return t('admin.audits.action.payment-method.added.card', { brand: brand.charAt(0).toUpperCase() + brand.slice(1), last4 });
  }
  return t(`admin.audits.action.${action}`);
}
