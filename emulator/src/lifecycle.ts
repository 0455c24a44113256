/**
 * Account-lifecycle building blocks shared by routes/lifecycle.ts,
 * routes/invitations.ts and routes/tenants.ts: single-use tokens (hashed, with
 * expiry, optional 6-digit code and attempt counter), their settings, code
 * rate limits, the lifecycle emails and invite-link resolution.
 *
 * Times follow the emulator clock (`PUT /_emulator/clock`), so a test can
 * expire a token by moving the clock or by setting a lifetime of 0 with
 * `PUT /_emulator/lifecycle-settings`.
 */
import { randomInt } from 'node:crypto';
import type { Context } from 'hono';
import { and, desc, eq, isNull } from 'drizzle-orm';
import type { Db } from './db/client.ts';
import { lifecycleSettings, lifecycleTokens, tenantInviteLinks, tenants, userTenants, type LifecycleSettings, type LifecycleTokenKind } from './db/schema.ts';
import type { AppEnv } from './http/env.ts';
import { HttpError, badRequest, errorBody } from './http/errors.ts';
import { hostOrigin } from './http/origin.ts';
import { randomToken, sha256 } from './crypto/tokens.ts';
import { emulatorNow, emulatorDate } from './clock.ts';
import { send } from './outbox.ts';
import { type TenantRow, type UserRow } from './session/accounts.ts';

type Ctx = Context<AppEnv>;
export type LifecycleTokenRow = typeof lifecycleTokens.$inferSelect;

// ---------------------------------------------------------------- settings

export const DEFAULT_LIFECYCLE_SETTINGS: LifecycleSettings = {
  activationTtlSeconds: 24 * 3600,
  invitationTtlSeconds: 7 * 24 * 3600,
  unlockTtlSeconds: 24 * 3600,
  phoneResetTtlSeconds: 10 * 60,
  smsCodeTtlSeconds: 5 * 60,
  codeResendIntervalSeconds: 30,
  maxCodeAttempts: 5,
};

const SETTINGS_ID = 'default';

export async function getLifecycleSettings(db: Db): Promise<LifecycleSettings> {
  const [row] = await db.select().from(lifecycleSettings).where(eq(lifecycleSettings.id, SETTINGS_ID));
  return { ...DEFAULT_LIFECYCLE_SETTINGS, ...(row?.settings ?? {}) };
}

export async function updateLifecycleSettings(db: Db, patch: Partial<LifecycleSettings>): Promise<LifecycleSettings> {
  const settings = { ...(await getLifecycleSettings(db)), ...patch };
  await db.insert(lifecycleSettings).values({ id: SETTINGS_ID, settings }).onConflictDoUpdate({ target: lifecycleSettings.id, set: { settings } });
  return settings;
}

const TTL: Record<LifecycleTokenKind, keyof LifecycleSettings> = {
  activation: 'activationTtlSeconds',
  invitation: 'invitationTtlSeconds',
  unlock: 'unlockTtlSeconds',
  phone_reset: 'phoneResetTtlSeconds',
  phone_change: 'phoneResetTtlSeconds',
  sms_login: 'smsCodeTtlSeconds',
};

const LABEL: Record<LifecycleTokenKind, [label: string, errorPrefix: string]> = {
  activation: ['activation link', 'ER-ACTIVATION-TOKEN'],
  invitation: ['invitation link', 'ER-INVITATION-TOKEN'],
  unlock: ['unlock link', 'ER-UNLOCK-TOKEN'],
  phone_reset: ['reset phone number token', 'ER-RESET-PHONE-TOKEN'],
  phone_change: ['change phone number token', 'ER-CHANGE-PHONE-TOKEN'],
  sms_login: ['code', 'ER-OTC'],
};

// ---------------------------------------------------------------- tokens

export const sixDigitCode = (): string => String(randomInt(0, 1_000_000)).padStart(6, '0');

export interface IssuedToken {
  token: string;
  code?: string;
  expiresAt: Date;
}

/**
 * Creates a token of `kind` for the user (and tenant). By default every
 * earlier live token of the same kind (and tenant) is revoked, so a resend
 * invalidates the previous link.
 */
