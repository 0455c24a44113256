/**
 * `<fe-reset-phone-number>`: one story per machine state (a snapshot
 * resolved from the machine, never clicked through); preview mode, no network.
 */
import { resetPhoneNumberStates } from './reset-phone-number-states.ts';
import { flowStoriesMeta, type FlowStory } from './support/flow-story.tsx';
import './support/flows.ts';

// an object literal with a literal title: Storybook's CSF indexer reads the default export statically
export default {
  title: 'Phone/fe-reset-phone-number',
  component: 'fe-reset-phone-number',
  ...flowStoriesMeta('Phone/fe-reset-phone-number', 'fe-reset-phone-number', resetPhoneNumberStates),
};
type Story = FlowStory<typeof resetPhoneNumberStates>;

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
