/**
 * `<fe-step-up>`: one story per state of the step-up machine (a snapshot
 * resolved from the machine with ./step-up-states.ts, the MFA child
 * included; `<fe-step-up-story>`), preview mode, no network.
 */
import { stepUpStates } from './step-up-states.ts';
import { flowStoriesMeta, type FlowStory } from './support/flow-story.tsx';
import './support/flows.ts';

// an object literal with a literal title: Storybook's static indexer reads the default export
export default { title: 'Step-up/fe-step-up', component: 'fe-step-up', ...flowStoriesMeta('Step-up/fe-step-up', 'fe-step-up', stepUpStates) };
type Story = FlowStory<typeof stepUpStates>;

export const Loading: Story = { args: { state: 'loading' } };
export const NotRequested: Story = { args: { state: 'notRequested' } };
export const Generating: Story = { args: { state: 'generating' } };
export const Verify: Story = { args: { state: 'verify.idle' } };
export const VerifyWrongCode: Story = { args: { state: 'verify.error' } };
export const VerifyChooseDevice: Story = { args: { state: 'verify.chooseDevice' } };
export const VerifySms: Story = { args: { state: 'verify.smsVerifyCode' } };
export const VerifyEmailCode: Story = { args: { state: 'verify.emailVerifyCode' } };
export const VerifyWebAuthn: Story = { args: { state: 'verify.webauthnVerify' } };
export const NoMfaEnrolledStepUpLoading: Story = { args: { state: 'noMFAEnrolledStepUp.loading' } };
export const NoMfaEnrolledStepUp: Story = { args: { state: 'noMFAEnrolledStepUp.ready' } };
export const Done: Story = { args: { state: 'done' } };
export const DoneReturned: Story = { args: { state: 'done.returned' } };
export const Failed: Story = { args: { state: 'failed' } };
