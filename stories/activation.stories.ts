/**
 * `<fe-activate-account>` and `<fe-unlock-account>`: one story per machine
 * state (restored, never clicked through); preview mode, no network.
 */
import type { Meta, StoryObj } from '@storybook/web-components-vite';
import { html } from 'lit';
import { keyed } from 'lit/directives/keyed.js';
import { keepPage, PREVIEW_BASE_URL } from './render.ts';
import '../elements/fe-activate-account.ts';
import '../elements/fe-unlock-account.ts';
import { activationStates, type ActivationStateName } from './activation-states.ts';

interface Args {
  state: ActivationStateName;
}

const meta: Meta<Args> = {
  title: 'Account/activate and unlock',
  argTypes: { state: { control: 'select', options: Object.keys(activationStates) } },
  render: ({ state }) => {
    const { tag, spec } = activationStates[state];
    const json = JSON.stringify(spec);
    const inner =
      tag === 'fe-activate-account' ? html`<fe-activate-account initial-state=${json}></fe-activate-account>` : html`<fe-unlock-account initial-state=${json}></fe-unlock-account>`;
    return html`${keyed(json, html`<fe-app preview base-url=${PREVIEW_BASE_URL} @fe-navigate=${keepPage}>${inner}</fe-app>`)}`;
  },
};
export default meta;
type Story = StoryObj<Args>;

export const ActivateInvalidLink: Story = { args: { state: 'activate.invalid' } };
export const Activating: Story = { args: { state: 'activate.activating' } };
export const ActivatingSubmitting: Story = { args: { state: 'activate.activating.submitting' } };
export const ActivatingForm: Story = { args: { state: 'activate.activatingForm' } };
export const ActivatingFormWithCode: Story = { args: { state: 'activate.activatingForm.code' } };
export const ActivatingFormCodeOnly: Story = { args: { state: 'activate.activatingForm.codeOnly' } };
export const ActivatingFormSubmitting: Story = { args: { state: 'activate.activatingForm.submitting' } };
export const ActivatingFormWrongCode: Story = { args: { state: 'activate.activatingForm.error' } };
export const ActivateFailed: Story = { args: { state: 'activate.failed' } };
export const ActivateSigningIn: Story = { args: { state: 'activate.success.signingIn' } };
export const ActivateSuccess: Story = { args: { state: 'activate.success' } };
export const ActivateSuccessNavigated: Story = { args: { state: 'activate.success.navigated' } };
export const ActivateRedirectToLogin: Story = { args: { state: 'activate.redirectToLogin' } };
export const Resend: Story = { args: { state: 'activate.resend' } };
export const ResendSubmitting: Story = { args: { state: 'activate.resend.submitting' } };
export const ResendFailed: Story = { args: { state: 'activate.resend.error' } };
export const ResendSent: Story = { args: { state: 'activate.resend.sent' } };
export const Unlocking: Story = { args: { state: 'unlock.unlocking' } };
export const Unlocked: Story = { args: { state: 'unlock.success' } };
export const UnlockFailed: Story = { args: { state: 'unlock.failed' } };
export const UnlockMissingToken: Story = { args: { state: 'unlock.failed.missingToken' } };
