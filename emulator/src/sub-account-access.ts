/**
 * Entering a sub-account (issue 34 item 3; api-contract §F GetUserJwt, §N; AB-6.10, AB-6.11): who may act in an
 * account below one they belong to, and with what. Domain code for routes/tenants.ts (`me/token`), app.ts (a token of
 * a sub-account is checked again on every call: {@link enforceSubAccountAccess}) and the audit writer (src/audit.ts names the account the
 * user acts from).
 *
 * The rule. A user may act in account T, without being a member of T, through an ancestor A of T (A's subtree holds T;
 * the same vendor) when, in A:
 * - the user is an active member (invitation accepted, not disabled, not a temporary member past its expiry);
 * - the user's roles there grant `fe.account-hierarchy.read.subAccount` (the All accounts section's read key);
 * - the user's sub-account access is on: A's `sub_account_access_type` is `alwaysOn` (every user of A), or the
 *   user's switch in A (`user_tenants.sub_account_access_allowed`, updateSubAccountAccess) is on — unset, it follows
 *   A's type: `defaultOn` on, `defaultOff` off. (Frontegg: "Set subAccountAccessType to defaultOff or defaultOn to
 *   allow sub-account access to be changed, or alwaysOn to force sub-account access on all users" of the account.)
 * The nearest such ancestor is the one the user acts from. In T the token carries the user's roles and permissions
 * in that ancestor (Frontegg's role inheritance: "by assigning roles at higher levels, you automatically extend
 * permissions and access to all users beneath them in the hierarchy"), `tenantId` T and `actingFromTenantId` A.
 *
 * Otherwise 403 `No access` (`ER-SUB-ACCOUNT-NO-ACCESS`): a sibling, an ancestor (a sub-account's admin never
 * reaches its parent), another vendor's account, an account outside every subtree of the user, a user without the
 * switch or without the read key.
 *
 * The walk up is one `WITH RECURSIVE … CYCLE` query (the same SQL on PGlite and Postgres): a cycle made in the
 * database ends the walk instead of looping.
 */
import { and, eq, gt, inArray, isNull, or } from 'drizzle-orm';
import type { MiddlewareHandler } from 'hono';
import type { Db } from './db/client.ts';
import type { AppEnv } from './http/env.ts';
import { tenants, userTenants, type SubAccountAccessType } from './db/schema.ts';
import { forbidden, type HttpError } from './http/errors.ts';
import { holds } from './http/permissions.ts';
import { authorizationFor, type Authorization } from './session/authorization.ts';
import { emulatorNow } from './clock.ts';
import { ancestors } from './hierarchy.ts';
import { accessAllowed } from './team.ts';

/** The permission a user needs in the ancestor to enter its sub-accounts. */
export const ENTER_SUB_ACCOUNT_PERMISSION = 'fe.account-hierarchy.read.subAccount';

/** The refusal of entering (or of going on acting in) an account: 403 `No access`, `ER-SUB-ACCOUNT-NO-ACCESS`. */
export const noSubAccountAccess = (): HttpError => forbidden('No access', 'ER-SUB-ACCOUNT-NO-ACCESS');

/** An ancestor of an account: its id, name, access type and distance (1 = the direct parent). */
export interface Ancestor {
  tenantId: string;
  name: string;
  subAccountAccessType: SubAccountAccessType;
  level: number;
}

/**
 * The ancestors of `tenantId` among the vendor's accounts, nearest first; `[]` for a top-level account or an account
 * that is not the vendor's (hierarchy.ts `ancestors`: one recursive query; a cycle in the data ends the walk).
 */
export async function ancestorsOf(db: Db, vendorId: string, tenantId: string): Promise<Ancestor[]> {
  return (await ancestors(db, vendorId, tenantId)).map((a) => ({ tenantId: a.node.tenantId, name: a.node.name, subAccountAccessType: a.subAccountAccessType, level: a.level }));
}

