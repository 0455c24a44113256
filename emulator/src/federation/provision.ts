/**
 * Federated sign-in → a user and a login answer. Social login finds the user
 * by the verified email or creates one in a new tenant (like a sign-up, when
 * the vendor allows sign-ups); SSO finds or creates the user in the SSO
 * configuration's tenant (just-in-time provisioning) with its roles. The
 * answer is the password login's: an MFA challenge or a session
 * (session/mfa-challenge.ts completePrimaryAuth), so MFA applies to federated logins too;
 * the vendor policy `ForceExceptSAML` exempts SAML logins from forced MFA.
 */
import { randomUUID } from 'node:crypto';
import type { Context } from 'hono';
import { and, eq } from 'drizzle-orm';
import type { AppEnv } from '../http/env.ts';
import { roles, tenants, userSources, userTenantRoles, userTenants, users, ssoConfigurations } from '../db/schema.ts';
import { findUserByEmail, getUser, getVendor, type UserRow } from '../session/accounts.ts';
import { defaultRoleIdsFor } from '../session/authorization.ts';
import { auditSignedIn } from '../session/events.ts';
import { issueSession } from '../session/issue.ts';
import { completePrimaryAuth } from '../session/mfa-challenge.ts';
import { mfaDeviceCount } from '../mfa-devices.ts';
import { audit } from '../audit.ts';
import { emulatorDate } from '../clock.ts';
import { HttpError } from '../http/errors.ts';
import { enforceEmailDomain } from '../restrictions.ts';
import { effectivePolicies } from '../policies.ts';
import { addMemberRoles, visibleRoles } from '../roles.ts';
import { rolesOfGroups } from '../sso/group-roles.ts';
import { emitTenantEvent, emitUserEvent } from '../events/payloads.ts';

type Ctx = Context<AppEnv>;
export type SsoConfigRow = typeof ssoConfigurations.$inferSelect;

/** A refused federated login that is the user's or vendor's doing (not the IdP's): answered with its status. */
export class ProvisionError extends Error {
  constructor(
    readonly status: 401 | 403,
    message: string,
    readonly errorCode: string,
  ) {
    super(message);
  }
}

/** The identity an IdP asserted (already validated). */
export interface AssertedIdentity {
  email: string;
  name?: string;
  picture?: string;
  /** The groups the IdP asserted (OIDC: the `groups` claim; SAML: the `groups` attribute). */
  groups?: string[];
  /** SAML: every attribute of the assertion as sent (name → values), shown by a test sign-in (issue 31 item 5). */
  attributes?: Record<string, string[]>;
}

/** A claim or attribute value as a list of group names (a string, or an array of strings; others dropped). */
export function groupNames(value: unknown): string[] {
  const list = Array.isArray(value) ? value : value == null ? [] : [value];
  return [
    ...new Set(
      list
        .filter((v): v is string | number => typeof v === 'string' || typeof v === 'number')
        .map((v) => String(v).trim())
        .filter(Boolean),
    ),
  ];
}

async function createUser(c: Ctx, id: AssertedIdentity, tenantId: string, roleIds: string[]): Promise<UserRow> {
  const db = c.var.db;
  const now = await emulatorDate(db);
  const userId = randomUUID();
  await db.insert(users).values({
    id: userId,
    vendorId: c.var.rt.vendorId,
    email: id.email,
    name: id.name?.trim() || id.email.split('@')[0],
    passwordHash: null,
    phoneNumber: null,
    profilePictureUrl: id.picture ?? null,
    verified: true,
    superUser: false,
    mfaBypass: false,
    metadata: null,
    activeTenantId: tenantId,
    isLocked: false,
    failedLoginAttempts: 0,
    lastLogin: now,
    createdAt: now,
  });
  await db.insert(userTenants).values({ userId, tenantId, createdAt: now });
  if (roleIds.length) await db.insert(userTenantRoles).values(roleIds.map((roleId) => ({ userId, tenantId, roleId })));
  return getUser(db, userId);
}

