/**
 * The one audit writer (issue 20 item 7): every mutation of every admin area and every sign-in event writes one row
 * through `audit(c, …)` — actor (id and email), tenant, the client's IP and user agent, severity, action, a human
 * description and a JSON payload — in the request's transaction (`c.var.db`).
 *
 * Action grammar: `<subject>[.<part>].<verb-past>`, lower-case kebab-case words joined by dots.
 * - `subject` is the thing acted on, singular: `user`, `role`, `group`, `permission`, `session`, `invite-link`,
 *   `api-token`, `access-token`, `mfa`, `account-settings`, `session-configuration`.
 * - `part` (optional) narrows it: `user.invitation.accepted`, `group.roles.added`, `mfa.authenticator.enrolled`,
 *   `user.sign-in.failed`.
 * - the last word is a past participle: `created`, `updated`, `deleted`, `added`, `removed`, `signed-in`, `failed`…
 *
 * Sign-in events: `user.signed-in`, `user.signed-up`, `user.sign-in.failed`, `user.locked`, `user.mfa.verified`,
 * `user.mfa.failed`, `user.signed-out`, `session.refresh.refused`, `user.password.reset`, `user.invitation.accepted`.
 *
 * Severity, as an administrator reads it (the audit log's column, Frontegg's values):
 * - `INFO`: routine — a sign-in, a creation, an update;
 * - `WARNING`: something to look at — a failed sign-in or MFA code, a refused refresh, a deletion, a revocation,
 *   a change of roles or permissions;
 * - `SEVERE`: an incident — a lockout.
 *
 * The payload never carries a secret: keys naming a password, secret, hash, cookie, authorization, API key, or
 * ending in `token` or `code`, are dropped at any depth before the row is written.
 *
 * Acting in a sub-account (a token with `actingFromTenantId`, src/sub-account-access.ts): the row is the
 * sub-account's, its actor the acting user, and it names the account the user acts from — `details.actingFrom
 * { tenantId, name }` and ` (acting from <name>)` at the end of the description.
 *
 * A refusal must stay on record when the request then fails: a row written with `durable: true` is written again,
 * outside the request's transaction, when that transaction is rolled back (`keepDurableAudits`, called by app.ts).
 */
import { randomUUID } from 'node:crypto';
import type { Context } from 'hono';
import type { Db } from './db/client.ts';
import { audits, SCIM_ACTOR_PREFIX } from './db/schema.ts';
import type { AppEnv } from './http/env.ts';
import { clientIp } from './http/client-ip.ts';
import { emulatorNow } from './clock.ts';
import { accountName } from './sub-account-access.ts';

/** Severity of an audit row. */
export type AuditSeverity = 'INFO' | 'WARNING' | 'SEVERE';
export const AUDIT_SEVERITIES: readonly AuditSeverity[] = ['INFO', 'WARNING', 'SEVERE'];

/** What a call site tells the writer; everything else is read from the request. */
export interface AuditEvent {
  /** `<subject>[.<part>].<verb-past>` (see the grammar above). */
  action: string;
  /** The id of the thing acted on. */
  targetId?: string | null;
  /** The JSON payload (secrets are dropped by key name). */
  details?: Record<string, unknown>;
  /** Default `INFO`. */
  severity?: AuditSeverity;
  /** A sentence for the audit log; default derived from the action and the payload. */
  description?: string;
  /** Default the signed-in user's tenant (`c.var.auth`). */
  tenantId?: string | null;
  /**
   * Default the signed-in user (`c.var.auth`); a sign-in event names the user signing in. `null` (or no id, email and
   * name): the system acted (the log shows "System"). An actor that is not a user gives its `name` and an id of its
   * kind: a SCIM connection is `{ id: 'scim:<connection id>', name: <connection name> }` ({@link scimActor}).
   */
  actor?: { id?: string | null; email?: string | null; name?: string | null } | null;
  /** Keep the row even when the request's transaction is rolled back (refusals). */
  durable?: boolean;
}

type AuditInsert = typeof audits.$inferInsert;

/** Rows to keep if the request's transaction rolls back, by request. */
const durable = new WeakMap<Request, AuditInsert[]>();

const SECRET_KEY = /(password|passphrase|secret|hash|cookie|authorization|api-?_?key|otp|token$|code$)/i;

/** A copy of `value` without the keys that may hold a secret, at any depth. */
export function withoutSecrets(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutSecrets);
  if (value && typeof value === 'object' && !(value instanceof Date)) {
    return Object.fromEntries(
      Object.entries(value as Record<string, unknown>)
        .filter(([k]) => !SECRET_KEY.test(k))
        .map(([k, v]) => [k, withoutSecrets(v)]),
    );
  }
  return value;
}

