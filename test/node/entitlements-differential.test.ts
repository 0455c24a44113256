/**
 * Differential test of the entitlements engine against Frontegg's own
 * evaluator (issue 13): `@frontegg/entitlements-javascript-commons` 1.2.1
 * (`evaluateIsEntitledToFeature`, `evaluateIsEntitledToPermissions`; a
 * devDependency, imported only here).
 *
 * Seeded random bundles (./entitlements-cases.ts, shared with the explain test) —
 * features with expiries around now (-1, null, past,
 * exactly now, future), feature flags on and off, plans, rules (AND, OR,
 * nested groups, no conditions) with every operator the reference supports,
 * valid and malformed values, negate, linked permissions and `*` permission
 * patterns — and attributes of every type (strings, numbers incl. NaN,
 * booleans, Dates incl. an Invalid Date, arrays, null, objects; custom
 * attributes and nested / dotted JWT claims) are decided by the reference and
 * by both of our engines (raw bundle and `indexBundle`).
 *
 * - Our two engines must agree on every case.
 * - Where the reference throws, or a condition that the decision depends on
 *   reads an attribute of the wrong type (our deliberate difference: false,
 *   negated or not; the reference coerces or throws), or has an unparsable
 *   `matches` regex (SI-5.13: false, negated or not; the reference negates it
 *   into true), the case is counted, not compared with the reference as is.
 * - Every other case must give the reference's decision exactly.
 * - Every case (those above included) must give the decision of the reference
 *   on the bundle rewritten with our deliberate differences (such conditions
 *   replaced by a condition that is false whatever `negate` says; a date
 *   condition over an ISO string / ms attribute — our extension, where the
 *   reference throws — reading that instant as a Date).
 *
 * The reference reads the clock (`Date.now()` in its direct-grant evaluator),
 * so `Date` is mocked to NOW; ours gets the same instant as `now`.
 *
 * Run: node --import tsx --test test/node/entitlements-differential.test.ts
 * Reproduce / explore: ENTITLEMENTS_SEED=<n> ENTITLEMENTS_CASES=<n> (defaults in ./entitlements-cases.ts).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { inspect, isDeepStrictEqual } from 'node:util';
import { evaluateIsEntitledToFeature, evaluateIsEntitledToPermissions, prepareAttributes as referenceAttributes } from '@frontegg/entitlements-javascript-commons';
import { CONDITION_OPERATIONS, evaluateEntitlement, type EntitlementQuery, type EntitlementResult, type EntitlementsBundleLike } from '../../src/entitlements/index.ts';
import { CASES, cases, type Ctx, DATE_OPS, type Json, LIST_OPS, NOW, NUMBER_OPS, SEED } from './entitlements-cases.ts';

// ---------------------------------------------------------------------------
// Our deliberate differences, applied to a copy of the bundle for one case

type Reason = 'wrong-type' | 'invalid-regex' | 'throwing-value' | 'date-extension';

const isGroup = (item: unknown): item is Json => typeof item === 'object' && item !== null && 'conditionLogic' in item && !('op' in item);
const regexOk = (s: string) => {
  try {
    new RegExp(s);
    return true;
  } catch {
    return false;
  }
};
const validDate = (v: unknown) => !!v && !Number.isNaN(new Date(v as string).getTime());

/** Whether the reference's sanitizer accepts the value (callers have ruled out the throwing shapes). */
function sanitized(op: string, v: Json): boolean {
  if (LIST_OPS.has(op)) return Array.isArray(v.list) && v.list.every((s) => typeof s === 'string');
  if (op === 'matches') return typeof v.string === 'string';
  if (NUMBER_OPS.has(op)) return typeof v.number === 'number';
  if (op === 'between_numeric') return typeof v.start === 'number' && typeof v.end === 'number';
  if (op === 'is') return typeof v.boolean === 'boolean';
  if (op === 'between_date') return validDate(v.start) && validDate(v.end);
  if (DATE_OPS.has(op)) return validDate(v.date);
  return false;
}

/** Our attribute types (item 4 of issue 13): anything else is a false condition, negated or not. */
function rightType(op: string, a: unknown): boolean {
  if (op === 'in_list') return typeof a === 'string' || Array.isArray(a);
  if (LIST_OPS.has(op) || op === 'matches') return typeof a === 'string';
  if (NUMBER_OPS.has(op) || op === 'between_numeric') return typeof a === 'number';
  if (op === 'is') return typeof a === 'boolean';
  return a instanceof Date;
}

/** TimeClip, as `new Date(ms)`. */
const timeClip = (t: number) => (Number.isFinite(t) && Math.abs(t) <= 8.64e15 ? Math.trunc(t) + 0 : NaN);

