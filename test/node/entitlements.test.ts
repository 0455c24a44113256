/**
 * The entitlements rule engine (src/entitlements; issue 5; spec sign-in §3,
 * §4, §5, §9). Table-driven: every operator with valid (true/false),
 * invalid (wrong value shape, wrong attribute type, unparsable date/regex)
 * and negated cases; attributes (custom, jwt.*, frontegg.*); direct grants
 * and expiry; feature flags; plan rule order; permissions, wildcards and
 * linked features; every justification; and the indexed path agreeing with
 * the raw path over generated bundles. Every decision is checked on both the
 * raw bundle and its index. The expectations are those of Frontegg's own
 * evaluator (@frontegg/entitlements-javascript-commons 1.2.1, issue 13) except
 * for our deliberate differences (wrong-typed attribute or invalid value →
 * false, negated or not; never throws); test/node/entitlements-differential.test.ts
 * checks the same against the reference itself on random bundles.
 *
 * Run: node --import tsx --test test/node/entitlements.test.ts
 */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { EntitlementsBundle } from '../../src/api/types.ts';
import { mulberry32 } from './prng.ts';
import {
  CONDITION_OPERATIONS,
  NO_EXPIRY,
  evaluateCondition,
  evaluateEntitlement,
  getFeatureEntitlements,
  getPermissionEntitlements,
  indexBundle,
  isIndexedEntitlements,
  matchesPermission,
  type Condition,
  type EntitlementAttributes,
  type EntitlementContext,
  type EntitlementQuery,
  type EntitlementResult,
  type EntitlementsBundleLike,
  type EntitlementsBundleV2,
  type Rule,
} from '../../src/entitlements/index.ts';

const NOW = Date.parse('2025-06-15T12:00:00Z');
const ENTITLED = { isEntitled: true };
const MISSING_FEATURE = { isEntitled: false, justification: 'MISSING_FEATURE' };
const MISSING_PERMISSION = { isEntitled: false, justification: 'MISSING_PERMISSION' };
const BUNDLE_EXPIRED = { isEntitled: false, justification: 'BUNDLE_EXPIRED' };

/** Decides on the raw bundle and on its index, asserts both agree, returns the decision. */
function decide(bundle: EntitlementsBundleLike, query: EntitlementQuery, ctx: EntitlementContext = { now: NOW }): EntitlementResult {
  const raw = evaluateEntitlement(bundle, query, ctx);
  const indexed = evaluateEntitlement(indexBundle(bundle), query, ctx);
  assert.deepEqual({ ...indexed }, { ...raw }, `indexed and raw agree on ${JSON.stringify(query)}`);
  const helper = query.featureKey !== undefined ? getFeatureEntitlements(bundle, query.featureKey, ctx) : getPermissionEntitlements(bundle, query.permissionKey, ctx);
  assert.deepEqual({ ...helper }, { ...raw }, 'the get*Entitlements helper agrees');
  return { ...raw } as EntitlementResult;
}

const rule = (conditions: unknown[], treatment: 'true' | 'false' | string = 'true', extra: Record<string, unknown> = {}): Rule =>
  ({ conditionLogic: 'and', conditions, treatment, ...extra }) as Rule;
const cond = (attribute: string, op: string, value: unknown, negate = false): Condition => ({ attribute, op, value, negate }) as Condition;
const flagged = (rules: Rule[], on = true, defaultTreatment = 'false', offTreatment = 'false') =>
  ({ on, offTreatment, defaultTreatment, rules }) as EntitlementsBundleV2['features'][string]['featureFlag'];

/**
 * A condition decided three ways: evaluateCondition, and as the only rule of
 * an on feature flag (treatment true, default false) on the raw bundle and on
 * its index. All must agree.
 */
function holds(condition: unknown, attributes: EntitlementAttributes | null): boolean {
  const direct = evaluateCondition(condition, attributes);
  const bundle = { features: { f: { featureFlag: flagged([rule([condition])]) } }, plans: {}, permissions: {} };
  const decision = decide(bundle, { featureKey: 'f' }, { attributes, now: NOW });
  assert.equal(decision.isEntitled, direct, 'evaluateCondition agrees with the engine');
  return direct;
}

// ---------------------------------------------------------------------------
// SI-3.13 – SI-3.15: shapes and the operation list

test('SI-3.15 the 16 condition operations, in spec order', () => {
  assert.deepEqual(
    [...CONDITION_OPERATIONS],
    [
      'in_list',
      'starts_with',
      'ends_with',
      'contains',
      'matches',
      'equal',
      'greater_than',
      'greater_than_equal',
      'lower_than',
      'lower_than_equal',
      'between_numeric',
      'is',
      'on',
      'between_date',
      'on_or_after',
      'on_or_before',
    ],
  );
  assert.ok(Object.isFrozen(CONDITION_OPERATIONS));
});

test('SI-3.13 a bundle has features (expireTime, featureFlag, planIds, linkedPermissions), plans (rules) and permissions (patterns)', () => {
  const bundle: EntitlementsBundleV2 = {
    features: {
      reports: { expireTime: NO_EXPIRY, linkedPermissions: ['fe.reports.read'] },
      beta: { featureFlag: { on: true, offTreatment: 'false', defaultTreatment: 'false', rules: [rule([cond('plan', 'in_list', { list: ['pro'] })])] } },
      sso: { planIds: ['enterprise'], linkedPermissions: ['fe.secure.*'] },
    },
    plans: { enterprise: { defaultTreatment: 'false', rules: [rule([cond('seats', 'greater_than_equal', { number: 50 })])] } },
    permissions: { 'fe.reports.read': true, 'fe.secure.*': true },
  };
  // the loose client type of src/api/types.ts is accepted as is
  const loose: EntitlementsBundle = bundle as unknown as EntitlementsBundle;
  const ctx = { attributes: { custom: { plan: 'pro', seats: 10 } }, now: NOW };
  assert.deepEqual(decide(loose, { featureKey: 'reports' }, ctx), ENTITLED);
  assert.deepEqual(decide(bundle, { featureKey: 'beta' }, ctx), ENTITLED);
  assert.deepEqual(decide(bundle, { featureKey: 'sso' }, ctx), MISSING_FEATURE);
  assert.deepEqual(decide(bundle, { featureKey: 'sso' }, { ...ctx, attributes: { custom: { seats: 50 } } }), ENTITLED);
  assert.deepEqual(decide(bundle, { permissionKey: 'fe.reports.read' }, ctx), ENTITLED);
  // linkedPermissions are exact keys (as the reference's `includes`): 'fe.secure.*' links only that literal key
  assert.deepEqual(decide(bundle, { permissionKey: 'fe.secure.read.users' }, ctx), ENTITLED);
  assert.deepEqual(decide(bundle, { permissionKey: 'fe.secure.*' }, ctx), MISSING_FEATURE);
});

test('SI-3.14 a condition has attribute, op, value and negate (negate optional, only `true` negates)', () => {
  const attrs = { custom: { plan: 'pro' } };
  assert.equal(holds({ attribute: 'plan', op: 'in_list', value: { list: ['pro'] } }, attrs), true);
  assert.equal(holds({ attribute: 'plan', op: 'in_list', value: { list: ['pro'] }, negate: true }, attrs), false);
  assert.equal(holds({ attribute: 'plan', op: 'in_list', value: { list: ['pro'] }, negate: 'yes' }, attrs), true);
  for (const broken of [
    null,
    'x',
    42,
    [],
    {},
    { op: 'in_list', value: { list: ['pro'] } },
    { attribute: 'plan', value: { list: ['pro'] } },
    { attribute: 'plan', op: 'in_list' },
    { attribute: '', op: 'in_list', value: { list: [''] } },
    { attribute: 'plan', op: 'nope', value: { list: ['pro'] } },
    { attribute: 'plan', op: 'in_list', value: null },
  ])
    assert.equal(holds(broken, attrs), false, `malformed condition ${JSON.stringify(broken)} is false`);
});

// ---------------------------------------------------------------------------
// SI-5.09 – SI-5.13: every operator, valid and invalid values, negate

