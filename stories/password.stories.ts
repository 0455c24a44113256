/**
 * `<fe-forgot-password>` and `<fe-reset-password>`: one story per machine
 * state (restored, never clicked through); preview mode, no network.
 */
import type { Meta, StoryObj } from '@storybook/web-components-vite';
import { html } from 'lit';
import { keyed } from 'lit/directives/keyed.js';
import { keepPage, PREVIEW_BASE_URL } from './render.ts';
import '../elements/fe-forgot-password.ts';
import '../elements/fe-reset-password.ts';
import { passwordStates, type PasswordStateName } from './password-states.ts';

interface Args {
  state: PasswordStateName;
}

const meta: Meta<Args> = {
  title: 'Password/forgot and reset',
  argTypes: { state: { control: 'select', options: Object.keys(passwordStates) } },
  render: ({ state }) => {
    const { tag, spec } = passwordStates[state];
    const json = JSON.stringify(spec);
    const inner =
      tag === 'fe-forgot-password' ? html`<fe-forgot-password initial-state=${json}></fe-forgot-password>` : html`<fe-reset-password initial-state=${json}></fe-reset-password>`;
    return html`${keyed(json, html`<fe-app preview base-url=${PREVIEW_BASE_URL} @fe-navigate=${keepPage}>${inner}</fe-app>`)}`;
  },
};
export default meta;
type Story = StoryObj<Args>;

export const ForgotPassword: Story = { args: { state: 'forgotPassword.idle' } };
export const ForgotPasswordSubmitting: Story = { args: { state: 'forgotPassword.submitting' } };
export const ForgotPasswordFailed: Story = { args: { state: 'forgotPassword.error' } };
export const ForgotPasswordSuccess: Story = { args: { state: 'forgotPassword.success' } };
export const ResetPasswordValidating: Story = { args: { state: 'resetPassword.validating' } };
export const ResetPasswordInvalidLink: Story = { args: { state: 'resetPassword.invalid' } };
export const ResetPassword: Story = { args: { state: 'resetPassword.idle' } };
export const ResetPasswordSubmitting: Story = { args: { state: 'resetPassword.submitting' } };
export const ResetPasswordFailed: Story = { args: { state: 'resetPassword.error' } };
export const ResetPasswordSuccess: Story = { args: { state: 'resetPassword.success' } };
