/** English messages of the admin portal's account section (pure data: its section element and the portal register them). */
export const enAdminAccount = {
  'admin.account.title': 'Account settings',
  'admin.account.tabs': 'Account settings pages',
  'admin.account.tab.settings': 'Settings',
  'admin.account.tab.customLogin': 'Custom login',
  'admin.account.readOnly': 'You can view these settings. Ask an administrator to change them.',
  'admin.account.noTabs': 'There is nothing here for you to see or change.',
  'admin.account.field.name': 'Company name',
  'admin.account.field.address': 'Address',
  'admin.account.field.website': 'Website',
  'admin.account.field.timezone': 'Time zone',
  'admin.account.field.dateFormat': 'Date format',
  'admin.account.field.timeFormat': 'Time format',
  'admin.account.field.currency': 'Currency',
  'admin.account.field.logo': 'Logo',
  'admin.account.field.applicationUrl': 'Application URL',
  'admin.account.field.loginUrl': 'Login URL',
  'admin.account.notSet': 'Not set',
  'admin.account.example': 'Example: {example}',
  'admin.account.nameRequired': 'Enter the company name.',
  'admin.account.urlHint': 'A full address, like https://example.com.',
  'admin.account.urlInvalid': 'Enter a full web address that starts with https:// or http://.',
  'admin.account.logoUrl': 'Logo address (URL)',
  'admin.account.logoUpload': 'Upload an image',
  'admin.account.logoHint': 'PNG, JPEG, GIF or WebP, up to 2 MB, or the address of an image.',
  'admin.account.logoTooBig': 'The logo must be at most 2 MB.',
  'admin.account.logoType': 'Choose a PNG, JPEG, GIF or WebP image.',
  'admin.account.logoPreview': 'Logo preview',
  'admin.account.logoRemove': 'Remove logo',
  'admin.account.logoNone': 'No logo',
  'admin.account.saved': 'Account settings saved.',
  'admin.account.customLoginIntro': 'Where your users sign in to your application, and where they land afterwards.',
  'admin.account.applicationUrlHint': 'Where users land after they sign in, like https://app.example.com.',
  'admin.account.loginUrlHint': 'Your own sign-in page, like https://app.example.com/login.',
} as const;

declare module '../../../i18n/en.ts' {
  /** The account section's keys join the catalogue's keys (`MessageKey`): no list of sections to edit. */
  interface SectionMessages extends Record<keyof typeof enAdminAccount, string> {}
}
