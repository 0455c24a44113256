/**
 * `<fe-tenant-switcher>`: one story per machine state (a snapshot resolved
 * from the machine, never clicked through); preview mode, no network.
 */
import { flowStoriesMeta, type FlowStory } from './support/flow-story.tsx';
import './support/flows.ts';
import { tenantSwitcherStates } from './tenant-switcher-states.ts';

// an object literal with a literal title: Storybook's CSF indexer reads the default export statically
const meta = { ...flowStoriesMeta('Tenants/fe-tenant-switcher', 'fe-tenant-switcher', tenantSwitcherStates), title: 'Tenants/fe-tenant-switcher', component: 'fe-tenant-switcher' };
export default meta;
type Story = FlowStory<typeof tenantSwitcherStates>;

export const Idle: Story = { args: { state: 'idle' } };
export const Switching: Story = { args: { state: 'switching' } };
export const Switched: Story = { args: { state: 'switched' } };
export const SwitchFailed: Story = { args: { state: 'error' } };
