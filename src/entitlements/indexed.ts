/**
 * The indexed path (issue 5 "at least 1,000,000 decisions/s once indexed"):
 * a raw entitlements v2 bundle compiled once into maps and fixed-shape
 * objects — feature map, shared compiled plans, compiled rules (condition
 * groups) with prebuilt regexes and parsed dates, permission patterns as
 * anchored RegExps, permission → linked-features lists. A decision then
 * allocates nothing and returns one of four shared frozen results. Same
 * answers as {@link ./reference.ts} (issue 13: Frontegg's evaluator).
 */
import { isAttributeBag, isPlainObject, resolveCompiled } from './attributes.ts';
import { type CompiledCondition, MAX_GROUP_DEPTH, compileCondition, conditionCost, isConditionGroup, testCondition } from './conditions.ts';
import { compilePermissionPattern } from './permissions.ts';
import { ENTITLED, NO_EXPIRY, NOT_ENTITLED_BUNDLE_EXPIRED, NOT_ENTITLED_MISSING_FEATURE, NOT_ENTITLED_MISSING_PERMISSION, grants } from './results.ts';
import type { EntitlementContext, EntitlementResult, EntitlementsBundleLike } from './types.ts';

type Bag = Readonly<Record<string, unknown>>;

/** Brand of an indexed bundle (global symbol, so two copies of the module agree). */
export const INDEXED = Symbol.for('fe-elements.entitlements.indexed.v1');

const DIRECT_NONE = 0;
const DIRECT_FOREVER = 1;
const DIRECT_UNTIL = 2;

const CONST_NONE = -1;

const MEMO_LIMIT = 10_000;

/**
 * A condition group that is not constant: `any` (conditionLogic 'or') or all
 * of its valid conditions (cheapest first) and sub-groups.
 */
class CompiledGroup {
  constructor(
    readonly any: boolean,
    readonly conditions: readonly CompiledCondition[],
    readonly groups: readonly CompiledGroup[],
  ) {}
}

class CompiledRule {
  constructor(
    readonly group: CompiledGroup,
    readonly grant: boolean,
  ) {}
}

/** Rules + default treatment (a flag that is on, or a plan). */
class CompiledTargeting {
  /** -1: evaluate the rules; 0/1: the answer is the same whoever asks. */
  readonly constant: number;
  constructor(
    readonly rules: readonly CompiledRule[],
    readonly defaultGrant: boolean,
  ) {
    this.constant = rules.every((r) => r.grant === defaultGrant) ? (defaultGrant ? 1 : 0) : CONST_NONE;
  }
}

class CompiledFeature {
  direct = DIRECT_NONE;
  expireTime = 0;
  /** -1: no flag, or a flag that is on (see `flag`); 0/1: an off flag's treatment. */
  flagConstant = CONST_NONE;
  flag: CompiledTargeting | null = null;
  plans: readonly CompiledTargeting[] = [];
  constructor(readonly key: string) {}
}

interface PermissionEntry {
  readonly held: boolean;
  readonly linked: readonly CompiledFeature[];
}

const bag = (v: unknown): Bag | null => (isAttributeBag(v) ? v : null);

/**
 * Compiles a condition group (a rule, or a nested group) as reference.ts
 * evaluates it; `true`/`false` when it holds (or not) whoever asks: an AND
 * with an invalid condition never holds, an AND of nothing always holds, an
 * OR drops its invalid conditions and of nothing never holds.
 */
function compileGroup(group: Bag, depth: number): CompiledGroup | boolean {
  const items = group.conditions;
  if (!Array.isArray(items) || depth > MAX_GROUP_DEPTH) return false;
  const any = group.conditionLogic === 'or';
  const conditions: CompiledCondition[] = [];
  const groups: CompiledGroup[] = [];
  for (const item of items) {
    const c = isConditionGroup(item) ? compileGroup(item, depth + 1) : compileCondition(item);
    if (typeof c === 'boolean' || (!(c instanceof CompiledGroup) && !c.valid)) {
      const holds = c === true;
      if (holds === any) return any; // OR with an always-true item, AND with a never-true one
      continue; // the item cannot change the answer
    }
    if (c instanceof CompiledGroup) groups.push(c);
    else conditions.push(c);
  }
  if (conditions.length === 0 && groups.length === 0) return !any;
  // cheapest first: the result does not depend on the order (nothing throws)
  conditions.sort((a, b) => conditionCost(a) - conditionCost(b));
  return new CompiledGroup(any, conditions, groups);
}

