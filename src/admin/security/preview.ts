/**
 * The security section's canned data in preview mode (`<fe-app preview>`), for every tab this module owns: the MFA
 * policy (forced except with SAML, devices remembered 14 days), lockout (on, 5 attempts), password history (off, 3),
 * the session configurations (idle 30 minutes on, lifetime 1 day off, concurrency 10 off), the security center (a
 * score of 62, recommendations of each severity, insights) and its three user tables (the demo users: every third
 * without MFA, three with breached passwords, the never-signed-in ones inactive). Writes answer as if they worked;
 * nothing is kept (the next read shows the demo data again).
 */
import type { TenantUser } from '../../api/admin-types.ts';
import type { InsightsResponse, LockoutPolicy, MfaPolicy, PasswordHistoryPolicy, RecommendationsResponse, SessionConfigurations } from '../../api/security.ts';
import { SECURITY_PATHS } from '../resources/security.ts';
import { PREVIEW_USERS } from '../../preview/directory.ts';
import type { SectionPreviewRoutes } from '../../preview/section-routes.ts';
import { previewRestrictions } from './preview-restrictions.ts';

const AT = '2030-01-01T00:00:00.000Z';

/** The canned MFA policy. */
export const PREVIEW_MFA_POLICY: MfaPolicy = {
  id: 'mfa-policy',
  enforceMFAType: 'ForceExceptSAML',
  allowRememberMyDevice: true,
  mfaDeviceExpiration: 14 * 86_400,
  createdAt: AT,
  updatedAt: AT,
};
/** The canned lockout policy. */
export const PREVIEW_LOCKOUT_POLICY: LockoutPolicy = { id: 'lockout-policy', enabled: true, maxAttempts: 5, createdAt: AT, updatedAt: AT };
/** The canned password-history policy. */
export const PREVIEW_PASSWORD_HISTORY_POLICY: PasswordHistoryPolicy = { id: 'password-history-policy', enabled: false, historySize: 3, createdAt: AT, updatedAt: AT };
/** The canned session configurations (seconds). */
export const PREVIEW_SESSION_CONFIGURATIONS: SessionConfigurations = {
  sessionIdleTimeoutConfiguration: { isActive: true, timeout: 1_800 },
  sessionTimeoutConfiguration: { isActive: false, timeout: 86_400 },
  sessionConcurrentConfiguration: { isActive: false, maxSessions: 10 },
};

const breachedIds = new Set(['user-02', 'user-07', 'user-13']);
const PRESETS: Record<string, (u: TenantUser) => boolean> = {
  'breached-passwords': (u) => breachedIds.has(u.id),
  'mfa-unenrolled': (u) => !u.mfaEnrolled,
  inactive: (u) => !u.lastLogin,
};

const metadata = {
  totalUsers: PREVIEW_USERS.length,
  mfa: { enrolledUsersCount: PREVIEW_USERS.filter((u) => u.mfaEnrolled).length },
  inactivity: { staleUsersCount: PREVIEW_USERS.filter(PRESETS.inactive).length },
  password: { breachedPasswordUsersCount: breachedIds.size, historyRecommendations: 5, userLockoutRecommendation: 5 },
  sessions: { configuredSessionSettings: 1, forceReloginRecommendation: 86_400, concurrencyRecommendation: 5, idleTimeoutRecommendation: 1_800 },
  restrictions: { ipsCount: 0, domainsCount: 0 },
};

