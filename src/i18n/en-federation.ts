/**
 * English messages: social login buttons and federated sign-in (social, OIDC
 * and SAML SSO; sign-in §3, §8). Pure data: src/federation and its views
 * register them when they load (on demand). Provider names are brand text,
 * overridable like every message.
 */
export const enFederation = {
  'federation.or': 'or',
  'federation.group': 'Sign in with another account',
  'federation.continueWith': 'Continue with {provider}',
  'federation.redirecting': 'Redirecting to {provider}…',
  'federation.provider.microsoft': 'Microsoft',
  'federation.provider.facebook': 'Facebook',
  'federation.provider.google': 'Google',
  'federation.provider.github': 'GitHub',
  'federation.provider.slack': 'Slack',
  'federation.provider.apple': 'Apple',
  'federation.provider.linkedin': 'LinkedIn',
  'federation.provider.custom': 'your company account',
  /** sign-in §8, verbatim: a social or OIDC login failure. */
  'federation.failed': 'Failed to authenticate',
  'federation.error.cancelled': 'The sign-in was cancelled at the identity provider.',
  'federation.error.stale': 'This sign-in link is no longer valid. Start the sign-in again.',
  'federation.error.unavailable': 'This sign-in method is not available right now.',
} as const;
