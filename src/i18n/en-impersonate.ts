/** English messages of the impersonate flow (pure data: `<fe-impersonate>` registers them). */
export const enImpersonate = {
  'impersonation.title': 'Impersonate a user',
  'impersonation.busy': 'Signing in as the user…',
  'impersonation.success.title': 'Impersonating',
  'impersonation.success.body': 'You are now signed in as {email}',
  'impersonation.success.redirect': 'Taking you to the app…',
  'impersonation.badge': 'Impersonating',
  'impersonation.continue': 'Continue',
  'impersonation.failed.title': 'Impersonation failed',
  'impersonation.failed.body': 'You stay signed in as yourself.',
  'impersonation.missingUser': 'No user to impersonate: open this page with ?userId=<the user’s id>.',
  'impersonation.back': 'Back to the app',
} as const;
