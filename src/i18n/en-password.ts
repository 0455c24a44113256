import { addMessages } from './index.ts';

/** English messages: forgot and reset password, password rules (registered when the module loads). */
export const enPassword = {
  'password.rule.minLength': 'Use at least {min} characters.',
  'password.rule.maxLength': 'Use at most {max} characters.',
  'password.rule.repeated': 'Don’t repeat a character three times in a row.',
  'password.rule.optional': 'Include at least {count} of: {tests}.',
  'forgotPassword.title': 'Forgot your password?',
  'forgotPassword.body': 'Enter your email and we’ll send you a link to choose a new one.',
  'forgotPassword.submit': 'Send reset link',
  'forgotPassword.busy': 'Sending…',
  'forgotPassword.success.title': 'Check your email',
  'forgotPassword.success.body': 'If {email} has an account, a reset link is on its way. It works for one hour.',
  'forgotPassword.failed': 'Unknown error occurred',
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

addMessages('en', enPassword);
