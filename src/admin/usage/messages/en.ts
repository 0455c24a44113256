/** English messages of the admin portal's usage section (pure data: loaded with the section, src/admin/shell/sections.ts). */
export const enAdminUsage = {
  'admin.usage.title': 'Usage',
  'admin.usage.intro': 'What this account’s plan includes, and how much of each limit is in use.',
  'admin.usage.plan': 'Plan: {plan}',
  'admin.usage.features': 'Features included',
  'admin.usage.noFeatures': 'This plan includes no extra features.',
  'admin.usage.limits': 'Limits',
  'admin.usage.noLimits': 'This plan sets no limits.',
  'admin.usage.limit': '{key, select, seats {Seats} apiTokens {API tokens} ssoConnections {SSO connections} other {{key}}}',
  'admin.usage.usedOf': '{used} of {limit} in use',
  'admin.usage.usedUnlimited': '{used} in use',
  'admin.usage.unlimited': 'Unlimited',
  'admin.usage.meterText': '{used} of {limit} in use ({percent}%)',
  'admin.usage.near': 'Nearly at the limit',
  'admin.usage.reached': 'Limit reached — upgrade to add more',
  'admin.usage.upgrade': 'Upgrade the plan',
  'admin.usage.holdersFor':
    '{key, select, seats {Who holds the seats} apiTokens {Which API tokens are in use} ssoConnections {Which SSO connections are in use} other {What is in use}}',
  'admin.usage.holdersTitle': '{key, select, seats {Seats in use} apiTokens {API tokens in use} ssoConnections {SSO connections in use} other {In use}}',
  'admin.usage.number': '{value}',
  'admin.usage.field.used': 'In use',
  'admin.usage.field.limit': 'Limit',
  'admin.usage.field.holders': 'Held by',
  'admin.usage.holdersMore': '{count, plural, one {and # more} other {and # more}}',
  'admin.usage.noPlan': 'This account has no plan yet.',
  'admin.usage.noPlanHint': 'Its features and limits show here once a plan is chosen.',
  'admin.usage.choosePlan': 'Choose a plan',
} as const;

declare module '../../../i18n/en.ts' {
  /** The usage section's keys join the catalogue's keys (`MessageKey`): no list of sections to edit. */
  interface SectionMessages extends Record<keyof typeof enAdminUsage, string> {}
}
