/**
 * The security center (admin spec §2 "Security center", AB-2.02, AB-3.29–3.33, AB-7.37; api-contract R; issue 22
 * item 5): the recommendations, insights and security score of one account, computed on every call from its real data
 * by the emulator's clock — nothing is cached, so the score moves right after any change.
 *
 * What is read (one aggregate query over the account's members, then a few point queries):
 * - the members of the account (every `user_tenants` row of the tenant, invited ones included): how many, how many
 *   have an MFA device of any kind, a breached password (`users.isBreachedPassword`, kept from the common-password
 *   dictionary whenever a password is set or used) or are inactive (the users list's `inactive` preset with its
 *   90-day default: no sign-in for 7,776,000 s, or, never signed in, a member for that long — a pending invitation
 *   sent recently is not inactive and does not lower the score). The counts use the users list's own preset conditions
 *   (team.ts `presetCondition`), so the three tables of the security center always agree with them;
 * - the policies in force (policies.ts `effectivePolicies`: the account's own over the vendor's): MFA, lockout,
 *   password history;
 * - the session configurations (policies.ts `sessionConfigurationsOf`);
 * - the IP and email-domain restriction configs (policies.ts) and their rules; enabled SSO configurations.
 *
 * Thresholds (each "recommended" value is also sent in `metadata`): lockout at most {@link RECOMMENDED.userLockout}
 * attempts; a password history of at least {@link RECOMMENDED.passwordHistory}; force re-login after at most
 * {@link RECOMMENDED.forceReloginSeconds} s; an idle timeout of at most {@link RECOMMENDED.idleTimeoutSeconds} s; at most
 * {@link RECOMMENDED.maxConcurrentSessions} concurrent sessions. The score formula is {@link securityScore}
 * (documented in the README's "Security center score").
 */
import { and, count, eq, sql } from 'drizzle-orm';
import type { Db } from './db/client.ts';
import { emailDomainRestrictions, ipRestrictions, ssoConfigurations, userTenants, users } from './db/schema.ts';
import { domainRestrictionConfigOf, effectivePolicies, ipRestrictionConfigOf, sessionConfigurationsOf, tenantSettings, type SessionConfigurations } from './policies.ts';
import { DEFAULT_MAX_INACTIVE_SECONDS, presetCondition, type Preset } from './team.ts';

/** Frontegg's RecommendationSeverity. */
export type Severity = 'SEVERE' | 'WARNING' | 'INFO';
/** Frontegg's SecurityCategory, without COUNTRY (country restrictions are out of scope). */
export type SecurityCategory = 'MFA' | 'SESSIONS' | 'PASSWORD' | 'INACTIVITY' | 'IP' | 'DOMAIN' | 'SSO';

/** The 17 recommendation codes of Frontegg's client (ENABLE_COUNTRY_RESTRICTIONS left out), each with its severity and category. */
export const RECOMMENDATIONS = {
  FORCE_MFA: { severity: 'SEVERE', category: 'MFA' },
  BREACHED_PASSWORDS_EXIST: { severity: 'SEVERE', category: 'PASSWORD' },
  ENABLE_USER_LOCKOUT: { severity: 'WARNING', category: 'PASSWORD' },
  STRENGTHEN_USER_LOCKOUT: { severity: 'INFO', category: 'PASSWORD' },
  ENABLE_PASSWORD_HISTORY: { severity: 'WARNING', category: 'PASSWORD' },
  STRENGTHEN_PASSWORD_HISTORY: { severity: 'INFO', category: 'PASSWORD' },
  ENABLE_FORCE_RELOGIN: { severity: 'WARNING', category: 'SESSIONS' },
  SET_FORCE_RELOGIN: { severity: 'INFO', category: 'SESSIONS' },
  ENABLE_SESSION_CONCURRENCY: { severity: 'WARNING', category: 'SESSIONS' },
  SET_SESSION_CONCURRENCY: { severity: 'INFO', category: 'SESSIONS' },
  ENABLE_IDLE_SESSION: { severity: 'WARNING', category: 'SESSIONS' },
  SET_IDLE_SESSION: { severity: 'INFO', category: 'SESSIONS' },
  ENABLE_IP_RESTRICTIONS: { severity: 'WARNING', category: 'IP' },
  CHANGE_IP_TO_ALLOWLIST: { severity: 'INFO', category: 'IP' },
  ENABLE_DOMAIN_RESTRICTIONS: { severity: 'WARNING', category: 'DOMAIN' },
  CHANGE_DOMAIN_TO_ALLOWLIST: { severity: 'INFO', category: 'DOMAIN' },
  CONFIGURE_SSO: { severity: 'INFO', category: 'SSO' },
} as const satisfies Record<string, { severity: Severity; category: SecurityCategory }>;
export type RecommendationCode = keyof typeof RECOMMENDATIONS;

