/**
 * The English message catalogue, first part: what a login box needs before
 * its first input. The other areas (en-*.ts) register themselves when their
 * views load on demand, so no element pays for another's texts.
 * Keys are dot-namespaced by area. Placeholders use `{name}`.
 * Spec texts from the error catalogue (sign-in §8) are kept verbatim.
 */
export const en = {
  'app.missingBaseUrl': 'Edit <fe-app> options { ContextOptions: { baseUrl: "" } } in order to connect your application',
  'app.noProvider': 'Place this element inside <fe-app> so it can reach the identity API.',

  'login.title': 'Sign in',
  'login.subtitle': 'Welcome back. Sign in to continue.',
  'login.email.label': 'Email',
  'login.password.label': 'Password',
  'login.continue': 'Continue',
  'login.submit': 'Sign in',
  'login.busy': 'Signing in…',
  'login.checking': 'Checking…',
  'login.changeEmail': 'Use a different email',
  'login.forgotPassword': 'Forgot password?',
  'login.email.required': 'Enter your email address.',
  'login.email.invalid': 'Enter a valid email address, like name@example.com.',
  'login.password.required': 'Enter your password.',
  'login.backToLogin': 'Back to sign in',
  'login.noAccount': 'Don’t have an account?',
  'login.signUpLink': 'Sign up',

  'common.loading': 'Loading…',
  'error.generic': 'Something went wrong. Please try again.',
  'error.network': 'We can’t reach the server. Check your connection and try again.',
  'error.userLocked':
    'Your account is locked after too many failed sign-in attempts. We emailed you a link to unlock it: check your inbox. You can also reset your password, or ask your administrator to unlock you.',
  'error.unsafeUrl': 'We couldn’t take you there: the address is not a safe web address.',
} as const;

/**
 * The keys of the admin sections' catalogues (`src/admin/<section>/messages/en.ts`): each such file adds its keys here by
 * declaration merging, so a new section's texts are typed without editing this file.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface SectionMessages {}

/**
 * The keys of the catalogue parts of elements with an entry of their own (`<fe-entitlements-inspector>`:
 * src/views/entitlements-inspector/messages/en.ts), added here by declaration merging: typed keys, yet in no shared
 * catalogue (not the sign-in flows' `FlowMessages`), so the login box and the portal never load them.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface EntryMessages {}

/** A message key of the catalogue (every area). */
export type MessageKey =
  | keyof typeof en
  | keyof typeof import('./en-login-more.ts').enLoginMore
  | keyof typeof import('./en-mfa.ts').enMfa
  | keyof typeof import('./en-sign-up.ts').enSignUp
  | keyof typeof import('./en-step-up.ts').enStepUp
  | keyof typeof import('./en-idle.ts').enIdle
  | keyof typeof import('./en-signed-out.ts').enSignedOut
  | keyof typeof import('./en-password.ts').enPassword
  | keyof typeof import('./en-forgot-password.ts').enForgotPassword
  | keyof typeof import('./en-reset-password.ts').enResetPassword
  | keyof typeof import('./en-activate-account.ts').enActivateAccount
  | keyof typeof import('./en-accept-invitation.ts').enAcceptInvitation
  | keyof typeof import('./en-reset-phone-number.ts').enResetPhoneNumber
  | keyof typeof import('./en-unlock-account.ts').enUnlockAccount
  | keyof typeof import('./en-impersonate.ts').enImpersonate
  | keyof typeof import('./en-tenant-switcher.ts').enTenantSwitcher
  | keyof typeof import('./en-open-app.ts').enOpenApp
  | keyof typeof import('./en-passkeys.ts').enPasskeys
  | keyof typeof import('./en-passwordless.ts').enPasswordless
  | keyof typeof import('./en-federation.ts').enFederation
  | keyof typeof import('./en-admin.ts').enAdmin
  | keyof SectionMessages
  | keyof EntryMessages;
/** A whole catalogue: every key mapped to its text. */
export type Messages = Record<MessageKey, string>;
/**
 * The sign-in flows' part of a catalogue (every area but the admin portal's and the own entries' {@link EntryMessages}):
 * what another locale's `<lang>.ts` holds.
 */
export type FlowMessages = Record<Exclude<MessageKey, `admin.${string}` | keyof EntryMessages>, string>;
/** The admin portal's part of a catalogue: what another locale's `<lang>-admin.ts` holds. */
export type AdminMessages = Record<Extract<MessageKey, `admin.${string}`>, string>;