/** The canned score and recommendations (one of each kind of action among them). */
export const PREVIEW_RECOMMENDATIONS: RecommendationsResponse = {
  scoring: { score: 62 },
  recommendations: {
    items: [
      { code: 'ENABLE_PASSWORD_HISTORY', severity: 'WARNING', category: 'PASSWORD', metadata },
      { code: 'BREACHED_PASSWORDS_EXIST', severity: 'SEVERE', category: 'PASSWORD', metadata },
      { code: 'ENABLE_FORCE_RELOGIN', severity: 'WARNING', category: 'SESSIONS', metadata },
      { code: 'ENABLE_SESSION_CONCURRENCY', severity: 'INFO', category: 'SESSIONS', metadata },
      { code: 'FORCE_MFA', severity: 'SEVERE', category: 'MFA', metadata },
      { code: 'ENABLE_IP_RESTRICTIONS', severity: 'INFO', category: 'IP', metadata },
      { code: 'CONFIGURE_SSO', severity: 'INFO', category: 'SSO', metadata },
    ],
  },
};

/** The canned insights. */
export const PREVIEW_INSIGHTS: InsightsResponse = {
  insights: {
    items: [
      { code: 'PARTIALLY_FORCED_MFA', category: 'MFA', metadata },
      { code: 'PARTIAL_MFA_USAGE', category: 'MFA', metadata },
      { code: 'BREACHED_PASSWORD_USERS_EXIST', category: 'PASSWORD', metadata },
      { code: 'IMPROVE_PASSWORD_HISTORY_POLICY', category: 'PASSWORD', metadata },
      { code: 'PARTIAL_SESSION_SETTINGS', category: 'SESSIONS', metadata },
      { code: 'NO_IP_RESTRICTIONS', category: 'IP', metadata },
      { code: 'NO_DOMAIN_RESTRICTIONS', category: 'DOMAIN', metadata },
    ],
  },
};

const READS: Record<string, unknown> = {
  [SECURITY_PATHS.mfaPolicy]: PREVIEW_MFA_POLICY,
  [SECURITY_PATHS.lockoutPolicy]: PREVIEW_LOCKOUT_POLICY,
  [SECURITY_PATHS.passwordHistoryPolicy]: PREVIEW_PASSWORD_HISTORY_POLICY,
  [SECURITY_PATHS.sessionConfigurations]: PREVIEW_SESSION_CONFIGURATIONS,
  [SECURITY_PATHS.recommendations]: PREVIEW_RECOMMENDATIONS,
  [SECURITY_PATHS.insights]: PREVIEW_INSIGHTS,
};
const WRITES = new Set<string>([SECURITY_PATHS.mfaPolicy, SECURITY_PATHS.lockoutPolicy, SECURITY_PATHS.passwordHistoryPolicy, SECURITY_PATHS.sessionConfigurations]);

/** A page of the demo users of a users v3 preset (`_offset`, `_limit`). */
function presetPage(preset: string, q: URLSearchParams) {
  const all = PREVIEW_USERS.filter(PRESETS[preset]);
  const offset = Number(q.get('_offset') ?? 0);
  const limit = Number(q.get('_limit') ?? 10);
  return { items: all.slice(offset, offset + limit), _metadata: { totalItems: all.length, totalPages: Math.ceil(all.length / limit) } };
}

/** GET answers the canned policies, configurations, security center and preset pages; saves answer as if they worked. */
export const previewSecurity: SectionPreviewRoutes = (req) => {
  if (req.method === 'GET') {
    const preset = req.query.get('_preset');
    if (req.path === SECURITY_PATHS.users && preset && PRESETS[preset]) return { status: 200, body: presetPage(preset, req.query) };
    return req.path in READS ? { status: 200, body: READS[req.path] } : null;
  }
  if ((req.method === 'POST' || req.method === 'PATCH') && WRITES.has(req.path)) return { status: 200, body: { ...(READS[req.path] as object), ...req.body } };
  if (req.method === 'POST' && req.path === SECURITY_PATHS.resetBreachedPasswords) return { status: 200, body: {} };
  return null;
};

/**
 * The section's preview answers, its own and its restriction tabs' (./preview-restrictions.ts), loaded and registered by
 * the shell in preview mode only (src/admin/shell/preview-answers.ts).
 */
export default [previewSecurity, ...previewRestrictions];
