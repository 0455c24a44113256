/**
 * The generated cases of the entitlements differential test (issue 13), shared with the explain test (issue 35):
 * seeded random bundles — features with expiries around now (-1, null, past, exactly now, future), feature flags on
 * and off, plans, rules (AND, OR, nested groups, no conditions) with every operator, valid and malformed values,
 * negate, linked permissions and `*` permission patterns — attributes of every type and queries.
 * Reproduce / explore: ENTITLEMENTS_SEED=<n> ENTITLEMENTS_CASES=<n> (defaults below).
 */
import { mulberry32 } from './prng.ts';
import { CONDITION_OPERATIONS, indexBundle, type EntitlementQuery, type EntitlementsBundleLike, type IndexedEntitlements } from '../../src/entitlements/index.ts';

export const NOW = Date.parse('2025-06-15T12:00:00Z');
export const DAY = 86_400_000;
export const SEED = Number(process.env.ENTITLEMENTS_SEED ?? 20250615) >>> 0;
export const CASES = Number(process.env.ENTITLEMENTS_CASES ?? 30_000);
export const QUERIES_PER_BUNDLE = 10;

export type Json = Record<string, unknown>;
/** The attributes of one case: custom attributes, and (mostly) JWT claims. */
export type Ctx = { custom: Json; jwt?: Json };

export const LIST_OPS = new Set(['in_list', 'starts_with', 'ends_with', 'contains']);
export const NUMBER_OPS = new Set(['equal', 'greater_than', 'greater_than_equal', 'lower_than', 'lower_than_equal']);
export const DATE_OPS = new Set(['on', 'on_or_after', 'on_or_before', 'between_date']);

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

/**
 * The seeded generator of the differential test's cases: `bundle()`, `attributes()` and `query()` draw from one
 * mulberry32 stream, so a seed gives the same cases in the same order (each test draws a new bundle every
 * {@link QUERIES_PER_BUNDLE} cases, then the attributes and the query of each case).
 */
export function generator(seed: number) {
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

/** One generated case: its number, the bundle (and its index), the attributes, the query and the context (`now`: NOW). */
export interface Case {
  i: number;
  bundle: EntitlementsBundleLike;
  index: IndexedEntitlements;
  ctx: Ctx;
  query: EntitlementQuery;
  context: { attributes: Ctx; now: number };
}

/** The cases of a seed in order: a new bundle (indexed) every {@link QUERIES_PER_BUNDLE} cases, then each case's attributes and query. */
export function* cases(seed = SEED, count = CASES): Generator<Case> {
  const gen = generator(seed);
  let bundle = gen.bundle();
  let index = indexBundle(bundle);
  for (let i = 0; i < count; i++) {
    if (i > 0 && i % QUERIES_PER_BUNDLE === 0) {
      bundle = gen.bundle();
      index = indexBundle(bundle);
    }
    const ctx = gen.attributes();
    const query = gen.query();
    yield { i, bundle, index, ctx, query, context: { attributes: ctx, now: NOW } };
  }
}
