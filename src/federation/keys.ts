/** sessionStorage key of the social login in flight (one per tab; src/federation/index.ts writes it, the login box's start reads its redirectUrl). */
export const PENDING_KEY = 'fe-federation-pending';
/** sessionStorage key of the login page's `redirectUrl` while the browser is away at an SSO identity provider (written when pre-login finds the SSO address, taken on the OIDC/SAML callback; machines/login-more.actors.ts). */
export const SSO_RETURN_KEY = 'fe-sso-return';
