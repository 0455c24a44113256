/**
 * The security section's API area (admin spec §2 "security", §3 "Policies", "Security center"; api-contract §P, §R
 * and the session configurations of §S): the account's MFA, lockout and password-history policies, the global and
 * captcha policies, the session configurations, the security center's recommendations (with the score) and
 * insights, the reset of breached passwords, and the security center's user tables (users v3 with `_preset`).
 *
 * The calls are made exactly as Frontegg's client makes them (paths of `@frontegg/rest-api` constants.js, without
 * the `/{prefix}`): each sends `frontegg-source: admin-portal`, takes a trailing {@link CallOptions} and rejects
 * with an `FeApiError`, except {@link createSecurityApi}'s `getCaptchaPolicy`, which resolves null on failure (AB-7.31).
 */
import type { ApiClient } from './client.ts';
import { adminOptions } from './admin-request.ts';
import type { Page, TenantUser, UsersQuery } from './admin-types.ts';
import type { CallOptions } from './request.ts';
import { TEAM_PATHS } from './team.ts';

const CONFIG = '/identity/resources/configurations/v1';

/** Paths, without the `/{prefix}` (Frontegg's `urls.identity.configurations`, `urls.securityCenter`, …). */
export const SECURITY_PATHS = Object.freeze({
  globalPolicy: CONFIG,
  mfaPolicy: `${CONFIG}/mfa-policy`,
  lockoutPolicy: `${CONFIG}/lockout-policy`,
  passwordHistoryPolicy: `${CONFIG}/password-history-policy`,
  captchaPolicy: `${CONFIG}/captcha-policy/public`,
  sessionConfigurations: '/identity/resources/configurations/sessions/v1',
  recommendations: '/security-center/resources/recommendations/v1',
  insights: '/security-center/resources/insights/v1',
  resetBreachedPasswords: '/identity/resources/users/v1/passwords/breached/reset/bulk',
  users: TEAM_PATHS.usersV3,
});

/** How MFA is enforced (AB-3.24): not at all, for everyone, or for everyone but users who sign in with SAML SSO. */
export type EnforceMfaType = 'DontForce' | 'Force' | 'ForceExceptSAML';
/** The values of {@link EnforceMfaType}, in the order the portal offers them. */
export const ENFORCE_MFA_TYPES: readonly EnforceMfaType[] = ['DontForce', 'Force', 'ForceExceptSAML'];

/**
 * The account's MFA policy (AB-3.24, ISecurityPolicyMfa). `allowRememberMyDevice` and `mfaDeviceExpiration`
 * (seconds) are there when the server has a remember-device policy; dates are ISO strings.
 */
export interface MfaPolicy {
  id?: string;
  enforceMFAType: EnforceMfaType;
  allowRememberMyDevice?: boolean;
  /** How long a remembered device skips MFA, in seconds. */
  mfaDeviceExpiration?: number;
  createdAt?: string;
  updatedAt?: string;
}

/** The lockout policy (AB-3.25): after `maxAttempts` (1–100) wrong passwords in a row the account locks. */
export interface LockoutPolicy {
  id?: string;
  enabled: boolean;
  maxAttempts: number;
  createdAt?: string;
  updatedAt?: string;
}

/** The password-history policy (AB-3.26): a new password may not be one of the last `historySize` (1–10). */
export interface PasswordHistoryPolicy {
  id?: string;
  enabled: boolean;
  historySize: number;
  createdAt?: string;
  updatedAt?: string;
}

/** The global (vendor) security policy (AB-3.28; ISecurityPolicy). Token expirations in seconds; `publicKey` a PEM string. */
export interface GlobalSecurityPolicy {
  id: string;
  enforceMFAType?: EnforceMfaType;
  allowOverrideEnforcePasswordHistory: boolean;
  allowOverridePasswordComplexity: boolean;
  allowOverridePasswordExpiration: boolean;
  allowSignups: boolean;
  apiTokensEnabled: boolean;
  cookieSameSite: string;
  defaultRefreshTokenExpiration: number;
  defaultTokenExpiration: number;
  publicKey: string;
  createdAt?: string;
  updatedAt?: string;
}

/** The public captcha policy (AB-7.31). */
export interface CaptchaPolicy {
  id: string;
  siteKey: string | null;
  enabled: boolean;
  createdAt?: string | null;
  updatedAt?: string | null;
}

/**
 * The account's session configurations (SI-3.11; Frontegg's body shape): the session lifetime ("force re-login")
 * and the idle timeout, each `timeout` in SECONDS (the server takes 60 s – 365 days), and the most concurrent
 * sessions of a user (1–1000).
 */
export interface SessionConfigurations {
  sessionTimeoutConfiguration: { isActive: boolean; timeout: number };
  sessionIdleTimeoutConfiguration: { isActive: boolean; timeout: number };
  sessionConcurrentConfiguration: { isActive: boolean; maxSessions: number };
}

/** A security-center severity (AB-3.29). */
export type RecommendationSeverity = 'SEVERE' | 'WARNING' | 'INFO';
/** The severities, most urgent first. */
export const SEVERITIES: readonly RecommendationSeverity[] = ['SEVERE', 'WARNING', 'INFO'];

