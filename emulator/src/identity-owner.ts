/**
 * Who may change a user's identity (issue 29): users are shared across accounts (one `users` row, a `user_tenants`
 * row per account), so an account that changed the identity of a user it shares with another account would change it
 * for that account too — rename another account's admin to an address of its own, reset that address's password and
 * sign in there. The rule, in this one place for the SCIM endpoint (scim/server.ts) and the admin routes
 * (routes/admin/users.ts):
 *
 * An account changes the identity of a user — the shared `users` row: email, name, phone number; and links an
 * existing user into itself by SCIM (which hands it that identity) — only while the user belongs to no other account,
 * or when the account has proven the email's domain: a validated domain of one of its SSO configurations
 * (`sso_configurations.domains`, sso/configurations.ts `syncRouting`), which already lets its IdP sign such users in.
 * An email change needs the new address's domain proven too (else a proven domain would let the account move a
 * shared user to a mailbox it owns).
 *
 * - "Another account" is any account the user has a membership of (active or pending) outside the acting account's
 *   scope: the account itself and its sub-accounts (hierarchy.ts), which its admins manage anyway.
 * - The user's current email decides the domain (the identity being changed is the one proven).
 * - Per-account things are not identity: roles, groups, membership (joining or leaving the account), the membership's
 *   disabled state (`user_tenants.disabled`) and access end; those stay the account's own to change.
 * - A refusal answers 409 (SCIM `scimType: "uniqueness"`; admin `ER-USER-IDENTITY-SHARED`), changes nothing, and
 *   writes one audit row `user.identity-change.refused` (WARNING) in the refusing account.
 */
import type { Context } from 'hono';
import { and, eq, ne, sql } from 'drizzle-orm';
import type { Db } from './db/client.ts';
import type { AppEnv } from './http/env.ts';
import { ssoConfigurations, userTenants } from './db/schema.ts';
import { conflict } from './http/errors.ts';
import { audit, type AuditEvent } from './audit.ts';
import { inSubtree } from './hierarchy.ts';
import { emailDomainOf } from './restrictions.ts';

/** The error code of an admin route's refusal. */
export const IDENTITY_SHARED = 'ER-USER-IDENTITY-SHARED';
/** The audit action of a refusal (audit.ts grammar: subject `user`, part `identity-change`, verb `refused`). */
export const IDENTITY_CHANGE_REFUSED = 'user.identity-change.refused';

/** A part of a user's identity kept on the shared `users` row. */
export type IdentityField = 'email' | 'name' | 'phone';

/** What an account is about to do to a user's identity, and through what. */
export interface IdentityChange {
  /** `link`: an existing user joins the account by SCIM (its identity then follows the directory); `update`: fields change. */
  operation: 'link' | 'update';
  /** The fields an update changes (empty for a link). */
  fields: IdentityField[];
  /** `scim2` (a SCIM connection) or `admin` (the admin API). */
  via: 'scim2' | 'admin';
  /**
   * The address an email change moves the user to: its domain must be proven as well, or an account that proved
   * the current domain could move another account's user to a mailbox of its own.
   */
  newEmail?: string;
}

/** A refusal: the human message and the audit row to write (in the acting account; the caller may add to it). */
export interface IdentityRefusal {
  message: string;
  event: AuditEvent;
}

/**
 * The accounts `userId` belongs to (active or pending membership) outside `tenantId`'s scope (itself and its
 * sub-accounts): one query, and a walk up from each of those accounts only when the user has some other membership.
 * @returns their tenant ids (empty when the user belongs to no other account)
 */
export async function otherAccountsOf(db: Db, vendorId: string, userId: string, tenantId: string): Promise<string[]> {
  const rows = await db
    .select({ tenantId: userTenants.tenantId })
    .from(userTenants)
    .where(and(eq(userTenants.userId, userId), ne(userTenants.tenantId, tenantId)));
  if (!rows.length) return [];
  const ids = rows.map((r) => r.tenantId);
  const inside = await inSubtree(db, vendorId, tenantId, ids);
  return ids.filter((id) => !inside.has(id));
}

/** Whether account `tenantId` has proven the domain of `email`: one of its SSO configurations has it validated. */
export async function provesDomainOf(db: Db, tenantId: string, email: string): Promise<boolean> {
  const domain = emailDomainOf(email);
  if (!domain) return false;
  const [row] = await db
    .select({ id: ssoConfigurations.id })
    .from(ssoConfigurations)
    .where(and(eq(ssoConfigurations.tenantId, tenantId), sql`${ssoConfigurations.domains} @> ${JSON.stringify([domain])}::jsonb`))
    .limit(1);
  return Boolean(row);
}

/** The first of `emails` (absent ones skipped) whose domain account `tenantId` has not proven, or undefined. */
async function unprovenEmail(db: Db, tenantId: string, emails: (string | undefined)[]): Promise<string | undefined> {
  for (const email of emails) if (email !== undefined && !(await provesDomainOf(db, tenantId, email))) return email;
  return undefined;
}

/** The human message of a refusal; `unproven` is the address whose domain the account has not validated. */
function refusalMessage(email: string, unproven: string, change: IdentityChange): string {
  const domain = emailDomainOf(unproven);
  const proof = `only an account that has validated the domain ${domain} through SSO may`;
  if (change.operation === 'link') return `Cannot provision ${email}: the user belongs to another account, and ${proof} provision them`;
  return `Cannot change the ${change.fields.join(' and ')} of ${email}: the user also belongs to another account, and ${proof} change it`;
}

/**
 * Decides whether account `tenantId` may make `change` to the identity of `user` (see the module comment).
 * @param user the user as stored now (its current email decides the domain)
 * @returns null when allowed; else the message and the audit row of the refusal (action
 *   `user.identity-change.refused`, WARNING, target the user, details `{ userEmail, operation, fields, via,
 *   otherAccounts }` — how many other accounts, never which)
 */
export async function identityRefusal(db: Db, vendorId: string, user: { id: string; email: string }, tenantId: string, change: IdentityChange): Promise<IdentityRefusal | null> {
  const others = await otherAccountsOf(db, vendorId, user.id, tenantId);
  if (!others.length) return null;
  const unproven = await unprovenEmail(db, tenantId, [user.email, change.newEmail]);
  if (!unproven) return null;
  const message = refusalMessage(user.email, unproven, change);
  return {
    message,
    event: {
      action: IDENTITY_CHANGE_REFUSED,
      tenantId,
      targetId: user.id,
      severity: 'WARNING',
      description: message,
      details: { userEmail: user.email, operation: change.operation, fields: change.fields, via: change.via, otherAccounts: others.length },
    },
  };
}

/**
 * The admin routes' form of {@link identityRefusal}: the caller's account (`c.var.auth.tenantId`) changes `fields`
 * of `user`. A refusal writes its audit row (durable: it stays although the request rolls back) and throws.
 * @throws HttpError 409 `Cannot change the <fields> of <email>: …` (`ER-USER-IDENTITY-SHARED`)
 */
export async function assertMayChangeIdentity(c: Context<AppEnv>, user: { id: string; email: string }, fields: IdentityField[]): Promise<void> {
  if (!fields.length) return;
  const refusal = await identityRefusal(c.var.db, c.var.rt.vendorId, user, c.var.auth.tenantId, { operation: 'update', fields, via: 'admin' });
  if (!refusal) return;
  await audit(c, { ...refusal.event, durable: true });
  throw conflict(refusal.message, IDENTITY_SHARED);
}