type Expect = true | false | 'invalid';
interface OpCase {
  id: string;
  op: string;
  value: unknown;
  attr: unknown;
  expect: Expect;
  why: string;
}
const d = (iso: string) => Date.parse(iso);
const list10 = ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h', 'i', 'j'];

const OPERATOR_CASES: OpCase[] = [
  // string operations: a list of strings, a string attribute (SI-5.09)
  { id: 'SI-5.09', op: 'in_list', value: { list: ['a', 'b'] }, attr: 'b', expect: true, why: 'member' },
  { id: 'SI-5.09', op: 'in_list', value: { list: ['a', 'b'] }, attr: 'c', expect: false, why: 'not a member' },
  { id: 'SI-5.09', op: 'in_list', value: { list: ['a', 'b'] }, attr: 'A', expect: false, why: 'case-sensitive' },
  { id: 'SI-5.09', op: 'in_list', value: { list: list10 }, attr: 'j', expect: true, why: 'long list member (Set path)' },
  { id: 'SI-5.09', op: 'in_list', value: { list: list10 }, attr: 'z', expect: false, why: 'long list non-member' },
  { id: 'SI-5.09', op: 'in_list', value: { list: [] }, attr: 'a', expect: false, why: 'empty list never matches' },
  { id: 'SI-5.09', op: 'in_list', value: { string: 'a' }, attr: 'a', expect: 'invalid', why: 'a string, not a list' },
  { id: 'SI-5.09', op: 'in_list', value: { list: 'a' }, attr: 'a', expect: 'invalid', why: 'list is not an array' },
  { id: 'SI-5.09', op: 'in_list', value: { list: ['a', 1] }, attr: 'a', expect: 'invalid', why: 'a non-string list item' },
  { id: 'SI-5.09', op: 'in_list', value: { list: ['5'] }, attr: 5, expect: 'invalid', why: 'number attribute' },
  { id: 'SI-5.09', op: 'in_list', value: { list: ['a'] }, attr: ['x', 'a'], expect: true, why: 'array attribute: an item is in the list (as the reference)' },
  { id: 'SI-5.09', op: 'in_list', value: { list: ['a'] }, attr: ['x', 'y'], expect: false, why: 'array attribute: no item in the list' },
  { id: 'SI-5.09', op: 'in_list', value: { list: ['a'] }, attr: [], expect: false, why: 'empty array attribute' },
  { id: 'SI-5.09', op: 'in_list', value: { list: ['1'] }, attr: [1], expect: false, why: 'array attribute: items are compared strictly' },
  { id: 'SI-5.09', op: 'starts_with', value: { list: ['a'] }, attr: ['abc'], expect: 'invalid', why: 'array attribute (only in_list takes arrays)' },
  { id: 'SI-5.09', op: 'in_list', value: { list: ['a'] }, attr: undefined, expect: 'invalid', why: 'missing attribute' },
  { id: 'SI-5.09', op: 'starts_with', value: { list: ['x', 'ab'] }, attr: 'abc', expect: true, why: 'any prefix matches' },
  { id: 'SI-5.09', op: 'starts_with', value: { list: ['ab'] }, attr: 'cab', expect: false, why: 'not a prefix' },
  { id: 'SI-5.09', op: 'starts_with', value: { list: null }, attr: 'abc', expect: 'invalid', why: 'null list' },
  { id: 'SI-5.09', op: 'starts_with', value: { list: ['t'] }, attr: true, expect: 'invalid', why: 'boolean attribute' },
  { id: 'SI-5.09', op: 'ends_with', value: { list: ['.org', '.com'] }, attr: 'a@b.com', expect: true, why: 'any suffix matches' },
  { id: 'SI-5.09', op: 'ends_with', value: { list: ['.com'] }, attr: 'a@b.org', expect: false, why: 'not a suffix' },
  { id: 'SI-5.09', op: 'ends_with', value: { string: '.com' }, attr: 'a.com', expect: 'invalid', why: 'a string, not a list' },
  { id: 'SI-5.09', op: 'ends_with', value: { list: ['5'] }, attr: 15, expect: 'invalid', why: 'number attribute' },
  { id: 'SI-5.09', op: 'contains', value: { list: ['zz', 'mid'] }, attr: 'amidb', expect: true, why: 'any substring matches' },
  { id: 'SI-5.09', op: 'contains', value: { list: ['mid'] }, attr: 'abc', expect: false, why: 'no substring' },
  { id: 'SI-5.09', op: 'contains', value: { number: 1 }, attr: 'a1', expect: 'invalid', why: 'a number, not a list' },
  { id: 'SI-5.09', op: 'contains', value: { list: ['a'] }, attr: null, expect: 'invalid', why: 'null attribute' },
  // matches needs a string (SI-5.09)
  { id: 'SI-5.09', op: 'matches', value: { string: '^a\\d+$' }, attr: 'a12', expect: true, why: 'regex matches' },
  { id: 'SI-5.09', op: 'matches', value: { string: '^a\\d+$' }, attr: 'b12', expect: false, why: 'regex does not match' },
  { id: 'SI-5.09', op: 'matches', value: { string: '\\d' }, attr: 'ab1c', expect: true, why: 'a search, not anchored' },
  { id: 'SI-5.09', op: 'matches', value: { string: '(' }, attr: '(', expect: 'invalid', why: 'unparsable regex' },
  { id: 'SI-5.09', op: 'matches', value: { list: ['a'] }, attr: 'a', expect: 'invalid', why: 'a list, not a string' },
  { id: 'SI-5.09', op: 'matches', value: { string: '1' }, attr: 1, expect: 'invalid', why: 'number attribute' },
  // numeric operations: a number, or start and end (SI-5.10)
  { id: 'SI-5.10', op: 'equal', value: { number: 5 }, attr: 5, expect: true, why: 'equal' },
  { id: 'SI-5.10', op: 'equal', value: { number: 5 }, attr: 6, expect: false, why: 'not equal' },
  { id: 'SI-5.10', op: 'equal', value: { number: '5' }, attr: 5, expect: 'invalid', why: 'numeric string value' },
  { id: 'SI-5.10', op: 'equal', value: { number: 5 }, attr: '5', expect: 'invalid', why: 'numeric string attribute' },
  { id: 'SI-5.10', op: 'equal', value: { number: NaN }, attr: 5, expect: false, why: "a NaN value is a number (the reference's typeof check) that equals nothing" },
  { id: 'SI-5.10', op: 'equal', value: { number: 5 }, attr: NaN, expect: false, why: 'a NaN attribute is a number that compares false' },
  { id: 'SI-5.10', op: 'greater_than', value: { number: 5 }, attr: Infinity, expect: true, why: 'Infinity is a number' },
  { id: 'SI-5.10', op: 'greater_than', value: { number: 5 }, attr: 6, expect: true, why: '6 > 5' },
  { id: 'SI-5.10', op: 'greater_than', value: { number: 5 }, attr: 5, expect: false, why: 'strict' },
  { id: 'SI-5.10', op: 'greater_than', value: { list: [] }, attr: 6, expect: 'invalid', why: 'a list, not a number' },
  { id: 'SI-5.10', op: 'greater_than', value: { number: 5 }, attr: true, expect: 'invalid', why: 'boolean attribute' },
  { id: 'SI-5.10', op: 'greater_than_equal', value: { number: 5 }, attr: 5, expect: true, why: 'inclusive' },
  { id: 'SI-5.10', op: 'greater_than_equal', value: { number: 5 }, attr: 4.99, expect: false, why: 'below' },
  { id: 'SI-5.10', op: 'greater_than_equal', value: { start: 1, end: 9 }, attr: 5, expect: 'invalid', why: 'start/end for a single-number op' },
  { id: 'SI-5.10', op: 'lower_than', value: { number: 5 }, attr: -4, expect: true, why: '-4 < 5' },
  { id: 'SI-5.10', op: 'lower_than', value: { number: 5 }, attr: 5, expect: false, why: 'strict' },
  { id: 'SI-5.10', op: 'lower_than', value: { number: 5 }, attr: '4', expect: 'invalid', why: 'string attribute' },
  { id: 'SI-5.10', op: 'lower_than_equal', value: { number: 5 }, attr: 5, expect: true, why: 'inclusive' },
  { id: 'SI-5.10', op: 'lower_than_equal', value: { number: 5 }, attr: 6, expect: false, why: 'above' },
  { id: 'SI-5.10', op: 'lower_than_equal', value: { number: null }, attr: 5, expect: 'invalid', why: 'null value' },
  { id: 'SI-5.10', op: 'between_numeric', value: { start: 1, end: 10 }, attr: 1, expect: true, why: 'start inclusive' },
  { id: 'SI-5.10', op: 'between_numeric', value: { start: 1, end: 10 }, attr: 10, expect: true, why: 'end inclusive' },
  { id: 'SI-5.10', op: 'between_numeric', value: { start: 1, end: 10 }, attr: 10.5, expect: false, why: 'above' },
  { id: 'SI-5.10', op: 'between_numeric', value: { start: 1, end: 10 }, attr: 0, expect: false, why: 'below' },
  { id: 'SI-5.10', op: 'between_numeric', value: { start: 10, end: 1 }, attr: 5, expect: false, why: 'empty range (start > end)' },
  { id: 'SI-5.10', op: 'between_numeric', value: { start: 1 }, attr: 5, expect: 'invalid', why: 'no end' },
  { id: 'SI-5.10', op: 'between_numeric', value: { start: '1', end: 10 }, attr: 5, expect: 'invalid', why: 'string start' },
  { id: 'SI-5.10', op: 'between_numeric', value: { number: 5 }, attr: 5, expect: 'invalid', why: 'a number, not start/end' },
  { id: 'SI-5.10', op: 'between_numeric', value: { start: 1, end: 10 }, attr: '5', expect: 'invalid', why: 'string attribute' },
  // boolean (SI-5.12)
  { id: 'SI-5.12', op: 'is', value: { boolean: true }, attr: true, expect: true, why: 'true is true' },
  { id: 'SI-5.12', op: 'is', value: { boolean: true }, attr: false, expect: false, why: 'false is not true' },
  { id: 'SI-5.12', op: 'is', value: { boolean: false }, attr: false, expect: true, why: 'false is false' },
  { id: 'SI-5.12', op: 'is', value: { boolean: 'true' }, attr: true, expect: 'invalid', why: 'string value' },
  { id: 'SI-5.12', op: 'is', value: { boolean: true }, attr: 'true', expect: 'invalid', why: 'string attribute' },
  { id: 'SI-5.12', op: 'is', value: { boolean: true }, attr: 1, expect: 'invalid', why: 'number attribute' },
  { id: 'SI-5.12', op: 'is', value: { number: 1 }, attr: true, expect: 'invalid', why: 'a number, not a boolean' },
  // dates (SI-5.11): instants, as the reference's `new Date(value)` and getTime() comparisons;
  // the attribute is a Date (the reference's type) or, our extension, an ISO string or ms
  { id: 'SI-5.11', op: 'on', value: { date: '2025-03-01' }, attr: new Date('2025-03-01T00:00:00Z'), expect: true, why: 'a date-only value is that UTC midnight' },
  { id: 'SI-5.11', op: 'on', value: { date: '2025-03-01' }, attr: new Date('2025-03-01T23:59:59Z'), expect: false, why: 'on is the same instant, not the same day' },
  { id: 'SI-5.11', op: 'on', value: { date: '2025-03-01' }, attr: '2025-03-01T23:59:59Z', expect: false, why: 'same day, later instant (ISO string attribute)' },
  { id: 'SI-5.11', op: 'on', value: { date: '2025-03-01' }, attr: '2025-03-02T00:00:00Z', expect: false, why: 'next day' },
  { id: 'SI-5.11', op: 'on', value: { date: '2025-03-01' }, attr: new Date(NaN), expect: false, why: 'an Invalid Date attribute compares false' },
  { id: 'SI-5.11', op: 'on', value: { date: 0 }, attr: new Date(0), expect: 'invalid', why: 'a falsy date (0) is invalid, as in the reference' },
  { id: 'SI-5.11', op: 'on', value: { date: '2025-03-01T10:00:00Z' }, attr: d('2025-03-01T10:00:00Z'), expect: true, why: 'same instant (ms attribute)' },
  { id: 'SI-5.11', op: 'on', value: { date: '2025-03-01T10:00:00Z' }, attr: d('2025-03-01T10:00:00Z') + 1, expect: false, why: 'one ms later' },
  { id: 'SI-5.11', op: 'on', value: { date: d('2025-03-01T10:00:00Z') }, attr: new Date('2025-03-01T10:00:00Z'), expect: true, why: 'ms value, Date attribute' },
  { id: 'SI-5.11', op: 'on', value: { date: 'not a date' }, attr: '2025-03-01', expect: 'invalid', why: 'unparsable date value' },
  { id: 'SI-5.11', op: 'on', value: { date: true }, attr: '2025-03-01', expect: 'invalid', why: 'boolean date value' },
  { id: 'SI-5.11', op: 'on', value: { date: '2025-03-01' }, attr: 'garbage', expect: 'invalid', why: 'unparsable date attribute' },
  { id: 'SI-5.11', op: 'on', value: { date: '2025-03-01' }, attr: true, expect: 'invalid', why: 'boolean attribute' },
  { id: 'SI-5.11', op: 'on', value: { string: '2025-03-01' }, attr: '2025-03-01', expect: 'invalid', why: 'a string, not a date' },
  { id: 'SI-5.11', op: 'on_or_after', value: { date: '2025-03-01' }, attr: '2025-03-01T00:00:00Z', expect: true, why: 'start of the day' },
  { id: 'SI-5.11', op: 'on_or_after', value: { date: '2025-03-01' }, attr: '2026-01-01', expect: true, why: 'later' },
  { id: 'SI-5.11', op: 'on_or_after', value: { date: '2025-03-01' }, attr: '2025-02-28T23:59:59Z', expect: false, why: 'day before' },
  { id: 'SI-5.11', op: 'on_or_after', value: { date: '' }, attr: '2025-03-01', expect: 'invalid', why: 'empty date' },
  { id: 'SI-5.11', op: 'on_or_after', value: { date: '2025-03-01' }, attr: { at: 1 }, expect: 'invalid', why: 'object attribute' },
  { id: 'SI-5.11', op: 'on_or_before', value: { date: '2025-03-01' }, attr: '2025-03-01T23:00:00Z', expect: false, why: 'after the instant (midnight), though the same day' },
  { id: 'SI-5.11', op: 'on_or_before', value: { date: '2025-03-01' }, attr: new Date('2025-03-01'), expect: true, why: 'the instant itself' },
  { id: 'SI-5.11', op: 'on_or_before', value: { date: '2025-03-01' }, attr: d('2025-02-01'), expect: true, why: 'earlier (ms attribute)' },
  { id: 'SI-5.11', op: 'on_or_before', value: { date: '2025-03-01' }, attr: '2025-03-02', expect: false, why: 'day after' },
  { id: 'SI-5.11', op: 'on_or_before', value: { date: NaN }, attr: '2025-03-01', expect: 'invalid', why: 'NaN date' },
  {
    id: 'SI-5.11',
    op: 'between_date',
    value: { start: '2025-01-01', end: '2025-01-31' },
    attr: '2025-01-31T12:00:00Z',
    expect: false,
    why: 'after the end instant (midnight of the end day)',
  },
  { id: 'SI-5.11', op: 'between_date', value: { start: '2025-01-01', end: '2025-01-31' }, attr: new Date('2025-01-31'), expect: true, why: 'end inclusive (Date attribute)' },
  { id: 'SI-5.11', op: 'between_date', value: { start: '2025-01-01', end: '2025-01-31' }, attr: '2025-01-01T00:00:00Z', expect: true, why: 'start inclusive' },
  { id: 'SI-5.11', op: 'between_date', value: { start: '2025-01-01', end: '2025-01-31' }, attr: '2025-02-01T00:00:00Z', expect: false, why: 'after' },
  { id: 'SI-5.11', op: 'between_date', value: { start: '2025-01-01', end: '2025-01-31' }, attr: '2024-12-31T23:59:59Z', expect: false, why: 'before' },
  { id: 'SI-5.11', op: 'between_date', value: { start: d('2025-01-01'), end: d('2025-01-02') }, attr: d('2025-01-02') + 1, expect: false, why: 'ms bounds are instants' },
  { id: 'SI-5.11', op: 'between_date', value: { start: '2025-01-01' }, attr: '2025-01-05', expect: 'invalid', why: 'no end' },
  { id: 'SI-5.11', op: 'between_date', value: { start: 'x', end: '2025-01-31' }, attr: '2025-01-05', expect: 'invalid', why: 'unparsable start' },
  { id: 'SI-5.11', op: 'between_date', value: { date: '2025-01-01' }, attr: '2025-01-01', expect: 'invalid', why: 'a date, not start/end' },
];