export async function issueLifecycleToken(
  db: Db,
  opts: {
    kind: LifecycleTokenKind;
    userId: string;
    tenantId?: string | null;
    withCode?: boolean;
    code?: string;
    revokePrevious?: boolean;
  },
): Promise<IssuedToken> {
  const now = await emulatorNow(db);
  const settings = await getLifecycleSettings(db);
  if (opts.revokePrevious !== false) {
    await db
      .update(lifecycleTokens)
      .set({ revokedAt: new Date(now) })
      .where(
        and(
          eq(lifecycleTokens.userId, opts.userId),
          eq(lifecycleTokens.kind, opts.kind),
          opts.tenantId ? eq(lifecycleTokens.tenantId, opts.tenantId) : isNull(lifecycleTokens.tenantId),
          isNull(lifecycleTokens.usedAt),
          isNull(lifecycleTokens.revokedAt),
        ),
      );
  }
  const token = randomToken(32);
  const code = opts.code ?? (opts.withCode ? sixDigitCode() : undefined);
  const expiresAt = new Date(now + settings[TTL[opts.kind]] * 1000);
  await db.insert(lifecycleTokens).values({
    tokenHash: sha256(token),
    kind: opts.kind,
    userId: opts.userId,
    tenantId: opts.tenantId ?? null,
    codeHash: code ? sha256(code) : null,
    attempts: 0,
    expiresAt,
    usedAt: null,
    revokedAt: null,
    createdAt: new Date(now),
  });
  return { token, code, expiresAt };
}

/** The error for a token row that cannot be used (or undefined when it is live). */
export async function tokenProblem(db: Db, kind: LifecycleTokenKind, row: LifecycleTokenRow | undefined): Promise<HttpError | undefined> {
  const [label, prefix] = LABEL[kind];
  if (!row) return badRequest(`The ${label} is invalid`, `${prefix}-INVALID`);
  if (row.usedAt) return badRequest(`The ${label} has already been used`, `${prefix}-USED`);
  if (row.revokedAt) return badRequest(`The ${label} is no longer valid; a newer one was sent`, `${prefix}-REPLACED`);
  if (row.expiresAt.getTime() <= (await emulatorNow(db))) return badRequest(`The ${label} has expired`, `${prefix}-EXPIRED`);
  return undefined;
}

/** Loads a live token of `kind` (belonging to `userId` when given) or throws 400 invalid / used / replaced / expired. */
export async function loadLifecycleToken(db: Db, kind: LifecycleTokenKind, token: string, userId?: string): Promise<LifecycleTokenRow> {
  const [row] = await db
    .select()
    .from(lifecycleTokens)
    .where(and(eq(lifecycleTokens.tokenHash, sha256(token)), eq(lifecycleTokens.kind, kind)));
  const problem = await tokenProblem(db, kind, row && (!userId || row.userId === userId) ? row : undefined);
  if (problem) throw problem;
  return row!;
}

/** Marks a token used (single use); a concurrent second use answers 400. */
export async function consumeLifecycleToken(db: Db, row: LifecycleTokenRow): Promise<void> {
  const now = await emulatorDate(db);
  const res = await db
    .update(lifecycleTokens)
    .set({ usedAt: now })
    .where(and(eq(lifecycleTokens.tokenHash, row.tokenHash), isNull(lifecycleTokens.usedAt), isNull(lifecycleTokens.revokedAt)))
    .returning({ h: lifecycleTokens.tokenHash });
  if (res.length === 0) throw (await tokenProblem(db, row.kind, { ...row, usedAt: now }))!;
}

/**
 * Checks the code of a token. A wrong code counts an attempt; at
 * `maxCodeAttempts` the token is revoked. Returns the error answer to
 * *return* (so the counter commits), or undefined when the code matches.
 */
export async function wrongCodeAnswer(c: Ctx, row: LifecycleTokenRow, code: string) {
  if (row.codeHash && row.codeHash === sha256(code.trim())) return undefined;
  const db = c.var.db;
  const { maxCodeAttempts } = await getLifecycleSettings(db);
  const attempts = row.attempts + 1;
  const burn = attempts >= maxCodeAttempts;
  await db
    .update(lifecycleTokens)
    .set({ attempts, ...(burn ? { revokedAt: new Date(await emulatorNow(db)) } : {}) })
    .where(eq(lifecycleTokens.tokenHash, row.tokenHash));
  return c.json(errorBody(burn ? 'Invalid code. Too many wrong codes: request a new one' : 'Invalid code', 'ER-INVALID-CODE'), 400);
}

/** 429 when a token of `kind` was sent to the user less than `codeResendIntervalSeconds` ago. */
export async function enforceCodeRateLimit(c: Ctx, userId: string, kind: LifecycleTokenKind): Promise<void> {
  const db = c.var.db;
  const { codeResendIntervalSeconds } = await getLifecycleSettings(db);
  if (codeResendIntervalSeconds <= 0) return;
  const [last] = await db
    .select({ createdAt: lifecycleTokens.createdAt })
    .from(lifecycleTokens)
    .where(and(eq(lifecycleTokens.userId, userId), eq(lifecycleTokens.kind, kind)))
    .orderBy(desc(lifecycleTokens.createdAt))
    .limit(1);
  if (!last) return;
  const waitMs = last.createdAt.getTime() + codeResendIntervalSeconds * 1000 - (await emulatorNow(db));
  if (waitMs > 0) {
    const seconds = Math.ceil(waitMs / 1000);
    c.header('Retry-After', String(seconds));
    throw new HttpError(429, `Too many requests. Try again in ${seconds} seconds`, 'ER-TOO-MANY-REQUESTS');
  }
}