/** The 17 insight codes of Frontegg's client, each with its category. */
export const INSIGHTS = {
  MFA_FORCED: 'MFA',
  PARTIALLY_FORCED_MFA: 'MFA',
  PARTIAL_MFA_USAGE: 'MFA',
  FULL_MFA_USAGE: 'MFA',
  BREACHED_PASSWORD_USERS_EXIST: 'PASSWORD',
  IMPROVE_LOCKOUT_POLICY: 'PASSWORD',
  IMPROVE_PASSWORD_HISTORY_POLICY: 'PASSWORD',
  FULL_PASSWORD_SETTINGS: 'PASSWORD',
  NO_SESSION_SETTINGS: 'SESSIONS',
  PARTIAL_SESSION_SETTINGS: 'SESSIONS',
  FULL_SESSION_SETTINGS: 'SESSIONS',
  NO_IP_RESTRICTIONS: 'IP',
  IP_ALLOWLIST: 'IP',
  IP_DENYLIST: 'IP',
  NO_DOMAIN_RESTRICTIONS: 'DOMAIN',
  DOMAIN_ALLOWLIST: 'DOMAIN',
  DOMAIN_DENYLIST: 'DOMAIN',
} as const satisfies Record<string, SecurityCategory>;
export type InsightCode = keyof typeof INSIGHTS;

/** The recommended values: lockout attempts, passwords remembered, seconds, sessions. */
export const RECOMMENDED = Object.freeze({
  /** Lock after at most this many wrong passwords. */
  userLockout: 5,
  /** Remember at least this many earlier passwords. */
  passwordHistory: 5,
  /** Force re-login after at most this many seconds (24 h). */
  forceReloginSeconds: 86_400,
  /** Sign an idle user out after at most this many seconds (30 min). */
  idleTimeoutSeconds: 1_800,
  /** At most this many concurrent sessions per user. */
  maxConcurrentSessions: 5,
});

/** The `metadata` object of every recommendation and insight (api-contract R); timeouts in seconds. */
export interface SecurityMetadata {
  totalUsers: number;
  mfa: { enrolledUsersCount: number };
  inactivity: { staleUsersCount: number };
  password: { breachedPasswordUsersCount: number; historyRecommendations: number; userLockoutRecommendation: number };
  sessions: { configuredSessionSettings: number; forceReloginRecommendation: number; concurrencyRecommendation: number; idleTimeoutRecommendation: number };
  restrictions: { ipsCount: number; domainsCount: number };
}

/** How well one setting is in place: off, on but weaker than recommended, or as recommended. */
export type Level = 'off' | 'weak' | 'strong';

/** The account's security facts the recommendations, insights and score are computed from. */
export interface SecurityFacts {
  totalUsers: number;
  enrolledUsers: number;
  /** Members who have joined (a pending invitation not accepted yet left out), and how many of them have MFA. */
  joinedUsers: number;
  joinedEnrolledUsers: number;
  breachedUsers: number;
  staleUsers: number;
  mfaPolicy: 'DontForce' | 'Force' | 'ForceExceptSAML';
  lockout: Level;
  passwordHistory: Level;
  /** Force re-login, idle timeout, concurrent sessions. */
  sessions: { forceRelogin: Level; idleTimeout: Level; concurrency: Level };
  /** Restrictions in force: the config active with at least one rule of its list type (or public domains blocked). */
  ip: 'none' | 'allow' | 'block';
  domain: 'none' | 'allow' | 'block';
  ipsCount: number;
  domainsCount: number;
  sso: boolean;
}

/** A recommendation as Frontegg's client types it. */
export interface RecommendationDto {
  code: RecommendationCode;
  severity: Severity;
  category: SecurityCategory;
  metadata: SecurityMetadata;
}

