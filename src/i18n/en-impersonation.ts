import { addMessages } from './index.ts';

/** English messages: impersonation (registered when the module loads). */
export const enImpersonation = {} as const;

addMessages('en', enImpersonation);
