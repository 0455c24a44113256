/**
 * Canned bundles of `<fe-entitlements-inspector>` (its stories and test/entitlements-inspector.test.ts): a granted
 * feature, a missing one, a feature flag whose rule matched, and an expired bundle. Expiries are relative to when the
 * module loads, so "expired" stays expired and "until" stays ahead.
 */
import type { EntitlementsBundleV2 } from '../src/entitlements/index.ts';

const DAY = 86_400_000;
const now = Date.now();

/** One canned state: the bundle given to the element, the custom attributes, and the feature the story is about. */
export interface InspectorState {
  bundle: EntitlementsBundleV2;
  customAttributes: Record<string, unknown>;
  /** The feature the state shows, and the decision it gets (`entitled` or the justification). */
  feature: string;
  decision: 'entitled' | 'MISSING_FEATURE' | 'BUNDLE_EXPIRED';
}

const plans: EntitlementsBundleV2['plans'] = {
  pro: { defaultTreatment: 'true', rules: [] },
  enterprise: {
    defaultTreatment: 'false',
    rules: [{ conditionLogic: 'and', treatment: 'true', conditions: [{ attribute: 'plan', op: 'in_list', value: { list: ['enterprise'] } }] }],
  },
};

export const inspectorStates = {
  /** `reports`, granted directly until 30 days from now; `fe.reports.read` held and its linked feature granted. */
  grantedFeature: {
    bundle: {
      features: {
        reports: { planIds: [], expireTime: now + 30 * DAY, linkedPermissions: ['fe.reports.read'] },
        dashboards: { planIds: ['pro'], expireTime: null, linkedPermissions: [] },
      },
      plans,
      permissions: { 'fe.reports.read': true, 'fe.secure.*': true },
    },
    customAttributes: { plan: 'pro' },
    feature: 'reports',
    decision: 'entitled',
  },
  /** `sso` needs the enterprise plan, whose rule reads `plan`: the user's plan is `pro`, so it is missing. */
  missingFeature: {
    bundle: {
      features: { sso: { planIds: ['enterprise'], expireTime: null, linkedPermissions: ['fe.secure.write.sso'] } },
      plans,
      permissions: { 'fe.secure.*': true },
    },
    customAttributes: { plan: 'pro' },
    feature: 'sso',
    decision: 'MISSING_FEATURE',
  },
  /** `beta-export` is behind a feature flag whose second rule (seats over 10, not in DE or IL) matched. */
  ruleMatchedFlag: {
    bundle: {
      features: {
        'beta-export': {
          planIds: [],
          expireTime: null,
          linkedPermissions: [],
          featureFlag: {
            on: true,
            offTreatment: 'false',
            defaultTreatment: 'false',
            rules: [
              { conditionLogic: 'and', treatment: 'true', conditions: [{ attribute: 'plan', op: 'in_list', value: { list: ['enterprise'] } }] },
              {
                conditionLogic: 'and',
                treatment: 'true',
                conditions: [
                  { attribute: 'seats', op: 'greater_than', value: { number: 10 } },
                  { attribute: 'country', op: 'in_list', value: { list: ['DE', 'IL'] }, negate: true },
                ],
              },
            ],
          },
        },
      },
      plans: {},
      permissions: {},
    },
    customAttributes: { plan: 'pro', seats: 25, country: 'US' },
    feature: 'beta-export',
    decision: 'entitled',
  },
  /** The account's plan ended three days ago: `audit-log` is BUNDLE_EXPIRED, and so is `fe.audit.read`, which it gates. */
  expiredBundle: {
    bundle: {
      features: { 'audit-log': { planIds: [], expireTime: now - 3 * DAY, linkedPermissions: ['fe.audit.read'] } },
      plans: {},
      permissions: { 'fe.audit.read': true },
    },
    customAttributes: {},
    feature: 'audit-log',
    decision: 'BUNDLE_EXPIRED',
  },
} satisfies Record<string, InspectorState>;

/** The name of a canned state. */
export type InspectorStateName = keyof typeof inspectorStates;