/** A security-center category (AB-3.31; COUNTRY is Frontegg's, out of scope here but typed). */
export type SecurityCategory = 'MFA' | 'SESSIONS' | 'PASSWORD' | 'INACTIVITY' | 'IP' | 'DOMAIN' | 'COUNTRY' | 'SSO';

/** Every recommendation code of Frontegg's client types (AB-3.32). */
export const RECOMMENDATION_CODES = [
  'FORCE_MFA',
  'BREACHED_PASSWORDS_EXIST',
  'ENABLE_USER_LOCKOUT',
  'STRENGTHEN_USER_LOCKOUT',
  'ENABLE_PASSWORD_HISTORY',
  'STRENGTHEN_PASSWORD_HISTORY',
  'ENABLE_FORCE_RELOGIN',
  'SET_FORCE_RELOGIN',
  'ENABLE_SESSION_CONCURRENCY',
  'SET_SESSION_CONCURRENCY',
  'ENABLE_IDLE_SESSION',
  'SET_IDLE_SESSION',
  'ENABLE_IP_RESTRICTIONS',
  'CHANGE_IP_TO_ALLOWLIST',
  'ENABLE_DOMAIN_RESTRICTIONS',
  'CHANGE_DOMAIN_TO_ALLOWLIST',
  'ENABLE_COUNTRY_RESTRICTIONS',
  'CONFIGURE_SSO',
] as const;
/** A recommendation code. */
export type RecommendationCode = (typeof RECOMMENDATION_CODES)[number];

/** Every insight code of Frontegg's client types (AB-3.32). */
export const INSIGHT_CODES = [
  'MFA_FORCED',
  'PARTIALLY_FORCED_MFA',
  'PARTIAL_MFA_USAGE',
  'FULL_MFA_USAGE',
  'BREACHED_PASSWORD_USERS_EXIST',
  'IMPROVE_LOCKOUT_POLICY',
  'IMPROVE_PASSWORD_HISTORY_POLICY',
  'NO_SESSION_SETTINGS',
  'PARTIAL_SESSION_SETTINGS',
  'FULL_SESSION_SETTINGS',
  'NO_IP_RESTRICTIONS',
  'IP_ALLOWLIST',
  'IP_DENYLIST',
  'NO_DOMAIN_RESTRICTIONS',
  'DOMAIN_ALLOWLIST',
  'DOMAIN_DENYLIST',
  'FULL_PASSWORD_SETTINGS',
] as const;
/** An insight code. */
export type InsightCode = (typeof INSIGHT_CODES)[number];

/**
 * The metadata of a recommendation or insight (api-contract §R): counts of users, and the recommended session
 * values (`forceReloginRecommendation` and `idleTimeoutRecommendation` in seconds, `concurrencyRecommendation` a
 * number of sessions), the recommended lockout attempts and history size.
 */
export interface SecurityMetadata {
  totalUsers?: number;
  mfa?: { enrolledUsersCount?: number };
  inactivity?: { staleUsersCount?: number };
  password?: { breachedPasswordUsersCount?: number; historyRecommendations?: number; userLockoutRecommendation?: number };
  sessions?: { configuredSessionSettings?: number; forceReloginRecommendation?: number; concurrencyRecommendation?: number; idleTimeoutRecommendation?: number };
  restrictions?: { ipsCount?: number; domainsCount?: number };
}

/** One recommendation (AB-3.29). */
export interface Recommendation {
  code: RecommendationCode;
  severity: RecommendationSeverity;
  category: SecurityCategory;
  metadata?: SecurityMetadata;
}

/** One insight (AB-3.30). */
export interface Insight {
  code: InsightCode;
  category: SecurityCategory;
  metadata?: SecurityMetadata;
}

/** `GET recommendations/v1` (GetRecommendationsResponse): the score (0–100) and the recommendations. */
export interface RecommendationsResponse {
  scoring: { score: number };
  recommendations: { items: Recommendation[] };
}

/** `GET insights/v1` (GetInsightsResponse). */
export interface InsightsResponse {
  insights: { items: Insight[] };
}

/** The security-center actions (AB-3.33). */
export type RecommendationActionKey = 'SEND_RESET_BREACHED_PASSWORD_EMAIL' | 'ADJUST_FORCE_RELOGIN' | 'ADJUST_MAX_CONCURRENT_SESSIONS' | 'ADJUST_IDLE_TIMEOUT';

/** POST when the loaded policy had no id, PATCH when it had one (Frontegg's `save*Policy`, AB-7.29). */
function save<T>(client: ApiClient, path: string, body: { id?: string }, o?: CallOptions): Promise<T> {
  return body.id ? client.patch<T>(path, body, adminOptions(o)) : client.post<T>(path, body, adminOptions(o));
}

