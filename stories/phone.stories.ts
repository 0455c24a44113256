/**
 * `<fe-reset-phone-number>`: one story per machine state (restored, never
 * clicked through); preview mode, no network.
 */
import type { Meta, StoryObj } from '@storybook/web-components-vite';
import { html } from 'lit';
import { keyed } from 'lit/directives/keyed.js';
import { keepPage, PREVIEW_BASE_URL } from './render.ts';
import '../elements/fe-reset-phone-number.ts';
import { phoneStates, type PhoneStateName } from './phone-states.ts';

interface Args {
  state: PhoneStateName;
}

const meta: Meta<Args> = {
  title: 'Phone/reset phone number',
  argTypes: { state: { control: 'select', options: Object.keys(phoneStates) } },
  render: ({ state }) => {
    const json = JSON.stringify(phoneStates[state]);
    return html`${keyed(
      json,
      html`<fe-app preview base-url=${PREVIEW_BASE_URL} @fe-navigate=${keepPage}><fe-reset-phone-number initial-state=${json}></fe-reset-phone-number></fe-app>`,
    )}`;
  },
};
export default meta;
type Story = StoryObj<Args>;

export const ResetPhoneNumber: Story = { args: { state: 'resetPhoneNumber.idle' } };
export const ResetPhoneNumberSubmitting: Story = { args: { state: 'resetPhoneNumber.submitting' } };
export const ResetPhoneNumberRateLimited: Story = { args: { state: 'resetPhoneNumber.rateLimited' } };
export const VerifyResetPhoneNumber: Story = { args: { state: 'verifyResetPhoneNumber.idle' } };
export const VerifyResetPhoneNumberSubmitting: Story = { args: { state: 'verifyResetPhoneNumber.submitting' } };
export const VerifyResetPhoneNumberResending: Story = { args: { state: 'verifyResetPhoneNumber.resending' } };
export const VerifyResetPhoneNumberResent: Story = { args: { state: 'verifyResetPhoneNumber.resent' } };
export const VerifyResetPhoneNumberWrongCode: Story = { args: { state: 'verifyResetPhoneNumber.wrongCode' } };
export const VerifyResetPhoneNumberExpired: Story = { args: { state: 'verifyResetPhoneNumber.expired' } };
export const ChangePhoneNumber: Story = { args: { state: 'changePhoneNumber.idle' } };
export const ChangePhoneNumberSubmitting: Story = { args: { state: 'changePhoneNumber.submitting' } };
export const ChangePhoneNumberTaken: Story = { args: { state: 'changePhoneNumber.taken' } };
export const ChangePhoneNumberExpired: Story = { args: { state: 'changePhoneNumber.expired' } };
export const LoginWithSmsOtcSending: Story = { args: { state: 'loginWithSmsOtc.sending' } };
export const LoginWithSmsOtc: Story = { args: { state: 'loginWithSmsOtc.idle' } };
export const LoginWithSmsOtcSubmitting: Story = { args: { state: 'loginWithSmsOtc.submitting' } };
export const LoginWithSmsOtcResending: Story = { args: { state: 'loginWithSmsOtc.resending' } };
export const LoginWithSmsOtcResent: Story = { args: { state: 'loginWithSmsOtc.resent' } };
export const LoginWithSmsOtcExpired: Story = { args: { state: 'loginWithSmsOtc.expired' } };
export const SuccessSignedIn: Story = { args: { state: 'success.signedIn' } };
export const SuccessToLogin: Story = { args: { state: 'success.toLogin' } };
