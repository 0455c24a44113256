/**
 * `explain()` (issue 35 item 2): on the differential test's generated cases (./entitlements-cases.ts, the same seed and
 * count, so the same cases) it gives the decision of `evaluateEntitlement` every time — the same shared result, raw
 * and indexed — and a trace that agrees with itself and with the engine: every condition's result is
 * `evaluateCondition`'s, every group's is its items', the first rule that holds decides a targeting, the path named as
 * granting grants, and the permission keys named as matching match. Then the traces of a few bundles, read as the
 * inspector shows them.
 *
 * Run: node --import tsx --test test/node/entitlements-explain.test.ts
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { inspect } from 'node:util';
import {
  evaluateCondition,
  evaluateEntitlement,
  explain,
  indexBundle,
  matchesPermission,
  type ConditionTrace,
  type EntitlementAttributes,
  type FeatureTrace,
  type GroupTrace,
  type TargetingTrace,
} from '../../src/entitlements/index.ts';
import { inspectorStates } from '../../stories/entitlements-inspector-states.ts';
import { CASES, DAY, NOW, SEED, cases } from './entitlements-cases.ts';

const show = (v: unknown) => inspect(v, { depth: 14, breakLength: 160 });

/** Checks a group's trace against its items and each condition against `evaluateCondition`; counts the conditions. */
function checkGroup(g: GroupTrace, attributes: EntitlementAttributes, seen: { conditions: number; statuses: Set<string> }): void {
  if (g.malformed) return assert.equal(g.holds, false, 'a malformed group never holds');
  const holds = g.logic === 'or' ? g.items.some((i) => i.holds) : g.items.every((i) => i.holds);
  assert.equal(g.holds, holds, `${g.logic} group: its items`);
  for (const item of g.items) {
    if (item.type === 'group') {
      checkGroup(item, attributes, seen);
      continue;
    }
    const c: ConditionTrace = item;
    seen.conditions++;
    seen.statuses.add(c.status);
    assert.equal(c.holds, evaluateCondition({ attribute: c.attribute, op: c.op, value: c.value, negate: c.negate } as never, attributes), `condition ${show(c)}`);
    assert.equal(c.holds, c.status === 'holds', `status ${c.status} and holds ${c.holds}`);
  }
}

/** The first rule that holds decides; later rules are not reached; the default decides when none holds. */
function checkTargeting(t: TargetingTrace, attributes: EntitlementAttributes, seen: { conditions: number; statuses: Set<string> }): void {
  const first = t.rules.find((r) => r.holds);
  assert.equal(t.matchedRule, first ? first.index : null, 'matchedRule is the first rule that holds');
  assert.equal(t.grants, first ? first.grants : t.defaultGrants, 'the matched rule, else the default, decides');
  for (const r of t.rules) {
    assert.equal(r.reached, first === undefined || r.index <= first.index, `rule ${r.index} reached`);
    assert.equal(r.holds, r.group.holds);
    checkGroup(r.group, attributes, seen);
  }
}

function checkFeature(f: FeatureTrace, attributes: EntitlementAttributes, seen: { conditions: number; statuses: Set<string> }): void {
  assert.equal(f.grantedBy !== null, f.decision.isEntitled, 'granted exactly when a path granted');
  if (!f.found) return assert.equal(f.decision.justification, 'MISSING_FEATURE');
  if (f.flag?.targeting) checkTargeting(f.flag.targeting, attributes, seen);
  if (f.flag) assert.equal(f.flag.grants, f.flag.on ? f.flag.targeting!.grants : f.flag.offGrants);
  for (const p of f.plans) if (p.targeting) checkTargeting(p.targeting, attributes, seen);
  const direct = f.direct!.state === 'forever' || f.direct!.state === 'until';
  // the decision's order: direct grant, flag, plans
  const expected = direct ? 'direct' : f.flag?.grants ? 'flag' : f.plans.some((p) => p.grants) ? 'plan' : null;
  assert.equal(f.grantedBy, expected, 'grantedBy follows the decision’s order');
  assert.equal(f.grantingPlan, expected === 'plan' ? f.plans.find((p) => p.grants)!.planId : null);
  if (!f.decision.isEntitled) assert.equal(f.decision.justification === 'BUNDLE_EXPIRED', f.direct!.state === 'expired', 'BUNDLE_EXPIRED exactly when the direct grant expired');
  assert.equal(f.expiresAt, f.grantedBy === 'direct' && f.direct!.state === 'until' ? f.direct!.expireTime : null);
}

