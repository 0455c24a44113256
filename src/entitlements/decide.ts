/**
 * The decision functions of the entitlements engine (spec sign-in §4 "Entitlement decision", §5): `indexBundle`,
 * `evaluateEntitlement`, `getFeatureEntitlements`, `getPermissionEntitlements`, `evaluateCondition`. The package's
 * entry (./index.ts) re-exports them with `explain()` (./explain.ts); code of this repository that only decides
 * (src/app/entitlements.ts) imports them from here, so the explanations are not part of what it loads.
 */
import { prepareAttributes } from './attributes.ts';
import { compileCondition, testCondition } from './conditions.ts';
import { IndexedEntitlements, indexedFeature, indexedPermission, isIndexedEntitlements } from './indexed.ts';
import { referenceFeature, referencePermission } from './reference.ts';
import type { Condition, EntitlementAttributes, EntitlementContext, EntitlementQuery, EntitlementResult, EntitlementsBundleLike } from './types.ts';

/**
 * Compiles a raw entitlements v2 bundle (api-contract.md §F
 * `loadEntitlementsV2`: `{ features, plans, permissions }`) into an
 * {@link IndexedEntitlements}: a feature map, plans compiled once and shared,
 * conditions compiled (values validated, regexes built, dates parsed to ms,
 * attribute names resolved), permission `*` patterns as anchored RegExps and
 * feature → linked-permission lists. Index once per loaded bundle; decisions
 * on the index allocate nothing. Never throws on malformed content (bad
 * entries are treated as absent or as never-holding rules). An index passed
 * in is returned as is. The index does not see later mutations of `bundle`.
 */
export function indexBundle(bundle: EntitlementsBundleLike | IndexedEntitlements | null | undefined): IndexedEntitlements {
  return isIndexedEntitlements(bundle) ? bundle : new IndexedEntitlements(bundle);
}

function queryKey(query: EntitlementQuery): { feature: boolean; key: string } | null {
  if (query == null) return null;
  if (typeof query.featureKey === 'string') return { feature: true, key: query.featureKey };
  if (typeof query.permissionKey === 'string') return { feature: false, key: query.permissionKey };
  return null;
}

/**
 * Decides one entitlement (spec §4 "Entitlement decision", SI-4.37).
 *
 * @param bundle  raw v2 bundle (`{ features, plans, permissions }`) or the
 *   result of {@link indexBundle} (fast path: no allocation per decision). `null` or
 *   `undefined` is an empty bundle.
 * @param query   `{ featureKey }` or `{ permissionKey }` (a `featureKey` wins
 *   when both are given).
 * @param context `{ attributes: { custom?, jwt? }, now }` — `now` is Unix
 *   **ms** (the engine reads no clock; a non-number `now` makes every
 *   finite `expireTime` count as expired). `custom` keys are rule attributes as
 *   they are; `jwt` claims are read as `jwt.<claim>` (flattened with dots,
 *   arrays by index: `jwt.roles.0`) and as `frontegg.email` /
 *   `frontegg.emailVerified` (claim `email_verified`) / `frontegg.tenantId` /
 *   `frontegg.userId` (claim `id`), as Frontegg's `prepareAttributes`.
 * @returns `{ isEntitled: true }` or `{ isEntitled: false, justification }`
 *   with MISSING_FEATURE, MISSING_PERMISSION or BUNDLE_EXPIRED — a shared
 *   frozen object.
 * @throws TypeError only when `query` has neither a string `featureKey` nor a
 *   string `permissionKey` (a programming error); bundle content never throws.
 */
export function evaluateEntitlement(
  bundle: EntitlementsBundleLike | IndexedEntitlements | null | undefined,
  query: EntitlementQuery,
  context: EntitlementContext,
): EntitlementResult {
  // hot path: indexed bundle + feature key, no allocation
  if (isIndexedEntitlements(bundle)) {
    if (query != null && typeof query.featureKey === 'string') return indexedFeature(bundle, query.featureKey, context);
    if (query != null && typeof query.permissionKey === 'string') return indexedPermission(bundle, query.permissionKey, context);
  }
  const q = queryKey(query);
  if (q === null) throw new TypeError('evaluateEntitlement: the query needs a featureKey or a permissionKey string');
  const raw = (bundle ?? {}) as EntitlementsBundleLike;
  return q.feature ? referenceFeature(raw, q.key, context) : referencePermission(raw, q.key, context);
}