/** What entering an account grants: the ancestor acted from and the user's roles and permissions there. */
export interface SubAccountGrant {
  via: Ancestor;
  authorization: Authorization;
}

/**
 * The grant of `userId` in `tenantId` through its nearest qualifying ancestor (see the module comment), or undefined
 * when the user may not act there. Membership of `tenantId` itself is not looked at (a member signs in to it).
 */
export async function subAccountGrant(db: Db, vendorId: string, userId: string, tenantId: string): Promise<SubAccountGrant | undefined> {
  const ancestors = await ancestorsOf(db, vendorId, tenantId);
  if (!ancestors.length) return undefined;
  const now = new Date(await emulatorNow(db));
  const memberships = await db
    .select({ tenantId: userTenants.tenantId, allowed: userTenants.subAccountAccessAllowed })
    .from(userTenants)
    .where(
      and(
        eq(userTenants.userId, userId),
        inArray(
          userTenants.tenantId,
          ancestors.map((a) => a.tenantId),
        ),
        eq(userTenants.activated, true),
        eq(userTenants.disabled, false),
        or(isNull(userTenants.temporaryExpiresAt), gt(userTenants.temporaryExpiresAt, now)),
      ),
    );
  const switchOf = new Map(memberships.map((m) => [m.tenantId, m.allowed]));
  for (const a of ancestors) {
    if (!switchOf.has(a.tenantId) || !accessAllowed(a.subAccountAccessType, switchOf.get(a.tenantId))) continue;
    const authorization = await authorizationFor(db, userId, a.tenantId);
    if (!holds(new Set(authorization.permissions.map((p) => p.key)), ENTER_SUB_ACCOUNT_PERMISSION)) continue;
    return { via: a, authorization };
  }
  return undefined;
}

/**
 * Checks a sub-account token again (every call made with it: {@link enforceSubAccountAccess}): the user must still be allowed to act in
 * `tenantId` from `actingFromTenantId` — still its ancestor, still an active member with the read key and the access
 * on. Turning the switch off, removing the user from the ancestor or moving the account out of its subtree stops the
 * token at once, before its expiry. @throws {@link noSubAccountAccess}
 */
export async function assertStillActing(db: Db, vendorId: string, userId: string, tenantId: string, actingFromTenantId: string): Promise<void> {
  const grant = await subAccountGrant(db, vendorId, userId, tenantId);
  if (grant?.via.tenantId !== actingFromTenantId) throw noSubAccountAccess();
}

/**
 * The runtime's `afterAuth` middleware (app.ts; http/auth.ts runs it after the token is verified): a sub-account's
 * token (`actingFromTenantId`) passes only while {@link assertStillActing} holds, on every call made with it.
 * @throws {@link noSubAccountAccess}
 */
export const enforceSubAccountAccess: MiddlewareHandler<AppEnv> = async (c, next) => {
  const auth = c.var.auth;
  if (auth?.actingFromTenantId) await assertStillActing(c.var.db, c.var.rt.vendorId, auth.sub, auth.tenantId, auth.actingFromTenantId);
  await next();
};

/** The name of an account, for the audit rows written while acting from it; the id when it is gone. */
export async function accountName(db: Db, tenantId: string): Promise<string> {
  const [t] = await db.select({ name: tenants.name }).from(tenants).where(eq(tenants.tenantId, tenantId));
  return t?.name ?? tenantId;
}

/** The member's sub-account access in `tenantId` (its switch, else the account's type); false for a non-member. */
export async function memberAccessAllowed(db: Db, userId: string, tenantId: string): Promise<boolean> {
  const [row] = await db
    .select({ allowed: userTenants.subAccountAccessAllowed, type: tenants.subAccountAccessType })
    .from(userTenants)
    .innerJoin(tenants, eq(tenants.tenantId, userTenants.tenantId))
    .where(and(eq(userTenants.userId, userId), eq(userTenants.tenantId, tenantId)));
  return row ? accessAllowed(row.type, row.allowed) : false;
}
