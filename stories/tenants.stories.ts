/**
 * `<fe-tenant-switcher>`: one story per state, restored with `initial-state`
 * (the tenants come from it, not from a session); preview mode, no network.
 */
import type { Meta, StoryObj } from '@storybook/web-components-vite';
import { html } from 'lit';
import { keyed } from 'lit/directives/keyed.js';
import type { TenantSwitcherState } from '../src/views/tenants/TenantSwitcher.tsx';
import '../elements/fe-tenant-switcher.ts';

const tenants = [
  { tenantId: 'acme', name: 'Acme' },
  { tenantId: 'globex', name: 'Globex' },
  { tenantId: 'initech', name: 'Initech' },
];

/** Every state of the switcher as data (the stories and the accessibility test share them); keys are the shown `data-step`. */
export const tenantStates = {
  idle: { tenants, activeTenantId: 'acme' },
  switching: { tenants, activeTenantId: 'acme', switchingTo: 'globex' },
  error: { tenants, activeTenantId: 'acme', error: 'Couldn’t switch to Globex: User is not a member of this tenant' },
} satisfies Record<string, TenantSwitcherState>;

export type TenantStateName = keyof typeof tenantStates;

interface Args {
  state: TenantStateName;
}

const meta: Meta<Args> = {
  title: 'Tenants/tenant switcher',
  excludeStories: ['tenantStates'],
  argTypes: { state: { control: 'select', options: Object.keys(tenantStates) } },
  render: ({ state }) => {
    const json = JSON.stringify(tenantStates[state]);
    return html`${keyed(json, html`<fe-app preview base-url="https://preview.invalid"><fe-tenant-switcher initial-state=${json}></fe-tenant-switcher></fe-app>`)}`;
  },
};
export default meta;
type Story = StoryObj<Args>;

export const Idle: Story = { args: { state: 'idle' } };
export const Switching: Story = { args: { state: 'switching' } };
export const SwitchFailed: Story = { args: { state: 'error' } };