test(`SI-4.37 explain() gives the decision of evaluateEntitlement on the differential test's ${CASES} generated cases (seed ${SEED}), with a trace that agrees`, () => {
  const seen = { conditions: 0, statuses: new Set<string>() };
  const counts: Record<string, number> = {};
  const count = (what: string) => (counts[what] = (counts[what] ?? 0) + 1);
  for (const { i, bundle, index, ctx, query, context } of cases()) {
    const where = () => `seed ${SEED}, case ${i}: ${show(query)}\nattributes ${show(ctx)}\nbundle ${show(bundle)}`;
    const { decision, trace } = explain(bundle, query, context);
    const raw = evaluateEntitlement(bundle, query, context);
    if (decision !== raw) assert.fail(`explain() ${show(decision)} differs from evaluateEntitlement() ${show(raw)} — ${where()}`);
    if (evaluateEntitlement(index, query, context) !== decision) assert.fail(`explain() differs from the indexed engine — ${where()}`);
    assert.equal(trace.decision, decision);
    count(decision.isEntitled ? 'ENTITLED' : decision.justification);
    try {
      if (trace.type === 'feature') {
        assert.equal(trace.key, query.featureKey);
        checkFeature(trace, ctx, seen);
        if (trace.grantedBy) count(`feature by ${trace.grantedBy}`);
        if (trace.grantedBy === 'flag' && trace.flag?.targeting?.matchedRule != null) count('flag rule matched');
        if (trace.grantedBy === 'plan' && trace.plans.some((p) => p.targeting?.matchedRule != null)) count('plan rule matched');
      } else {
        assert.equal(trace.key, query.permissionKey);
        assert.equal(trace.held, trace.matchedBy.length > 0);
        for (const p of trace.matchedBy) assert.ok(matchesPermission(p, trace.key), `${p} matches ${trace.key}`);
        if (trace.matchedBy.some((p) => p.includes('*'))) count('permission by wildcard');
        const features = bundle.features as Record<string, { linkedPermissions: string[] }>;
        assert.deepEqual(
          trace.linkedFeatures.map((f) => f.key),
          Object.keys(features).filter((k) => features[k].linkedPermissions.includes(trace.key)),
          'every feature that links the key, in bundle order',
        );
        for (const f of trace.linkedFeatures) {
          checkFeature(f, ctx, seen);
          assert.equal(f.decision, evaluateEntitlement(bundle, { featureKey: f.key }, context), `linked feature ${f.key}`);
        }
        assert.equal(trace.grantingFeature, trace.held ? (trace.linkedFeatures.find((f) => f.decision.isEntitled)?.key ?? null) : null);
        if (trace.grantingFeature) count('permission by linked feature');
      }
    } catch (error) {
      assert.fail(`${(error as Error).message} — ${where()}`);
    }
  }
  console.log(`explain(): ${CASES} cases agree with the decision; ${seen.conditions} condition traces checked; ${JSON.stringify(counts)}`);
  for (const what of [
    'ENTITLED',
    'MISSING_FEATURE',
    'MISSING_PERMISSION',
    'BUNDLE_EXPIRED',
    'feature by direct',
    'feature by flag',
    'feature by plan',
    'flag rule matched',
    'plan rule matched',
    'permission by wildcard',
    'permission by linked feature',
  ])
    assert.ok((counts[what] ?? 0) > 20, `${what}: ${counts[what]} cases`);
  assert.deepEqual([...seen.statuses].sort(), ['fails', 'holds', 'invalid', 'missing', 'wrong-type'], 'every condition status occurs');
});

/** A grant of each kind: direct (no end, until tomorrow, ended) and by a plan's rule; permissions by key and wildcard. */
const BUNDLE = {
  features: {
    reports: { planIds: [], expireTime: -1, linkedPermissions: ['reports.read'] },
    sso: { planIds: [], expireTime: NOW + DAY, linkedPermissions: [] },
    audit: { planIds: [], expireTime: NOW - DAY, linkedPermissions: ['fe.audit.read'] },
    analytics: { planIds: ['pro'], expireTime: null, linkedPermissions: [] },
  },
  plans: {
    pro: {
      defaultTreatment: 'false',
      rules: [{ conditionLogic: 'and', treatment: 'true', conditions: [{ attribute: 'frontegg.email', op: 'ends_with', value: { list: ['@acme.com'] } }] }],
    },
  },
  permissions: { 'fe.secure.*': true, 'fe.audit.read': true, 'reports.read': true },
};
const CONTEXT = { attributes: { custom: { plan: 'pro' }, jwt: { email: 'ada@acme.com' } }, now: NOW };

