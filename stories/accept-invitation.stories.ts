/**
 * `<fe-accept-invitation>`: one story per machine state (a snapshot resolved
 * from the machine, never clicked through); preview mode, no network.
 */
import { acceptInvitationStates } from './accept-invitation-states.ts';
import { flowStoriesMeta, type FlowStory } from './support/flow-story.tsx';
import './support/flows.ts';

// an object literal with a literal title: Storybook's CSF indexer reads the default export statically
export default {
  title: 'Invitation/fe-accept-invitation',
  component: 'fe-accept-invitation',
  ...flowStoriesMeta('Invitation/fe-accept-invitation', 'fe-accept-invitation', acceptInvitationStates),
};
type Story = FlowStory<typeof acceptInvitationStates>;

export const ValidateLink: Story = { args: { state: 'validate.link' } };
export const ValidateCode: Story = { args: { state: 'validate.code' } };
export const ValidateWrongCode: Story = { args: { state: 'validate.wrongCode' } };
export const Pending: Story = { args: { state: 'pending' } };
export const Success: Story = { args: { state: 'success.done' } };
export const SetPassword: Story = { args: { state: 'success.setPassword.idle' } };
export const SetPasswordSubmitting: Story = { args: { state: 'success.setPassword.submitting' } };
export const SetPasswordFailed: Story = { args: { state: 'success.setPassword.error' } };
export const SignedIn: Story = { args: { state: 'success.signedIn' } };
export const SignedInLeaving: Story = { args: { state: 'success.signedIn.left' } };
export const Failed: Story = { args: { state: 'failed' } };
export const FailedTenantLocked: Story = { args: { state: 'failed.tenantLocked' } };
export const Invalid: Story = { args: { state: 'invalid' } };
