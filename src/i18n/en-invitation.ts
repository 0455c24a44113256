import { addMessages } from './index.ts';

/** English messages: accept invitation (registered when the module loads). */
export const enInvitation = {
  'invitation.title': 'Accept your invitation',
  'invitation.checking': 'Checking your invitation…',
  'invitation.pending': 'Accepting your invitation…',
  'invitation.code.title': 'Enter your invitation code',
  'invitation.code.body': 'Enter the 6-digit code from your invitation email.',
  'invitation.code.label': 'Invitation code',
  'invitation.code.required': 'Enter the 6-digit code from the email.',
  'invitation.code.submit': 'Accept invitation',
  'invitation.code.busy': 'Checking…',
  'invitation.invalid.title': 'This invitation link is incomplete',
  'invitation.invalid.body': 'Open the link from your invitation email again, or ask your administrator to send a new invitation.',
  'invitation.failed': 'We couldn\'t verify your invitation',
  'invitation.failed.title': 'Invitation not accepted',
  'invitation.failed.body': 'Invitations work once and for a limited time. Ask your administrator to send a new one.',
  'invitation.success.title': 'Invitation accepted',
  'invitation.success.body': 'You have joined {tenant}. Sign in to continue.',
  'invitation.success.bodyNoTenant': 'You have joined the account. Sign in to continue.',
  'invitation.signIn': 'Sign in',
  'invitation.setPassword.title': 'Choose a password',
  'invitation.setPassword.body': 'You have joined {tenant}. Choose a password to finish setting up your account.',
  'invitation.setPassword.bodyNoTenant': 'Choose a password to finish setting up your account.',
  'invitation.password.label': 'Password',
  'invitation.confirm.label': 'Confirm password',
  'invitation.mismatch': 'The passwords don’t match.',
  'invitation.setPassword.submit': 'Set password and sign in',
  'invitation.setPassword.busy': 'Signing in…',
  'invitation.signedIn.title': 'You are signed in',
  'invitation.signedIn.body': 'Welcome to {tenant}. Taking you there…',
  'invitation.signedIn.bodyNoTenant': 'Welcome. Taking you there…',
} as const;

addMessages('en', enInvitation);
