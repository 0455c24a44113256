/**
 * `explain()`: the decision of {@link ./reference.ts} with the reasons (issue 35 item 2, the entitlements inspector).
 * Same inputs as `evaluateEntitlement`, same decision (test/node/entitlements-explain.test.ts checks it on the
 * differential test's generated cases), plus a trace of every step: the direct grant and its expiry, the feature flag
 * (on or off, each rule, each condition with the user's attribute value and why it held or not), each plan's rules,
 * and for a permission the held keys or `*` patterns that match it and each feature that links it.
 *
 * Unlike the decision, which stops at the first grant, the trace evaluates every path (the flag and the plans of a
 * feature granted directly, the rules after the first that held), so it shows what would grant if a path changed;
 * `reached` and `grantedBy` say what the decision used. Nothing throws on bundle content; the trace holds the wire
 * values as they are (an attribute may be a Date, NaN or an object: format it for display).
 *
 * Allocation-happy (the decision of an indexed bundle allocates nothing): for tools, not for hot paths; the bench
 * (scripts/bench-entitlements.mjs) prints both rates.
 */
import { isAttributeBag, isPlainObject, prepareAttributes } from './attributes.ts';
import { MAX_GROUP_DEPTH, attributeTime, compileCondition, isConditionGroup, testCondition } from './conditions.ts';
import { isIndexedEntitlements } from './indexed.ts';
import { matchesPermission } from './permissions.ts';
import { ENTITLED, NO_EXPIRY, NOT_ENTITLED_BUNDLE_EXPIRED, NOT_ENTITLED_MISSING_FEATURE, NOT_ENTITLED_MISSING_PERMISSION, grants } from './results.ts';
import type { EntitlementContext, EntitlementQuery, EntitlementResult, EntitlementsBundleLike } from './types.ts';

type Bag = Readonly<Record<string, unknown>>;
const hasOwn = Object.prototype.hasOwnProperty;
const bag = (v: unknown): Bag | null => (isAttributeBag(v) ? v : null);

/**
 * Why a condition holds or not: `holds` / `fails` (the attribute is there and of the operation's type: the comparison,
 * negated when `negate`, gave that), `missing` (the user has no such attribute), `wrong-type` (the attribute is not of
 * the operation's type, e.g. a number for `starts_with`) or `invalid` (unknown operation, a value of the wrong shape
 * for it, an unparsable regex or date, no attribute name). The last three never hold, negated or not (SI-5.13).
 */
export type ConditionStatus = 'holds' | 'fails' | 'missing' | 'wrong-type' | 'invalid';

/** One condition of a rule, as written, with the user's value of its attribute. */
export interface ConditionTrace {
  readonly type: 'condition';
  /** The attribute name as written (`plan`, `jwt.address.country`, `frontegg.email`); '' when not a string. */
  readonly attribute: string;
  /** The operation as written ('' when not a string). */
  readonly op: string;
  /** The condition's value as written (`{ list }`, `{ number }`, `{ date }` …). */
  readonly value: unknown;
  readonly negate: boolean;
  /** The user's value of the attribute as the rules read it (custom attribute, flattened claim); `undefined`: absent. */
  readonly actual: unknown;
  readonly status: ConditionStatus;
  readonly holds: boolean;
}

/** A condition group (a rule is one): AND holds when every item holds (none: holds), OR when one does (none: not). */
export interface GroupTrace {
  readonly type: 'group';
  readonly logic: 'and' | 'or';
  readonly holds: boolean;
  readonly items: readonly (ConditionTrace | GroupTrace)[];
  /** `conditions` is not an array, or the group nests deeper than the engine reads: it never holds. */
  readonly malformed: boolean;
}

/** One targeting rule: its conditions and the treatment it gives when they hold. */
export interface RuleTrace {
  /** Its position in the wire's `rules` array (0-based). */
  readonly index: number;
  /** Whether its treatment grants (`'true'`). */
  readonly grants: boolean;
  readonly holds: boolean;
  /** Whether the decision got to it (no earlier rule held). */
  readonly reached: boolean;
  readonly group: GroupTrace;
}

/** Rules and a default treatment (a feature flag that is on, or a plan): the first rule that holds decides. */
export interface TargetingTrace {
  readonly rules: readonly RuleTrace[];
  /** The `index` of the first rule that held (its treatment decided), or `null`: the default treatment decided. */
  readonly matchedRule: number | null;
  readonly defaultGrants: boolean;
  readonly grants: boolean;
}

