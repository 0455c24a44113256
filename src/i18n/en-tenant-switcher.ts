/** English messages of the tenant switcher (pure data: `<fe-tenant-switcher>` registers them). */
export const enTenantSwitcher = {
  'tenants.label': 'Account',
  'tenants.switching': 'Switching to {name}…',
  'tenants.switched': 'Switched to {name}.',
  'tenants.failed': 'Couldn’t switch to {name}: {message}',
} as const;
