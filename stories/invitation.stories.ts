/**
 * `<fe-accept-invitation>` and `<fe-impersonate>`: one story per machine
 * state (restored, never clicked through); preview mode, no network.
 */
import type { Meta, StoryObj } from '@storybook/web-components-vite';
import { html } from 'lit';
import { keyed } from 'lit/directives/keyed.js';
import { keepPage, PREVIEW_BASE_URL } from './render.ts';
import '../elements/fe-accept-invitation.ts';
import '../elements/fe-impersonate.ts';
import { impersonationStates, invitationStates, type ImpersonationStateName, type InvitationStateName } from './invitation-states.ts';

interface Args {
  state: InvitationStateName;
}

const meta: Meta<Args> = {
  title: 'Invitation/accept invitation',
  argTypes: { state: { control: 'select', options: Object.keys(invitationStates) } },
  render: ({ state }) => {
    const { mode, spec } = invitationStates[state];
    const json = JSON.stringify(spec);
    return html`${keyed(
      `${mode}${json}`,
      html`<fe-app preview base-url=${PREVIEW_BASE_URL} @fe-navigate=${keepPage}><fe-accept-invitation mode=${mode} initial-state=${json}></fe-accept-invitation></fe-app>`,
    )}`;
  },
};
export default meta;
type Story = StoryObj<Args>;

export const ValidateLink: Story = { args: { state: 'validate.link' } };
export const ValidateCode: Story = { args: { state: 'validate.code' } };
export const ValidateWrongCode: Story = { args: { state: 'validate.wrongCode' } };
export const Pending: Story = { args: { state: 'pending' } };
export const Success: Story = { args: { state: 'success.done' } };
export const SetPassword: Story = { args: { state: 'success.setPassword.idle' } };
export const SetPasswordSubmitting: Story = { args: { state: 'success.setPassword.submitting' } };
export const SetPasswordFailed: Story = { args: { state: 'success.setPassword.error' } };
export const SignedIn: Story = { args: { state: 'success.signedIn' } };
export const Failed: Story = { args: { state: 'failed' } };
export const FailedTenantLocked: Story = { args: { state: 'failed.tenantLocked' } };
export const Invalid: Story = { args: { state: 'invalid' } };

/** `<fe-impersonate>` in one of its states. */
const impersonation = (state: ImpersonationStateName) => {
  const json = JSON.stringify(impersonationStates[state].spec);
  return html`${keyed(json, html`<fe-app preview base-url=${PREVIEW_BASE_URL} @fe-navigate=${keepPage}><fe-impersonate initial-state=${json}></fe-impersonate></fe-app>`)}`;
};

export const Impersonating: Story = { name: 'Impersonate: impersonating', render: () => impersonation('impersonating') };
export const ImpersonationSuccess: Story = { name: 'Impersonate: success', render: () => impersonation('success') };
export const ImpersonationFailed: Story = { name: 'Impersonate: failed (403)', render: () => impersonation('failed') };
export const ImpersonationMissingUser: Story = { name: 'Impersonate: failed (no userId)', render: () => impersonation('failed.missingUser') };
