import { addMessages } from './index.ts';

/** English messages: tenants (registered when the module loads). */
export const enTenants = {} as const;

addMessages('en', enTenants);
