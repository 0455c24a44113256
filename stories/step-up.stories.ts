/**
 * `<fe-step-up>`: one story per state of the step-up machine (restored from
 * ./step-up-states.ts, the MFA child included).
 */
import type { Meta, StoryObj } from '@storybook/web-components-vite';
import { html } from 'lit';
import { keyed } from 'lit/directives/keyed.js';
import { stepUpStates, type StepUpStateName } from './step-up-states.ts';
import { keepPage, PREVIEW_BASE_URL } from './render.ts';
import '../elements/fe-step-up.ts';

interface Args {
  state: StepUpStateName;
}

const meta: Meta<Args> = {
  title: 'Step-up/fe-step-up',
  component: 'fe-step-up',
  argTypes: { state: { control: 'select', options: Object.keys(stepUpStates) } },
  render: ({ state }) => {
    const spec = JSON.stringify(stepUpStates[state]);
    return html`${keyed(spec, html`<fe-app preview base-url=${PREVIEW_BASE_URL} @fe-navigate=${keepPage}><fe-step-up initial-state=${spec}></fe-step-up></fe-app>`)}`;
  },
};
export default meta;
type Story = StoryObj<Args>;

export const NotRequested: Story = { args: { state: 'notRequested' } };
export const Generating: Story = { args: { state: 'generating' } };
export const Verify: Story = { args: { state: 'verify.idle' } };
export const VerifyWrongCode: Story = { args: { state: 'verify.error' } };
export const VerifyChooseDevice: Story = { args: { state: 'verify.chooseDevice' } };
export const VerifySms: Story = { args: { state: 'verify.smsVerifyCode' } };
export const VerifyEmailCode: Story = { args: { state: 'verify.emailVerifyCode' } };
export const VerifyWebAuthn: Story = { args: { state: 'verify.webauthnVerify' } };
export const NoMfaEnrolledStepUp: Story = { args: { state: 'noMFAEnrolledStepUp.ready' } };
export const Authenticating: Story = { args: { state: 'authenticating' } };
export const Done: Story = { args: { state: 'done' } };
export const Failed: Story = { args: { state: 'failed' } };
