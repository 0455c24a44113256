/**
 * The security section's pure model (house style §9 model.ts): its tabs (admin spec §2), the bounds of each policy
 * value (AB-3.25, AB-3.26, SI-3.11), durations between the wire's seconds and the form's value + unit, the order of
 * the security center's recommendations (most severe first) and the action each one offers (AB-3.33).
 */
import type { Recommendation, RecommendationActionKey, RecommendationCode, SecurityMetadata, SessionConfigurations } from '../../api/security.ts';
import { SEVERITIES } from '../resources/security.ts';

/** The tabs of the security section, in order (admin spec §2 tab ids; the security center first). */
export const SECURITY_TABS = ['securityCenter', 'generalSettings', 'sessionManagement', 'ipRestrictions', 'domainRestrictions'] as const;
/** One tab id. */
export type SecurityTab = (typeof SECURITY_TABS)[number];

/** Whether `id` is a tab id (a deep link `#/admin/security/<tab>`). */
export function isSecurityTab(id: unknown): id is SecurityTab {
  return (SECURITY_TABS as readonly unknown[]).includes(id);
}

/** The IP tab's dialogs a sub-route opens (the registry's `ip-add`, `ip-bulk`, `ip-lockout`: the warning before activating an allow list). */
export const IP_DIALOG_ROUTES = ['ip-add', 'ip-bulk', 'ip-lockout'] as const;

/** The tab a sub-route shows: the tab it names, the IP tab for one of its dialogs, else the first tab (the section's start). */
export function tabOfRoute(route: string | null): SecurityTab {
  if (isSecurityTab(route)) return route;
  return (IP_DIALOG_ROUTES as readonly (string | null)[]).includes(route) ? 'ipRestrictions' : 'securityCenter';
}

/** Bounds of the lockout policy's attempts (the server's: 1–100). */
export const MAX_ATTEMPTS = { min: 1, max: 100 } as const;
/** Bounds of the password-history size (the server's: 1–10). */
export const HISTORY_SIZE = { min: 1, max: 10 } as const;
/** Bounds of the concurrent sessions (the server's: 1–1000). */
export const MAX_SESSIONS = { min: 1, max: 1000 } as const;
/** Bounds of a session timeout, in seconds (the server's: 60 s – 365 days). */
export const TIMEOUT_SECONDS = { min: 60, max: 365 * 86_400 } as const;
/** Bounds of the remembered-device days. */
export const REMEMBER_DAYS = { min: 1, max: 365 } as const;
/** Seconds in a day (the remembered-device expiration is sent in seconds). */
export const DAY_SECONDS = 86_400;

/** A unit of a session timeout in the form. */
export type DurationUnit = 'minutes' | 'hours' | 'days';
/** The units offered, shortest first. */
export const DURATION_UNITS: readonly DurationUnit[] = ['minutes', 'hours', 'days'];
/** Seconds in one of each unit. */
export const UNIT_SECONDS: Record<DurationUnit, number> = { minutes: 60, hours: 3_600, days: 86_400 };

/** A duration as the form shows it: a whole number (as typed, a string) and its unit. */
export interface DurationInput {
  value: string;
  unit: DurationUnit;
}

/** `seconds` in the largest unit it is a whole number of (1 800 → 30 minutes, 86 400 → 1 day). */
export function toDurationInput(seconds: number): DurationInput {
  for (const unit of [...DURATION_UNITS].reverse()) {
    if (seconds > 0 && seconds % UNIT_SECONDS[unit] === 0) return { value: String(seconds / UNIT_SECONDS[unit]), unit };
  }
  return { value: String(Math.max(1, Math.round(seconds / 60))), unit: 'minutes' };
}

/** A whole number typed in a field, or null (blank, fractional, not a number). */
export function wholeNumber(text: string): number | null {
  const s = text.trim();
  return /^\d+$/.test(s) ? Number(s) : null;
}

/** Whether `text` is a whole number within `min`…`max`. */
export function inRange(text: string, { min, max }: { min: number; max: number }): boolean {
  const n = wholeNumber(text);
  return n !== null && n >= min && n <= max;
}

/** The seconds of a typed duration, or null when it is not a whole number of its unit within 60 s – 365 days. */
export function durationSeconds(input: DurationInput): number | null {
  const n = wholeNumber(input.value);
  if (n === null) return null;
  const seconds = n * UNIT_SECONDS[input.unit];
  return seconds >= TIMEOUT_SECONDS.min && seconds <= TIMEOUT_SECONDS.max ? seconds : null;
}

/** The session management form (SI-3.11): idle timeout, force re-login (lifetime), concurrent sessions. */
export interface SessionForm {
  idle: { isActive: boolean } & DurationInput;
  relogin: { isActive: boolean } & DurationInput;
  concurrent: { isActive: boolean; maxSessions: string };
}

/** The form of stored configurations (timeouts in seconds on the wire). */
export function sessionForm(c: SessionConfigurations): SessionForm {
  return {
    idle: { isActive: c.sessionIdleTimeoutConfiguration.isActive, ...toDurationInput(c.sessionIdleTimeoutConfiguration.timeout) },
    relogin: { isActive: c.sessionTimeoutConfiguration.isActive, ...toDurationInput(c.sessionTimeoutConfiguration.timeout) },
    concurrent: { isActive: c.sessionConcurrentConfiguration.isActive, maxSessions: String(c.sessionConcurrentConfiguration.maxSessions) },
  };
}

