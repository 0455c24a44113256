/**
 * English messages: the idle sign-out warning of `<fe-app>` (issue 22 item 2, SI-3.11), pure data: the warning's
 * module registers them (elements/internal/idle-warning.tsx). `{time}` is the time left as `m:ss`.
 */
export const enIdle = {
  'idle.title': 'Are you still there?',
  'idle.body': 'You haven’t been active for a while. For your security, you’ll be signed out in {time}.',
  'idle.remaining': 'Signing out in {time}',
  'idle.stay': 'Stay signed in',
  'idle.signOut': 'Sign out',
} as const;
