/**
 * `<fe-reset-password>`: one story per machine state (a snapshot resolved
 * from the machine, never clicked through); preview mode, no network.
 */
import { resetPasswordStates } from './reset-password-states.ts';
import { flowStoriesMeta, type FlowStory } from './support/flow-story.tsx';
import './support/flows.ts';

export default { title: 'Password/fe-reset-password', component: 'fe-reset-password', ...flowStoriesMeta('Password/fe-reset-password', 'fe-reset-password', resetPasswordStates) };
type Story = FlowStory<typeof resetPasswordStates>;

export const Validating: Story = { args: { state: 'validating' } };
export const InvalidLink: Story = { args: { state: 'invalid' } };
export const ResetPassword: Story = { args: { state: 'idle' } };
export const Submitting: Story = { args: { state: 'submitting' } };
export const Failed: Story = { args: { state: 'error' } };
export const Success: Story = { args: { state: 'success' } };