describe('operators (SI-3.15, SI-5.09–SI-5.13)', () => {
  test('SI-3.15 the operator table covers all 16 operations with a true, a false and an invalid case', () => {
    for (const op of CONDITION_OPERATIONS)
      for (const expect of [true, false, 'invalid'] as const)
        assert.ok(
          OPERATOR_CASES.some((c) => c.op === op && c.expect === expect),
          `${op} has a ${String(expect)} case`,
        );
  });
  for (const c of OPERATOR_CASES) {
    const shown =
      c.attr instanceof Date
        ? Number.isNaN(c.attr.getTime())
          ? 'Invalid Date'
          : `Date(${c.attr.toISOString()})`
        : Number.isNaN(c.attr)
          ? 'NaN'
          : (JSON.stringify(c.attr) ?? 'undefined');
    const label = `${c.op} ${JSON.stringify(c.value)} on ${shown}`;
    if (c.expect === 'invalid') {
      test(`SI-5.13 ${c.id} ${label} is invalid (${c.why}) → false, and false when negated too`, () => {
        assert.equal(holds(cond('x', c.op, c.value), { custom: { x: c.attr } }), false);
        assert.equal(holds(cond('x', c.op, c.value, true), { custom: { x: c.attr } }), false);
      });
    } else {
      test(`${c.id} ${label} → ${c.expect} (${c.why}); negated → ${!c.expect}`, () => {
        assert.equal(holds(cond('x', c.op, c.value), { custom: { x: c.attr } }), c.expect);
        assert.equal(holds(cond('x', c.op, c.value, true), { custom: { x: c.attr } }), !c.expect);
      });
    }
  }
  test('SI-5.13 a missing attribute is false for every operation, negated or not, and nothing throws', () => {
    const values: Record<string, unknown> = { list: ['a'], string: 'a', number: 1, start: 1, end: 2, date: '2025-01-01', boolean: true };
    for (const op of CONDITION_OPERATIONS)
      for (const negate of [false, true]) {
        assert.equal(holds(cond('absent', op, values, negate), { custom: { x: 'a' } }), false, `${op} negate=${negate}`);
        assert.equal(holds(cond('absent', op, values, negate), null), false, `${op} with no attributes`);
      }
  });
  test('SI-5.13 garbage values never throw (fuzz over all operations)', () => {
    const junk: unknown[] = [undefined, null, 0, -1, NaN, Infinity, '', 'x', true, [], {}, [1], { list: [null] }, { string: null }, { start: {}, end: [] }, { date: {} }];
    for (const op of CONDITION_OPERATIONS)
      for (const value of junk) for (const attr of junk) assert.doesNotThrow(() => evaluateCondition({ attribute: 'x', op, value, negate: true }, { custom: { x: attr } }));
  });
});

