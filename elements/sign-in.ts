/**
 * The sign-in set: the script API (src/index.ts) and every sign-in element, defined on import. The entry of
 * `fe-elements/lite` (`dist/lite/fe-elements.js`, the same modules on preact/compat); `elements/index.ts` adds
 * the admin portal to it for the full `fe-elements` entry.
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
export { FeMissingTranslationEvent, type FeMissingTranslationDetail } from '../src/events/i18n.ts';