/** An insight as Frontegg's client types it. */
export interface InsightDto {
  code: InsightCode;
  category: SecurityCategory;
  metadata: SecurityMetadata;
}

const levelOf = (enabled: boolean, strong: boolean): Level => (enabled ? (strong ? 'strong' : 'weak') : 'off');

function sessionLevels(s: SessionConfigurations): SecurityFacts['sessions'] {
  const t = s.sessionTimeoutConfiguration;
  const i = s.sessionIdleTimeoutConfiguration;
  const k = s.sessionConcurrentConfiguration;
  return {
    forceRelogin: levelOf(t.isActive, t.timeout <= RECOMMENDED.forceReloginSeconds),
    idleTimeout: levelOf(i.isActive, i.timeout <= RECOMMENDED.idleTimeoutSeconds),
    concurrency: levelOf(k.isActive, k.maxSessions <= RECOMMENDED.maxConcurrentSessions),
  };
}

/**
 * Reads the security facts of account `tenantId` of vendor `vendorId` at `now` (epoch ms, the emulator clock). The user
 * counts are one aggregate query over the account's members (fast at 10,000 users).
 * @throws HttpError 500 when the vendor is not seeded (policies.ts)
 */
export async function securityFacts(db: Db, vendorId: string, tenantId: string, now: number): Promise<SecurityFacts> {
  const filtered = (preset: Preset) => sql<number>`count(*) filter (where ${presetCondition(preset, now, DEFAULT_MAX_INACTIVE_SECONDS)})`.mapWith(Number);
  const joined = sql`${userTenants.activated}`;
  const [[counts], policies, settings] = await Promise.all([
    db
      .select({
        total: count(),
        unenrolled: filtered('mfa-unenrolled'),
        breached: filtered('breached-passwords'),
        stale: filtered('inactive'),
        joined: sql<number>`count(*) filter (where ${joined})`.mapWith(Number),
        joinedUnenrolled: sql<number>`count(*) filter (where ${joined} and ${presetCondition('mfa-unenrolled', now, DEFAULT_MAX_INACTIVE_SECONDS)})`.mapWith(Number),
      })
      .from(userTenants)
      .innerJoin(users, eq(users.id, userTenants.userId))
      .where(eq(userTenants.tenantId, tenantId)),
    effectivePolicies(db, vendorId, tenantId),
    tenantSettings(db, tenantId),
  ]);
  const ipConfig = ipRestrictionConfigOf(settings);
  const domainConfig = domainRestrictionConfigOf(settings);
  const [[ips], [domains], [sso]] = await Promise.all([
    db
      .select({ n: count() })
      .from(ipRestrictions)
      .where(and(eq(ipRestrictions.tenantId, tenantId), eq(ipRestrictions.strategy, ipConfig.strategy), eq(ipRestrictions.isActive, true))),
    db
      .select({ n: count() })
      .from(emailDomainRestrictions)
      .where(and(eq(emailDomainRestrictions.tenantId, tenantId), eq(emailDomainRestrictions.type, domainConfig.listType))),
    db
      .select({ n: count() })
      .from(ssoConfigurations)
      .where(and(eq(ssoConfigurations.tenantId, tenantId), eq(ssoConfigurations.enabled, true))),
  ]);
  const ipInForce = ipConfig.isActive && ips.n > 0;
  const domainInForce = domainConfig.active && (domains.n > 0 || (domainConfig.listType === 'BLOCK' && domainConfig.blockPublicDomains));
  const total = Number(counts.total);
  return {
    totalUsers: total,
    enrolledUsers: total - counts.unenrolled,
    joinedUsers: counts.joined,
    joinedEnrolledUsers: counts.joined - counts.joinedUnenrolled,
    breachedUsers: counts.breached,
    staleUsers: counts.stale,
    mfaPolicy: policies.mfa.enforceMFAType,
    lockout: levelOf(policies.lockout.enabled, policies.lockout.maxAttempts <= RECOMMENDED.userLockout),
    passwordHistory: levelOf(policies.passwordHistory.enabled, policies.passwordHistory.historySize >= RECOMMENDED.passwordHistory),
    sessions: sessionLevels(sessionConfigurationsOf(settings)),
    ip: ipInForce ? (ipConfig.strategy === 'ALLOW' ? 'allow' : 'block') : 'none',
    domain: domainInForce ? (domainConfig.listType === 'ALLOW' ? 'allow' : 'block') : 'none',
    ipsCount: Number(ips.n),
    domainsCount: Number(domains.n),
    sso: Number(sso.n) > 0,
  };
}