// ---------------------------------------------------------------- emails

const q = encodeURIComponent;

/** Activation email: link `<host>/account/activate?userId&token` and a 6-digit code (for `/account/activate/code`). */
export async function sendActivationEmail(c: Ctx, user: UserRow): Promise<IssuedToken> {
  const issued = await issueLifecycleToken(c.var.db, { kind: 'activation', userId: user.id, withCode: true });
  const origin = hostOrigin(c);
  const link = `${origin}/account/activate?userId=${q(user.id)}&token=${q(issued.token)}`;
  const codeLink = `${origin}/account/activate/code?userId=${q(user.id)}&token=${q(issued.token)}`;
  await send(c.var.db, {
    to: user.email,
    channel: 'email',
    subject: 'Activate your account',
    link,
    code: issued.code,
    text: `Hi ${user.name},\n\nOpen this link to activate your account:\n${link}\n\nOr enter the code ${issued.code} at\n${codeLink}\n\nThe link expires ${issued.expiresAt.toISOString()}.`,
  });
  return issued;
}

/** Invitation email: link `<host>/account/invitation/accept?userId&token` and a 6-digit code (for the code variant). */
export async function sendInvitationEmail(c: Ctx, user: UserRow, tenant: TenantRow, inviterName?: string): Promise<IssuedToken> {
  const issued = await issueLifecycleToken(c.var.db, { kind: 'invitation', userId: user.id, tenantId: tenant.tenantId, withCode: true });
  const origin = hostOrigin(c);
  const link = `${origin}/account/invitation/accept?userId=${q(user.id)}&token=${q(issued.token)}`;
  const codeLink = `${origin}/account/invitation/code?userId=${q(user.id)}&token=${q(issued.token)}`;
  await send(c.var.db, {
    to: user.email,
    channel: 'email',
    subject: `You have been invited to join ${tenant.name}`,
    link,
    code: issued.code,
    text: `Hi ${user.name},\n\n${inviterName ? `${inviterName} invited you` : 'You were invited'} to join ${tenant.name}. Accept the invitation:\n${link}\n\nOr enter the code ${issued.code} at\n${codeLink}\n\nThe invitation expires ${issued.expiresAt.toISOString()}.`,
  });
  return issued;
}

/** Lock email with an unlock link `<host>/account/unlock?token`. */
export async function sendUnlockEmail(c: Ctx, user: UserRow, attempts: number): Promise<IssuedToken> {
  const issued = await issueLifecycleToken(c.var.db, { kind: 'unlock', userId: user.id });
  const link = `${hostOrigin(c)}/account/unlock?token=${q(issued.token)}`;
  await send(c.var.db, {
    to: user.email,
    channel: 'email',
    subject: 'Your account has been locked',
    link,
    text: `Your account was locked after ${attempts} failed sign-in attempts. Open this link to unlock it:\n${link}\n\nThe link expires ${issued.expiresAt.toISOString()}. You can also reset your password, or contact your administrator.`,
  });
  return issued;
}

// ---------------------------------------------------------------- tenants, invite links

export async function getTenant(db: Db, tenantId: string): Promise<TenantRow | undefined> {
  const [t] = await db.select().from(tenants).where(eq(tenants.tenantId, tenantId));
  return t;
}

export const tenantLocked = () => badRequest('The tenant of this invitation is locked', 'ER-01239');

export async function membership(db: Db, userId: string, tenantId: string) {
  const [m] = await db
    .select()
    .from(userTenants)
    .where(and(eq(userTenants.userId, userId), eq(userTenants.tenantId, tenantId)));
  return m;
}

/** A live invite-link token (api-contract.md §I) → the link and its tenant; 400 invalid/expired, 400 ER-01239 for a locked tenant. */
export async function resolveInviteLink(db: Db, token: string) {
  const [link] = await db.select().from(tenantInviteLinks).where(eq(tenantInviteLinks.token, token));
  if (!link) throw badRequest('The invitation token is invalid', 'ER-INVITATION-TOKEN-INVALID');
  if (link.expiresAt.getTime() <= (await emulatorNow(db))) throw badRequest('The invitation token has expired', 'ER-INVITATION-TOKEN-EXPIRED');
  const tenant = await getTenant(db, link.tenantId);
  if (!tenant) throw badRequest('The invitation token is invalid', 'ER-INVITATION-TOKEN-INVALID');
  if (tenant.isLocked) throw tenantLocked();
  return { link, tenant };
}

/** A user still has to activate when the email is unverified or no password is set. */
export const needsActivation = (user: UserRow): boolean => !user.verified || !user.passwordHash;

/** E.164 after removing spaces, dashes, dots and parentheses. */
export function normalisePhone(raw: string): string | undefined {
  const p = raw.replace(/[\s\-().]/g, '');
  return /^\+[1-9]\d{6,14}$/.test(p) ? p : undefined;
}
