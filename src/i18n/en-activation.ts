import { addMessages } from './index.ts';

/** English messages: activation (registered when the module loads). */
export const enActivation = {} as const;

addMessages('en', enActivation);
