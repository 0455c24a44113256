/**
 * Names and descriptions of Frontegg's own permissions (`fe.*`), written for the administrator who reads them in the
 * roles section, as Frontegg's vendor seeds them: the name says what may be done, the description what it covers.
 * The seed gives every `fe.*` key its entry; a key without one falls back to {@link fePermissionText}'s reading of it.
 */

/** A permission's name and description as the roles and permissions answers carry them. */
export interface PermissionText {
  name: string;
  description: string;
}

/** Every `fe.*` key the emulator seeds, with its name and description. */
export const FE_PERMISSION_TEXTS: Readonly<Record<string, PermissionText>> = Object.freeze({
  'fe.secure.read.users': { name: 'Read users', description: 'See the account’s users, their roles and groups' },
  'fe.secure.write.users': { name: 'Manage users', description: 'Invite users, change their roles, enable and disable them' },
  'fe.secure.delete.users': { name: 'Delete users', description: 'Remove users from the account' },
  'fe.secure.write.impersonation': { name: 'Impersonate users', description: 'Sign in as another user of the account' },
  'fe.secure.read.roles': { name: 'Read roles', description: 'See the roles and the permissions they give' },
  'fe.secure.write.roles': { name: 'Manage roles', description: 'Add, change and delete the account’s roles and their permissions' },
  'fe.secure.read.groups': { name: 'Read groups', description: 'See the groups, their members and their roles' },
  'fe.secure.write.groups': { name: 'Manage groups', description: 'Add, change and delete groups, their members and their roles' },
  'fe.secure.read.userApiTokens': { name: 'Read personal API tokens', description: 'See one’s own API tokens' },
  'fe.secure.write.userApiTokens': { name: 'Manage personal API tokens', description: 'Create and delete one’s own API tokens' },
  'fe.secure.read.tenantApiTokens': { name: 'Read tenant API tokens', description: 'See the account’s API tokens' },
  'fe.secure.write.tenantApiTokens': { name: 'Manage tenant API tokens', description: 'Create and delete the account’s API tokens' },
  'fe.secure.read.accountSettings': { name: 'Read account settings', description: 'See the account’s name, address, locale and logo' },
  'fe.secure.write.accountSettings': { name: 'Edit account settings', description: 'Change the account’s name, address, locale and logo' },
  'fe.secure.read.securityPolicy': { name: 'Read security policies', description: 'See the two-factor, lockout, password and session policies' },
  'fe.secure.write.securityPolicy': { name: 'Edit security policies', description: 'Change the two-factor, lockout, password and session policies' },
  'fe.secure.read.samlConfiguration': { name: 'Read SSO configuration', description: 'See the account’s single sign-on setup' },
  'fe.secure.write.samlConfiguration': { name: 'Edit SSO configuration', description: 'Set up and change the account’s single sign-on' },
  'fe.secure.read.provisioningConfiguration': { name: 'Read provisioning', description: 'See the directory (SCIM) provisioning setup' },
  'fe.secure.write.provisioningConfiguration': { name: 'Edit provisioning', description: 'Set up and change directory (SCIM) provisioning' },
  'fe.secure.read.audits': { name: 'Read audit logs', description: 'See every sign-in and change in the account’s audit log' },
  'fe.secure.read.sessions': { name: 'Read sessions', description: 'See where users of the account are signed in' },
  'fe.secure.delete.sessions': { name: 'Revoke sessions', description: 'Sign users of the account out of their sessions' },
  'fe.connectivity.read.webhooks': { name: 'Read webhooks', description: 'See the account’s webhooks and their deliveries' },
  'fe.connectivity.write.webhooks': { name: 'Manage webhooks', description: 'Add and change the account’s webhooks, test them and send their deliveries again' },
  'fe.connectivity.delete.webhooks': { name: 'Delete webhooks', description: 'Delete the account’s webhooks' },
  'fe.connectivity.read.webhookLogs': { name: 'Read webhook logs', description: 'See each webhook’s deliveries, their attempts and answers' },
  'fe.usage.read': { name: 'Read usage', description: 'See the account’s usage' },
  'fe.subscriptions.read': { name: 'Read subscriptions', description: 'See the plan, invoices and payment methods' },
  'fe.subscriptions.write': { name: 'Manage subscriptions', description: 'Change, cancel or renew the plan and update payment methods' },
  'fe.account-hierarchy.read.subAccount': { name: 'Read sub-accounts', description: 'See the account’s sub-accounts and their users' },
  'fe.account-hierarchy.write.subAccount': { name: 'Manage sub-accounts', description: 'Add, change and remove sub-accounts and their users' },
  'fe.account-settings.read.app': { name: 'Read applications', description: 'See the applications and which users have them' },
  'fe.secure.write.appsUsers': { name: 'Assign applications', description: 'Give users of the account access to an application' },
  'fe.secure.delete.appsUsers': { name: 'Remove applications', description: 'Take an application away from users of the account' },
});

/**
 * The name and description of permission `key`: its entry in {@link FE_PERMISSION_TEXTS}, else a name read from the
 * key ("fe.secure.read.foo" → "Read foo") and no description.
 */
export function fePermissionText(key: string): PermissionText {
  const known = FE_PERMISSION_TEXTS[key];
  if (known) return known;
  const parts = key.replace(/^fe\./, '').split('.');
  const verb = parts.find((p) => p === 'read' || p === 'write' || p === 'delete');
  const noun = parts
    .filter((p) => p !== verb && p !== 'secure')
    .join(' ')
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .replace(/-/g, ' ')
    .toLowerCase();
  const name = verb ? `${verb === 'write' ? 'Manage' : verb[0].toUpperCase() + verb.slice(1)} ${noun}` : noun;
  return { name: name[0].toUpperCase() + name.slice(1), description: '' };
}
