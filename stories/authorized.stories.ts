/**
 * `<fe-authorized>` in preview mode: the preview user signed in (holds
 * `fe.*`, `fe.secure.read.users`, role `Admin`) with content that needs a
 * permission they have, one they lack, and the same gate while signed out.
 */
import type { Meta, StoryObj } from '@storybook/web-components-vite';
import { action } from 'storybook/actions';
import '../elements/fe-authorized.ts';
import { previewApp } from './support/preview-app.ts';

interface Args {
  /** The `permissions` attribute. */
  permissions: string;
  /** The `roles` attribute. */
  roles: string;
  /** Whether the preview user is signed in. */
  signedIn: boolean;
}

const onChange = action('fe-authorization-change');

function gate({ permissions, roles, signedIn }: Args): HTMLElement {
  const el = document.createElement('fe-authorized');
  if (permissions) el.setAttribute('permissions', permissions);
  if (roles) el.setAttribute('roles', roles);
  el.addEventListener('fe-authorization-change', (e) => onChange(e.detail));
  const content = Object.assign(document.createElement('p'), { textContent: `Shown: the user holds ${[permissions, roles].filter(Boolean).join(' + ') || 'nothing required'}.` });
  const fallback = Object.assign(document.createElement('p'), { slot: 'fallback', textContent: 'Fallback: you do not have access to this.' });
  el.append(content, fallback);
  return previewApp([el], { signedIn });
}

const meta: Meta<Args> = {
  title: 'Access/fe-authorized',
  component: 'fe-authorized',
  args: { permissions: 'fe.secure.read.users', roles: '', signedIn: true },
  argTypes: { permissions: { control: 'text' }, roles: { control: 'text' }, signedIn: { control: 'boolean' } },
  render: (args) => gate(args),
};
export default meta;
type Story = StoryObj<Args>;

/** The signed-in preview user holds `fe.secure.read.users`: the content shows. */
export const HasPermission: Story = { args: { permissions: 'fe.secure.read.users' } };
/** The signed-in preview user lacks `billing.invoices.write`: the fallback shows. */
export const LacksPermission: Story = { args: { permissions: 'billing.invoices.write' } };
/** A role the user has (`Admin`) and a permission by wildcard (`fe.*` grants `fe.connectivity.read.webhooks`). */
export const HasRoleAndWildcard: Story = { args: { permissions: 'fe.connectivity.read.webhooks', roles: 'Admin' } };
/** Signed out: the fallback shows, whatever is asked. */
export const SignedOut: Story = { args: { signedIn: false } };
