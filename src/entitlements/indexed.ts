/**
 * The indexed path (issue 5 "at least 1,000,000 decisions/s once indexed"):
 * a raw entitlements v2 bundle compiled once into maps and fixed-shape
 * objects — feature map, shared compiled plans, compiled conditions with
 * prebuilt regexes and parsed dates, permission patterns as anchored RegExps,
 * permission → linked-features lists memoised per key. A decision then
 * allocates nothing and returns one of four shared frozen results.
 */
import { isAttributeBag, isPlainObject, resolveCompiled } from './attributes.ts';
import { type CompiledCondition, compileCondition, conditionCost, testCondition } from './conditions.ts';
import { compilePermissionPattern } from './permissions.ts';
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

/** Brand of an indexed bundle (global symbol, so two copies of the module agree). */
export const INDEXED = Symbol.for('fe-elements.entitlements.indexed.v1');

const DIRECT_NONE = 0;
const DIRECT_FOREVER = 1;
const DIRECT_UNTIL = 2;

const CONST_NONE = -1;

const MEMO_LIMIT = 10_000;

class CompiledRule {
  constructor(
    readonly conditions: readonly CompiledCondition[],
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
  linkedExact: readonly string[] = [];
  linkedPatterns: readonly RegExp[] = [];
  constructor(readonly key: string) {}
}

interface PermissionEntry {
  readonly held: boolean;
  readonly linked: readonly CompiledFeature[];
}

const hasOwn = Object.prototype.hasOwnProperty;
const bag = (v: unknown): Bag | null => (isAttributeBag(v) ? v : null);

function compileRules(rules: unknown): CompiledRule[] {
  const out: CompiledRule[] = [];
  if (!Array.isArray(rules)) return out;
  for (const rule of rules) {
    if (!isAttributeBag(rule)) continue;
    const grant = grants(rule.treatment);
    const logicOk = rule.conditionLogic === undefined || rule.conditionLogic === 'and';
    const conditions = Array.isArray(rule.conditions) ? rule.conditions.map(compileCondition) : [];
    // a rule that can never hold is dropped: it cannot be the first to hold
    if (!logicOk || conditions.length === 0 || conditions.some((c) => !c.valid)) continue;
    // cheapest first: an AND's result does not depend on the order
    conditions.sort((a, b) => conditionCost(a) - conditionCost(b));
    out.push(new CompiledRule(conditions, grant));
  }
  return out;
}

function compileTargeting(rules: unknown, defaultTreatment: unknown): CompiledTargeting {
  const compiled = compileRules(rules);
  const defaultGrant = grants(defaultTreatment);
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
  /** @internal features with at least one linked permission, in bundle order */
  readonly linkers: CompiledFeature[] = [];
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
        if (expireTime === undefined || expireTime === null) {
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
        if (Array.isArray(raw.linkedPermissions)) {
          const exact: string[] = [];
          const patterns: RegExp[] = [];
          for (const p of raw.linkedPermissions as unknown[]) {
            if (typeof p !== 'string') continue;
            const re = compilePermissionPattern(p);
            if (re === null) exact.push(p);
            else patterns.push(re);
          }
          f.linkedExact = exact;
          f.linkedPatterns = patterns;
          if (exact.length + patterns.length > 0) this.linkers.push(f);
        }
        this.featureMap.set(key, f);
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
    let held = this.exactPermissions.has(key);
    if (!held) held = this.permissionPatterns.some((re) => re.test(key));
    const linked = this.linkers.filter((f) => f.linkedExact.includes(key) || f.linkedPatterns.some((re) => re.test(key)));
    entry = { held, linked };
    if (this.memo.size < MEMO_LIMIT) this.memo.set(key, entry);
    return entry;
  }
}

/** Whether `value` is a bundle compiled by `indexBundle`. */
export function isIndexedEntitlements(value: unknown): value is IndexedEntitlements {
  return typeof value === 'object' && value !== null && (value as { [INDEXED]?: unknown })[INDEXED] === true;
}

function targetingGrants(t: CompiledTargeting, custom: Bag | null, jwt: Bag | null): boolean {
  if (t.constant !== CONST_NONE) return t.constant === 1;
  const rules = t.rules;
  rules: for (let i = 0; i < rules.length; i++) {
    const conditions = rules[i].conditions;
    for (let j = 0; j < conditions.length; j++) {
      const c = conditions[j];
      if (!testCondition(c, resolveCompiled(c, custom, jwt))) continue rules;
    }
    return rules[i].grant;
  }
  return t.defaultGrant;
}

function featureResult(f: CompiledFeature, custom: Bag | null, jwt: Bag | null, now: number): EntitlementResult {
  let expired = false;
  if (f.direct === DIRECT_FOREVER) return ENTITLED;
  if (f.direct === DIRECT_UNTIL) {
    if (f.expireTime > now) return ENTITLED;
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

/** Permission decision on an indexed bundle (allocation-free after the first query of a key). */
export function indexedPermission(index: IndexedEntitlements, key: string, ctx: EntitlementContext): EntitlementResult {
  const entry = index.permissionEntry(key);
  if (!entry.held) return NOT_ENTITLED_MISSING_PERMISSION;
  const linked = entry.linked;
  if (linked.length === 0) return ENTITLED;
  const a = ctx == null ? null : ctx.attributes;
  const custom = a != null && isPlainObject(a.custom) ? a.custom : null;
  const jwt = a != null && isPlainObject(a.jwt) ? a.jwt : null;
  const now = ctx != null && typeof ctx.now === 'number' ? ctx.now : NaN;
  for (let i = 0; i < linked.length; i++) {
    const r = featureResult(linked[i], custom, jwt, now);
    if (!r.isEntitled) return r;
  }
  return ENTITLED;
}
