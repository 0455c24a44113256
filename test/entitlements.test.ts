/**
 * The entitlements engine in real Chromium (issue 5): the same module the
 * node tests cover (test/node/entitlements.test.ts, the full tables) loads in
 * a browser without DOM globals of its own and decides like it does in Node —
 * including browser Date parsing and RegExp for the date and matches ops.
 */
import { expect } from '@open-wc/testing';
import { evaluateEntitlement, indexBundle, type EntitlementsBundleV2 } from '../src/entitlements/index.ts';

const NOW = Date.UTC(2025, 5, 15, 12);
const bundle: EntitlementsBundleV2 = {
  features: {
    reports: { expireTime: -1, linkedPermissions: ['fe.reports.read'] },
    legacy: { expireTime: NOW - 1 },
    beta: {
      featureFlag: {
        on: true,
        offTreatment: 'false',
        defaultTreatment: 'false',
        rules: [
          {
            conditionLogic: 'and',
            treatment: 'true',
            conditions: [
              { attribute: 'frontegg.email', op: 'matches', value: { string: '@acme\\.com$' }, negate: false },
              { attribute: 'signup', op: 'on_or_after', value: { date: '2025-01-01' }, negate: false },
            ],
          },
        ],
      },
    },
    sso: { planIds: ['ent'] },
  },
  plans: {
    ent: {
      defaultTreatment: 'false',
      rules: [{ conditionLogic: 'and', treatment: 'true', conditions: [{ attribute: 'jwt.address.country', op: 'in_list', value: { list: ['IL'] }, negate: false }] }],
    },
  },
  permissions: { 'fe.reports.*': true },
};
const ctx = { now: NOW, attributes: { custom: { signup: '2025-02-01' }, jwt: { email: 'ada@acme.com', address: { country: 'IL' } } } };

describe('entitlements engine in Chromium', () => {
  for (const [name, target] of [
    ['raw bundle', bundle],
    ['indexed bundle', indexBundle(bundle)],
  ] as const) {
    it(`SI-4.37 SI-4.38 SI-4.39 SI-4.40 decides on the ${name}`, () => {
      expect({ ...evaluateEntitlement(target, { featureKey: 'reports' }, ctx) }).to.deep.equal({ isEntitled: true });
      expect({ ...evaluateEntitlement(target, { featureKey: 'legacy' }, ctx) }).to.deep.equal({ isEntitled: false, justification: 'BUNDLE_EXPIRED' });
      expect({ ...evaluateEntitlement(target, { featureKey: 'beta' }, ctx) }).to.deep.equal({ isEntitled: true });
      expect({ ...evaluateEntitlement(target, { featureKey: 'sso' }, ctx) }).to.deep.equal({ isEntitled: true });
      expect({ ...evaluateEntitlement(target, { featureKey: 'nope' }, ctx) }).to.deep.equal({ isEntitled: false, justification: 'MISSING_FEATURE' });
      expect({ ...evaluateEntitlement(target, { permissionKey: 'fe.reports.read' }, ctx) }).to.deep.equal({ isEntitled: true });
      expect({ ...evaluateEntitlement(target, { permissionKey: 'fe.secure.read.users' }, ctx) }).to.deep.equal({ isEntitled: false, justification: 'MISSING_PERMISSION' });
      const other = { now: NOW, attributes: { custom: { signup: '2024-12-31' }, jwt: { email: 'bob@acme.com', address: { country: 'DE' } } } };
      expect(evaluateEntitlement(target, { featureKey: 'beta' }, other).isEntitled).to.equal(false);
      expect(evaluateEntitlement(target, { featureKey: 'sso' }, other).isEntitled).to.equal(false);
    });
  }
});