/**
 * Social login: the user with the asserted (verified) email, or a new user in
 * a new tenant of their own (with the Admin role, like a sign-up).
 * @throws ProvisionError 403 when sign-ups are off and the user is new, 401 when locked.
 */
export async function provisionSocialUser(c: Ctx, id: AssertedIdentity, provider: string): Promise<{ user: UserRow; isNewUser: boolean }> {
  const db = c.var.db;
  const existing = await findUserByEmail(db, id.email);
  if (existing) {
    if (existing.isLocked) throw new ProvisionError(401, 'User is locked', 'ER-USER-LOCKED');
    await db
      .update(users)
      .set({ lastLogin: await emulatorDate(db), verified: true })
      .where(eq(users.id, existing.id));
    return { user: await getUser(db, existing.id), isNewUser: false };
  }
  const vendor = await getVendor(db, c.var.rt.vendorId);
  if (!vendor.publicConfig.allowSignups) throw new ProvisionError(403, 'Sign up is disabled', 'ER-SIGNUP-DISABLED');
  const now = await emulatorDate(db);
  const tenantId = randomUUID();
  const name = id.name?.trim() || id.email.split('@')[0];
  await db.insert(tenants).values({
    id: randomUUID(),
    tenantId,
    vendorId: vendor.id,
    name: `${name}'s account`,
    metadata: null,
    isReseller: false,
    createdAt: now,
    updatedAt: now,
  });
  const admin = (
    await db
      .select({ id: roles.id })
      .from(roles)
      .where(and(eq(roles.vendorId, vendor.id), eq(roles.key, 'Admin')))
  ).map((r) => r.id);
  const user = await createUser(c, id, tenantId, admin);
  await audit(c, { tenantId, actor: { id: user.id, email: user.email }, action: 'user.signed-up', targetId: user.id, details: { method: 'social', provider } });
  await emitTenantEvent(db, 'frontegg.tenant.created', { tenantId, userId: user.id });
  await emitUserEvent(db, 'frontegg.user.created', { userId: user.id, tenantId });
  await emitUserEvent(db, 'frontegg.user.signedUp', { userId: user.id, tenantId, extra: { provider } });
  return { user, isNewUser: true };
}

/**
 * The tenant's email-domain restrictions for a user joining it by SSO (restrictions.ts, audited).
 * @throws ProvisionError 403 `ER-EMAIL-DOMAIN-RESTRICTED` with the reason
 */
async function joinAllowed(c: Ctx, tenantId: string, email: string): Promise<void> {
  try {
    await enforceEmailDomain(c, tenantId, email, 'sso');
  } catch (e) {
    if (e instanceof HttpError) throw new ProvisionError(403, e.message, e.errorCode ?? 'ER-EMAIL-DOMAIN-RESTRICTED');
    throw e;
  }
}

/**
 * SSO: the asserted email must belong to one of the configuration's domains
 * (an IdP speaks only for its own domains). The user is found or created in
 * the configuration's tenant; an existing user who is not yet a member joins it.
 * A user who would join the tenant (new, or not yet a member) must pass its email-domain restrictions.
 *
 * Roles (admin spec §6 AB-6.08–6.09; issue 23 item 5): a user created or joining gets the configuration's default
 * roles (the tenant's default roles when it has none) PLUS the roles its group mappings give the groups the IdP
 * asserted; a member signing in again gets the mapped roles added (roles an admin gave stay). Mapped role ids of
 * roles deleted since are skipped. The user's source in the tenant becomes provider `saml`/`oidc` (managed by
 * frontegg, sourceId = the configuration) unless it has one (e.g. scim2); the grant is audited
 * (`user.signed-up` / `user.sso-linked` / `user.sso-roles.mapped`, with the groups and role ids).
 * @throws ProvisionError 403 for a foreign domain or one the tenant's restrictions refuse, 401 when locked.
 */
