import { addMessages } from './index.ts';

/** English messages: unlock (registered when the module loads). */
export const enUnlock = {} as const;

addMessages('en', enUnlock);
