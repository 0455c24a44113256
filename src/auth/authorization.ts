/**
 * Authorization checks (sign-in §6): does a user hold all listed
 * permissions and roles? `*` is a wildcard in permission and role keys, on
 * either side: a granted `fe.secure.*` covers `fe.secure.read.users`, and a
 * required `fe.subscriptions.*` is met by any permission under it. A
 * superUser passes every check. The wildcard rule is the portal's too
 * (src/entitlements/permissions.ts `holdsKey`).
 */
import { SECTION_ACCESS, SECTION_IDS, type SectionId } from '../admin/shell/ids.ts';
import { holdsAllKeys } from '../entitlements/permissions.ts';
import type { AuthUser } from '../stores/index.ts';

/** Splits an attribute value like `"a, b c"` into keys. */
export function parseKeys(value: string | null | undefined): string[] {
  return (value ?? '').split(/[\s,]+/).filter(Boolean);
}

/**
 * True when `user` holds every permission and every role listed (SI-6.02,
 * SI-6.03, SI-6.05); a superUser always does (SI-6.04); no user never does.
 */
export function isAuthorized(user: AuthUser | null | undefined, required: { permissions?: string[]; roles?: string[] }): boolean {
  if (!user) return false;
  if (user.superUser) return true;
  const permissionKeys = (user.permissions ?? []).map((p) => p.key);
  const roleKeys = (user.roles ?? []).map((r) => r.key);
  return holdsAllKeys(permissionKeys, required.permissions ?? []) && holdsAllKeys(roleKeys, required.roles ?? []);
}

/** The sections gated by a permission key (all but the user's own profile and privacy). */
type GatedSection = Exclude<SectionId, 'profile' | 'privacy'>;

/**
 * Admin-portal sections and the permission key that shows each (sign-in §6, SI-6.01), e.g. `users` →
 * `fe.secure.read.users`: the first read key of each section in the portal's access table (src/admin/shell/ids.ts
 * `SECTION_ACCESS`), so the portal and this list cannot disagree.
 */
export const NAVIGATION_PERMISSIONS: Readonly<Record<GatedSection, string>> = Object.freeze(
  Object.fromEntries(SECTION_IDS.flatMap((id) => (SECTION_ACCESS[id].read.length ? [[id, SECTION_ACCESS[id].read[0]]] : []))) as Record<GatedSection, string>,
);
