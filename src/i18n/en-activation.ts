import { addMessages } from './index.ts';

/** English messages: activation (registered when the module loads). */
export const enActivation = {
  'activate.title': 'Activate your account',
  'activate.checking': 'Activating your account…',
  'activate.form.subtitle': 'Choose a password to finish activating your account.',
  'activate.form.codeSubtitle': 'Enter the 6-digit code from your activation email.',
  'activate.code.label': 'Activation code',
  'activate.code.required': 'Enter the 6-digit code from your email.',
  'activate.password.label': 'Password',
  'activate.confirm.label': 'Confirm password',
  'activate.mismatch': 'The passwords don’t match.',
  'activate.submit': 'Activate account',
  'activate.busy': 'Activating…',
  'activate.invalid.title': 'This activation link is incomplete',
  'activate.invalid.body': 'Open the link from your activation email again, or ask for a new one.',
  'activate.failed.title': 'This activation link doesn’t work any more',
  'activate.failed.body': 'Activation links work once and for a limited time. Ask for a new one.',
  'activate.requestNew': 'Send a new activation link',
  'activate.success.title': 'Your account is active',
  'activate.success.body': 'You are signed in. Taking you to the app…',
  'activate.signingIn': 'Signing you in…',
  'activate.redirectToLogin.title': 'Your account is active',
  'activate.redirectToLogin.body': 'Sign in to continue.',
  'activate.signIn': 'Sign in',
  'activate.resend.title': 'Get a new activation link',
  'activate.resend.body': 'Enter your email and we’ll send you a new activation link.',
  'activate.resend.submit': 'Send activation link',
  'activate.resend.busy': 'Sending…',
  'activate.resend.sent.title': 'Check your email',
  'activate.resend.sent.body': 'If {email} has an account waiting to be activated, a new activation link is on its way.',
} as const;

addMessages('en', enActivation);
