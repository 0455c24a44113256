/**
 * `<fe-sign-up>`: one story per state of the sign-up machine (restored from
 * ./sign-up-states.ts), plus a Live story against the preview transport.
 */
import type { Meta, StoryObj } from '@storybook/web-components-vite';
import { html } from 'lit';
import { keyed } from 'lit/directives/keyed.js';
import { signUpStates, type SignUpStateName } from './sign-up-states.ts';
import { keepPage, PREVIEW_BASE_URL } from './render.ts';
import '../elements/fe-sign-up.ts';

interface Args {
  state: SignUpStateName | 'live';
}

const meta: Meta<Args> = {
  title: 'Sign-up/fe-sign-up',
  component: 'fe-sign-up',
  argTypes: { state: { control: 'select', options: ['live', ...Object.keys(signUpStates)] } },
  render: ({ state }) => {
    // redirectToLogin navigates on entry in a live flow; restored here, it only shows its card
    const spec = state === 'live' ? '' : JSON.stringify(signUpStates[state]);
    return html`${keyed(
      spec,
      html`<fe-app preview base-url=${PREVIEW_BASE_URL} @fe-navigate=${keepPage}>
        ${spec ? html`<fe-sign-up initial-state=${spec}></fe-sign-up>` : html`<fe-sign-up></fe-sign-up>`}
      </fe-app>`,
    )}`;
  },
};
export default meta;
type Story = StoryObj<Args>;

export const Loading: Story = { args: { state: 'loading' } };
export const NotAllowed: Story = { args: { state: 'notAllowed' } };
export const Form: Story = { args: { state: 'form.idle' } };
export const FormSubmitting: Story = { args: { state: 'form.submitting' } };
export const FormServerError: Story = { args: { state: 'form.error' } };
export const ActivationSent: Story = { args: { state: 'activationSent' } };
export const RedirectToLogin: Story = { args: { state: 'redirectToLogin' } };
export const Authenticating: Story = { args: { state: 'authenticating' } };
export const Success: Story = { args: { state: 'success' } };
/** The whole flow against the preview transport (no network). */
export const Live: Story = { args: { state: 'live' } };
