/** English messages of the unlock-account flow (pure data: `<fe-unlock-account>` registers them). */
export const enUnlockAccount = {
  'unlock.title': 'Unlock your account',
  'unlock.unlocking': 'Unlocking your account…',
  'unlock.success.title': 'Your account is unlocked',
  'unlock.success.body': 'You can sign in again.',
  'unlock.signIn': 'Sign in',
  'unlock.failed.title': 'We couldn’t unlock your account',
  'unlock.failed.body': 'Unlock links work once and for a limited time. Sign in to get a new one, or reset your password.',
  'unlock.missingToken': 'This unlock link is incomplete. Open the link from your email again.',
} as const;
