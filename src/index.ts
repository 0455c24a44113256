/**
 * fe-elements: the whole set. Importing this module defines every element
 * and exports the script API for hosts (sign-in §7, architecture "Public surface").
 */
export * from './app/index.ts';
export * from './stores/index.ts';
export { createI18n, en } from './i18n/index.ts';
export type { Localizations, MessageKey } from './i18n/index.ts';
export { FeAppElement } from '../elements/fe-app.ts';
export type { FeSessionChangeDetail } from '../elements/fe-app.ts';
export { FeLoginBoxElement } from '../elements/fe-login-box.ts';
export { FeSignUpElement } from '../elements/fe-sign-up.ts';
export { FeStepUpElement } from '../elements/fe-step-up.ts';
export { isSteppedUp, stepUp, MULTI_FACTOR_ACR, SHOULD_STEP_UP } from './auth/step-up.ts';
/** Host sign-out: sends the browser to the logout route (SI-7.58); see src/app/logout.ts. */
export { logout } from './app/logout.ts';
export { FeForgotPasswordElement } from '../elements/fe-forgot-password.ts';
export { FeResetPasswordElement } from '../elements/fe-reset-password.ts';
export { checkPassword } from './auth/password-rules.ts';
export { isAuthorized, NAVIGATION_PERMISSIONS } from './auth/authorization.ts';
export { FeRoutesElement } from '../elements/fe-routes.ts';
export { FeAuthorizedElement } from '../elements/fe-authorized.ts';
export { isEntitledTo, getFeatureEntitlements, getPermissionEntitlements, entitlementStore, ENTITLEMENTS_OFF_MESSAGE } from './app/entitlements.ts';
export { FeActivateAccountElement } from '../elements/fe-activate-account.ts';
export { FeUnlockAccountElement } from '../elements/fe-unlock-account.ts';
export { FeAcceptInvitationElement } from '../elements/fe-accept-invitation.ts';
export { FeImpersonateElement } from '../elements/fe-impersonate.ts';
export { isImpersonated, impersonatorOf } from './api/invitation.ts';
export { FeResetPhoneNumberElement } from '../elements/fe-reset-phone-number.ts';
export { FeTenantSwitcherElement } from '../elements/fe-tenant-switcher.ts';
export { switchTenant, $switchingTenant, TenantSwitchError } from './auth/tenants.ts';
export type { TenantChangeDetail } from './auth/tenants.ts';
export { FeOpenAppElement } from '../elements/fe-open-app.ts';
export type { LoginWithRedirectOptions, OAuthTokens } from './app/hosted.ts';
/** Hosted login (loaded on demand): sends the browser to the hosted login page with PKCE; see src/app/hosted.ts. */
export const loginWithRedirect = (...args: Parameters<typeof import('./app/hosted.ts').loginWithRedirect>) =>
  import('./app/hosted.ts').then((m) => m.loginWithRedirect(...args));