test('explain() names the flag rule that matched, with each condition and the user’s values that made it true or false', () => {
  // the story of a rule-matched flag (stories/entitlements-inspector-states.ts)
  const { bundle, customAttributes } = inspectorStates.ruleMatchedFlag;
  const { decision, trace } = explain(bundle, { featureKey: 'beta-export' }, { attributes: { custom: customAttributes }, now: NOW });
  assert.deepEqual(decision, { isEntitled: true });
  assert.ok(trace.type === 'feature');
  assert.equal(trace.grantedBy, 'flag');
  const targeting = trace.flag!.targeting!;
  assert.equal(targeting.matchedRule, 1);
  const [first, second] = targeting.rules;
  assert.deepEqual(
    first.group.items.map((c) => c.type === 'condition' && [c.attribute, c.actual, c.status]),
    [['plan', 'pro', 'fails']],
  );
  assert.deepEqual(
    second.group.items.map((c) => c.type === 'condition' && [c.attribute, c.actual, c.negate, c.status]),
    [
      ['seats', 25, false, 'holds'],
      ['country', 'US', true, 'holds'],
    ],
  );
  // another user: no rule holds, the default treatment ('false') decides; a missing attribute says so
  const other = explain(bundle, { featureKey: 'beta-export' }, { attributes: { custom: { plan: 'free', country: 'DE' } }, now: NOW });
  assert.deepEqual(other.decision, { isEntitled: false, justification: 'MISSING_FEATURE' });
  assert.ok(other.trace.type === 'feature');
  assert.equal(other.trace.flag!.targeting!.matchedRule, null);
  assert.deepEqual(
    other.trace.flag!.targeting!.rules[1].group.items.map((c) => c.type === 'condition' && c.status),
    ['missing', 'fails'],
  );
});

test('SI-4.38 SI-9.08 explain() says a direct grant’s expiry, an expired one (BUNDLE_EXPIRED) and the plan whose rule granted', () => {
  const sso = explain(BUNDLE, { featureKey: 'sso' }, CONTEXT).trace as FeatureTrace;
  assert.equal(sso.grantedBy, 'direct');
  assert.equal(sso.expiresAt, NOW + DAY);
  const reports = explain(BUNDLE, { featureKey: 'reports' }, CONTEXT).trace as FeatureTrace;
  assert.deepEqual([reports.grantedBy, reports.direct!.state, reports.expiresAt], ['direct', 'forever', null]);
  const audit = explain(BUNDLE, { featureKey: 'audit' }, CONTEXT);
  assert.deepEqual(audit.decision, { isEntitled: false, justification: 'BUNDLE_EXPIRED' });
  assert.deepEqual([(audit.trace as FeatureTrace).direct!.state, (audit.trace as FeatureTrace).direct!.expireTime], ['expired', NOW - DAY]);
  const analytics = explain(BUNDLE, { featureKey: 'analytics' }, CONTEXT).trace as FeatureTrace;
  assert.deepEqual([analytics.grantedBy, analytics.grantingPlan, analytics.plans[0].targeting!.matchedRule], ['plan', 'pro', 0]);
  const unknown = explain(BUNDLE, { featureKey: 'nope' }, CONTEXT);
  assert.deepEqual([unknown.decision, (unknown.trace as FeatureTrace).found], [{ isEntitled: false, justification: 'MISSING_FEATURE' }, false]);
});

test('SI-4.40 explain() names the permission key or wildcard that matched and the linked feature that decided', () => {
  const users = explain(BUNDLE, { permissionKey: 'fe.secure.read.users' }, CONTEXT);
  assert.deepEqual(users.decision, { isEntitled: true });
  assert.ok(users.trace.type === 'permission');
  assert.deepEqual([users.trace.matchedBy, users.trace.linkedFeatures], [['fe.secure.*'], []]);
  const audit = explain(BUNDLE, { permissionKey: 'fe.audit.read' }, CONTEXT);
  assert.deepEqual(audit.decision, { isEntitled: false, justification: 'BUNDLE_EXPIRED' });
  assert.ok(audit.trace.type === 'permission');
  assert.deepEqual([audit.trace.matchedBy, audit.trace.linkedFeatures.map((f) => f.key), audit.trace.grantingFeature], [['fe.audit.read'], ['audit'], null]);
  const reports = explain(BUNDLE, { permissionKey: 'reports.read' }, CONTEXT);
  assert.ok(reports.trace.type === 'permission');
  assert.deepEqual([reports.decision, reports.trace.grantingFeature], [{ isEntitled: true }, 'reports']);
  const missing = explain(BUNDLE, { permissionKey: 'billing.write' }, CONTEXT);
  assert.deepEqual([missing.decision, missing.trace.type === 'permission' && missing.trace.matchedBy], [{ isEntitled: false, justification: 'MISSING_PERMISSION' }, []]);
});

test('explain() refuses an index and a query without a key (TypeError), and takes an empty bundle', () => {
  assert.throws(() => explain(indexBundle(BUNDLE) as never, { featureKey: 'sso' }, CONTEXT), TypeError);
  assert.throws(() => explain(BUNDLE, {} as never, CONTEXT), TypeError);
  assert.deepEqual(explain(null, { permissionKey: 'x' }, CONTEXT).decision, { isEntitled: false, justification: 'MISSING_PERMISSION' });
});