/** A feature's flag: off → its off treatment; on → its targeting. */
export interface FlagTrace {
  readonly on: boolean;
  readonly offGrants: boolean;
  /** The rules, when the flag is on. */
  readonly targeting: TargetingTrace | null;
  readonly grants: boolean;
}

/** One of a feature's `planIds`: found in the bundle's `plans` or not, and its targeting. */
export interface PlanTrace {
  readonly planId: string;
  readonly found: boolean;
  readonly targeting: TargetingTrace | null;
  readonly grants: boolean;
}

/**
 * A feature's direct grant: `forever` (`expireTime` -1, or none on an entry without flag and plans: `implicit`),
 * `until` (Unix ms not before now), `expired` (before now: BUNDLE_EXPIRED unless the flag or a plan grants) or `none`
 * (`null`, absent beside a flag or plans, or not a number).
 */
export interface DirectTrace {
  /** `expireTime` as on the wire (`undefined`: absent). */
  readonly expireTime: unknown;
  readonly state: 'forever' | 'until' | 'expired' | 'none';
  readonly implicit: boolean;
}

/** How a feature was decided. */
export interface FeatureTrace {
  readonly type: 'feature';
  readonly key: string;
  readonly decision: EntitlementResult;
  /** The bundle has the feature (the empty key never is one). */
  readonly found: boolean;
  /** What granted it, in the decision's order (direct grant, then flag, then the plans); `null`: not granted. */
  readonly grantedBy: 'direct' | 'flag' | 'plan' | null;
  /** The plan that granted it (`grantedBy: 'plan'`): the first of its `planIds` whose targeting grants. */
  readonly grantingPlan: string | null;
  readonly direct: DirectTrace | null;
  readonly flag: FlagTrace | null;
  readonly plans: readonly PlanTrace[];
  /** Unix ms when the grant that decided ends (a direct grant until then); `null`: it does not end, or no grant. */
  readonly expiresAt: number | null;
}

/** How a permission was decided. */
export interface PermissionTrace {
  readonly type: 'permission';
  readonly key: string;
  readonly decision: EntitlementResult;
  /** A held permission key or `*` pattern matches the key (else MISSING_PERMISSION). */
  readonly held: boolean;
  /** Every held key or pattern of the bundle that matches the key, in bundle order. */
  readonly matchedBy: readonly string[];
  /** Every feature whose `linkedPermissions` lists the key, explained (none: the permission alone decides). */
  readonly linkedFeatures: readonly FeatureTrace[];
  /** The first linked feature that is granted (any one is enough), or `null`. */
  readonly grantingFeature: string | null;
  /** When the granting feature's grant ends (see {@link FeatureTrace.expiresAt}); `null`: no end, or not granted. */
  readonly expiresAt: number | null;
}

/** The decision and its reasons. */
export interface ExplainResult {
  readonly decision: EntitlementResult;
  readonly trace: FeatureTrace | PermissionTrace;
}

/** The evaluation state of one explanation. */
interface Run {
  readonly bundle: EntitlementsBundleLike;
  readonly attrs: Map<string, unknown>;
  readonly now: number;
}

const STRING_OPS = new Set(['starts_with', 'ends_with', 'contains', 'matches']);
const DATE_OPS = new Set(['on', 'on_or_after', 'on_or_before', 'between_date']);

/**
 * Whether attribute value `v` is of the type a valid condition's operation `op` reads (conditions.ts `testCondition`
 * checks the same before it compares): a string for the string operations (`in_list` also an array), a boolean for
 * `is`, a Date or an ISO string / Unix ms instant for the date ones, a number for the numeric ones. A false condition
 * over a value that fits is a real "no"; over one that does not, the attribute has the wrong type.
 */
function fits(op: string, v: unknown): boolean {
  if (op === 'in_list') return typeof v === 'string' || Array.isArray(v);
  if (STRING_OPS.has(op)) return typeof v === 'string';
  if (op === 'is') return typeof v === 'boolean';
  if (DATE_OPS.has(op)) return v instanceof Date || attributeTime(v) === attributeTime(v);
  return typeof v === 'number';
}

