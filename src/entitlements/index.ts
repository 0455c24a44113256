/**
 * `fe-elements/entitlements`: the pure entitlements rule engine (issue 5;
 * spec sign-in §3, §4, §5, §9). No DOM, no stores, no clock, no dependencies:
 * importable in plain Node so servers can make the same decisions.
 *
 * ```ts
 * import { evaluateEntitlement, explain, indexBundle } from 'fe-elements/entitlements';
 * const index = indexBundle(bundle); // once per loaded bundle
 * evaluateEntitlement(index, { featureKey: 'sso' }, { attributes: { jwt: claims, custom: { plan: 'pro' } }, now: Date.now() });
 * // → { isEntitled: true } | { isEntitled: false, justification: 'MISSING_FEATURE' | 'MISSING_PERMISSION' | 'BUNDLE_EXPIRED' }
 * explain(bundle, { featureKey: 'sso' }, context); // the same decision and why: { decision, trace } (explain.ts)
 * ```
 *
 * Semantics: those of Frontegg's own evaluator,
 * `@frontegg/entitlements-javascript-commons` 1.2.1
 * (`evaluateIsEntitledToFeature` / `evaluateIsEntitledToPermissions`), checked
 * by a differential test (test/node/entitlements-differential.test.ts, issue 13):
 * - A feature is granted by the first of: a direct grant (`expireTime` -1, or
 *   Unix ms not before `now` — `expireTime === now` still grants; `null` is no
 *   direct grant; an entry without `expireTime`, `featureFlag` and `planIds`
 *   is a grant without expiry), its feature flag, or the targeting rules of
 *   one of its `planIds`. Unknown feature → MISSING_FEATURE; not granted and
 *   its direct grant expired (`expireTime < now`) → BUNDLE_EXPIRED; otherwise
 *   MISSING_FEATURE (SI-4.37–SI-4.39, SI-9.08).
 * - A permission must match a held permission key or `*` pattern (else
 *   MISSING_PERMISSION). Then the features whose `linkedPermissions` contain
 *   the key (exactly) are its linked features: none → entitled; **any one**
 *   granted → entitled; none granted → BUNDLE_EXPIRED if one of them expired,
 *   else MISSING_FEATURE (SI-4.40, read as the reference does).
 * - Rules: the first rule whose condition group holds gives its treatment,
 *   else the default treatment; only `'true'` grants (SI-4.39, SI-4.41). A
 *   group is AND (`conditionLogic` 'and'; no conditions → holds) or OR
 *   (`'or'`), and may nest groups. Conditions: see {@link evaluateCondition}
 *   (SI-3.14, SI-3.15, SI-5.09–SI-5.13).
 *
 * Deliberate differences from the reference: it throws on a string or date
 * operation over an attribute of another type and on malformed rule values,
 * and it coerces a condition over a wrong-typed attribute (and negates the
 * coerced result). This engine never throws on bundle content, and a
 * condition over a wrong-typed attribute (or with an invalid value, an
 * unparsable `matches` regex included) is false, negated or not. Outside the
 * reference's types (a non-number `expireTime`, `on` or a treatment that is
 * not boolean/`'true'`, a permission set to anything but `true`, prototype
 * names as keys, regex characters other than `.`/`*` in permission keys)
 * the documented rules here apply.
 */
export { evaluateCondition, evaluateEntitlement, getFeatureEntitlements, getPermissionEntitlements, indexBundle } from './decide.ts';

export type {
  Condition,
  ConditionGroup,
  ConditionOperation,
  ConditionValue,
  DateInput,
  EntitlementAttributes,
  EntitlementContext,
  EntitlementQuery,
  EntitlementResult,
  EntitlementsBundleLike,
  EntitlementsBundleV2,
  FeatureEntitlement,
  FeatureFlag,
  NotEntitledJustification,
  PlanTargeting,
  Rule,
  Treatment,
} from './types.ts';
export { CONDITION_OPERATIONS } from './conditions.ts';
export { explain } from './explain.ts';
export type {
  ConditionStatus,
  ConditionTrace,
  DirectTrace,
  ExplainResult,
  FeatureTrace,
  FlagTrace,
  GroupTrace,
  PermissionTrace,
  PlanTrace,
  RuleTrace,
  TargetingTrace,
} from './explain.ts';
export { matchesPermission } from './permissions.ts';
export { NO_EXPIRY } from './results.ts';
export { IndexedEntitlements, isIndexedEntitlements } from './indexed.ts';
