import { addMessages } from './index.ts';

/** English messages: the MFA steps (registered when the module loads). */
export const enMfa = {
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
} as const;

addMessages('en', enMfa);