function compileTargeting(rules: unknown, defaultTreatment: unknown): CompiledTargeting {
  const compiled: CompiledRule[] = [];
  let defaultGrant = grants(defaultTreatment);
  if (Array.isArray(rules))
    for (const rule of rules) {
      if (!isAttributeBag(rule)) continue;
      const group = compileGroup(rule, 0);
      // a rule that never holds cannot be the first to hold
      if (group === false) continue;
      // a rule that always holds ends the list: its treatment is the default
      if (group === true) {
        defaultGrant = grants(rule.treatment);
        break;
      }
      compiled.push(new CompiledRule(group, grants(rule.treatment)));
    }
  // trailing rules that give the default treatment cannot change the answer
  while (compiled.length > 0 && compiled[compiled.length - 1].grant === defaultGrant) compiled.pop();
  return new CompiledTargeting(compiled, defaultGrant);
}

/** Cost rank of a targeting: constant ones first (any plan granting is enough, so order is free). */
const targetingCost = (t: CompiledTargeting): number => (t.constant === 1 ? -1 : t.constant === 0 ? 1e9 : t.rules.length);

/** An entitlements bundle compiled by {@link indexBundle}. Opaque; pass it to `evaluateEntitlement`. */
export class IndexedEntitlements {
  readonly [INDEXED] = true;
  /** @internal */ readonly featureMap = new Map<string, CompiledFeature>();
  /** @internal */ readonly exactPermissions = new Set<string>();
  /** @internal */ readonly permissionPatterns: RegExp[] = [];
  /** @internal permission key → features whose linkedPermissions hold it (exactly), in bundle order */
  readonly linkedFeatures = new Map<string, CompiledFeature[]>();
  /** @internal */ readonly memo = new Map<string, PermissionEntry>();
  /** Number of features, plans and permission entries indexed. */
  readonly size: { readonly features: number; readonly plans: number; readonly permissions: number };

  constructor(bundle: EntitlementsBundleLike | null | undefined) {
    const features = bag(bundle?.features);
    const plans = bag(bundle?.plans);
    const permissions = bag(bundle?.permissions);

    const compiledPlans = new Map<string, CompiledTargeting>();
    if (plans !== null)
      for (const id of Object.keys(plans)) {
        const plan = plans[id];
        if (isAttributeBag(plan)) compiledPlans.set(id, compileTargeting(plan.rules, plan.defaultTreatment));
      }

    if (features !== null)
      for (const key of Object.keys(features)) {
        const raw = features[key];
        if (!isAttributeBag(raw)) continue;
        const f = new CompiledFeature(key);
        const flag = bag(raw.featureFlag);
        const planIds = Array.isArray(raw.planIds) ? (raw.planIds as unknown[]) : [];
        const expireTime = raw.expireTime;
        if (expireTime === undefined) {
          if (flag === null && planIds.length === 0) f.direct = DIRECT_FOREVER;
        } else if (typeof expireTime === 'number' && expireTime === expireTime) {
          f.direct = expireTime === NO_EXPIRY ? DIRECT_FOREVER : DIRECT_UNTIL;
          f.expireTime = expireTime;
        }
        if (flag !== null) {
          if (flag.on === true) f.flag = compileTargeting(flag.rules, flag.defaultTreatment);
          else f.flagConstant = grants(flag.offTreatment) ? 1 : 0;
        }
        const featurePlans: CompiledTargeting[] = [];
        for (const id of planIds) {
          const plan = typeof id === 'string' ? compiledPlans.get(id) : undefined;
          if (plan !== undefined && !featurePlans.includes(plan)) featurePlans.push(plan);
        }
        featurePlans.sort((a, b) => targetingCost(a) - targetingCost(b));
        f.plans = featurePlans.filter((t) => t.constant !== 0);
        // the empty key is never a feature (the reference's `!featureKey`), but it may still be linked
        if (key !== '') this.featureMap.set(key, f);
        if (Array.isArray(raw.linkedPermissions))
          for (const p of new Set(raw.linkedPermissions as unknown[])) {
            if (typeof p !== 'string') continue;
            const list = this.linkedFeatures.get(p);
            if (list === undefined) this.linkedFeatures.set(p, [f]);
            else list.push(f);
          }
      }

    if (permissions !== null)
      for (const p of Object.keys(permissions)) {
        if (permissions[p] !== true) continue;
        const re = compilePermissionPattern(p);
        if (re === null) this.exactPermissions.add(p);
        else this.permissionPatterns.push(re);
      }

    this.size = Object.freeze({ features: this.featureMap.size, plans: compiledPlans.size, permissions: this.exactPermissions.size + this.permissionPatterns.length });
  }