// ---------------------------------------------------------------------------
// Attributes: custom as they are, jwt.<claim> (flattened with dots), frontegg.*

describe('attributes (SI-3.14)', () => {
  const jwt = {
    sub: 'user-1',
    id: 'user-7',
    email: 'ada@example.com',
    email_verified: true,
    tenantId: 'tenant-9',
    roles: ['admin'],
    address: { country: 'IL', geo: { zone: 'eu' } },
    'https://hasura.io/jwt/claims': { role: 'editor' },
    emptyObj: {},
  };
  const custom = { plan: 'pro', seats: 12, 'jwt.sub': 'spoofed', 'frontegg.email': 'spoofed@x', nested: { a: 1 } };
  const table: [string, string, unknown, boolean, string][] = [
    ['custom attribute by its own key', 'plan', { list: ['pro'] }, true, 'in_list'],
    ['custom number', 'seats', { number: 12 }, true, 'equal'],
    ['custom attributes are not flattened', 'nested.a', { number: 1 }, false, 'equal'],
    ['jwt.sub', 'jwt.sub', { list: ['user-1'] }, true, 'in_list'],
    ['a claim hides a custom attribute of the same jwt.* name', 'jwt.sub', { list: ['spoofed'] }, false, 'in_list'],
    ['nested claim jwt.address.country', 'jwt.address.country', { list: ['IL'] }, true, 'in_list'],
    ['deeper claim jwt.address.geo.zone', 'jwt.address.geo.zone', { list: ['eu'] }, true, 'in_list'],
    ['a plain-object claim is flattened, not a value', 'jwt.address', { list: ['[object Object]'] }, false, 'in_list'],
    ['an empty object claim is a value of the wrong type', 'jwt.emptyObj', { list: [''] }, false, 'in_list'],
    ['claim name containing dots', 'jwt.https://hasura.io/jwt/claims.role', { list: ['editor'] }, true, 'in_list'],
    ['an array claim is flattened too: jwt.roles itself is absent', 'jwt.roles', { list: ['admin'] }, false, 'in_list'],
    ['an array claim item by index', 'jwt.roles.0', { list: ['admin'] }, true, 'in_list'],
    ['unknown claim', 'jwt.nope', { list: [''] }, false, 'in_list'],
    ['frontegg.email from the email claim', 'frontegg.email', { list: ['@example.com'] }, true, 'ends_with'],
    ['frontegg.email ignores a custom attribute of the same name', 'frontegg.email', { list: ['spoofed@x'] }, false, 'in_list'],
    ['frontegg.emailVerified from email_verified', 'frontegg.emailVerified', { boolean: true }, true, 'is'],
    ['frontegg.tenantId from tenantId', 'frontegg.tenantId', { list: ['tenant-9'] }, true, 'in_list'],
    ['frontegg.userId from the id claim (as the reference)', 'frontegg.userId', { list: ['user-7'] }, true, 'in_list'],
    ['frontegg.userId is not read from sub', 'frontegg.userId', { list: ['user-1'] }, false, 'in_list'],
  ];
  for (const [why, attribute, value, expected, op] of table)
    test(`SI-3.14 ${why}: ${attribute} ${op} ${JSON.stringify(value)} → ${expected}`, () => {
      assert.equal(holds(cond(attribute, op, value), { custom, jwt }), expected);
    });
  test('SI-3.14 frontegg.emailVerified reads the email_verified claim only (no emailVerified fallback, as the reference)', () => {
    assert.equal(holds(cond('frontegg.emailVerified', 'is', { boolean: false }), { jwt: { emailVerified: false } }), false, 'missing');
    assert.equal(holds(cond('frontegg.emailVerified', 'is', { boolean: false }, true), { jwt: { emailVerified: false } }), false, 'missing, negated');
    assert.equal(holds(cond('frontegg.emailVerified', 'is', { boolean: true }), { jwt: { email_verified: true, emailVerified: false } }), true);
  });
  test('SI-3.14 claims are flattened as the reference does: dotted claim names, and the claim met last wins a collision', () => {
    const country = (jwt: Record<string, unknown>) => holds(cond('jwt.address.country', 'in_list', { list: ['IL'] }), { jwt });
    assert.equal(country({ 'address.country': 'IL' }), true, 'a dotted claim name');
    assert.equal(country({ address: { country: 'FR' }, 'address.country': 'IL' }), true, 'the dotted key comes last');
    assert.equal(country({ 'address.country': 'IL', address: { country: 'FR' } }), false, 'the nested claim comes last');
    assert.equal(country({ address: { country: 'IL' }, 'address.country': {} }), false, 'an empty object is a leaf value, and it comes last');
    assert.equal(holds(cond('jwt.a.b', 'in_list', { list: ['x'] }), { jwt: { a: { b: { c: 'x' } } } }), false, 'a non-empty object is not a leaf');
    assert.equal(holds(cond('jwt.a.b', 'in_list', { list: [] }, true), { jwt: { a: { b: [] } } }), true, 'an empty array is a leaf value (negated in_list of nothing)');
    const long = 'jwt.' + 'k.'.repeat(9) + 'z';
    assert.equal(
      holds(cond(long, 'in_list', { list: ['deep'] }), { jwt: { k: { k: { k: { k: { k: { k: { k: { k: { k: { z: 'deep' } } } } } } } } } } }),
      true,
      'deeply nested (the slow path)',
    );
    assert.equal(holds(cond('jwt.d', 'on', { date: 0 + 1 }), { jwt: { d: new Date(1) } }), true, 'a Date claim is a leaf');
  });
  test('SI-3.14 only own properties are attributes (Object.prototype names included), and custom/jwt must be plain objects', () => {
    assert.equal(holds(cond('toString', 'in_list', { list: ['x'] }, true), { custom: {} }), false, 'inherited toString is missing');
    assert.equal(holds(cond('constructor', 'in_list', { list: ['x'] }), { custom: { constructor: 'x' } }), true, 'own constructor is read');
    assert.equal(holds(cond('jwt.hasOwnProperty', 'in_list', { list: ['x'] }, true), { jwt: {} }), false);
    assert.equal(holds(cond('jwt.a.valueOf', 'in_list', { list: ['x'] }), { jwt: { a: { valueOf: 'x' } } }), true);
    class Attrs {
      plan = 'pro';
    }
    assert.equal(
      holds(cond('plan', 'in_list', { list: ['pro'] }), { custom: new Attrs() as unknown as Record<string, unknown> }),
      false,
      'a class instance is not an attribute bag',
    );
    assert.equal(holds(cond('plan', 'in_list', { list: ['pro'] }), { custom: Object.assign(Object.create(null), { plan: 'pro' }) }), true, 'a null-prototype object is');
    assert.equal(holds(cond('jwt.sub', 'in_list', { list: ['u'] }), { jwt: ['u'] as unknown as Record<string, unknown> }), false, 'array claims root is ignored');
  });
  test('SI-3.14 without jwt claims, frontegg.* attributes are missing (false, also negated); a custom jwt.* attribute is read when no claim has that name', () => {
    for (const attribute of ['frontegg.email', 'frontegg.emailVerified', 'frontegg.tenantId', 'frontegg.userId'])
      for (const negate of [false, true]) assert.equal(holds(cond(attribute, 'in_list', { list: ['x'] }, negate), { custom: { [attribute]: 'x' } }), false);
    assert.equal(holds(cond('jwt.sub', 'in_list', { list: ['x'] }), { custom: { 'jwt.sub': 'x' } }), true, 'no claims: custom');
    assert.equal(holds(cond('jwt.sub', 'in_list', { list: ['x'] }, true), { custom: { 'jwt.sub': 'x' } }), false);
    assert.equal(holds(cond('jwt.sub', 'in_list', { list: ['x'] }), { custom: { 'jwt.sub': 'x' }, jwt: { email: 'a@b.c' } }), true, 'no such claim: custom');
    assert.equal(holds(cond('jwt.sub', 'in_list', { list: ['x'] }), { custom: { 'jwt.sub': 'x' }, jwt: { sub: 'y' } }), false, 'the claim wins');
  });
});

