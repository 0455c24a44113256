/**
 * The English message catalogue: every user-facing string of the elements.
 * Keys are dot-namespaced by area. Placeholders use `{name}`.
 * Spec texts from the error catalogue (sign-in §8) are kept verbatim.
 */
export const en = {
  'app.missingBaseUrl': 'Edit <fe-app> options { ContextOptions: { baseUrl: "" } } in order to connect your application',
  'app.noProvider': 'Place this element inside <fe-app> so it can reach the identity API.',

  'login.title': 'Sign in',
  'login.subtitle': 'Welcome back. Sign in to continue.',
  'login.email.label': 'Email',
  'login.password.label': 'Password',
  'login.continue': 'Continue',
  'login.submit': 'Sign in',
  'login.busy': 'Signing in…',
  'login.checking': 'Checking…',
  'login.changeEmail': 'Use a different email',
  'login.email.required': 'Enter your email address.',
  'login.email.invalid': 'Enter a valid email address, like name@example.com.',
  'login.password.required': 'Enter your password.',
  'login.redirectToSSO.title': 'Redirecting to single sign-on',
  'login.redirectToSSO.body': 'Your organization signs in with single sign-on. Taking you there now…',
  'login.redirectToSSO.now': 'Go now',
  'login.success.title': 'Signed in',
  'login.success.body': 'You are signed in. Taking you to the app…',
  'login.signedIn.title': 'You are signed in',
  'login.signedIn.body': 'Signed in as {email}.',
  'login.signOut': 'Sign out',
  'login.signingOut': 'Signing out…',
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
  'login.recover.done': 'Two-factor authentication was turned off with your recovery code. Sign in again and set it up anew.',
  'login.backToLogin': 'Back to sign in',

  'mfa.verify.title': 'Two-factor authentication',
  'mfa.verify.body': 'Enter the 6-digit code from your authenticator app.',
  'mfa.code.label': 'Authentication code',
  'mfa.code.required': 'Enter the 6-digit code.',
  'mfa.code.invalid': 'The code has 6 digits.',
  'mfa.rememberDevice': 'Remember this device',
  'mfa.verify.submit': 'Verify',
  'mfa.busy': 'Verifying…',
  'mfa.lostDevice': 'Lost your device? Use a recovery code',
  'mfa.authenticatorApp.title': 'Set up two-factor authentication',
  'mfa.authenticatorApp.body': 'Scan the QR code with an authenticator app, then enter the 6-digit code it shows.',
  'mfa.authenticatorApp.loading': 'Preparing your QR code…',
  'mfa.authenticatorApp.qrAlt': 'QR code to add this account to an authenticator app',
  'mfa.authenticatorApp.secret': 'Can’t scan it? Enter this key instead:',
  'mfa.authenticatorApp.copy': 'Copy key',
  'mfa.authenticatorApp.copied': 'Key copied',
  'mfa.authenticatorApp.submit': 'Turn on two-factor authentication',
  'mfa.recoveryCode.title': 'Save your recovery code',
  'mfa.recoveryCode.body': 'If you lose access to your authenticator app, this code lets you back in. Store it somewhere safe: it is shown only once.',
  'mfa.recoveryCode.confirm': 'I saved it, continue',
  'mfa.retry': 'Try again',

  'error.generic': 'Something went wrong. Please try again.',
  'error.network': 'We can’t reach the server. Check your connection and try again.',
} as const;

/** A message key of the catalogue. */
export type MessageKey = keyof typeof en;
/** A whole catalogue: every key mapped to its text. */
export type Messages = Record<MessageKey, string>;