class Adjuster {
  readonly extra: Json = {};
  ops = new Set<string>();
  constructor(readonly attrs: Json) {}

  condition(c: unknown, reasons: Set<Reason>): unknown {
    if (typeof c !== 'object' || c === null) {
      reasons.add('throwing-value'); // the reference throws on `'conditionLogic' in c`; ours: false
      return { attribute: 'x', op: 'never', value: {} };
    }
    const cond = c as Json;
    const op = cond.op as string;
    const never = { attribute: cond.attribute, op: 'never', value: {}, negate: cond.negate };
    if (!(CONDITION_OPERATIONS as readonly string[]).includes(op)) return c;
    this.ops.add(op);
    const v = cond.value as Json;
    if (v === null || v === undefined || (LIST_OPS.has(op) && typeof v === 'object' && v.list !== undefined && !Array.isArray(v.list))) {
      reasons.add('throwing-value');
      return never;
    }
    if (typeof v !== 'object' || !sanitized(op, v)) return c; // false in both
    if (op === 'matches' && !regexOk(v.string as string)) {
      reasons.add('invalid-regex');
      return never;
    }
    const name = cond.attribute as string;
    const a = Object.prototype.hasOwnProperty.call(this.attrs, name) ? this.attrs[name] : undefined;
    if (a === undefined || rightType(op, a)) return c;
    if (DATE_OPS.has(op) && (typeof a === 'string' || typeof a === 'number')) {
      const t = typeof a === 'number' ? timeClip(a) : a === '' ? NaN : Date.parse(a);
      if (!Number.isNaN(t)) {
        reasons.add('date-extension');
        const synthetic = `__date${Object.keys(this.extra).length}`;
        this.extra[synthetic] = new Date(t);
        return { ...cond, attribute: synthetic };
      }
    }
    reasons.add('wrong-type');
    return never;
  }

  group(g: Json, reasons: Set<Reason>): Json {
    if (!Array.isArray(g.conditions)) return g;
    return { ...g, conditions: g.conditions.map((item) => (isGroup(item) ? this.group(item, reasons) : this.condition(item, reasons))) };
  }

  rules(rules: unknown, reasons: Set<Reason>): unknown {
    return Array.isArray(rules) ? rules.map((rule) => this.group(rule as Json, reasons)) : rules;
  }

  /** The rewritten bundle and, per feature key, the reasons found in the rules that can decide it (flag + plans). */
  bundle(bundle: EntitlementsBundleLike) {
    const planReasons = new Map<string, Set<Reason>>();
    const plans: Json = {};
    for (const [id, plan] of Object.entries(bundle.plans as Json)) {
      const reasons = new Set<Reason>();
      plans[id] = { ...(plan as Json), rules: this.rules((plan as Json).rules, reasons) };
      planReasons.set(id, reasons);
    }
    const featureReasons = new Map<string, Set<Reason>>();
    const features: Json = {};
    for (const [key, f] of Object.entries(bundle.features as Json)) {
      const feature = f as Json;
      const reasons = new Set<Reason>();
      const flag = feature.featureFlag as Json | undefined;
      features[key] = flag ? { ...feature, featureFlag: { ...flag, rules: this.rules(flag.rules, reasons) } } : feature;
      for (const id of feature.planIds as string[]) for (const reason of planReasons.get(id) ?? []) reasons.add(reason);
      featureReasons.set(key, reasons);
    }
    return { bundle: { ...bundle, features, plans }, featureReasons };
  }
}

const show = (v: unknown) => inspect(v, { depth: 12, breakLength: 160 });

/** deepEqual with the (costly) message built only on failure. */
function same(actual: unknown, expected: unknown, message: () => string): void {
  if (!isDeepStrictEqual(actual, expected)) assert.deepEqual(actual, expected, message());
}
const plain = (r: EntitlementResult): EntitlementResult => (r.isEntitled ? { isEntitled: true } : { isEntitled: false, justification: r.justification });

function reference(bundle: unknown, query: EntitlementQuery, ctx: Ctx): EntitlementResult {
  const attributes = ctx.jwt === undefined ? { custom: ctx.custom } : ctx;
  return (
    query.featureKey !== undefined
      ? evaluateIsEntitledToFeature(query.featureKey, bundle as never, attributes as never)
      : evaluateIsEntitledToPermissions(query.permissionKey as string, bundle as never, attributes as never)
  ) as EntitlementResult;
}