/** The `metadata` object sent on every recommendation and insight of `f`. */
export function securityMetadata(f: SecurityFacts): SecurityMetadata {
  const s = f.sessions;
  return {
    totalUsers: f.totalUsers,
    mfa: { enrolledUsersCount: f.enrolledUsers },
    inactivity: { staleUsersCount: f.staleUsers },
    password: { breachedPasswordUsersCount: f.breachedUsers, historyRecommendations: RECOMMENDED.passwordHistory, userLockoutRecommendation: RECOMMENDED.userLockout },
    sessions: {
      configuredSessionSettings: [s.forceRelogin, s.idleTimeout, s.concurrency].filter((l) => l !== 'off').length,
      forceReloginRecommendation: RECOMMENDED.forceReloginSeconds,
      concurrencyRecommendation: RECOMMENDED.maxConcurrentSessions,
      idleTimeoutRecommendation: RECOMMENDED.idleTimeoutSeconds,
    },
    restrictions: { ipsCount: f.ipsCount, domainsCount: f.domainsCount },
  };
}

/** The share of the account's users NOT in `n` (1 for an account without users: nobody is at risk). */
const cleanShare = (n: number, total: number) => (total > 0 ? 1 - n / total : 1);
/** Full points for `strong`, half for `weak`, none for `off`. */
const levelPoints = (l: Level, weight: number) => (l === 'strong' ? weight : l === 'weak' ? weight / 2 : 0);

/**
 * The security score, 0–100 (whole number), the sum of the categories' points (README "Security center score"):
 * - MFA 25: the policy 10 (Force 10, ForceExceptSAML 5, DontForce 0) + 15 × the share of joined members enrolled (a
 *   pending invitation cannot sign in yet: inviting people does not lower the score, issue 31 item 3);
 * - PASSWORD 20: 10 × the share of users without a breached password + lockout 5 + password history 5 (each full
 *   points as recommended, half when on but weaker, none when off);
 * - SESSIONS 15: force re-login, idle timeout and concurrent sessions 5 each (full, half, none as above);
 * - INACTIVITY 10: 10 × the share of users not inactive for 90 days;
 * - IP 10: an allow list in force 10, a block list 5, none 0;
 * - DOMAIN 10: an allow list in force 10, a block list 5, none 0;
 * - SSO 10: an enabled SSO configuration 10.
 */
export function securityScore(f: SecurityFacts): number {
  const listPoints = (l: 'none' | 'allow' | 'block') => (l === 'allow' ? 10 : l === 'block' ? 5 : 0);
  const points = {
    MFA: (f.mfaPolicy === 'Force' ? 10 : f.mfaPolicy === 'ForceExceptSAML' ? 5 : 0) + 15 * cleanShare(f.joinedUsers - f.joinedEnrolledUsers, f.joinedUsers),
    PASSWORD: 10 * cleanShare(f.breachedUsers, f.totalUsers) + levelPoints(f.lockout, 5) + levelPoints(f.passwordHistory, 5),
    SESSIONS: levelPoints(f.sessions.forceRelogin, 5) + levelPoints(f.sessions.idleTimeout, 5) + levelPoints(f.sessions.concurrency, 5),
    INACTIVITY: 10 * cleanShare(f.staleUsers, f.totalUsers),
    IP: listPoints(f.ip),
    DOMAIN: listPoints(f.domain),
    SSO: f.sso ? 10 : 0,
  } satisfies Record<SecurityCategory, number>;
  return Math.round(Object.values(points).reduce((a, b) => a + b, 0));
}

const SEVERITY_ORDER: Record<Severity, number> = { SEVERE: 0, WARNING: 1, INFO: 2 };