/**
 * Is the user entitled to feature `featureKey`? Same as
 * `evaluateEntitlement(bundle, { featureKey }, context)` (spec §4, SI-4.38,
 * SI-4.39, SI-9.08): direct grant (`expireTime` -1 or ≥ `now`), else feature
 * flag, else plan targeting; `bundle` raw or indexed; `context.now` in Unix ms.
 */
export function getFeatureEntitlements(
  bundle: EntitlementsBundleLike | IndexedEntitlements | null | undefined,
  featureKey: string,
  context: EntitlementContext,
): EntitlementResult {
  if (typeof featureKey !== 'string') throw new TypeError('getFeatureEntitlements: featureKey must be a string');
  return isIndexedEntitlements(bundle) ? indexedFeature(bundle, featureKey, context) : referenceFeature(bundle ?? {}, featureKey, context);
}

/**
 * Is the user entitled to permission `permissionKey`? Same as
 * `evaluateEntitlement(bundle, { permissionKey }, context)`: the key must
 * match a held permission or `*` pattern (else MISSING_PERMISSION), and when
 * features link it (`linkedPermissions` holding the key exactly) at least one
 * of them must be granted (else BUNDLE_EXPIRED if one expired, or
 * MISSING_FEATURE) (spec §4, §6, SI-4.40 as Frontegg's evaluator reads it);
 * `context.now` in Unix ms.
 */
export function getPermissionEntitlements(
  bundle: EntitlementsBundleLike | IndexedEntitlements | null | undefined,
  permissionKey: string,
  context: EntitlementContext,
): EntitlementResult {
  if (typeof permissionKey !== 'string') throw new TypeError('getPermissionEntitlements: permissionKey must be a string');
  return isIndexedEntitlements(bundle) ? indexedPermission(bundle, permissionKey, context) : referencePermission(bundle ?? {}, permissionKey, context);
}

/**
 * Evaluates one rule condition `{ attribute, op, value, negate }` against
 * `{ custom, jwt }` attributes (spec §3, §5; SI-3.14, SI-3.15, SI-5.09–SI-5.13),
 * as Frontegg's evaluator does (issue 13) except where noted.
 *
 * - String ops `in_list`, `starts_with`, `ends_with`, `contains` need
 *   `{ list: string[] }` and a string attribute; true when any list item
 *   matches (case-sensitive; an empty list never matches). `in_list` also
 *   takes an array attribute: true when any of its items is in the list.
 * - `matches` needs `{ string }`, compiled as `new RegExp(string)` (no flags,
 *   not anchored: a search); an unparsable regex is invalid.
 * - `equal`, `greater_than`, `greater_than_equal`, `lower_than`,
 *   `lower_than_equal` need `{ number }`; `between_numeric` needs numeric
 *   `{ start, end }` (inclusive). The attribute must be a number (a numeric
 *   string is the wrong type); comparisons with NaN are false.
 * - `is` needs `{ boolean }` and a boolean attribute.
 * - `on`, `on_or_after`, `on_or_before` need `{ date }`; `between_date` needs
 *   `{ start, end }` (inclusive). Dates are instants: ISO strings
 *   (`'2025-03-01'` = that UTC midnight) or Unix ms; a falsy date is invalid.
 *   `on` is the same ms. The attribute is a Date (the reference's type), or an
 *   ISO string or Unix ms (our extension; the reference throws on those).
 * - Attribute names: see attributes.ts (`jwt.<flattened claim>`,
 *   `frontegg.email` / `.emailVerified` (claim `email_verified`) /
 *   `.tenantId` / `.userId` (claim `id`), else a custom attribute).
 * - Invalid (wrong value shape, unparsable date or regex, unknown op), missing
 *   attribute, or attribute of the wrong type → **false**, and `negate` does
 *   not flip it (our deliberate difference: the reference throws on some of
 *   these and coerces and negates the others). A valid result is inverted
 *   when `negate === true`. Never throws.
 */
export function evaluateCondition(condition: Condition | unknown, attributes?: EntitlementAttributes | null): boolean {
  const cc = compileCondition(condition);
  return testCondition(cc, prepareAttributes(attributes).get(cc.attribute));
}
