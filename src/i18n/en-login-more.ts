import { addMessages } from './index.ts';

/** English messages: the later login steps (SSO redirect, breached password, recovery code) (registered when the module loads). */
export const enLoginMore = {
  'login.redirectToSSO.status': 'Redirecting…',
  'login.breachedPassword.sending': 'Sending the link…',
  'login.recover.busy': 'Checking the code…',
  'login.redirectToSSO.title': 'Redirecting to single sign-on',
  'login.redirectToSSO.body': 'Your organization signs in with single sign-on. Taking you there now…',
  'login.redirectToSSO.now': 'Go now',
  'login.breachedPassword.title': 'Your password was found in a data breach',
  'login.breachedPassword.body': 'This password appears in a list of leaked passwords. Reset it to keep your account safe.',
  'login.breachedPassword.reset': 'Email me a reset link',
  'login.breachedPassword.continue': 'Continue anyway',
  'login.breachedPasswordSuccess.title': 'Check your email',
  'login.breachedPasswordSuccess.body': 'We sent a password reset link to {email}.',
  'login.recover.title': 'Use a recovery code',
  'login.recover.body': 'Enter one of the recovery codes you saved when you set up two-factor authentication.',
  'login.recover.code.label': 'Recovery code',
  'login.recover.code.required': 'Enter your recovery code.',
  'login.recover.submit': 'Recover account',
} as const;

addMessages('en', enLoginMore);
