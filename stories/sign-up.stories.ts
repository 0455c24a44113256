/**
 * `<fe-sign-up>`: one story per machine state (a snapshot resolved from the
 * machine, never clicked through), plus a Live story against the preview
 * transport; preview mode, no network.
 */
import { html } from 'lit';
import '../elements/fe-sign-up.ts';
import { keepPage, PREVIEW_BASE_URL } from './render.ts';
import { signUpStates } from './sign-up-states.ts';
import { flowStoriesMeta, type FlowStory } from './support/flow-story.tsx';
import './support/flows.ts';

// an object literal with a literal title: Storybook's static indexer reads the default export
export default { title: 'Sign-up/fe-sign-up', component: 'fe-sign-up', ...flowStoriesMeta('Sign-up/fe-sign-up', 'fe-sign-up', signUpStates) };
type Story = FlowStory<typeof signUpStates>;

export const Loading: Story = { args: { state: 'loading' } };
export const NotAllowed: Story = { args: { state: 'notAllowed' } };
export const Form: Story = { args: { state: 'form.idle' } };
export const FormSubmitting: Story = { args: { state: 'form.submitting' } };
export const FormServerError: Story = { args: { state: 'form.error' } };
export const ActivationSent: Story = { args: { state: 'activationSent' } };
export const RedirectToLogin: Story = { args: { state: 'redirectToLogin' } };
export const Success: Story = { args: { state: 'success' } };
export const SuccessNavigated: Story = { args: { state: 'success.navigated' } };
/** The whole flow, the real element against the preview transport (no network). */
export const Live: Story = {
  args: { state: 'form.idle' },
  argTypes: { state: { table: { disable: true } } },
  render: () => html`<fe-app preview base-url=${PREVIEW_BASE_URL} @fe-navigate=${keepPage}><fe-sign-up></fe-sign-up></fe-app>`,
};
