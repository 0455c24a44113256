/** English messages of the admin portal's profile section (pure data: its section element and the portal register them). */
export const enAdminProfile = {
  'admin.profile.title': 'Profile',
  'admin.profile.details': 'Personal details',
  'admin.profile.form': 'Your profile',
  'admin.profile.name': 'Name',
  'admin.profile.phoneNumber': 'Phone number',
  'admin.profile.address': 'Address',
  'admin.profile.jobTitle': 'Job title',
  'admin.profile.picture': 'Profile picture',
  'admin.profile.pictureAlt': 'Your profile picture',
  'admin.profile.pictureNew': 'Your new profile picture (saved when you save changes)',
  'admin.profile.pictureNone': 'No picture yet',
  'admin.profile.choosePicture': 'Choose a picture',
  'admin.profile.pictureHint': 'PNG, JPEG, GIF or WebP, up to 2 MB. Saved when you save changes.',
  'admin.profile.pictureUnreadable': 'This file could not be read. Choose another picture.',
  'admin.profile.pictureNotImage': 'Choose an image file (PNG, JPEG, GIF or WebP).',
  'admin.profile.saved': 'Profile saved.',
  'admin.profile.loadError': 'Your profile could not be loaded.',
  'admin.profile.account': 'Sign-in details',
  'admin.profile.email': 'Email',
  'admin.profile.password': 'Password',
  'admin.profile.changeEmail': 'Change email',
  'admin.profile.changePassword': 'Change password',

  'admin.profile.password.title': 'Change password',
  'admin.profile.password.current': 'Current password',
  'admin.profile.password.new': 'New password',
  'admin.profile.password.confirm': 'Confirm new password',
  'admin.profile.password.mismatch': 'The new passwords don’t match.',
  'admin.profile.password.same': 'Choose a new password that differs from the current one.',
  'admin.profile.password.submit': 'Change password',
  'admin.profile.password.submitting': 'Changing password…',
  'admin.profile.password.changed': 'Password changed.',

  'admin.profile.email.title': 'Change email',
  'admin.profile.email.new': 'New email',
  'admin.profile.email.newHint': 'We’ll send a 6-digit code to this address to make sure it’s yours.',
  'admin.profile.email.invalid': 'Enter a valid email address, like name@example.com.',
  'admin.profile.email.send': 'Send code',
  'admin.profile.email.sending': 'Sending code…',
  'admin.profile.email.sent': 'We sent a 6-digit code to {email}. Enter it below.',
  'admin.profile.email.code': 'Verification code',
  'admin.profile.email.verify': 'Change email',
  'admin.profile.email.verifying': 'Checking code…',
  'admin.profile.email.resend': 'Send a new code',
  'admin.profile.email.back': 'Use another address',
  'admin.profile.email.done': 'Your email is now {email}.',
} as const;

declare module '../../../i18n/en.ts' {
  /** The profile section's keys join the catalogue's keys (`MessageKey`): no list of sections to edit. */
  interface SectionMessages extends Record<keyof typeof enAdminProfile, string> {}
}
