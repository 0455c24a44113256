import { addMessages } from './index.ts';

/** English messages: phone (registered when the module loads). */
export const enPhone = {} as const;

addMessages('en', enPhone);
