/**
 * The security section's server data (admin spec §2–§4 "security"; AB-4.01: each policy its own read, its own
 * save, its own loading and error). Read by the section through `resources.use(createSecurityResource)`.
 *
 * - One fetcher store per policy (MFA, lockout, password history), the session configurations, the security
 *   center's recommendations (with the score) and insights, and three paged user tables (10 a page, AB-9.05).
 * - Every save reads the policy back from the server before it resolves (what the form and the toast then show is
 *   what the server holds), then refetches the security center (its score moves) while it stays on screen.
 */
import type { ApiClient } from '../../api/client.ts';
import type { TenantUser, UsersPreset } from '../../api/admin-types.ts';
import {
  createSecurityApi,
  type InsightsResponse,
  type LockoutPolicy,
  type MfaPolicy,
  type PasswordHistoryPolicy,
  type Recommendation,
  type RecommendationActionKey,
  type RecommendationsResponse,
  type SessionConfigurations,
} from '../../api/security.ts';
import { pagedList, type ListQuery } from './paged.ts';
import type { CacheTools, QueryContext } from './query.ts';
import { usersQuery } from './users.ts';

/** Cache keys of the policies (each its own read: AB-4.01). */
export const SECURITY_KEYS = Object.freeze({
  mfa: 'admin/security/mfa-policy',
  lockout: 'admin/security/lockout-policy',
  passwordHistory: 'admin/security/password-history-policy',
  sessions: 'admin/security/session-configurations',
});

/** Key prefix of everything the security center shows (score, recommendations, insights, user tables). */
export const SECURITY_CENTER_KEY = 'admin/security/center/';
const RECOMMENDATIONS_KEY = `${SECURITY_CENTER_KEY}recommendations`;
const INSIGHTS_KEY = `${SECURITY_CENTER_KEY}insights`;
const USERS_KEY = `${SECURITY_CENTER_KEY}users?`;

/** Rows a page of the security center's tables (AB-9.05). */
export const SECURITY_CENTER_PAGE_SIZE = 10;

/** The security center's user tables (AB-2.02) and the users v3 preset of each. */
export const SECURITY_CENTER_TABLES = Object.freeze({
  breachedPasswords: 'breached-passwords',
  mfaUnenrolled: 'mfa-unenrolled',
  inactive: 'inactive',
} satisfies Record<string, UsersPreset>);
/** One of the security center's user tables. */
export type SecurityCenterTable = keyof typeof SECURITY_CENTER_TABLES;

/**
 * Refetches the security center (score, recommendations, insights, user tables) while what it shows stays on screen:
 * call after any change to the account's security (the restriction tabs too), so the score moves.
 */
export function refreshSecurityCenter(cache: Pick<CacheTools, 'revalidate'>): void {
  cache.revalidate((key) => key.startsWith(SECURITY_CENTER_KEY));
}

