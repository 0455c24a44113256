/**
 * The un-indexed path: interprets a raw entitlements v2 bundle directly
 * (spec sign-in §4 "Entitlement decision"). Straightforward and allocation-
 * happy; {@link ./indexed.ts} is the fast path and must give the same answers.
 *
 * It follows Frontegg's evaluator, `@frontegg/entitlements-javascript-commons`
 * 1.2.1 (issue 13), step by step: `evaluateIsEntitledToFeature` (direct grant,
 * feature flag, plan targeting, then `getResult`) and
 * `evaluateIsEntitledToPermissions` (held permission, then any linked feature).
 */
import { isAttributeBag, isPlainObject, prepareAttributes } from './attributes.ts';
import { MAX_GROUP_DEPTH, compileCondition, isConditionGroup, testCondition } from './conditions.ts';
import { matchesPermission } from './permissions.ts';
import { ENTITLED, NO_EXPIRY, NOT_ENTITLED_BUNDLE_EXPIRED, NOT_ENTITLED_MISSING_FEATURE, NOT_ENTITLED_MISSING_PERMISSION, grants } from './results.ts';
import type { EntitlementContext, EntitlementResult, EntitlementsBundleLike } from './types.ts';

type Bag = Readonly<Record<string, unknown>>;
const hasOwn = Object.prototype.hasOwnProperty;
const bag = (v: unknown): Bag | null => (isAttributeBag(v) ? v : null);

/**
 * A condition group (a rule is one): `conditionLogic: 'or'` → any item holds,
 * anything else → every item holds (so no conditions → true); an item that is
 * itself a group is evaluated recursively. `conditions` not an array → false.
 */
function groupHolds(group: Bag, attrs: Map<string, unknown>, depth: number): boolean {
  const conditions = group.conditions;
  if (!Array.isArray(conditions) || depth > MAX_GROUP_DEPTH) return false;
  const item = (c: unknown): boolean => {
    if (isConditionGroup(c)) return groupHolds(c, attrs, depth + 1);
    const cc = compileCondition(c);
    return testCondition(cc, attrs.get(cc.attribute));
  };
  return group.conditionLogic === 'or' ? conditions.some(item) : conditions.every(item);
}

/** First rule that holds gives its treatment, else the default treatment. */
function targetingGrants(rules: unknown, defaultTreatment: unknown, attrs: Map<string, unknown>): boolean {
  if (Array.isArray(rules)) for (const rule of rules) if (isAttributeBag(rule) && groupHolds(rule, attrs, 0)) return grants(rule.treatment);
  return grants(defaultTreatment);
}

function featureResult(bundle: EntitlementsBundleLike, key: string, attrs: Map<string, unknown>, now: number): EntitlementResult {
  const features = bag(bundle.features);
  if (key === '' || features === null || !hasOwn.call(features, key) || !isAttributeBag(features[key])) return NOT_ENTITLED_MISSING_FEATURE;
  const feature = features[key] as Bag;
  const flag = isAttributeBag(feature.featureFlag) ? feature.featureFlag : null;
  const planIds = Array.isArray(feature.planIds) ? (feature.planIds as unknown[]) : [];
  const expireTime = feature.expireTime;
  let expired = false;
  // direct grant: -1, or not before now; null = none
  if (expireTime === undefined) {
    if (flag === null && planIds.length === 0) return ENTITLED;
  } else if (typeof expireTime === 'number' && expireTime === expireTime) {
    if (expireTime === NO_EXPIRY || expireTime >= now) return ENTITLED;
    expired = true;
  }
  // feature flag
  if (flag !== null && (flag.on === true ? targetingGrants(flag.rules, flag.defaultTreatment, attrs) : grants(flag.offTreatment))) return ENTITLED;
  // plan targeting
  const plans = bag(bundle.plans);
  if (plans !== null)
    for (const id of planIds) {
      if (typeof id !== 'string' || !hasOwn.call(plans, id) || !isAttributeBag(plans[id])) continue;
      const plan = plans[id] as Bag;
      if (targetingGrants(plan.rules, plan.defaultTreatment, attrs)) return ENTITLED;
    }
  return expired ? NOT_ENTITLED_BUNDLE_EXPIRED : NOT_ENTITLED_MISSING_FEATURE;
}

function permissionResult(bundle: EntitlementsBundleLike, key: string, attrs: Map<string, unknown>, now: number): EntitlementResult {
  const permissions = bag(bundle.permissions);
  const held = key !== '' && permissions !== null && Object.keys(permissions).some((p) => permissions[p] === true && matchesPermission(p, key));
  if (!held) return NOT_ENTITLED_MISSING_PERMISSION;
  const features = bag(bundle.features);
  if (features === null) return ENTITLED;
  // any one linked feature is enough; none granted → BUNDLE_EXPIRED if one expired
  let linked = false;
  let expired = false;
  for (const featureKey of Object.keys(features)) {
    const feature = features[featureKey];
    if (!isAttributeBag(feature) || !Array.isArray(feature.linkedPermissions) || !feature.linkedPermissions.includes(key)) continue;
    linked = true;
    const result = featureResult(bundle, featureKey, attrs, now);
    if (result.isEntitled) return ENTITLED;
    if (result === NOT_ENTITLED_BUNDLE_EXPIRED) expired = true;
  }
  if (!linked) return ENTITLED;
  return expired ? NOT_ENTITLED_BUNDLE_EXPIRED : NOT_ENTITLED_MISSING_FEATURE;
}

/** Evaluates a feature against a raw bundle (see evaluateEntitlement). */
export function referenceFeature(bundle: EntitlementsBundleLike, key: string, ctx: EntitlementContext): EntitlementResult {
  return featureResult(bundle, key, prepareAttributes(normalise(ctx)), nowOf(ctx));
}

/** Evaluates a permission against a raw bundle (see evaluateEntitlement). */
export function referencePermission(bundle: EntitlementsBundleLike, key: string, ctx: EntitlementContext): EntitlementResult {
  return permissionResult(bundle, key, prepareAttributes(normalise(ctx)), nowOf(ctx));
}

const nowOf = (ctx: EntitlementContext | null | undefined): number => (typeof ctx?.now === 'number' ? ctx.now : NaN);
function normalise(ctx: EntitlementContext | null | undefined) {
  const a = ctx?.attributes;
  return { custom: isPlainObject(a?.custom) ? a.custom : null, jwt: isPlainObject(a?.jwt) ? a.jwt : null };
}