// ---------------------------------------------------------------------------
// Features: direct grant, expiry, feature flag, plan targeting

describe('features (SI-4.37, SI-4.38, SI-4.39, SI-4.41, SI-9.08)', () => {
  const direct = (expireTime: unknown) => ({ features: { f: { expireTime } }, plans: {}, permissions: {} }) as EntitlementsBundleLike;
  const expiry: [string, string, unknown, EntitlementResult][] = [
    ['SI-9.08', 'expireTime -1 never expires', -1, ENTITLED as EntitlementResult],
    ['SI-9.08', 'expireTime -1 never expires, even far in the future', -1, ENTITLED as EntitlementResult],
    ['SI-4.38', 'a listed feature without expireTime is a grant without expiry', undefined, ENTITLED as EntitlementResult],
    ['SI-4.38', 'expireTime null is no direct grant (no flag, no plans) → MISSING_FEATURE', null, MISSING_FEATURE as EntitlementResult],
    ['SI-4.38', 'a future expireTime grants', NOW + 1, ENTITLED as EntitlementResult],
    ['SI-4.37', 'a past expireTime → BUNDLE_EXPIRED', NOW - 1, BUNDLE_EXPIRED as EntitlementResult],
    ['SI-4.38', 'expireTime equal to now still grants (expired only when before now)', NOW, ENTITLED as EntitlementResult],
    ['SI-4.37', 'expireTime one ms before now → BUNDLE_EXPIRED', NOW - 1, BUNDLE_EXPIRED as EntitlementResult],
    ['SI-4.37', 'expireTime 0 → BUNDLE_EXPIRED', 0, BUNDLE_EXPIRED as EntitlementResult],
    ['SI-4.37', 'a non-number expireTime is no grant → MISSING_FEATURE', '2099-01-01', MISSING_FEATURE as EntitlementResult],
  ];
  for (const [id, why, expireTime, expected] of expiry)
    test(`${id} direct grant: ${why}`, () => {
      const now = why.includes('far in the future') ? Date.parse('2999-01-01') : NOW;
      assert.deepEqual(decide(direct(expireTime), { featureKey: 'f' }, { now }), expected);
    });

  test('SI-4.37 unknown feature, empty bundle, null bundle and malformed entries → MISSING_FEATURE (never throws)', () => {
    assert.deepEqual(decide(direct(-1), { featureKey: 'g' }), MISSING_FEATURE);
    assert.deepEqual(decide({}, { featureKey: 'f' }), MISSING_FEATURE);
    assert.deepEqual({ ...evaluateEntitlement(null, { featureKey: 'f' }, { now: NOW }) }, MISSING_FEATURE);
    assert.deepEqual({ ...evaluateEntitlement(undefined, { featureKey: 'f' }, { now: NOW }) }, MISSING_FEATURE);
    const junk = { features: { a: null, b: 'x', c: [], toString: 1 }, plans: 'nope', permissions: [] } as unknown as EntitlementsBundleLike;
    for (const featureKey of ['a', 'b', 'c', 'toString', 'constructor', '__proto__', 'hasOwnProperty']) assert.deepEqual(decide(junk, { featureKey }), MISSING_FEATURE, featureKey);
    assert.deepEqual(decide({ features: [] as unknown as Record<string, unknown> }, { featureKey: '0' }), MISSING_FEATURE);
  });

  test('SI-4.37 a missing or non-number `now` counts every finite expireTime as expired, -1 still grants', () => {
    const bundle = { features: { soon: { expireTime: NOW + 1000 }, never: { expireTime: -1 } } };
    assert.deepEqual(decide(bundle, { featureKey: 'soon' }, {} as EntitlementContext), BUNDLE_EXPIRED);
    assert.deepEqual(decide(bundle, { featureKey: 'never' }, {} as EntitlementContext), ENTITLED);
  });

  const plan = (...rules: Rule[]) => ({ defaultTreatment: 'false', rules });
  const proRule = (treatment = 'true') => rule([cond('plan', 'in_list', { list: ['pro'] })], treatment);
  const flagTable: [string, string, unknown, EntitlementAttributes, EntitlementResult][] = [
    ['SI-4.38', 'flag off → offTreatment "true" grants', flagged([], false, 'false', 'true'), {}, ENTITLED as EntitlementResult],
    ['SI-4.38', 'flag off → offTreatment "false"', flagged([proRule()], false, 'true', 'false'), { custom: { plan: 'pro' } }, MISSING_FEATURE as EntitlementResult],
    ['SI-4.38', 'flag on, a rule holds → its treatment', flagged([proRule()]), { custom: { plan: 'pro' } }, ENTITLED as EntitlementResult],
    ['SI-4.38', 'flag on, no rule holds → defaultTreatment "false"', flagged([proRule()]), { custom: { plan: 'free' } }, MISSING_FEATURE as EntitlementResult],
    ['SI-4.38', 'flag on, no rule holds → defaultTreatment "true"', flagged([proRule('false')], true, 'true'), { custom: { plan: 'free' } }, ENTITLED as EntitlementResult],
    [
      'SI-4.38',
      'flag on, the first holding rule wins even with treatment "false"',
      flagged([proRule('false'), proRule('true')], true, 'true'),
      { custom: { plan: 'pro' } },
      MISSING_FEATURE as EntitlementResult,
    ],
    ['SI-4.38', 'flag "on" must be the boolean true', { ...flagged([proRule()]), on: 'true' }, { custom: { plan: 'pro' } }, MISSING_FEATURE as EntitlementResult],
    ['SI-4.41', 'an unknown treatment does not grant', flagged([proRule('yes')]), { custom: { plan: 'pro' } }, MISSING_FEATURE as EntitlementResult],
    ['SI-4.41', 'the boolean treatment true is accepted', flagged([proRule(true as unknown as string)]), { custom: { plan: 'pro' } }, ENTITLED as EntitlementResult],
    [
      'SI-4.38',
      'conditionLogic "and": every condition must hold',
      flagged([rule([cond('plan', 'in_list', { list: ['pro'] }), cond('seats', 'greater_than', { number: 10 })])]),
      { custom: { plan: 'pro', seats: 5 } },
      MISSING_FEATURE as EntitlementResult,
    ],
    [
      'SI-4.38',
      'conditionLogic "and": all hold',
      flagged([rule([cond('plan', 'in_list', { list: ['pro'] }), cond('seats', 'greater_than', { number: 10 })])]),
      { custom: { plan: 'pro', seats: 11 } },
      ENTITLED as EntitlementResult,
    ],
    [
      'SI-4.38',
      'missing conditionLogic means "and"',
      flagged([rule([cond('plan', 'in_list', { list: ['pro'] })], 'true', { conditionLogic: undefined })]),
      { custom: { plan: 'pro' } },
      ENTITLED as EntitlementResult,
    ],
    [
      'SI-4.38',
      'conditionLogic "or": one condition holding is enough',
      flagged([rule([cond('plan', 'in_list', { list: ['x'] }), cond('plan', 'in_list', { list: ['pro'] })], 'true', { conditionLogic: 'or' })]),
      { custom: { plan: 'pro' } },
      ENTITLED as EntitlementResult,
    ],
    [
      'SI-4.38',
      'conditionLogic "or": none holds',
      flagged([rule([cond('plan', 'in_list', { list: ['x'] }), cond('seats', 'equal', { string: 'x' })], 'true', { conditionLogic: 'or' })]),
      { custom: { plan: 'pro', seats: 1 } },
      MISSING_FEATURE as EntitlementResult,
    ],
    [
      'SI-4.38',
      'an unknown conditionLogic is "and" (as the reference)',
      flagged([rule([cond('plan', 'in_list', { list: ['pro'] })], 'true', { conditionLogic: 'xor' })]),
      { custom: { plan: 'pro' } },
      ENTITLED as EntitlementResult,
    ],
    ['SI-4.38', "a rule with no conditions holds (an empty AND, as the reference's [].every)", flagged([rule([], 'true')]), {}, ENTITLED as EntitlementResult],
    ['SI-4.38', 'an "or" rule with no conditions never holds', flagged([rule([], 'true', { conditionLogic: 'or' })]), {}, MISSING_FEATURE as EntitlementResult],
    [
      'SI-4.38',
      'nested condition groups: and(plan, or(seats > 10, beta))',
      flagged([
        rule([
          cond('plan', 'in_list', { list: ['pro'] }),
          { conditionLogic: 'or', conditions: [cond('seats', 'greater_than', { number: 10 }), cond('beta', 'is', { boolean: true })] },
        ]),
      ]),
      { custom: { plan: 'pro', seats: 5, beta: true } },
      ENTITLED as EntitlementResult,
    ],
    [
      'SI-4.38',
      'nested condition groups: the inner or fails',
      flagged([
        rule([
          cond('plan', 'in_list', { list: ['pro'] }),
          { conditionLogic: 'or', conditions: [cond('seats', 'greater_than', { number: 10 }), cond('beta', 'is', { boolean: true })] },
        ]),
      ]),
      { custom: { plan: 'pro', seats: 5, beta: false } },
      MISSING_FEATURE as EntitlementResult,
    ],
    [
      'SI-4.38',
      'a wrong-typed attribute in an "or" group is just false',
      flagged([rule([cond('seats', 'in_list', { list: ['5'] }, true), cond('plan', 'in_list', { list: ['pro'] })], 'true', { conditionLogic: 'or' })]),
      { custom: { plan: 'pro', seats: 5 } },
      ENTITLED as EntitlementResult,
    ],
    [
      'SI-4.38',
      'a rule with an invalid condition never holds; the next rule is tried',
      flagged([rule([cond('plan', 'in_list', { string: 'pro' })], 'false'), proRule()], true, 'false'),
      { custom: { plan: 'pro' } },
      ENTITLED as EntitlementResult,
    ],
  ];
  for (const [id, why, featureFlag, attributes, expected] of flagTable)
    test(`${id} feature flag: ${why}`, () => {
      assert.deepEqual(decide({ features: { f: { featureFlag } }, plans: {}, permissions: {} }, { featureKey: 'f' }, { attributes, now: NOW }), expected);
    });

  const plans = {
    pro: plan(rule([cond('plan', 'in_list', { list: ['pro'] })], 'true')),
    // first true wins: the "false" rule for EU shadows the later "true" rule
    ordered: plan(rule([cond('jwt.address.country', 'in_list', { list: ['DE'] })], 'false'), rule([cond('seats', 'greater_than_equal', { number: 10 })], 'true')),
    everyone: { defaultTreatment: 'true', rules: [] },
    bigSeats: plan(rule([cond('seats', 'greater_than', { number: 100 })], 'true')),
  };
  const planTable: [string, string[], EntitlementAttributes, EntitlementResult][] = [
    ['a plan rule holds → treatment true', ['pro'], { custom: { plan: 'pro' } }, ENTITLED as EntitlementResult],
    ['no plan rule holds → plan defaultTreatment false', ['pro'], { custom: { plan: 'free' } }, MISSING_FEATURE as EntitlementResult],
    ['plan defaultTreatment true', ['everyone'], {}, ENTITLED as EntitlementResult],
    ['first rule that evaluates true wins (treatment false)', ['ordered'], { custom: { seats: 20 }, jwt: { address: { country: 'DE' } } }, MISSING_FEATURE as EntitlementResult],
    ['the later rule applies when the first does not hold', ['ordered'], { custom: { seats: 20 }, jwt: { address: { country: 'FR' } } }, ENTITLED as EntitlementResult],
    ['any of several plans grants', ['pro', 'bigSeats'], { custom: { plan: 'free', seats: 101 } }, ENTITLED as EntitlementResult],
    ['none of several plans grants', ['pro', 'bigSeats'], { custom: { plan: 'free', seats: 100 } }, MISSING_FEATURE as EntitlementResult],
    ['an unknown plan id is skipped', ['missing', 'pro'], { custom: { plan: 'pro' } }, ENTITLED as EntitlementResult],
    ['only unknown plans → MISSING_FEATURE', ['missing'], { custom: { plan: 'pro' } }, MISSING_FEATURE as EntitlementResult],
  ];
  for (const [why, planIds, attributes, expected] of planTable)
    test(`SI-4.39 plan targeting: ${why}`, () => {
      assert.deepEqual(decide({ features: { f: { planIds } }, plans, permissions: {} }, { featureKey: 'f' }, { attributes, now: NOW }), expected);
    });

  test('SI-4.38 SI-4.39 grant paths combine: direct OR flag OR plan; an expired direct grant is reported only when nothing else grants', () => {
    const bundle = {
      features: {
        expiredButFlagged: { expireTime: NOW - 1, featureFlag: flagged([], false, 'false', 'true') },
        expiredButPlanned: { expireTime: NOW - 1, planIds: ['pro'] },
        expiredFlagOff: { expireTime: NOW - 1, featureFlag: flagged([], false) },
        liveWithFlagOff: { expireTime: NOW + 1, featureFlag: flagged([], false) },
        neverWithPlans: { expireTime: -1, planIds: ['pro'] },
        flagOnlyOff: { featureFlag: flagged([], false) },
      },
      plans,
      permissions: {},
    };
    const ctx = { attributes: { custom: { plan: 'pro' } }, now: NOW };
    assert.deepEqual(decide(bundle, { featureKey: 'expiredButFlagged' }, ctx), ENTITLED);
    assert.deepEqual(decide(bundle, { featureKey: 'expiredButPlanned' }, ctx), ENTITLED);
    assert.deepEqual(decide(bundle, { featureKey: 'expiredButPlanned' }, { now: NOW }), BUNDLE_EXPIRED);
    assert.deepEqual(decide(bundle, { featureKey: 'expiredFlagOff' }, ctx), BUNDLE_EXPIRED);
    assert.deepEqual(decide(bundle, { featureKey: 'liveWithFlagOff' }, ctx), ENTITLED);
    assert.deepEqual(decide(bundle, { featureKey: 'neverWithPlans' }, { now: NOW }), ENTITLED);
    assert.deepEqual(decide(bundle, { featureKey: 'flagOnlyOff' }, ctx), MISSING_FEATURE);
  });
});

