/** English messages: the later login steps (SSO redirect, breached password, recovery code, the signed-in card) (pure data: the chunks that show them register them). */
export const enLoginMore = {
  'login.success.title': 'Signed in',
  'login.success.body': 'You are signed in. Taking you to the app…',
  // a callback page that finished an administrator's test sign-in of an SSO connection (issue 31 item 5)
  'login.ssoTestFinished.title': 'Test sign-in finished',
  'login.ssoTestFinished.body': 'You can close this window. The result is shown in the admin portal.',
  'login.redirectToSSO.status': 'Redirecting…',
  'login.breachedPassword.sending': 'Sending the link…',
  'login.recover.busy': 'Checking the code…',
  // the signed-in card (SignedIn.tsx)
  'login.signedIn.title': 'You are signed in',
  'login.signedIn.body': 'Signed in as {email}.',
  'login.signOut': 'Sign out',
  'login.signingOut': 'Signing out…',
  // shown on loginWithPassword after recoverTwoFactor (registered with the later login actors and views)
  'login.recover.done': 'Two-factor authentication was turned off with your recovery code. Sign in again and set it up anew.',
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
