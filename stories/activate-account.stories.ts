/**
 * `<fe-activate-account>`: one story per machine state (a snapshot resolved
 * from the machine, never clicked through); preview mode, no network.
 */
import { activateAccountStates } from './activate-account-states.ts';
import { flowStoriesMeta, type FlowStory } from './support/flow-story.tsx';
import './support/flows.ts';

// an object literal with a literal title: Storybook's static indexer reads the default export
export default {
  title: 'Account/fe-activate-account',
  component: 'fe-activate-account',
  ...flowStoriesMeta('Account/fe-activate-account', 'fe-activate-account', activateAccountStates),
};
type Story = FlowStory<typeof activateAccountStates>;

export const InvalidLink: Story = { args: { state: 'invalid' } };
export const Activating: Story = { args: { state: 'activating' } };
export const ActivatingSubmitting: Story = { args: { state: 'activating.submitting' } };
export const ActivatingForm: Story = { args: { state: 'activatingForm' } };
export const ActivatingFormWithCode: Story = { args: { state: 'activatingForm.code' } };
export const ActivatingFormCodeOnly: Story = { args: { state: 'activatingForm.codeOnly' } };
export const ActivatingFormSubmitting: Story = { args: { state: 'activatingForm.submitting' } };
export const ActivatingFormWrongCode: Story = { args: { state: 'activatingForm.error' } };
export const Failed: Story = { args: { state: 'failed' } };
export const Success: Story = { args: { state: 'success' } };
export const SuccessNavigated: Story = { args: { state: 'success.navigated' } };
export const RedirectToLogin: Story = { args: { state: 'redirectToLogin' } };
export const Resend: Story = { args: { state: 'resend' } };
export const ResendSubmitting: Story = { args: { state: 'resend.submitting' } };
export const ResendFailed: Story = { args: { state: 'resend.error' } };
export const ResendSent: Story = { args: { state: 'resendSent' } };