// ---------------------------------------------------------------------------
// Permissions: patterns, linked features

describe('permissions (SI-4.37, SI-4.40)', () => {
  const patterns: [string, string, boolean][] = [
    ['fe.secure.read.users', 'fe.secure.read.users', true],
    ['fe.secure.read.users', 'fe.secure.read.roles', false],
    ['fe.secure.*', 'fe.secure.read.users', true],
    ['fe.secure.*', 'fe.secure.', true],
    ['fe.secure.*', 'fe.secure', false],
    ['fe.secure.*', 'fe.securex.read', false],
    ['fe.*.read', 'fe.secure.read', true],
    ['fe.*.read', 'fe.secure.write', false],
    ['*', 'anything.at.all', true],
    ['fe.subscriptions.*', 'fe.subscriptions.read.plans', true],
    ['fe.s+cure.*', 'fe.ssscure.x', false],
    ['fe.s+cure.*', 'fe.s+cure.x', true],
    ['fe.(a|b).*', 'fe.a.x', false],
    ['fe.secure.*', 'xfe.secure.read', false],
    ['fe.secure.*', 'fe.secure.read\nusers', true],
  ];
  for (const [pattern, key, expected] of patterns)
    test(`SI-4.40 matchesPermission(${JSON.stringify(pattern)}, ${JSON.stringify(key)}) → ${expected}`, () => {
      assert.equal(matchesPermission(pattern, key), expected);
      const bundle = { features: {}, plans: {}, permissions: { [pattern]: true } };
      assert.deepEqual(decide(bundle, { permissionKey: key }), expected ? ENTITLED : MISSING_PERMISSION);
    });

  const bundle = {
    features: {
      users: { expireTime: -1, linkedPermissions: ['fe.secure.read.users'] },
      audits: { expireTime: NOW - 1, linkedPermissions: ['fe.secure.read.audits'] },
      billing: { featureFlag: flagged([rule([cond('plan', 'in_list', { list: ['pro'] })])]), linkedPermissions: ['fe.subscriptions.*'] },
      sso: { planIds: ['ent'], linkedPermissions: ['fe.secure.read.samlConfiguration', 'fe.secure.write.samlConfiguration'] },
      ssoAddon: { expireTime: -1, linkedPermissions: ['fe.secure.read.samlConfiguration'] },
      auditsForBigCo: { planIds: ['ent'], expireTime: null, linkedPermissions: ['fe.secure.read.audits'] },
      rolesA: { planIds: ['ent'], expireTime: null, linkedPermissions: ['fe.secure.read.roles.x'] },
      rolesB: { expireTime: null, linkedPermissions: ['fe.secure.read.roles.x'] },
    },
    plans: { ent: { defaultTreatment: 'false', rules: [rule([cond('frontegg.tenantId', 'in_list', { list: ['big-co'] })])] } },
    permissions: { 'fe.secure.*': true, 'fe.subscriptions.read.plans': true, 'fe.connectivity.read.webhooks': false },
  };
  const table: [string, string, EntitlementAttributes, EntitlementResult][] = [
    ['held by pattern, linked feature granted', 'fe.secure.read.users', {}, ENTITLED as EntitlementResult],
    ['held by pattern, no linked feature → entitled', 'fe.secure.read.roles', {}, ENTITLED as EntitlementResult],
    ['not held → MISSING_PERMISSION', 'fe.usage.read', {}, MISSING_PERMISSION as EntitlementResult],
    ['a permission set to false is not held', 'fe.connectivity.read.webhooks', {}, MISSING_PERMISSION as EntitlementResult],
    ['linked feature expired → BUNDLE_EXPIRED', 'fe.secure.read.audits', {}, BUNDLE_EXPIRED as EntitlementResult],
    [
      'a linkedPermissions entry is an exact key, not a pattern: fe.subscriptions.* does not link it, though the flag denies',
      'fe.subscriptions.read.plans',
      { custom: { plan: 'free' } },
      ENTITLED as EntitlementResult,
    ],
    ['a linkedPermissions entry is an exact key, not a pattern (flag grants)', 'fe.subscriptions.read.plans', { custom: { plan: 'pro' } }, ENTITLED as EntitlementResult],
    ['missing permission wins over linked features', 'fe.subscriptions.write.plans', { custom: { plan: 'pro' } }, MISSING_PERMISSION as EntitlementResult],
    ['any one linked feature is enough: ssoAddon is granted, sso is not', 'fe.secure.read.samlConfiguration', { jwt: { tenantId: 'small-co' } }, ENTITLED as EntitlementResult],
    ['every linked feature granted (plan via frontegg.tenantId)', 'fe.secure.read.samlConfiguration', { jwt: { tenantId: 'big-co' } }, ENTITLED as EntitlementResult],
    ['none of two linked features granted, one expired → BUNDLE_EXPIRED', 'fe.secure.read.audits', { jwt: { tenantId: 'small-co' } }, BUNDLE_EXPIRED as EntitlementResult],
    ['an expired linked feature does not matter when another one is granted', 'fe.secure.read.audits', { jwt: { tenantId: 'big-co' } }, ENTITLED as EntitlementResult],
    ['none of two linked features granted, none expired → MISSING_FEATURE', 'fe.secure.read.roles.x', { jwt: { tenantId: 'small-co' } }, MISSING_FEATURE as EntitlementResult],
    ['one of two linked features granted by its plan', 'fe.secure.read.roles.x', { jwt: { tenantId: 'big-co' } }, ENTITLED as EntitlementResult],
    ['the other linked permission of the same feature', 'fe.secure.write.samlConfiguration', { jwt: { tenantId: 'small-co' } }, MISSING_FEATURE as EntitlementResult],
  ];
  for (const [why, permissionKey, attributes, expected] of table)
    test(`SI-4.40 ${why}: ${permissionKey}`, () => {
      assert.deepEqual(decide(bundle, { permissionKey }, { attributes, now: NOW }), expected);
    });
  test('SI-4.37 each justification, and the decision objects are frozen and shared', () => {
    const index = indexBundle(bundle);
    const seen = new Set<string>();
    for (const query of [{ featureKey: 'users' }, { featureKey: 'nope' }, { featureKey: 'audits' }, { permissionKey: 'x' }] as EntitlementQuery[]) {
      const r = evaluateEntitlement(index, query, { now: NOW });
      assert.ok(Object.isFrozen(r));
      assert.equal(r, evaluateEntitlement(index, query, { now: NOW }), 'same object every time');
      seen.add(r.isEntitled ? 'ENTITLED' : r.justification);
    }
    assert.deepEqual([...seen].sort(), ['BUNDLE_EXPIRED', 'ENTITLED', 'MISSING_FEATURE', 'MISSING_PERMISSION']);
  });
});