function conditionTrace(run: Run, c: unknown): ConditionTrace {
  const cc = compileCondition(c);
  const raw = isAttributeBag(c) ? c : null;
  const name = raw === null ? undefined : raw.attribute;
  const attribute = typeof name === 'string' ? name : '';
  // the value reference.ts reads (an invalid condition's too, to show it)
  const actual = typeof name === 'string' ? run.attrs.get(name) : undefined;
  const holds = testCondition(cc, actual);
  // a valid condition has one of the 16 operations, as written
  const op = raw !== null && typeof raw.op === 'string' ? raw.op : '';
  const status: ConditionStatus = !cc.valid ? 'invalid' : actual === undefined ? 'missing' : !fits(op, actual) ? 'wrong-type' : holds ? 'holds' : 'fails';
  return { type: 'condition', attribute, op, value: raw?.value, negate: cc.negate, actual, status, holds };
}

/** As reference.ts `groupHolds`, every item evaluated (nothing throws, so the result is the same). */
function groupTrace(run: Run, group: Bag, depth: number): GroupTrace {
  const logic = group.conditionLogic === 'or' ? 'or' : 'and';
  const conditions = group.conditions;
  if (!Array.isArray(conditions) || depth > MAX_GROUP_DEPTH) return { type: 'group', logic, holds: false, items: [], malformed: true };
  const items = conditions.map((c: unknown) => (isConditionGroup(c) ? groupTrace(run, c, depth + 1) : conditionTrace(run, c)));
  const holds = logic === 'or' ? items.some((i) => i.holds) : items.every((i) => i.holds);
  return { type: 'group', logic, holds, items, malformed: false };
}

/** As reference.ts `targetingGrants`: the first rule that holds gives its treatment, else the default. */
function targetingTrace(run: Run, rules: unknown, defaultTreatment: unknown): TargetingTrace {
  const traces: RuleTrace[] = [];
  let matchedRule: number | null = null;
  let ruleGrants = false;
  if (Array.isArray(rules))
    for (let index = 0; index < rules.length; index++) {
      const rule: unknown = rules[index];
      if (!isAttributeBag(rule)) continue;
      const group = groupTrace(run, rule, 0);
      const reached = matchedRule === null;
      if (reached && group.holds) {
        matchedRule = index;
        ruleGrants = grants(rule.treatment);
      }
      traces.push({ index, grants: grants(rule.treatment), holds: group.holds, reached, group });
    }
  const defaultGrants = grants(defaultTreatment);
  return { rules: traces, matchedRule, defaultGrants, grants: matchedRule === null ? defaultGrants : ruleGrants };
}

const NOT_FOUND = (key: string): FeatureTrace => ({
  type: 'feature',
  key,
  decision: NOT_ENTITLED_MISSING_FEATURE,
  found: false,
  grantedBy: null,
  grantingPlan: null,
  direct: null,
  flag: null,
  plans: [],
  expiresAt: null,
});

/** As reference.ts `featureResult`, every path traced. */
function featureTrace(run: Run, key: string): FeatureTrace {
  const features = bag(run.bundle.features);
  if (key === '' || features === null || !hasOwn.call(features, key) || !isAttributeBag(features[key])) return NOT_FOUND(key);
  const feature = features[key] as Bag;
  const flagBag = isAttributeBag(feature.featureFlag) ? feature.featureFlag : null;
  const planIds = Array.isArray(feature.planIds) ? (feature.planIds as unknown[]) : [];
  const expireTime = feature.expireTime;

  let direct: DirectTrace;
  if (expireTime === undefined) direct = { expireTime, state: flagBag === null && planIds.length === 0 ? 'forever' : 'none', implicit: flagBag === null && planIds.length === 0 };
  else if (typeof expireTime === 'number' && expireTime === expireTime)
    direct = { expireTime, state: expireTime === NO_EXPIRY ? 'forever' : expireTime >= run.now ? 'until' : 'expired', implicit: false };
  else direct = { expireTime, state: 'none', implicit: false };

  let flag: FlagTrace | null = null;
  if (flagBag !== null) {
    const on = flagBag.on === true;
    const offGrants = grants(flagBag.offTreatment);
    const targeting = on ? targetingTrace(run, flagBag.rules, flagBag.defaultTreatment) : null;
    flag = { on, offGrants, targeting, grants: targeting ? targeting.grants : offGrants };
  }

  const plans: PlanTrace[] = [];
  const planBags = bag(run.bundle.plans);
  for (const id of planIds) {
    if (typeof id !== 'string') continue;
    const plan = planBags !== null && hasOwn.call(planBags, id) && isAttributeBag(planBags[id]) ? (planBags[id] as Bag) : null;
    const targeting = plan ? targetingTrace(run, plan.rules, plan.defaultTreatment) : null;
    plans.push({ planId: id, found: plan !== null, targeting, grants: targeting?.grants ?? false });
  }

  const granting = plans.find((p) => p.grants);
  const grantedBy = direct.state === 'forever' || direct.state === 'until' ? 'direct' : flag?.grants ? 'flag' : granting ? 'plan' : null;
  const decision = grantedBy !== null ? ENTITLED : direct.state === 'expired' ? NOT_ENTITLED_BUNDLE_EXPIRED : NOT_ENTITLED_MISSING_FEATURE;
  return {
    type: 'feature',
    key,
    decision,
    found: true,
    grantedBy,
    grantingPlan: grantedBy === 'plan' ? granting!.planId : null,
    direct,
    flag,
    plans,
    expiresAt: grantedBy === 'direct' && direct.state === 'until' ? (expireTime as number) : null,
  };
}