/** The id prefix of a SCIM connection acting (an audit row's `actor_id`; schema.ts). */
export { SCIM_ACTOR_PREFIX };

/** The actor of a SCIM connection's push: its id (`scim:<connection id>`) and its name. */
export function scimActor(conn: { id: string; connectionName: string }): { id: string; email: null; name: string } {
  return { id: `${SCIM_ACTOR_PREFIX}${conn.id}`, email: null, name: conn.connectionName };
}

/** Words of an action written as the product writes them (acronyms upper-case). */
const ACRONYMS: Record<string, string> = { sso: 'SSO', scim: 'SCIM', mfa: 'MFA', ip: 'IP', api: 'API', oidc: 'OIDC', saml: 'SAML', csv: 'CSV' };

/** The payload keys that name the thing acted on, best first (a user, a role or group, a connection, a domain…). */
const NAME_KEYS = ['userEmail', 'email', 'name', 'group', 'connectionName', 'domain', 'key', 'description'];

/**
 * The default description of a row: the action as words — "user.sub-tenant-roles.added" → "User sub tenant roles
 * added", "sso.group.created" → "SSO group created" — and, after a colon, the payload's best name for the object
 * (`NAME_KEYS`: "SSO group created: Engineering", "SCIM connection created: Okta").
 */
export function describe(action: string, details: Record<string, unknown>): string {
  const words = action
    .split(/[.-]/)
    .filter(Boolean)
    .map((w) => ACRONYMS[w] ?? w);
  const text = words.join(' ');
  const sentence = text.charAt(0).toUpperCase() + text.slice(1);
  const name = NAME_KEYS.map((k) => details[k]).find((v) => typeof v === 'string' && v);
  return name ? `${sentence}: ${String(name)}` : sentence;
}

/** Writes one audit row for the request `c` (see the module comment). */
export async function audit(c: Context<AppEnv>, event: AuditEvent): Promise<void> {
  const auth = c.var.auth as AppEnv['Variables']['auth'] | undefined;
  const details = withoutSecrets(event.details ?? {}) as Record<string, unknown>;
  const actor = event.actor === undefined ? { id: auth?.sub, email: auth?.email } : event.actor;
  const db = c.var.db;
  const now = new Date(await emulatorNow(db));
  const tenantId = event.tenantId === undefined ? (auth?.tenantId ?? null) : event.tenantId;
  let description = event.description ?? describe(event.action, details);
  // a change made in a sub-account with its token (src/sub-account-access.ts): the row, in the sub-account, names the
  // account the user acts from (issue 34 item 3) — in the payload and in the sentence the log shows and searches
  if (auth?.actingFromTenantId && actor?.id === auth.sub && tenantId === auth.tenantId) {
    const name = await accountName(db, auth.actingFromTenantId);
    details.actingFrom = { tenantId: auth.actingFromTenantId, name };
    description = `${description} (acting from ${name})`;
  }
  const row: AuditInsert = {
    id: randomUUID(),
    tenantId,
    actorId: actor?.id ?? null,
    actorEmail: actor?.email ?? null,
    actorName: actor?.name ?? null,
    action: event.action,
    targetId: event.targetId ?? null,
    description,
    details,
    ip: clientIp(c),
    userAgent: c.req.header('user-agent') ?? null,
    severity: event.severity ?? 'INFO',
    createdAt: now,
  };
  await db.insert(audits).values(row);
  if (event.durable && db !== c.var.rt.rootDb) {
    const list = durable.get(c.req.raw) ?? [];
    list.push(row);
    durable.set(c.req.raw, list);
  }
}

/**
 * A row about a user's own account (a sign-in event): `user` is the actor and, unless the event names another, the
 * target; `tenantId` the tenant it happened in.
 */
export function auditUser(
  c: Context<AppEnv>,
  user: { id?: string | null; email?: string | null },
  tenantId: string | null,
  event: Omit<AuditEvent, 'actor' | 'tenantId'>,
): Promise<void> {
  return audit(c, { targetId: user.id, ...event, actor: { id: user.id, email: user.email }, tenantId });
}

/** After the request's transaction was rolled back: writes its durable rows with `rootDb` (app.ts). */
export async function keepDurableAudits(c: Context<AppEnv>, rootDb: Db): Promise<void> {
  const rows = durable.get(c.req.raw);
  durable.delete(c.req.raw);
  if (rows?.length) await rootDb.insert(audits).values(rows);
}
