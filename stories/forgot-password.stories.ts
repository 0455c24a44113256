/**
 * `<fe-forgot-password>`: one story per machine state (a snapshot resolved
 * from the machine, never clicked through); preview mode, no network.
 */
import { forgotPasswordStates } from './forgot-password-states.ts';
import { flowStoriesMeta, type FlowStory } from './support/flow-story.tsx';
import './support/flows.ts';

export default {
  title: 'Password/fe-forgot-password',
  component: 'fe-forgot-password',
  ...flowStoriesMeta('Password/fe-forgot-password', 'fe-forgot-password', forgotPasswordStates),
};
type Story = FlowStory<typeof forgotPasswordStates>;

export const ForgotPassword: Story = { args: { state: 'idle' } };
export const Submitting: Story = { args: { state: 'submitting' } };
export const Failed: Story = { args: { state: 'error' } };
export const Success: Story = { args: { state: 'success' } };