// ---------------------------------------------------------------------------
// API contract of the module

describe('API', () => {
  test('SI-4.37 a query needs a featureKey or permissionKey string (TypeError otherwise); featureKey wins when both are given', () => {
    const bundle = { features: { f: {} }, permissions: {} };
    assert.throws(() => evaluateEntitlement(bundle, {} as EntitlementQuery, { now: NOW }), TypeError);
    assert.throws(() => evaluateEntitlement(indexBundle(bundle), { featureKey: 1 } as unknown as EntitlementQuery, { now: NOW }), TypeError);
    assert.throws(() => getFeatureEntitlements(bundle, undefined as unknown as string, { now: NOW }), TypeError);
    assert.deepEqual({ ...evaluateEntitlement(bundle, { featureKey: 'f', permissionKey: 'p' } as unknown as EntitlementQuery, { now: NOW }) }, ENTITLED);
  });
  test('SI-4.39 indexBundle is idempotent, branded, and a snapshot of the bundle', () => {
    const bundle = { features: { f: { expireTime: -1 } } as Record<string, unknown> };
    const index = indexBundle(bundle);
    assert.equal(indexBundle(index), index);
    assert.ok(isIndexedEntitlements(index));
    assert.ok(!isIndexedEntitlements(bundle));
    assert.deepEqual(index.size, { features: 1, plans: 0, permissions: 0 });
    bundle.features.g = { expireTime: -1 };
    assert.equal(evaluateEntitlement(index, { featureKey: 'g' }, { now: NOW }).isEntitled, false);
    assert.equal(evaluateEntitlement(bundle, { featureKey: 'g' }, { now: NOW }).isEntitled, true);
  });
  test('SI-4.37 the engine module has no DOM, store or clock dependencies', async () => {
    const { readdirSync, readFileSync } = await import('node:fs');
    const dir = new URL('../../src/entitlements/', import.meta.url);
    for (const file of readdirSync(dir)) {
      const src = readFileSync(new URL(file, dir), 'utf8');
      for (const m of src.matchAll(/^(?:import|export)\b[^;]*?from '([^']+)'/gms)) assert.match(m[1], /^\.\/[\w-]+\.ts$/, `${file} imports only siblings (${m[1]})`);
      const code = src.replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '');
      assert.doesNotMatch(code, /\b(Date\.now|performance\.now|window|document|localStorage)\b/, `${file} reads no clock or DOM`);
    }
  });
});

