/** English messages of the reset-password flow (pure data: `<fe-reset-password>` registers them). */
export const enResetPassword = {
  'resetPassword.title': 'Choose a new password',
  'resetPassword.checking': 'Checking your link…',
  'resetPassword.password.label': 'New password',
  'resetPassword.confirm.label': 'Confirm new password',
  'resetPassword.mismatch': 'The passwords don’t match.',
  'resetPassword.submit': 'Save password',
  'resetPassword.busy': 'Saving…',
  'resetPassword.failed': 'Unknown error occurred',
  'resetPassword.invalid.title': 'This link doesn’t work any more',
  'resetPassword.invalid.body': 'Reset links work once and for one hour. Ask for a new one.',
  'resetPassword.requestNew': 'Send a new link',
  'resetPassword.success.title': 'Password changed',
  'resetPassword.success.body': 'Sign in with your new password.',
  'resetPassword.signIn': 'Sign in',
} as const;
