/**
 * The un-indexed path: interprets a raw entitlements v2 bundle directly
 * (spec sign-in §4 "Entitlement decision"). Straightforward and allocation-
 * happy; {@link ./indexed.ts} is the fast path and must give the same answers.
 */
import { isAttributeBag, isPlainObject, prepareAttributes } from './attributes.ts';
import { compileCondition, testCondition } from './conditions.ts';
import { matchesPermission } from './permissions.ts';
import {
  ENTITLED,
  NO_EXPIRY,
  NOT_ENTITLED_BUNDLE_EXPIRED,
  NOT_ENTITLED_MISSING_FEATURE,
  NOT_ENTITLED_MISSING_PERMISSION,
  grants,
} from './results.ts';
import type { EntitlementContext, EntitlementResult, EntitlementsBundleLike } from './types.ts';

type Bag = Readonly<Record<string, unknown>>;
const hasOwn = Object.prototype.hasOwnProperty;
const bag = (v: unknown): Bag | null => (isAttributeBag(v) ? v : null);

function ruleHolds(rule: unknown, attrs: Map<string, unknown>): boolean {
  if (!isAttributeBag(rule)) return false;
  if (rule.conditionLogic !== undefined && rule.conditionLogic !== 'and') return false;
  const conditions = rule.conditions;
  if (!Array.isArray(conditions) || conditions.length === 0) return false;
  return conditions.every((c) => {
    const cc = compileCondition(c);
    return testCondition(cc, attrs.get(cc.attribute));
  });
}

/** First rule that holds gives its treatment, else the default treatment. */
function targetingGrants(rules: unknown, defaultTreatment: unknown, attrs: Map<string, unknown>): boolean {
  if (Array.isArray(rules)) for (const rule of rules) if (ruleHolds(rule, attrs)) return grants((rule as Bag).treatment);
  return grants(defaultTreatment);
}

function featureResult(bundle: EntitlementsBundleLike, key: string, attrs: Map<string, unknown>, now: number): EntitlementResult {
  const features = bag(bundle.features);
  if (features === null || !hasOwn.call(features, key) || !isAttributeBag(features[key])) return NOT_ENTITLED_MISSING_FEATURE;
  const feature = features[key] as Bag;
  const flag = isAttributeBag(feature.featureFlag) ? feature.featureFlag : null;
  const planIds = Array.isArray(feature.planIds) ? (feature.planIds as unknown[]) : [];
  const expireTime = feature.expireTime;
  let expired = false;
  // direct grant
  if (expireTime === undefined || expireTime === null) {
    if (flag === null && planIds.length === 0) return ENTITLED;
  } else if (typeof expireTime === 'number' && expireTime === expireTime) {
    if (expireTime === NO_EXPIRY || expireTime > now) return ENTITLED;
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
  const held = permissions !== null && Object.keys(permissions).some((p) => permissions[p] === true && matchesPermission(p, key));
  if (!held) return NOT_ENTITLED_MISSING_PERMISSION;
  const features = bag(bundle.features);
  if (features === null) return ENTITLED;
  for (const featureKey of Object.keys(features)) {
    const feature = features[featureKey];
    if (!isAttributeBag(feature) || !Array.isArray(feature.linkedPermissions)) continue;
    if (!feature.linkedPermissions.some((p: unknown) => typeof p === 'string' && matchesPermission(p, key))) continue;
    const result = featureResult(bundle, featureKey, attrs, now);
    if (!result.isEntitled) return result;
  }
  return ENTITLED;
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