/** Creates the security calls on top of `client`. */
export function createSecurityApi(client: ApiClient) {
  return {
    /** `GET configurations/v1` (getGlobalSecurityPolicy, AB-3.28, AB-7.30). */
    getGlobalPolicy(o?: CallOptions): Promise<GlobalSecurityPolicy> {
      return client.get<GlobalSecurityPolicy>(SECURITY_PATHS.globalPolicy, adminOptions(o));
    },
    /** `GET …/captcha-policy/public` (getCaptchaPolicy): the policy, or null when the call fails (AB-7.31); never rejects. */
    async getCaptchaPolicy(o?: CallOptions): Promise<CaptchaPolicy | null> {
      try {
        return await client.get<CaptchaPolicy>(SECURITY_PATHS.captchaPolicy, adminOptions(o));
      } catch {
        return null;
      }
    },
    /** `GET …/mfa-policy` (getMfaPolicy, AB-7.29). */
    getMfaPolicy(o?: CallOptions): Promise<MfaPolicy> {
      return client.get<MfaPolicy>(SECURITY_PATHS.mfaPolicy, adminOptions(o));
    },
    /** Saves the MFA policy: `PATCH …/mfa-policy` when `body.id` is set, else `POST` (saveMfaPolicy, AB-7.29). @returns the stored policy */
    saveMfaPolicy(body: Omit<MfaPolicy, 'createdAt' | 'updatedAt'>, o?: CallOptions): Promise<MfaPolicy> {
      return save<MfaPolicy>(client, SECURITY_PATHS.mfaPolicy, body, o);
    },
    /** `GET …/lockout-policy` (getLockoutPolicy, AB-7.29). */
    getLockoutPolicy(o?: CallOptions): Promise<LockoutPolicy> {
      return client.get<LockoutPolicy>(SECURITY_PATHS.lockoutPolicy, adminOptions(o));
    },
    /** Saves the lockout policy: PATCH with an id, else POST (saveLockoutPolicy, AB-7.29). @returns the stored policy */
    saveLockoutPolicy(body: Omit<LockoutPolicy, 'createdAt' | 'updatedAt'>, o?: CallOptions): Promise<LockoutPolicy> {
      return save<LockoutPolicy>(client, SECURITY_PATHS.lockoutPolicy, body, o);
    },
    /** `GET …/password-history-policy` (getPasswordHistoryPolicy, AB-7.29). */
    getPasswordHistoryPolicy(o?: CallOptions): Promise<PasswordHistoryPolicy> {
      return client.get<PasswordHistoryPolicy>(SECURITY_PATHS.passwordHistoryPolicy, adminOptions(o));
    },
    /** Saves the password-history policy: PATCH with an id, else POST (savePasswordHistoryPolicy, AB-7.29). @returns the stored policy */
    savePasswordHistoryPolicy(body: Omit<PasswordHistoryPolicy, 'createdAt' | 'updatedAt'>, o?: CallOptions): Promise<PasswordHistoryPolicy> {
      return save<PasswordHistoryPolicy>(client, SECURITY_PATHS.passwordHistoryPolicy, body, o);
    },
    /** `GET configurations/sessions/v1` (getSessionConfigurations, SI-3.11): timeouts in seconds. */
    getSessionConfigurations(o?: CallOptions): Promise<SessionConfigurations> {
      return client.get<SessionConfigurations>(SECURITY_PATHS.sessionConfigurations, adminOptions(o));
    },
    /**
     * `POST configurations/sessions/v1` (createOrUpdateSessionConfigrations, sic): the objects sent replace the
     * stored ones, the others are kept. Timeouts in seconds. Answers nothing.
     */
    saveSessionConfigurations(body: Partial<SessionConfigurations>, o?: CallOptions): Promise<void> {
      return client.post<void>(SECURITY_PATHS.sessionConfigurations, body, adminOptions(o));
    },
    /** `GET security-center/resources/recommendations/v1` (getRecommendations, AB-7.37): the score and the recommendations. */
    getRecommendations(o?: CallOptions): Promise<RecommendationsResponse> {
      return client.get<RecommendationsResponse>(SECURITY_PATHS.recommendations, adminOptions(o));
    },
    /** `GET security-center/resources/insights/v1` (getInsights, AB-7.37). */
    getInsights(o?: CallOptions): Promise<InsightsResponse> {
      return client.get<InsightsResponse>(SECURITY_PATHS.insights, adminOptions(o));
    },
    /** `POST users/v1/passwords/breached/reset/bulk` (sendResetBreachedPasswordEmails, AB-3.33): a reset email to each user with a breached password. */
    sendResetBreachedPasswordEmails(o?: CallOptions): Promise<unknown> {
      return client.post<unknown>(SECURITY_PATHS.resetBreachedPasswords, undefined, adminOptions(o));
    },
    /** `GET users/v3` with `_preset` (getUsersV3, AB-2.02): one page of the security center's users. */
    getUsers(query: UsersQuery, o?: CallOptions): Promise<Page<TenantUser>> {
      return client.get<Page<TenantUser>>(SECURITY_PATHS.users, adminOptions(o, { query: { ...query } }));
    },
  };
}

/** The security calls. */
export type SecurityApi = ReturnType<typeof createSecurityApi>;
