/**
 * fe-elements, the whole set (the package's main entry, `dist/fe-elements.js`):
 * importing it defines every element and gives the script API
 * (src/index.ts) — the one script tag of a plain HTML page. The sign-in
 * elements come from ./sign-in.ts (also the `fe-elements/lite` entry).
 */
export * from './sign-in.ts';
export { FeAdminPortalElement } from './fe-admin-portal.ts';
export { FeAdminUsersElement } from './admin/fe-admin-users.ts';
export { FeAdminRolesElement } from './admin/fe-admin-roles.ts';
export { FeAdminGroupsElement } from './admin/fe-admin-groups.ts';
export { FeAdminProfileElement } from './admin/fe-admin-profile.ts';
export { FeAdminPrivacyElement } from './admin/fe-admin-privacy.ts';
export { FeAdminApiTokensElement } from './admin/fe-admin-api-tokens.ts';
export { FeAdminAccountElement } from './admin/fe-admin-account.ts';
export { FeAdminAuditsElement } from './admin/fe-admin-audits.ts';
export { FeAdminSecurityElement } from './admin/fe-admin-security.ts';
export { FeAdminSsoElement } from './admin/fe-admin-sso.ts';
export { FeAdminProvisioningElement } from './admin/fe-admin-provisioning.ts';
export { FeAdminSubscriptionElement } from './admin/fe-admin-subscription.ts';
export { FeAdminUsageElement } from './admin/fe-admin-usage.ts';
export { FeAdminWebhooksElement } from './admin/fe-admin-webhooks.ts';
export { FeAdminAccountsElement } from './admin/fe-admin-accounts.ts';
export { FeAdminSectionChangeEvent } from '../src/events/admin.ts';
// a development element (its own entry, `fe-elements/fe-entitlements-inspector`): its class's type only, for the
// framework types (frameworks/*.d.ts); none of its code is in this set
export type { FeEntitlementsInspectorElement } from './fe-entitlements-inspector.ts';
