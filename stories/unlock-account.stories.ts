/**
 * `<fe-unlock-account>`: one story per machine state (a snapshot resolved
 * from the machine, never clicked through); preview mode, no network.
 */
import { flowStoriesMeta, type FlowStory } from './support/flow-story.tsx';
import './support/flows.ts';
import { unlockAccountStates } from './unlock-account-states.ts';

// an object literal with a literal title: Storybook's static indexer reads the default export
export default { title: 'Account/fe-unlock-account', component: 'fe-unlock-account', ...flowStoriesMeta('Account/fe-unlock-account', 'fe-unlock-account', unlockAccountStates) };
type Story = FlowStory<typeof unlockAccountStates>;

export const Unlocking: Story = { args: { state: 'unlocking' } };
export const Unlocked: Story = { args: { state: 'success' } };
export const Failed: Story = { args: { state: 'failed' } };
export const MissingToken: Story = { args: { state: 'failed.missingToken' } };
