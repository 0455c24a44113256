/**
 * Differential test of the entitlements engine against Frontegg's own
 * evaluator (issue 13): `@frontegg/entitlements-javascript-commons` 1.2.1
 * (`evaluateIsEntitledToFeature`, `evaluateIsEntitledToPermissions`; a
 * devDependency, imported only here).
 *
 * Seeded random bundles — features with expiries around now (-1, null, past,
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
 * Reproduce / explore: ENTITLEMENTS_SEED=<n> ENTITLEMENTS_CASES=<n> (defaults below).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { inspect, isDeepStrictEqual } from 'node:util';
import { mulberry32 } from './prng.ts';
import { evaluateIsEntitledToFeature, evaluateIsEntitledToPermissions, prepareAttributes as referenceAttributes } from '@frontegg/entitlements-javascript-commons';
import {
  CONDITION_OPERATIONS,
  evaluateEntitlement,
  indexBundle,
  type EntitlementQuery,
  type EntitlementResult,
  type EntitlementsBundleLike,
} from '../../src/entitlements/index.ts';

const NOW = Date.parse('2025-06-15T12:00:00Z');
const DAY = 86_400_000;
const SEED = Number(process.env.ENTITLEMENTS_SEED ?? 20250615) >>> 0;
const CASES = Number(process.env.ENTITLEMENTS_CASES ?? 30_000);
const QUERIES_PER_BUNDLE = 10;

type Json = Record<string, unknown>;
type Ctx = { custom: Json; jwt?: Json };

const LIST_OPS = new Set(['in_list', 'starts_with', 'ends_with', 'contains']);
const NUMBER_OPS = new Set(['equal', 'greater_than', 'greater_than_equal', 'lower_than', 'lower_than_equal']);
const DATE_OPS = new Set(['on', 'on_or_after', 'on_or_before', 'between_date']);

const WORDS = ['pro', 'free', 'enterprise', 'IL', 'DE', 'US', 'ada@acme.com', 'bob@globex.io', 'u-1', 'u-2', 't-1', 't-2', 'admin', 'viewer', '', '42', 'true'];
const NUMBERS = [0, 1, 5, 10, 42, 50, 99, 100, -3, 2.5, NOW, NOW - DAY];
const DATE_STRINGS = ['2025-06-15', '2025-06-15T12:00:00.000Z', '2025-06-14T23:59:59Z', '2024-01-01', '2026-01-01T00:00:00Z'];
const DATE_NUMBERS = [NOW, NOW - DAY, NOW + DAY, Date.parse('2025-06-15'), Date.parse('2024-01-01')];
const PERMISSION_KEYS = ['fe.secure.read.users', 'fe.secure.write.users', 'fe.billing.read', 'fe.billing.write', 'fe.audit.read', 'fe.usage.read.x'];
const PERMISSION_PATTERNS = ['fe.secure.*', 'fe.billing.read', 'fe.audit.read', 'fe.usage.*', 'fe.*.write', 'fe.secure.read.users'];
const EXPIRIES = [-1, null, null, NOW, NOW - 1, NOW + 1, NOW - DAY, NOW + DAY, 0];

/** Attribute names by the operator family they usually suit (a rule may still read any name). */
const NAMES_FOR: Record<string, string[]> = {
  string: [
    'plan',
    'tags',
    'jwt.sub',
    'jwt.custom',
    'jwt.email',
    'jwt.roles.0',
    'jwt.address.country',
    'jwt.address.geo.zone',
    'frontegg.email',
    'frontegg.tenantId',
    'frontegg.userId',
  ],
  number: ['seats', 'score', 'jwt.level'],
  boolean: ['beta', 'frontegg.emailVerified'],
  date: ['signup', 'jwt.createdAt'],
};
const ALL_NAMES = [
  ...new Set([...Object.values(NAMES_FOR).flat(), 'jwt.id', 'jwt.roles', 'jwt.roles.1', 'jwt.address', 'jwt.emptyArr', 'jwt.emptyObj', 'frontegg.email', 'missing', 'jwt.missing']),
];