// ---------------------------------------------------------------------------
// The index answers like the raw bundle over generated bundles

function generate(seed: number) {
  const r = mulberry32(seed);
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(r() * xs.length)];
  const words = ['alpha', 'beta', 'gamma', 'delta', 'pro', 'free', 'IL', 'DE', 'US', 'a@x.com', 'b@y.org'];
  const attributes = [
    'plan',
    'seats',
    'beta',
    'signup',
    'jwt.address.country',
    'jwt.sub',
    'jwt.roles',
    'frontegg.email',
    'frontegg.emailVerified',
    'frontegg.tenantId',
    'frontegg.userId',
    'missing',
  ];
  const dates = ['2025-01-01', '2025-06-15', '2025-06-15T12:00:00Z', Date.parse('2025-03-01'), 'bogus'];
  const value = (op: string): unknown => {
    if (r() < 0.08) return pick([{ list: 'x' }, { number: 'x' }, { date: 'bogus' }, { string: '(' }, null, { boolean: 1 }]);
    switch (op) {
      case 'in_list':
      case 'starts_with':
      case 'ends_with':
      case 'contains':
        return { list: Array.from({ length: 1 + Math.floor(r() * (r() < 0.2 ? 12 : 3)) }, () => pick(words).slice(0, 1 + Math.floor(r() * 4))) };
      case 'matches':
        return { string: pick(['^p', 'a', '\\d', '^(IL|DE)$', '@x\\.com$']) };
      case 'between_numeric':
        return { start: Math.floor(r() * 50), end: Math.floor(r() * 100) };
      case 'is':
        return { boolean: r() < 0.5 };
      case 'between_date':
        return { start: pick(dates), end: pick(dates) };
      case 'on':
      case 'on_or_after':
      case 'on_or_before':
        return { date: pick(dates) };
      default:
        return { number: Math.floor(r() * 100) };
    }
  };
  const rules = (n: number) =>
    Array.from({ length: n }, () => ({
      conditionLogic: r() < 0.95 ? 'and' : 'or',
      treatment: pick(['true', 'false', 'true', 'maybe']),
      conditions: Array.from({ length: Math.floor(r() * 3) + (r() < 0.05 ? 0 : 1) }, () => ({
        attribute: pick(attributes),
        op: r() < 0.03 ? 'nope' : pick(CONDITION_OPERATIONS),
        value: undefined as unknown,
        negate: r() < 0.3,
      })).map((c) => ({ ...c, value: value(c.op) })),
    }));
  const plans: Record<string, unknown> = {};
  for (let i = 0; i < 15; i++) plans[`p${i}`] = { defaultTreatment: r() < 0.2 ? 'true' : 'false', rules: rules(Math.floor(r() * 5)) };
  const perms = ['fe.secure.read.users', 'fe.secure.write.users', 'fe.billing.read', 'fe.billing.write', 'fe.audit.read', 'fe.usage.read'];
  const features: Record<string, unknown> = {};
  for (let i = 0; i < 60; i++) {
    const f: Record<string, unknown> = {};
    const x = r();
    if (x < 0.35) f.expireTime = pick([-1, NOW - 10, NOW + 10, 0, null]);
    if (r() < 0.4) f.featureFlag = { on: r() < 0.7, offTreatment: pick(['true', 'false']), defaultTreatment: pick(['true', 'false']), rules: rules(Math.floor(r() * 4)) };
    if (r() < 0.5) f.planIds = Array.from({ length: 1 + Math.floor(r() * 3) }, () => `p${Math.floor(r() * 17)}`);
    if (r() < 0.3) f.linkedPermissions = [pick([...perms, 'fe.billing.*'])];
    features[`f${i}`] = f;
  }
  const permissions: Record<string, boolean> = { 'fe.secure.*': true, 'fe.billing.read': true, 'fe.audit.read': r() < 0.5, 'fe.usage.*': true };
  const contexts: EntitlementContext[] = Array.from({ length: 12 }, (_, i) => ({
    now: NOW + (i % 3 === 0 ? 0 : 20),
    attributes: {
      custom: { plan: pick(words), seats: Math.floor(r() * 120), beta: r() < 0.5, signup: pick(dates), ...(r() < 0.2 ? { missing: 'now present' } : {}) },
      jwt: r() < 0.1 ? undefined : { sub: pick(words), email: pick(words), email_verified: r() < 0.5, tenantId: pick(words), roles: ['admin'], address: { country: pick(words) } },
    },
  }));
  return { bundle: { features, plans, permissions } as EntitlementsBundleLike, contexts, perms: [...perms, 'fe.usage.read.x', 'nope'] };
}

test('SI-4.39 SI-4.40 indexBundle gives the same answers as the raw bundle over generated bundles (40 seeds × 66 queries × 12 contexts)', () => {
  let decisions = 0;
  const tally: Record<string, number> = {};
  for (let seed = 1; seed <= 40; seed++) {
    const { bundle, contexts, perms } = generate(seed);
    const index = indexBundle(bundle);
    const queries: EntitlementQuery[] = [...Object.keys(bundle.features ?? {}).map((featureKey) => ({ featureKey })), ...perms.map((permissionKey) => ({ permissionKey }))];
    for (const ctx of contexts)
      for (const query of queries) {
        const raw = evaluateEntitlement(bundle, query, ctx);
        const fast = evaluateEntitlement(index, query, ctx);
        assert.deepEqual({ ...fast }, { ...raw }, `seed ${seed} ${JSON.stringify(query)} ${JSON.stringify(ctx)}`);
        const k = raw.isEntitled ? 'ENTITLED' : raw.justification;
        tally[k] = (tally[k] ?? 0) + 1;
        decisions++;
      }
  }
  assert.ok(decisions > 30_000);
  // the generated set exercises every outcome
  for (const k of ['ENTITLED', 'MISSING_FEATURE', 'MISSING_PERMISSION', 'BUNDLE_EXPIRED']) assert.ok((tally[k] ?? 0) > 100, `${k}: ${tally[k]}`);
});
