/**
 * Entitlements for hosts and elements (sign-in §4 "Entitlement decision",
 * §5, §8): the pure engine (src/entitlements) applied to the signed-in
 * user's bundle, JWT claims and the host's custom attributes.
 */
import { decodeClaims } from '../auth/claims.ts';
import { computed, type ReadableAtom } from 'nanostores';
// the decisions only (not the package entry, which adds explain(): the inspector's, not every element's)
import { evaluateEntitlement, indexBundle } from '../entitlements/decide.ts';
import type { EntitlementQuery, EntitlementResult } from '../entitlements/types.ts';
import type { EntitlementsBundle } from '../api/types.ts';
import type { AuthUser } from '../stores/index.ts';
import { defaultApp, type FeApp } from './app.ts';

/** Thrown by every entitlement function while entitlements are off (sign-in §8, named after `<fe-app>`). */
export const ENTITLEMENTS_OFF_MESSAGE = 'You must first enable entitlements via fe-app options to use this function';

const indexed = new WeakMap<object, ReturnType<typeof indexBundle>>();

function assertOn(app: FeApp): void {
  if (!app.options.entitlements?.enabled) throw new Error(ENTITLEMENTS_OFF_MESSAGE);
}

/**
 * What the signed-in user's decisions read (sign-in §4): the entitlements bundle of the session (`undefined` while
 * signed out, or when entitlements are off or did not load) and the access token's decoded claims (`{}` without a
 * token, or when it does not decode). The entitlements inspector explains its decisions on the same inputs.
 */
export function entitlementInputs(app: FeApp): { bundle: EntitlementsBundle | undefined; jwt: Record<string, unknown> } {
  const { user, accessToken } = app.stores.$session.get();
  let jwt: Record<string, unknown> = {};
  try {
    if (accessToken) jwt = decodeClaims(accessToken) as Record<string, unknown>;
  } catch {
    /* no claims */
  }
  return { bundle: user?.entitlements, jwt };
}

function decide(app: FeApp, query: EntitlementQuery, custom: Record<string, unknown> = {}, now = Date.now()): EntitlementResult {
  const { bundle, jwt } = entitlementInputs(app);
  if (!bundle) return { isEntitled: false, justification: 'permissionKey' in query ? 'MISSING_PERMISSION' : 'MISSING_FEATURE' };
  let index = indexed.get(bundle);
  if (!index) indexed.set(bundle, (index = indexBundle(bundle as never)));
  return evaluateEntitlement(index, query, { attributes: { custom, jwt }, now });
}

/**
 * Is the signed-in user entitled to a feature or a permission?
 * @param query `{ featureKey }` or `{ permissionKey }`
 * @param customAttributes attributes of the host for plan rules (named as they are)
 * @returns `{ isEntitled: true }` or `{ isEntitled: false, justification }` (MISSING_FEATURE, MISSING_PERMISSION, BUNDLE_EXPIRED)
 * @throws Error {@link ENTITLEMENTS_OFF_MESSAGE} when entitlements are off in the app options.
 */
export function isEntitledTo(query: EntitlementQuery, customAttributes?: Record<string, unknown>, app: FeApp = defaultApp()): EntitlementResult {
  assertOn(app);
  return decide(app, query, customAttributes);
}

/** `isEntitledTo({ featureKey })`. @throws Error when entitlements are off. */
export function getFeatureEntitlements(featureKey: string, customAttributes?: Record<string, unknown>, app: FeApp = defaultApp()): EntitlementResult {
  return isEntitledTo({ featureKey }, customAttributes, app);
}

/** `isEntitledTo({ permissionKey })`. @throws Error when entitlements are off. */
export function getPermissionEntitlements(permissionKey: string, customAttributes?: Record<string, unknown>, app: FeApp = defaultApp()): EntitlementResult {
  return isEntitledTo({ permissionKey }, customAttributes, app);
}

/**
 * A store of one decision that updates whenever the session (and so the
 * bundle) changes, e.g. after a refresh reloads the entitlements.
 * @throws Error when entitlements are off.
 */
export function entitlementStore(query: EntitlementQuery, customAttributes?: Record<string, unknown>, app: FeApp = defaultApp()): ReadableAtom<EntitlementResult> {
  assertOn(app);
  return computed(app.stores.$session, () => decide(app, query, customAttributes));
}

/**
 * Reads the signed-in user's entitlements again (`GET /entitlements/api/v2/user-entitlements`, sign-in §4) and puts
 * them into the session: every `<fe-authorized feature>` and {@link entitlementStore} follows without a reload (e.g.
 * after the account's plan changed, issue 32 item 5). Does nothing while nobody is signed in; the answer is dropped
 * when another user or account is signed in by the time it arrives.
 * @throws Error {@link ENTITLEMENTS_OFF_MESSAGE} when entitlements are off; FeApiError when the call fails (the
 * session keeps the entitlements it had).
 */
export async function reloadEntitlements(app: FeApp = defaultApp()): Promise<void> {
  assertOn(app);
  const before = app.stores.$session.get().user;
  if (!before) return;
  const entitlements = await app.auth.getEntitlements();
  const now = app.stores.$session.get();
  const same = (u: AuthUser) => (u.sub ?? u.id) === (before.sub ?? before.id) && u.tenantId === before.tenantId;
  if (now.user && same(now.user)) app.stores.$session.set({ ...now, user: { ...now.user, entitlements } });
}