function generator(seed: number) {
  const r = mulberry32(seed);
  const chance = (p: number) => r() < p;
  const int = (n: number) => Math.floor(r() * n);
  const pick = <T>(xs: readonly T[]): T => xs[int(xs.length)];
  const dateValue = (): unknown => (chance(0.4) ? pick(DATE_STRINGS) : chance(0.6) ? pick(DATE_NUMBERS) : new Date(pick(DATE_NUMBERS)));

  /** A value of any type. */
  const anyValue = (): unknown => {
    switch (int(8)) {
      case 0:
        return pick(WORDS);
      case 1:
        return pick([...NUMBERS, NaN, Infinity]);
      case 2:
        return chance(0.5);
      case 3:
        return chance(0.1) ? new Date(NaN) : new Date(pick(DATE_NUMBERS));
      case 4:
        return Array.from({ length: int(3) }, () => (chance(0.9) ? pick(WORDS) : pick(NUMBERS)));
      case 5:
        return null;
      case 6:
        return pick([{}, { a: 1 }]);
      default:
        return chance(0.5) ? pick(DATE_STRINGS) : pick(DATE_NUMBERS);
    }
  };
  const typed = (p: number, make: () => unknown) => (chance(p) ? make() : anyValue());

  function attributes(): Ctx {
    const custom: Json = {};
    const maybe = (key: string, make: () => unknown) => {
      if (chance(0.85)) custom[key] = make();
    };
    maybe('plan', () => typed(0.85, () => pick(WORDS)));
    maybe('seats', () => typed(0.85, () => pick(NUMBERS)));
    maybe('beta', () => typed(0.85, () => chance(0.5)));
    maybe('signup', () => typed(0.85, () => (chance(0.75) ? new Date(pick(DATE_NUMBERS)) : dateValue())));
    maybe('tags', () => typed(0.8, () => (chance(0.6) ? Array.from({ length: int(3) }, () => pick(WORDS)) : pick(WORDS))));
    maybe('score', anyValue);
    maybe('jwt.sub', () => pick(WORDS)); // hidden by the claim when there is one
    maybe('jwt.custom', () => pick(WORDS)); // no such claim: read from custom
    maybe('frontegg.email', () => pick(WORDS)); // always hidden by the claim
    if (chance(0.15)) return { custom };
    const jwt: Json = {};
    const claim = (key: string, p: number, make: () => unknown) => {
      if (chance(p)) jwt[key] = make();
    };
    const dotted = chance(0.15);
    if (dotted && chance(0.5)) jwt['address.country'] = pick(['IL', 'FR']);
    claim('sub', 0.9, () => pick(['u-1', 'u-2']));
    claim('id', 0.6, () => pick(['u-1', 'u-2']));
    claim('email', 0.85, () => typed(0.9, () => pick(['ada@acme.com', 'bob@globex.io'])));
    claim('email_verified', 0.8, () => typed(0.85, () => chance(0.6)));
    claim('tenantId', 0.85, () => pick(['t-1', 't-2']));
    claim('roles', 0.7, () => Array.from({ length: int(3) }, () => pick(['admin', 'viewer'])));
    claim('address', 0.8, () => (chance(0.1) ? {} : { country: pick(['IL', 'DE', 'US']), ...(chance(0.5) ? { geo: { zone: pick(['eu', 'us']) } } : {}) }));
    if (dotted && !('address.country' in jwt)) jwt['address.country'] = pick(['IL', 'FR']);
    claim('level', 0.8, () => typed(0.85, () => pick(NUMBERS)));
    claim('createdAt', 0.8, () => (chance(0.5) ? new Date(pick(DATE_NUMBERS)) : dateValue()));
    claim('emptyArr', 0.1, () => []);
    claim('emptyObj', 0.1, () => ({}));
    return { custom, jwt };
  }

  function conditionValue(op: string): unknown {
    if (chance(0.07))
      return pick([
        null,
        undefined,
        'x',
        {},
        { list: 'abc' },
        { list: null },
        { list: ['a', 1] },
        { string: '(' },
        { string: '[' },
        { string: 5 },
        { number: '5' },
        { start: 1 },
        { date: 0 },
        { date: '' },
        { date: 'bogus' },
        { boolean: 'true' },
        { start: 'bogus', end: '2025-01-01' },
        { number: NaN },
      ]);
    if (LIST_OPS.has(op)) {
      const n = int(4);
      return { list: Array.from({ length: n }, () => (op === 'in_list' || chance(0.4) ? pick(WORDS) : pick(WORDS).slice(int(3), 1 + int(4)))) };
    }
    if (op === 'matches') return { string: pick(['^p', 'a', '\\d', '^(IL|DE)$', '@acme\\.com$', '^u-', '.*', '^$']) };
    if (NUMBER_OPS.has(op)) return { number: pick(NUMBERS) };
    if (op === 'between_numeric') return { start: pick(NUMBERS), end: pick(NUMBERS) };
    if (op === 'is') return { boolean: chance(0.5) };
    if (op === 'between_date') return { start: dateValue(), end: dateValue() };
    return { date: dateValue() };
  }

  function condition(): unknown {
    if (chance(0.01)) return null; // the reference throws (`'conditionLogic' in null`)
    const op = chance(0.97) ? pick(CONDITION_OPERATIONS) : 'nope';
    const family = LIST_OPS.has(op) || op === 'matches' ? 'string' : NUMBER_OPS.has(op) || op === 'between_numeric' ? 'number' : op === 'is' ? 'boolean' : 'date';
    const attribute = op === 'in_list' && chance(0.3) ? pick(['tags', 'score', 'jwt.roles', 'jwt.emptyArr']) : chance(0.8) ? pick(NAMES_FOR[family]) : pick(ALL_NAMES);
    const c: Json = { attribute, op, value: conditionValue(op) };
    if (chance(0.9)) c.negate = chance(0.3);
    return c;
  }

  function group(depth: number): Json {
    const n = int(depth === 0 ? 4 : 3);
    return {
      conditionLogic: pick(['and', 'and', 'and', 'or', 'or']),
      conditions: Array.from({ length: n }, () => (depth < 2 && chance(0.1) ? group(depth + 1) : condition())),
    };
  }

  function rules(): unknown[] | undefined {
    if (chance(0.05)) return undefined;
    return Array.from({ length: int(4) }, () => {
      const g = group(0);
      if (chance(0.1)) delete g.conditionLogic;
      return { ...g, treatment: pick(['true', 'false']) };
    });
  }

  function bundle(): EntitlementsBundleLike {
    const plans: Json = {};
    for (let i = 0; i < 5; i++) plans[`p${i}`] = { defaultTreatment: chance(0.15) ? 'true' : 'false', rules: rules() };
    const features: Json = {};
    for (let i = 0; i < 6; i++) {
      const f: Json = {
        planIds: Array.from({ length: int(3) }, () => `p${int(6)}`),
        expireTime: pick(EXPIRIES),
        linkedPermissions: Array.from({ length: int(3) }, () => pick(PERMISSION_KEYS)),
      };
      if (chance(0.4)) f.featureFlag = { on: chance(0.7), offTreatment: pick(['true', 'false']), defaultTreatment: pick(['true', 'false', 'false']), rules: rules() };
      features[`f${i}`] = f;
    }
    const permissions: Json = {};
    for (const p of PERMISSION_PATTERNS) if (chance(0.5)) permissions[p] = true;
    if (chance(0.05)) permissions['*'] = true;
    return { features, plans, permissions } as EntitlementsBundleLike;
  }

  function query(): EntitlementQuery {
    return chance(0.6) ? { featureKey: chance(0.93) ? `f${int(6)}` : 'f9' } : { permissionKey: chance(0.9) ? pick(PERMISSION_KEYS) : 'fe.none' };
  }

  return { bundle, attributes, query };
}

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

  const gen = generator(SEED);
  const counts = { cases: 0, compared: 0, referenceThrew: 0, wrongTypeSkipped: 0, invalidRegexSkipped: 0, skippedThatDiffered: 0, dateExtension: 0 };
  const outcomes: Record<string, number> = {};
  const expiriesSeen = new Set<unknown>();
  const opsCompared = new Set<string>();
  let bundle = gen.bundle();
  let index = indexBundle(bundle);

  for (let i = 0; i < CASES; i++) {
    if (i > 0 && i % QUERIES_PER_BUNDLE === 0) {
      bundle = gen.bundle();
      index = indexBundle(bundle);
    }
    const ctx = gen.attributes();
    const query = gen.query();
    const context = { attributes: ctx, now: NOW };
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