export async function provisionSsoUser(c: Ctx, id: AssertedIdentity, config: SsoConfigRow): Promise<{ user: UserRow; isNewUser: boolean }> {
  const db = c.var.db;
  const domain = id.email.split('@')[1] ?? '';
  if (!config.domains.includes(domain)) throw new ProvisionError(403, 'The identity provider may not sign in users of this domain', 'ER-SSO-DOMAIN-MISMATCH');
  const groups = id.groups ?? [];
  const mappedIds = await rolesOfGroups(db, config.id, groups);
  const mapped = mappedIds.length ? (await visibleRoles(db, c.var.rt.vendorId, config.tenantId, mappedIds)).map((r) => r.id) : [];
  const defaults = config.roleIds.length ? config.roleIds : await defaultRoleIdsFor(db, c.var.rt.vendorId, config.tenantId);
  const joinRoles = [...new Set([...defaults, ...mapped])];
  const existing = await findUserByEmail(db, id.email);
  let user: UserRow;
  let isNewUser = false;
  let joined = false;
  if (existing) {
    if (existing.isLocked) throw new ProvisionError(401, 'User is locked', 'ER-USER-LOCKED');
    const [member] = await db
      .select()
      .from(userTenants)
      .where(and(eq(userTenants.userId, existing.id), eq(userTenants.tenantId, config.tenantId)));
    if (!member) {
      await joinAllowed(c, config.tenantId, id.email);
      await db.insert(userTenants).values({ userId: existing.id, tenantId: config.tenantId, createdAt: await emulatorDate(db) });
      await addMemberRoles(db, existing.id, config.tenantId, joinRoles);
      joined = true;
    } else {
      await addMemberRoles(db, existing.id, config.tenantId, mapped);
    }
    await db
      .update(users)
      .set({ lastLogin: await emulatorDate(db), activeTenantId: config.tenantId })
      .where(eq(users.id, existing.id));
    user = await getUser(db, existing.id);
  } else {
    await joinAllowed(c, config.tenantId, id.email);
    user = await createUser(c, id, config.tenantId, joinRoles);
    isNewUser = true;
  }
  const linked = await db
    .insert(userSources)
    .values({ userId: user.id, tenantId: config.tenantId, provider: config.type, managedBy: 'frontegg', sourceId: config.id, createdAt: await emulatorDate(db) })
    .onConflictDoNothing()
    .returning({ userId: userSources.userId });
  const granted = isNewUser || joined ? joinRoles : mapped;
  const details = { method: config.type, ssoConfigurationId: config.id, groups, roleIds: granted };
  const actor = { id: user.id, email: user.email };
  if (isNewUser) {
    await audit(c, { tenantId: config.tenantId, actor, action: 'user.signed-up', targetId: user.id, details });
    await emitUserEvent(db, 'frontegg.user.created', { userId: user.id, tenantId: config.tenantId });
    await emitUserEvent(db, 'frontegg.user.signedUp', { userId: user.id, tenantId: config.tenantId, extra: { provider: config.type } });
  } else if (joined || linked.length) await audit(c, { tenantId: config.tenantId, actor, action: 'user.sso-linked', targetId: user.id, details });
  else if (mapped.length) await audit(c, { tenantId: config.tenantId, actor, action: 'user.sso-roles.mapped', targetId: user.id, details });
  return { user, isNewUser };
}

/**
 * The login answer of a federated sign-in: an MFA challenge (MFA enrolled, or
 * forced by the MFA policy in force for the user's account, except
 * `ForceExceptSAML` for SAML logins) or
 * a session with `amr` `[kind]`.
 */
export async function federatedLoginAnswer(c: Ctx, user: UserRow, kind: 'social' | 'oidc' | 'saml') {
  const db = c.var.db;
  if (kind === 'saml') {
    const { mfa } = await effectivePolicies(db, c.var.rt.vendorId, user.activeTenantId);
    const enrolled = (await mfaDeviceCount(db, user.id)) > 0;
    if (mfa.enforceMFAType === 'ForceExceptSAML' && !enrolled) {
      const lr = await issueSession(c, user, { amr: ['saml'], isBreachedPassword: false }, { tenantId: user.activeTenantId });
      await auditSignedIn(c, user, lr.tenantId, ['saml']);
      return lr;
    }
  }
  return completePrimaryAuth(c, user, { isBreachedPassword: false, amr: [kind === 'social' ? 'social' : kind] });
}
