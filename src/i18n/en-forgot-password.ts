/** English messages of the forgot-password flow (pure data: `<fe-forgot-password>` registers them). */
export const enForgotPassword = {
  'forgotPassword.title': 'Forgot your password?',
  'forgotPassword.body': 'Enter your email and we’ll send you a link to choose a new one.',
  'forgotPassword.submit': 'Send reset link',
  'forgotPassword.busy': 'Sending…',
  'forgotPassword.success.title': 'Check your email',
  'forgotPassword.success.body': 'If {email} has an account, a reset link is on its way. It works for one hour.',
  'forgotPassword.failed': 'Unknown error occurred',
} as const;