/** The recommendation codes that apply to `f`, most severe first (then in the order of {@link RECOMMENDATIONS}). */
export function recommendationCodes(f: SecurityFacts): RecommendationCode[] {
  const s = f.sessions;
  const pick = (l: Level, enable: RecommendationCode, strengthen: RecommendationCode) => (l === 'off' ? [enable] : l === 'weak' ? [strengthen] : []);
  const codes: RecommendationCode[] = [
    ...(f.mfaPolicy === 'DontForce' ? (['FORCE_MFA'] as const) : []),
    ...(f.breachedUsers > 0 ? (['BREACHED_PASSWORDS_EXIST'] as const) : []),
    ...pick(f.lockout, 'ENABLE_USER_LOCKOUT', 'STRENGTHEN_USER_LOCKOUT'),
    ...pick(f.passwordHistory, 'ENABLE_PASSWORD_HISTORY', 'STRENGTHEN_PASSWORD_HISTORY'),
    ...pick(s.forceRelogin, 'ENABLE_FORCE_RELOGIN', 'SET_FORCE_RELOGIN'),
    ...pick(s.concurrency, 'ENABLE_SESSION_CONCURRENCY', 'SET_SESSION_CONCURRENCY'),
    ...pick(s.idleTimeout, 'ENABLE_IDLE_SESSION', 'SET_IDLE_SESSION'),
    ...(f.ip === 'none' ? (['ENABLE_IP_RESTRICTIONS'] as const) : f.ip === 'block' ? (['CHANGE_IP_TO_ALLOWLIST'] as const) : []),
    ...(f.domain === 'none' ? (['ENABLE_DOMAIN_RESTRICTIONS'] as const) : f.domain === 'block' ? (['CHANGE_DOMAIN_TO_ALLOWLIST'] as const) : []),
    ...(f.sso ? [] : (['CONFIGURE_SSO'] as const)),
  ];
  return codes.sort((a, b) => SEVERITY_ORDER[RECOMMENDATIONS[a].severity] - SEVERITY_ORDER[RECOMMENDATIONS[b].severity]);
}

/** The insight codes that describe `f`: one or two per category (MFA policy and usage; password; sessions; IP; domain). */
export function insightCodes(f: SecurityFacts): InsightCode[] {
  const s = f.sessions;
  const configured = [s.forceRelogin, s.idleTimeout, s.concurrency].filter((l) => l !== 'off').length;
  const codes: InsightCode[] = [];
  if (f.mfaPolicy === 'Force') codes.push('MFA_FORCED');
  if (f.mfaPolicy === 'ForceExceptSAML') codes.push('PARTIALLY_FORCED_MFA');
  codes.push(f.totalUsers > 0 && f.enrolledUsers === f.totalUsers ? 'FULL_MFA_USAGE' : 'PARTIAL_MFA_USAGE');
  if (f.breachedUsers > 0) codes.push('BREACHED_PASSWORD_USERS_EXIST');
  if (f.lockout !== 'strong') codes.push('IMPROVE_LOCKOUT_POLICY');
  if (f.passwordHistory !== 'strong') codes.push('IMPROVE_PASSWORD_HISTORY_POLICY');
  if (f.lockout === 'strong' && f.passwordHistory === 'strong') codes.push('FULL_PASSWORD_SETTINGS');
  codes.push(configured === 0 ? 'NO_SESSION_SETTINGS' : configured === 3 ? 'FULL_SESSION_SETTINGS' : 'PARTIAL_SESSION_SETTINGS');
  codes.push(f.ip === 'allow' ? 'IP_ALLOWLIST' : f.ip === 'block' ? 'IP_DENYLIST' : 'NO_IP_RESTRICTIONS');
  codes.push(f.domain === 'allow' ? 'DOMAIN_ALLOWLIST' : f.domain === 'block' ? 'DOMAIN_DENYLIST' : 'NO_DOMAIN_RESTRICTIONS');
  return codes;
}

/** getRecommendations's answer for `f`: `{ scoring: { score }, recommendations: { items } }` (api-contract R). */
export function recommendationsOf(f: SecurityFacts): { scoring: { score: number }; recommendations: { items: RecommendationDto[] } } {
  const metadata = securityMetadata(f);
  return {
    scoring: { score: securityScore(f) },
    recommendations: { items: recommendationCodes(f).map((code) => ({ code, ...RECOMMENDATIONS[code], metadata })) },
  };
}

/** getInsights's answer for `f`: `{ insights: { items } }` (api-contract R). */
export function insightsOf(f: SecurityFacts): { insights: { items: InsightDto[] } } {
  const metadata = securityMetadata(f);
  return { insights: { items: insightCodes(f).map((code) => ({ code, category: INSIGHTS[code], metadata })) } };
}