/** Builds the security resource of one app. */
export function createSecurityResource(q: QueryContext, client: ApiClient) {
  const api = createSecurityApi(client);

  /** A save that reads the stored value back (written to `key`), then refreshes the security center. */
  const saveAndReload = <D, R>(key: string, write: (data: D) => Promise<unknown>, read: () => Promise<R>) =>
    q.mutation<D, R>(async (data, cache) => {
      await write(data);
      const stored = await read();
      cache.write(key, stored);
      refreshSecurityCenter(cache);
      return stored;
    });

  const usersTable = (preset: UsersPreset) =>
    pagedList<TenantUser>(q, {
      key: USERS_KEY,
      pageSize: SECURITY_CENTER_PAGE_SIZE,
      initial: { filters: { preset } },
      load: async (query: ListQuery) => {
        const page = await api.getUsers(usersQuery(query));
        return { items: page.items, total: page._metadata.totalItems, totalPages: page._metadata.totalPages };
      },
    });

  const saveSessions = saveAndReload<Partial<SessionConfigurations>, SessionConfigurations>(
    SECURITY_KEYS.sessions,
    (body) => api.saveSessionConfigurations(body),
    () => api.getSessionConfigurations(),
  );

  return {
    /** The account's MFA policy (AB-3.24). */
    $mfa: q.createFetcherStore<MfaPolicy>([SECURITY_KEYS.mfa], { fetcher: () => api.getMfaPolicy() }),
    /** The lockout policy (AB-3.25). */
    $lockout: q.createFetcherStore<LockoutPolicy>([SECURITY_KEYS.lockout], { fetcher: () => api.getLockoutPolicy() }),
    /** The password-history policy (AB-3.26). */
    $passwordHistory: q.createFetcherStore<PasswordHistoryPolicy>([SECURITY_KEYS.passwordHistory], { fetcher: () => api.getPasswordHistoryPolicy() }),
    /** The session configurations (SI-3.11; timeouts in seconds). */
    $sessions: q.createFetcherStore<SessionConfigurations>([SECURITY_KEYS.sessions], { fetcher: () => api.getSessionConfigurations() }),
    /** The score and the recommendations (AB-7.37). */
    $recommendations: q.createFetcherStore<RecommendationsResponse>([RECOMMENDATIONS_KEY], { fetcher: () => api.getRecommendations() }),
    /** The insights (AB-7.37). */
    $insights: q.createFetcherStore<InsightsResponse>([INSIGHTS_KEY], { fetcher: () => api.getInsights() }),
    /** The security center's user tables, 10 a page (AB-2.02, AB-9.05). */
    tables: {
      breachedPasswords: usersTable(SECURITY_CENTER_TABLES.breachedPasswords),
      mfaUnenrolled: usersTable(SECURITY_CENTER_TABLES.mfaUnenrolled),
      inactive: usersTable(SECURITY_CENTER_TABLES.inactive),
    } satisfies Record<SecurityCenterTable, unknown>,

    /** Saves the MFA policy (POST, or PATCH with the loaded id: AB-7.29), then reads it back. @throws FeApiError */
    saveMfa: saveAndReload<Omit<MfaPolicy, 'createdAt' | 'updatedAt'>, MfaPolicy>(
      SECURITY_KEYS.mfa,
      (body) => api.saveMfaPolicy(body),
      () => api.getMfaPolicy(),
    ),
    /** Saves the lockout policy (POST or PATCH: AB-7.29), then reads it back. @throws FeApiError */
    saveLockout: saveAndReload<Omit<LockoutPolicy, 'createdAt' | 'updatedAt'>, LockoutPolicy>(
      SECURITY_KEYS.lockout,
      (body) => api.saveLockoutPolicy(body),
      () => api.getLockoutPolicy(),
    ),
    /** Saves the password-history policy (POST or PATCH: AB-7.29), then reads it back. @throws FeApiError */
    savePasswordHistory: saveAndReload<Omit<PasswordHistoryPolicy, 'createdAt' | 'updatedAt'>, PasswordHistoryPolicy>(
      SECURITY_KEYS.passwordHistory,
      (body) => api.savePasswordHistoryPolicy(body),
      () => api.getPasswordHistoryPolicy(),
    ),
    /** Saves session configurations (the objects sent replace the stored ones; seconds), then reads them back. @throws FeApiError */
    saveSessions,

    /**
     * Sends a reset email to every user with a breached password (SEND_RESET_BREACHED_PASSWORD_EMAIL, AB-3.33), then
     * refreshes the security center. @returns how many users the table counted (the emails sent) @throws FeApiError
     */
    resetBreachedPasswords: q.mutation<{ count: number }, number>(async ({ count }, cache) => {
      await api.sendResetBreachedPasswordEmails();
      refreshSecurityCenter(cache);
      return count;
    }),

    /**
     * Applies a session recommendation (ADJUST_FORCE_RELOGIN, ADJUST_MAX_CONCURRENT_SESSIONS, ADJUST_IDLE_TIMEOUT;
     * AB-3.33): that setting switched on at the recommended value of `metadata.sessions`, saved through the session
     * configurations, read back, and the security center refreshed. @throws FeApiError
     */
    adjust: q.mutation<{ action: RecommendationActionKey; recommendation: Recommendation }, SessionConfigurations>(({ action, recommendation }) =>
      saveSessions.run(adjustedSessions(action, recommendation.metadata)),
    ),
  };
}

/** The security resource of one app. */
export type SecurityResource = ReturnType<typeof createSecurityResource>;

/** Frontegg's recommended session values when the server's metadata names none: 1 day lifetime, 30 min idle, 5 sessions. */
export const DEFAULT_SESSION_RECOMMENDATION = { forceRelogin: 86_400, idleTimeout: 1_800, concurrency: 5 } as const;

/**
 * The session configuration an ADJUST_* action saves (AB-3.33): that one setting switched on at the recommended
 * value (`metadata.sessions`, seconds or sessions; else {@link DEFAULT_SESSION_RECOMMENDATION}).
 */
export function adjustedSessions(action: RecommendationActionKey, recommendation: Recommendation['metadata']): Partial<SessionConfigurations> {
  const s = recommendation?.sessions ?? {};
  switch (action) {
    case 'ADJUST_FORCE_RELOGIN':
      return { sessionTimeoutConfiguration: { isActive: true, timeout: s.forceReloginRecommendation || DEFAULT_SESSION_RECOMMENDATION.forceRelogin } };
    case 'ADJUST_IDLE_TIMEOUT':
      return { sessionIdleTimeoutConfiguration: { isActive: true, timeout: s.idleTimeoutRecommendation || DEFAULT_SESSION_RECOMMENDATION.idleTimeout } };
    case 'ADJUST_MAX_CONCURRENT_SESSIONS':
      return { sessionConcurrentConfiguration: { isActive: true, maxSessions: s.concurrencyRecommendation || DEFAULT_SESSION_RECOMMENDATION.concurrency } };
    default:
      return {};
  }
}

/** The API area's paths and value lists, for the section's views and preview answers (views import src/api for types only). */
export { ENFORCE_MFA_TYPES, SECURITY_PATHS, SEVERITIES } from '../../api/security.ts';
