/**
 * fe-elements, the whole set (the package's main entry, `dist/fe-elements.js`):
 * importing it defines every element and gives the script API
 * (src/index.ts) — the one script tag of a plain HTML page.
 */
export * from '../src/index.ts';
export { FeAppElement } from './fe-app.ts';
export { FeLoginBoxElement } from './fe-login-box.ts';
export { FeSignUpElement } from './fe-sign-up.ts';
export { FeStepUpElement } from './fe-step-up.ts';
export { FeForgotPasswordElement } from './fe-forgot-password.ts';
export { FeResetPasswordElement } from './fe-reset-password.ts';
export { FeRoutesElement } from './fe-routes.ts';
export { FeAuthorizedElement } from './fe-authorized.ts';
export { FeActivateAccountElement } from './fe-activate-account.ts';
export { FeUnlockAccountElement } from './fe-unlock-account.ts';
export { FeAcceptInvitationElement } from './fe-accept-invitation.ts';
export { FeImpersonateElement } from './fe-impersonate.ts';
export { FeResetPhoneNumberElement } from './fe-reset-phone-number.ts';
export { FeTenantSwitcherElement } from './fe-tenant-switcher.ts';
export { FeOpenAppElement } from './fe-open-app.ts';
export { FeAdminPortalElement } from './fe-admin-portal.ts';
export { FeAdminUsersElement } from './admin/fe-admin-users.ts';
export { FeAdminRolesElement } from './admin/fe-admin-roles.ts';
export { FeAdminGroupsElement } from './admin/fe-admin-groups.ts';
export { FeAdminProfileElement } from './admin/fe-admin-profile.ts';
export { FeAdminPrivacyElement } from './admin/fe-admin-privacy.ts';
export { FeAdminApiTokensElement } from './admin/fe-admin-api-tokens.ts';
export { FeAdminAccountElement } from './admin/fe-admin-account.ts';
export { FeAdminAuditsElement } from './admin/fe-admin-audits.ts';
export { FeAdminSectionChangeEvent } from '../src/events/admin.ts';
export { FeMissingTranslationEvent, type FeMissingTranslationDetail } from '../src/events/i18n.ts';
