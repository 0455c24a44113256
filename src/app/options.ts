import type { Localizations } from '../i18n/index.ts';
import type { AdminBoxMetadata } from '../api/types.ts';
import type { AdminPortalOptions } from '../admin/shell/ids.ts';

/** Default routes of sign-in §2 (each overridable through `routes`). */
export const DEFAULT_ROUTES = {
  authenticatedUrl: '/',
  loginUrl: '/account/login',
  stepUpUrl: '/account/step-up',
  logoutUrl: '/account/logout',
  activateUrl: '/account/activate',
  activateWithOTCUrl: '/account/activate/code',
  impersonationUrl: '/account/impersonate',
  acceptInvitationUrl: '/account/invitation/accept',
  acceptInvitationWithOTCUrl: '/account/invitation/code',
  forgetPasswordUrl: '/account/forget-password',
  resetPhoneNumberUrl: '/account/reset-phone-number',
  resetPasswordUrl: '/account/reset-password',
  socialLoginCallbackUrl: '/account/social/success',
  signUpUrl: '/account/sign-up',
  oidcRedirectUrl: '/account/oidc/callback',
  samlCallbackUrl: '/account/saml/callback',
  magicLinkCallbackUrl: '/account/login/magic-link',
  hostedLoginRedirectUrl: '/oauth/callback',
  openAppUrl: '/account/redirect',
  unlockUserUrl: '/account/unlock',
  mfaMobileAuthenticatorUrl: '/account/mfa-mobile-authenticator',
} as const;

/** Route names and their paths. */
export type FeRoutes = { -readonly [K in keyof typeof DEFAULT_ROUTES]: string } & {
  signUpSuccessUrl?: string;
  customLoginUrl?: string;
  customLoginAuthenticatedUrl?: string;
};

/**
 * Options of one app (`createFeApp(options)` or the attributes and `options`
 * property of `<fe-app>`).
 */
export interface FeAppOptions {
  /** Origin (or URL) of the identity API, e.g. `location.origin` behind a same-origin proxy. Required. */
  baseUrl: string;
  /** Client id of the vendor; names the session cookie on the host server. */
  clientId?: string;
  /** Application id, sent as `frontegg-requested-application-id`. */
  appId?: string;
  /** API prefix, default `frontegg` (sign-in §7). */
  urlPrefix?: string;
  /** Credentials mode of API calls, default `same-origin` (sign-in §7). */
  requestCredentials?: RequestCredentials;
  /** Log level, default `warn` (sign-in §9). */
  logLevel?: 'error' | 'warn' | 'info' | 'debug';
  /** Name of the app; two `<fe-app>`s claiming one name is an error ("Mismatch in store names"). */
  name?: string;
  /** Route overrides (sign-in §2). */
  routes?: Partial<FeRoutes>;
  /** When true (default), redirectUrl must be same-origin or in allowedRedirectOrigins (sign-in §5). */
  enforceRedirectToSameSite?: boolean;
  /** Extra origins that redirectUrl may point to. */
  allowedRedirectOrigins?: string[];
  /**
   * Scope the session's tenant to the browser tab (sign-in §3): the tab's
   * tenant id lives in sessionStorage and is sent on refresh.
   */
  sessionPerTab?: boolean;
  /** Entitlements loading (sign-in §4); off by default. */
  entitlements?: { enabled: boolean };
  /** Locale of the message catalogue, default `en`. */
  locale?: string;
  /** Local localizations, overridden by metadata `localizations`. */
  localizations?: Localizations;
  /** Local metadata, merged under the server's metadata. */
  metadata?: AdminBoxMetadata;
  /** SDK version header value. */
  sdkVersion?: string;
  /** Framework header value (`vanillajs`, `react`, `angular`, `vuejs` …). */
  framework?: string;
  /** Resolves the login alias (tenant) sent as `frontegg-login-alias`. */
  tenantResolver?: () => Promise<{ tenant?: string } | undefined> | { tenant?: string } | undefined;
  /**
   * Preview (builder) mode (sign-in §1): every server call is answered with
   * canned demo data by the preview transport (src/preview), no network.
   */
  preview?: boolean;
  /**
   * The tag manager script of the analytics tag (sign-in §4, §5; src/app/analytics.ts), default
   * `https://www.googletagmanager.com/gtm.js`; e.g. a first-party server-side tagging address.
   */
  analyticsScriptUrl?: string;
  /**
   * Sign-in §4 loading order (SI-4.04): by default, once the app is ready (after the login box and the analytics
   * tag) and a user is signed in, `<fe-app>` fetches the admin portal's code in the background at idle time, so the
   * portal opens without waiting for it. `true`: only when a `<fe-admin-portal>` connects. Signed-out visitors never
   * fetch it (they cannot open the portal).
   */
  lazyLoadAdminPortal?: boolean;
  /** Navigation function (default `location.assign`). */
  navigate?: (url: string) => void;
  /**
   * The admin portal's navigation and appearance (admin spec §2; SI-2.30–SI-2.36), over metadata `navigation`:
   * per section `{ visibility: 'always' | 'byPermissions' | 'hidden', permissions?, fields?: { <field>: 'hidden' |
   * 'viewOnly' | 'edit' }, tabs?: { <tab>: 'hidden' | 'edit' } }`.
   */
  adminPortal?: AdminPortalOptions;
  /**
   * Hosted login (sign-in §1, §2): the login route redirects to `{baseUrl}/oauth/authorize`, the
   * callback route (`hostedLoginRedirectUrl`) exchanges the code, refresh is the silent authorize and
   * logout goes through the hosted logout (src/app/hosted.ts, loaded on demand). `baseUrl` is then the
   * identity API's own origin (its session cookie lives there).
   */
  hostedLoginBox?: boolean;
}
