import { addMessages } from './index.ts';

/** English messages: invitation (registered when the module loads). */
export const enInvitation = {} as const;

addMessages('en', enInvitation);