/** As reference.ts `permissionResult`, every linked feature traced (also when the permission is not held). */
function permissionTrace(run: Run, key: string): PermissionTrace {
  const permissions = bag(run.bundle.permissions);
  const matchedBy = key === '' || permissions === null ? [] : Object.keys(permissions).filter((p) => permissions[p] === true && matchesPermission(p, key));
  const held = matchedBy.length > 0;
  const features = bag(run.bundle.features);
  const linkedFeatures: FeatureTrace[] = [];
  if (features !== null)
    for (const featureKey of Object.keys(features)) {
      const feature = features[featureKey];
      if (isAttributeBag(feature) && Array.isArray(feature.linkedPermissions) && feature.linkedPermissions.includes(key)) linkedFeatures.push(featureTrace(run, featureKey));
    }
  const granting = linkedFeatures.find((f) => f.decision.isEntitled);
  const decision = !held
    ? NOT_ENTITLED_MISSING_PERMISSION
    : linkedFeatures.length === 0 || granting
      ? ENTITLED
      : linkedFeatures.some((f) => f.decision === NOT_ENTITLED_BUNDLE_EXPIRED)
        ? NOT_ENTITLED_BUNDLE_EXPIRED
        : NOT_ENTITLED_MISSING_FEATURE;
  return {
    type: 'permission',
    key,
    decision,
    held,
    matchedBy,
    linkedFeatures,
    grantingFeature: held && granting ? granting.key : null,
    expiresAt: held && granting ? granting.expiresAt : null,
  };
}

/**
 * Decides one entitlement as `evaluateEntitlement` does and says why (issue 35; spec sign-in §4, §5, SI-4.37–SI-4.41,
 * SI-9.08): `{ decision, trace }`, where `decision` is the same shared frozen result `evaluateEntitlement` gives and
 * `trace` is a {@link FeatureTrace} (direct grant, flag, plans, which one granted, when the grant ends) or a
 * {@link PermissionTrace} (the held keys and `*` patterns that match, each linked feature's trace).
 *
 * @param bundle  the raw v2 bundle (`{ features, plans, permissions }`); `null` / `undefined` is an empty bundle.
 *   Not an index of `indexBundle` (it has compiled the rules away).
 * @param query   `{ featureKey }` or `{ permissionKey }` (a `featureKey` wins when both are given).
 * @param context `{ attributes: { custom?, jwt? }, now }`, `now` in Unix **ms**, as for `evaluateEntitlement`.
 * @throws TypeError when `query` has neither a string `featureKey` nor a string `permissionKey`, or `bundle` is an
 *   index; bundle content never throws.
 */
export function explain(bundle: EntitlementsBundleLike | null | undefined, query: EntitlementQuery, context: EntitlementContext): ExplainResult {
  if (isIndexedEntitlements(bundle)) throw new TypeError('explain: pass the raw bundle, not an index (the index has compiled the rules away)');
  const a = context?.attributes;
  const run: Run = {
    bundle: bundle ?? {},
    attrs: prepareAttributes({ custom: isPlainObject(a?.custom) ? a.custom : null, jwt: isPlainObject(a?.jwt) ? a.jwt : null }),
    now: typeof context?.now === 'number' ? context.now : NaN,
  };
  let trace: FeatureTrace | PermissionTrace;
  if (query != null && typeof query.featureKey === 'string') trace = featureTrace(run, query.featureKey);
  else if (query != null && typeof query.permissionKey === 'string') trace = permissionTrace(run, query.permissionKey);
  else throw new TypeError('explain: the query needs a featureKey or a permissionKey string');
  return { decision: trace.decision, trace };
}
