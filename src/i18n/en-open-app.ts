import { addMessages } from './index.ts';

/** English messages: the open-app page (registered when the module loads). */
export const enOpenApp = {
  'openApp.title': 'Opening the app',
  'openApp.body': 'You are signed in. Taking you to the app…',
  'openApp.button': 'Open the app',
  'openApp.signedOut': 'Sign in first; we will bring you back here.',
} as const;

addMessages('en', enOpenApp);
