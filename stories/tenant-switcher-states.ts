/** Every state of the tenant-switcher machine as data (stories and the accessibility test share them). */
import type { TenantSwitcherStep } from '../src/views/tenant-switcher/TenantSwitcherView.tsx';
import type { StateSpec } from './support/flow-story.tsx';

const signedIn = {
  tenants: [
    { tenantId: 'acme', name: 'Acme' },
    { tenantId: 'globex', name: 'Globex' },
    { tenantId: 'initech', name: 'Initech' },
  ],
  activeTenantId: 'acme',
  signedIn: true,
};

export const tenantSwitcherStates = {
  idle: { value: { switcher: 'idle' }, context: signedIn },
  switching: { value: { switcher: 'submitting' }, context: { ...signedIn, switchingTo: 'globex' } },
  switched: { value: { switcher: 'idle' }, context: { ...signedIn, activeTenantId: 'globex', switched: 'globex' } },
  error: { value: { switcher: 'idle' }, context: { ...signedIn, error: { message: 'Couldn’t switch to Globex: User is not a member of this tenant', statusCode: 403 } } },
} satisfies Record<string, StateSpec>;

export type TenantSwitcherStateName = keyof typeof tenantSwitcherStates;

/** The step (`data-step`) a state shows. */
export const tenantSwitcherStepShown = (name: TenantSwitcherStateName): TenantSwitcherStep => name;
