/**
 * The script API for hosts (sign-in §7, architecture "Public surface"):
 * the app, its stores, the typed public events and the host functions. It
 * defines no element: elements/index.ts (the `fe-elements` entry) defines
 * every tag and re-exports this module.
 */
export * from './app/index.ts';
export * from './stores/index.ts';
export { createI18n, en } from './i18n/index.ts';
export type { Localizations, MessageKey } from './i18n/index.ts';
export * from './events/index.ts';
export { isSteppedUp, MULTI_FACTOR_ACR, SHOULD_STEP_UP } from './auth/step-up.ts';
export { stepUp } from './app/step-up.ts';
/** RFC 9470 step-up from the host's own API: a fetch and ofetch hooks; see src/app/step-up-fetch.ts. */
export { stepUpFetch, stepUpInterceptor, StepUpRequiredError, type StepUpFetchOptions, type StepUpFailure, type StepUpInterceptor } from './app/step-up-fetch.ts';
export { parseWwwAuthenticate, stepUpChallengeOf, INSUFFICIENT_USER_AUTHENTICATION, type AuthChallenge, type StepUpChallenge } from './auth/www-authenticate.ts';
/** Host sign-out: sends the browser to the logout route (SI-7.58); see src/app/logout.ts. */
export { logout } from './app/logout.ts';
export { checkPassword } from './auth/password-rules.ts';
export { isAuthorized, NAVIGATION_PERMISSIONS } from './auth/authorization.ts';
export { isEntitledTo, getFeatureEntitlements, getPermissionEntitlements, entitlementStore, reloadEntitlements, ENTITLEMENTS_OFF_MESSAGE } from './app/entitlements.ts';
export { isImpersonated, impersonatorOf } from './auth/impersonation.ts';
export { switchTenant, $switchingTenant, TenantSwitchError } from './app/tenants.ts';
export type { TenantChangeDetail } from './app/tenants.ts';
export type { LoginWithRedirectOptions, OAuthTokens } from './app/hosted.ts';
/** Hosted login (loaded on demand): sends the browser to the hosted login page with PKCE; see src/app/hosted.ts. */
export const loginWithRedirect = (...args: Parameters<typeof import('./app/hosted.ts').loginWithRedirect>) => import('./app/hosted.ts').then((m) => m.loginWithRedirect(...args));
