/** English messages of the open-app page (pure data: `<fe-open-app>` registers them). */
export const enOpenApp = {
  'openApp.title': 'Opening the app',
  'openApp.body': 'You are signed in. Taking you to the app…',
  'openApp.button': 'Open the app',
  'openApp.signedOut': 'Sign in first; we will bring you back here.',
} as const;
