/**
 * `<fe-entitlements-inspector>` in preview mode: the preview user signed in, entitlements on, and a canned bundle
 * given to the element (./entitlements-inspector-states.ts) — a granted feature, a missing one, a feature flag whose
 * rule matched, an expired bundle — or, in `Live`, the preview user's own bundle. Open a row's Details for the trace;
 * the "what if" form evaluates a key with other custom attributes.
 */
import type { Meta, StoryObj } from '@storybook/web-components-vite';
import '../elements/fe-entitlements-inspector.ts';
import { inspectorStates, type InspectorStateName } from './entitlements-inspector-states.ts';
import { previewApp } from './support/preview-app.ts';

interface Args {
  /** The canned bundle given to the element; `live`: none (the preview user's own bundle). */
  state: InspectorStateName | 'live';
}

const meta: Meta<Args> = {
  title: 'Access/fe-entitlements-inspector',
  component: 'fe-entitlements-inspector',
  args: { state: 'grantedFeature' },
  argTypes: { state: { control: 'select', options: [...Object.keys(inspectorStates), 'live'] } },
  render: ({ state }) => {
    const el = document.createElement('fe-entitlements-inspector');
    if (state !== 'live') {
      el.bundle = inspectorStates[state].bundle;
      el.customAttributes = inspectorStates[state].customAttributes;
    }
    return previewApp([el], { signedIn: true, options: { entitlements: { enabled: true } } });
  },
};
export default meta;
type Story = StoryObj<Args>;

/** `reports` is granted directly until 30 days from now; `fe.reports.read` is held and its linked feature granted. */
export const GrantedFeature: Story = { args: { state: 'grantedFeature' } };
/** `sso` is missing: its enterprise plan's rule reads `plan`, and the user's plan is `pro`. */
export const MissingFeature: Story = { args: { state: 'missingFeature' } };
/** `beta-export` is granted by the second rule of its feature flag (seats over 10, country not DE or IL). */
export const RuleMatchedFlag: Story = { args: { state: 'ruleMatchedFlag' } };
/** The grant of `audit-log` ended three days ago: BUNDLE_EXPIRED, and `fe.audit.read`, which it gates, too. */
export const ExpiredBundle: Story = { args: { state: 'expiredBundle' } };
/** The preview user's own bundle (`sso` and `advanced-mfa` by the preview plan, permissions by `fe.*`). */
export const Live: Story = { args: { state: 'live' } };
