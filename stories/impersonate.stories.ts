/**
 * `<fe-impersonate>`: one story per machine state (a snapshot resolved from
 * the machine, never clicked through); preview mode, no network.
 */
import { impersonateStates } from './impersonate-states.ts';
import { flowStoriesMeta, type FlowStory } from './support/flow-story.tsx';
import './support/flows.ts';

// an object literal with a literal title: Storybook's CSF indexer reads the default export statically
export default { title: 'Impersonate/fe-impersonate', component: 'fe-impersonate', ...flowStoriesMeta('Impersonate/fe-impersonate', 'fe-impersonate', impersonateStates) };
type Story = FlowStory<typeof impersonateStates>;

export const Impersonating: Story = { args: { state: 'impersonating' } };
export const Success: Story = { args: { state: 'success' } };
export const SuccessLeaving: Story = { args: { state: 'success.left' } };
export const Failed: Story = { args: { state: 'failed' } };
export const FailedMissingUser: Story = { args: { state: 'failed.missingUser' } };
