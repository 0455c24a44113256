/** English messages: passkey sign-in and the passkey prompt after sign-in (pure data: registered by the passkey views and src/passkeys when they load). */
export const enPasskeys = {
  'passkeys.signIn': 'Sign in with a passkey',
  'passkeys.signIn.waiting': 'Waiting for your passkey…',
  'passkeys.or': 'or',
  'passkeys.prompt.title': 'Sign in faster with a passkey',
  'passkeys.prompt.body': 'Next time, sign in with your fingerprint, face or screen lock instead of a password. Your passkey stays on your device.',
  'passkeys.prompt.add': 'Add a passkey',
  'passkeys.prompt.adding': 'Waiting for your passkey…',
  'passkeys.prompt.skip': 'Not now',
  'passkeys.checking': 'Just a moment…',
  'passkeys.error.cancelled': 'The passkey request was cancelled or timed out. Try again, or use another way to sign in.',
  'passkeys.error.unsupported': 'This browser does not support passkeys.',
  'passkeys.error.exists': 'This passkey is already registered for your account.',
} as const;