test(`SI-4.38 SI-4.39 SI-4.40 SI-4.41 SI-9.08 the engine decides as @frontegg/entitlements-javascript-commons on ${CASES} seeded random cases (seed ${SEED}); raw and indexed engines agree`, (t) => {
  t.mock.timers.enable({ apis: ['Date'], now: NOW });
  assert.equal(Date.now(), NOW, 'the reference sees NOW');
  console.log(`entitlements differential: seed ${SEED} (ENTITLEMENTS_SEED=${SEED} to reproduce), ${CASES} cases`);

  const counts = { cases: 0, compared: 0, referenceThrew: 0, wrongTypeSkipped: 0, invalidRegexSkipped: 0, skippedThatDiffered: 0, dateExtension: 0 };
  const outcomes: Record<string, number> = {};
  const expiriesSeen = new Set<unknown>();
  const opsCompared = new Set<string>();

  for (const { i, bundle, index, ctx, query, context } of cases()) {
    const where = () => `seed ${SEED}, case ${i}: ${show(query)}\nattributes ${show(ctx)}\nbundle ${show(bundle)}`;
    counts.cases++;

    const raw = plain(evaluateEntitlement(bundle, query, context));
    const fast = plain(evaluateEntitlement(index, query, context));
    same(fast, raw, () => `indexed and raw engines disagree — ${where()}`);

    // the features whose rules can decide this query
    const features = bundle.features as Record<string, Json>;
    const relevant =
      query.featureKey !== undefined
        ? [query.featureKey]
        : Object.keys(features).filter((k) => (features[k].linkedPermissions as string[]).includes(query.permissionKey as string));
    const adjuster = new Adjuster(referenceAttributes((ctx.jwt === undefined ? { custom: ctx.custom } : ctx) as never) as Json);
    const adjusted = adjuster.bundle(bundle);
    const reasons = new Set<Reason>();
    for (const k of relevant) for (const reason of adjusted.featureReasons.get(k) ?? []) reasons.add(reason);

    // ours = the reference with our deliberate differences applied, on every case
    const adjustedContext: Ctx = { custom: { ...ctx.custom, ...adjuster.extra }, ...(ctx.jwt === undefined ? {} : { jwt: ctx.jwt }) };
    const expected = plain(reference(adjusted.bundle, query, adjustedContext));
    same(raw, expected, () => `differs from the reference with our deliberate differences applied — ${where()}`);

    let original: EntitlementResult | 'threw';
    try {
      original = plain(reference(bundle, query, ctx));
    } catch {
      original = 'threw';
    }
    if (reasons.has('date-extension')) counts.dateExtension++;
    if (original === 'threw') {
      counts.referenceThrew++;
      continue;
    }
    if (reasons.has('wrong-type') || reasons.has('invalid-regex')) {
      if (reasons.has('wrong-type')) counts.wrongTypeSkipped++;
      else counts.invalidRegexSkipped++;
      if (original.isEntitled !== raw.isEntitled || original.justification !== raw.justification) counts.skippedThatDiffered++;
      continue;
    }
    same(raw, original, () => `differs from the reference — ${where()}`);
    counts.compared++;
    const outcome = raw.isEntitled ? 'ENTITLED' : raw.justification;
    outcomes[outcome] = (outcomes[outcome] ?? 0) + 1;
    for (const op of adjuster.ops) opsCompared.add(op);
    for (const k of relevant) expiriesSeen.add(features[k]?.expireTime);
  }

  console.log(
    `entitlements differential: ${counts.cases} cases, ${counts.compared} compared with the reference, ` +
      `${counts.referenceThrew} reference threw, ${counts.wrongTypeSkipped} wrong-typed attribute skipped, ` +
      `${counts.invalidRegexSkipped} invalid regex skipped (${counts.skippedThatDiffered} of the skipped answer differently from the reference; ` +
      `all ${counts.cases} equal the reference with our deliberate differences applied); outcomes ${JSON.stringify(outcomes)}`,
  );
  assert.ok(counts.cases >= 20_000 || process.env.ENTITLEMENTS_CASES !== undefined, 'at least 20,000 cases');
  assert.ok(counts.compared >= counts.cases / 2, `most cases are compared as they are (${counts.compared} of ${counts.cases})`);
  for (const outcome of ['ENTITLED', 'MISSING_FEATURE', 'MISSING_PERMISSION', 'BUNDLE_EXPIRED']) assert.ok((outcomes[outcome] ?? 0) > 100, `${outcome}: ${outcomes[outcome]}`);
  for (const op of CONDITION_OPERATIONS) assert.ok(opsCompared.has(op), `operator ${op} occurs in compared cases`);
  for (const e of [-1, null, NOW, NOW - 1, NOW + 1]) assert.ok(expiriesSeen.has(e), `expireTime ${e} occurs in compared cases`);
});
