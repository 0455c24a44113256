import { addMessages } from './index.ts';

/** English messages: sign-up (registered when the module loads). */
export const enSignUp = {
  'signUp.title': 'Create your account',
  'signUp.subtitle': 'It takes less than a minute.',
  'signUp.loading': 'Loading…',
  'signUp.name.label': 'Full name',
  'signUp.email.label': 'Work email',
  'signUp.company.label': 'Company name',
  'signUp.password.label': 'Password',
  'signUp.password.hint': 'At least {min} characters.',
  'signUp.name.required': 'Enter your name.',
  'signUp.submit': 'Create account',
  'signUp.busy': 'Creating your account…',
  'signUp.haveAccount': 'Already have an account?',
  'signUp.signInLink': 'Sign in',
  'signUp.notAllowed.title': 'Sign-ups are closed',
  'signUp.notAllowed.body': 'Ask an administrator of your organization to invite you.',
  'signUp.activationSent.title': 'Check your email',
  'signUp.activationSent.body': 'We sent a link to {email} to activate your account.',
  'signUp.success.title': 'Account created',
  'signUp.success.body': 'You are signed in. Taking you to the app…',
  'signUp.redirectToLogin.body': 'Your account is ready. Sign in to continue.',
} as const;

addMessages('en', enSignUp);
