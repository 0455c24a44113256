/**
 * English messages: why the last session ended without the user asking (issue 31 item 1; src/app/signed-out.ts),
 * said on the login box's first step. Pure data: the login box's start (machines/login-more.actors.ts) registers
 * them when a sign-out was noted, so the first input never waits for them.
 */
export const enSignedOut = {
  'login.signedOut.idle': 'You were signed out because you were inactive for a while. Sign in again to go back to where you were.',
  'login.signedOut.expired': 'Your session ended under your account’s session policy. Sign in again to go back to where you were.',
  'login.signedOut.ipRestricted':
    'You were signed out: your account’s IP restrictions don’t allow the address you’re using now. Sign in from an allowed network, or ask an administrator to allow this address.',
} as const;