/** The problem of each invalid field of a session form (only a switched-on setting is checked). */
export interface SessionProblems {
  idle?: 'duration';
  relogin?: 'duration';
  concurrent?: 'sessions';
}

/**
 * The body of a session form (Frontegg's shape, timeouts in SECONDS), or the problems that keep it from being sent.
 * A switched-off setting keeps its stored value when what was typed is not valid.
 */
export function sessionBody(form: SessionForm, stored: SessionConfigurations): { body: SessionConfigurations } | { problems: SessionProblems } {
  const problems: SessionProblems = {};
  const idle = durationSeconds(form.idle);
  const relogin = durationSeconds(form.relogin);
  const sessions = inRange(form.concurrent.maxSessions, MAX_SESSIONS) ? Number(form.concurrent.maxSessions) : null;
  if (form.idle.isActive && idle === null) problems.idle = 'duration';
  if (form.relogin.isActive && relogin === null) problems.relogin = 'duration';
  if (form.concurrent.isActive && sessions === null) problems.concurrent = 'sessions';
  if (Object.keys(problems).length) return { problems };
  return {
    body: {
      sessionIdleTimeoutConfiguration: { isActive: form.idle.isActive, timeout: idle ?? stored.sessionIdleTimeoutConfiguration.timeout },
      sessionTimeoutConfiguration: { isActive: form.relogin.isActive, timeout: relogin ?? stored.sessionTimeoutConfiguration.timeout },
      sessionConcurrentConfiguration: { isActive: form.concurrent.isActive, maxSessions: sessions ?? stored.sessionConcurrentConfiguration.maxSessions },
    },
  };
}

/** The recommendations, most severe first (SEVERE, WARNING, INFO), in the server's order within a severity. */
export function bySeverity(items: readonly Recommendation[]): Recommendation[] {
  return items
    .map((r, i) => ({ r, i }))
    .sort((a, b) => SEVERITIES.indexOf(a.r.severity) - SEVERITIES.indexOf(b.r.severity) || a.i - b.i)
    .map((x) => x.r);
}

/** The action a recommendation offers (AB-3.33), if any. */
export function actionOf(code: RecommendationCode): RecommendationActionKey | null {
  switch (code) {
    case 'BREACHED_PASSWORDS_EXIST':
      return 'SEND_RESET_BREACHED_PASSWORD_EMAIL';
    case 'ENABLE_FORCE_RELOGIN':
    case 'SET_FORCE_RELOGIN':
      return 'ADJUST_FORCE_RELOGIN';
    case 'ENABLE_SESSION_CONCURRENCY':
    case 'SET_SESSION_CONCURRENCY':
      return 'ADJUST_MAX_CONCURRENT_SESSIONS';
    case 'ENABLE_IDLE_SESSION':
    case 'SET_IDLE_SESSION':
      return 'ADJUST_IDLE_TIMEOUT';
    default:
      return null;
  }
}

/** The tab of this section where a recommendation is fixed by hand, and what its button names there. */
export interface FixPlace {
  tab: Exclude<SecurityTab, 'securityCenter'>;
  /** The message key suffix of the button (`admin.security.fix.<label>`). */
  label: 'mfa' | 'lockout' | 'passwordHistory' | 'ip' | 'domain';
}

/**
 * Where a recommendation without an action of its own (AB-3.33) is fixed in this section (issue 31 item 3): the MFA,
 * lockout and password-history policies in general settings, the lists in their tabs; null for one fixed elsewhere
 * (single sign-on is its own section) or by an action ({@link actionOf}).
 */
export function fixPlaceOf(code: RecommendationCode): FixPlace | null {
  return FIX_PLACES[code] ?? null;
}

const GENERAL = 'generalSettings';
const FIX_PLACES: Partial<Record<RecommendationCode, FixPlace>> = {
  FORCE_MFA: { tab: GENERAL, label: 'mfa' },
  ENABLE_USER_LOCKOUT: { tab: GENERAL, label: 'lockout' },
  STRENGTHEN_USER_LOCKOUT: { tab: GENERAL, label: 'lockout' },
  ENABLE_PASSWORD_HISTORY: { tab: GENERAL, label: 'passwordHistory' },
  STRENGTHEN_PASSWORD_HISTORY: { tab: GENERAL, label: 'passwordHistory' },
  ENABLE_IP_RESTRICTIONS: { tab: 'ipRestrictions', label: 'ip' },
  CHANGE_IP_TO_ALLOWLIST: { tab: 'ipRestrictions', label: 'ip' },
  ENABLE_DOMAIN_RESTRICTIONS: { tab: 'domainRestrictions', label: 'domain' },
  CHANGE_DOMAIN_TO_ALLOWLIST: { tab: 'domainRestrictions', label: 'domain' },
};

/**
 * The message key suffix of an MFA text that must be true of the counts in `metadata` (issue 31 item 3): `none` when
 * nobody has set up MFA, `all` when everybody has, `some` otherwise; `unknown` when the server sent no counts.
 */
export function mfaUsage(metadata: SecurityMetadata | undefined): 'none' | 'some' | 'all' | 'unknown' {
  const total = metadata?.totalUsers;
  const enrolled = metadata?.mfa?.enrolledUsersCount;
  if (total === undefined || enrolled === undefined) return 'unknown';
  return enrolled === 0 ? 'none' : enrolled >= total ? 'all' : 'some';
}

/** A score's band, for its label: 0–49 low, 50–79 fair, 80–100 good. */
export function scoreBand(score: number): 'low' | 'fair' | 'good' {
  return score >= 80 ? 'good' : score >= 50 ? 'fair' : 'low';
}
