import { addMessages } from './index.ts';

/** English messages: tenant switch (registered when the module loads). */
export const enTenants = {
  'tenants.label': 'Account',
  'tenants.switching': 'Switching to {name}…',
  'tenants.switched': 'Switched to {name}.',
  'tenants.failed': 'Couldn’t switch to {name}: {message}',
} as const;

addMessages('en', enTenants);