  /** @internal permission held? + features that link it (memoised per key). */
  permissionEntry(key: string): PermissionEntry {
    let entry = this.memo.get(key);
    if (entry !== undefined) return entry;
    let held = key !== '' && this.exactPermissions.has(key);
    if (!held && key !== '') held = this.permissionPatterns.some((re) => re.test(key));
    entry = { held, linked: this.linkedFeatures.get(key) ?? [] };
    if (this.memo.size < MEMO_LIMIT) this.memo.set(key, entry);
    return entry;
  }
}

/** Whether `value` is a bundle compiled by `indexBundle`. */
export function isIndexedEntitlements(value: unknown): value is IndexedEntitlements {
  return typeof value === 'object' && value !== null && (value as { [INDEXED]?: unknown })[INDEXED] === true;
}

function groupHolds(g: CompiledGroup, custom: Bag | null, jwt: Bag | null): boolean {
  const conditions = g.conditions;
  const groups = g.groups;
  if (g.any) {
    for (let j = 0; j < conditions.length; j++) {
      const c = conditions[j];
      if (testCondition(c, resolveCompiled(c, custom, jwt))) return true;
    }
    for (let j = 0; j < groups.length; j++) if (groupHolds(groups[j], custom, jwt)) return true;
    return false;
  }
  for (let j = 0; j < conditions.length; j++) {
    const c = conditions[j];
    if (!testCondition(c, resolveCompiled(c, custom, jwt))) return false;
  }
  for (let j = 0; j < groups.length; j++) if (!groupHolds(groups[j], custom, jwt)) return false;
  return true;
}

function targetingGrants(t: CompiledTargeting, custom: Bag | null, jwt: Bag | null): boolean {
  if (t.constant !== CONST_NONE) return t.constant === 1;
  const rules = t.rules;
  for (let i = 0; i < rules.length; i++) if (groupHolds(rules[i].group, custom, jwt)) return rules[i].grant;
  return t.defaultGrant;
}

/** A feature's decision: direct grant (-1, or `expireTime >= now`), else flag, else plans (SI-4.38, SI-4.39, SI-9.08). */
function featureResult(f: CompiledFeature, custom: Bag | null, jwt: Bag | null, now: number): EntitlementResult {
  let expired = false;
  if (f.direct === DIRECT_FOREVER) return ENTITLED;
  if (f.direct === DIRECT_UNTIL) {
    if (f.expireTime >= now) return ENTITLED;
    expired = true;
  }
  if (f.flagConstant === 1) return ENTITLED;
  if (f.flag !== null && targetingGrants(f.flag, custom, jwt)) return ENTITLED;
  const plans = f.plans;
  for (let i = 0; i < plans.length; i++) if (targetingGrants(plans[i], custom, jwt)) return ENTITLED;
  return expired ? NOT_ENTITLED_BUNDLE_EXPIRED : NOT_ENTITLED_MISSING_FEATURE;
}

/** Feature decision on an indexed bundle (allocation-free). */
export function indexedFeature(index: IndexedEntitlements, key: string, ctx: EntitlementContext): EntitlementResult {
  const f = index.featureMap.get(key);
  if (f === undefined) return NOT_ENTITLED_MISSING_FEATURE;
  if (f.direct === DIRECT_FOREVER) return ENTITLED;
  const a = ctx == null ? null : ctx.attributes;
  return featureResult(
    f,
    a != null && isPlainObject(a.custom) ? a.custom : null,
    a != null && isPlainObject(a.jwt) ? a.jwt : null,
    ctx != null && typeof ctx.now === 'number' ? ctx.now : NaN,
  );
}

/**
 * Permission decision on an indexed bundle (allocation-free after the first
 * query of a key): held, then any one linked feature granted (SI-4.40).
 */
export function indexedPermission(index: IndexedEntitlements, key: string, ctx: EntitlementContext): EntitlementResult {
  const entry = index.permissionEntry(key);
  if (!entry.held) return NOT_ENTITLED_MISSING_PERMISSION;
  const linked = entry.linked;
  if (linked.length === 0) return ENTITLED;
  const a = ctx == null ? null : ctx.attributes;
  const custom = a != null && isPlainObject(a.custom) ? a.custom : null;
  const jwt = a != null && isPlainObject(a.jwt) ? a.jwt : null;
  const now = ctx != null && typeof ctx.now === 'number' ? ctx.now : NaN;
  let expired = false;
  for (let i = 0; i < linked.length; i++) {
    const f = linked[i];
    // the empty key is linked but never a feature (MISSING_FEATURE)
    if (f.key === '') continue;
    const r = featureResult(f, custom, jwt, now);
    if (r.isEntitled) return ENTITLED;
    if (r === NOT_ENTITLED_BUNDLE_EXPIRED) expired = true;
  }
  return expired ? NOT_ENTITLED_BUNDLE_EXPIRED : NOT_ENTITLED_MISSING_FEATURE;
}
