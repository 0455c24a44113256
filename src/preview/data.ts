/**
 * Canned demo data of preview (builder) mode (sign-in §1; checklist SI-1.09,
 * SI-1.10). Plain values and pure builders only: no network, no stores. The
 * preview transport (./transport.ts) answers every API call from here.
 *
 * Demo sign-in: any email and any non-empty password sign in as that email.
 * Scenarios, chosen by the email's plus-tag (e.g. `demo+mfa@preview.invalid`):
 * - `+mfa`: two-factor verify (any 6-digit code);
 * - `+enroll`: two-factor enrolment forced (QR code, secret, then recovery code);
 * - `+breached`: the password is reported as breached;
 * - password `wrong`: 401 "Invalid authentication".
 */
import type {
  AdminBoxMetadata,
  AuthenticatorEnrollment,
  Authorization,
  EntitlementsBundle,
  FeatureFlags,
  LoginResponse,
  PasswordConfig,
  PublicAuthStrategies,
  Tenant,
  TenantsResponse,
  UserProfile,
  VendorConfig,
  VendorPublicInfo,
} from '../api/types.ts';

/**
 * The fixed feature flags of preview mode, all 'on' (sign-in §1, SI-1.10):
 * IP restrictions, domain restrictions, new MFA pages, passkeys, groups,
 * MSP all-accounts and temporary users.
 */
export const PREVIEW_FEATURE_FLAGS = Object.freeze([
  'admin_portal_ip_restrictions',
  'admin_portal_domain_restrictions',
  'admin_portal_new_mfa_pages',
  'admin_portal_passkeys',
  'admin_portal_groups',
  'admin_portal_msp_all_accounts',
  'admin_portal_temporary_users',
] as const);

/** `GET /flags` in preview: every {@link PREVIEW_FEATURE_FLAGS} entry 'on'. */
export const PREVIEW_FLAGS: FeatureFlags = Object.freeze(Object.fromEntries(PREVIEW_FEATURE_FLAGS.map((name) => [name, 'on' as const])));

/** The demo email used by stories. */
export const PREVIEW_EMAIL = 'demo@preview.invalid';
/** Tenant of the demo user. */
export const PREVIEW_TENANT: Tenant = Object.freeze({
  id: 'preview-tenant',
  tenantId: 'preview-tenant',
  name: 'Acme (preview)',
  vendorId: 'preview-vendor',
  isReseller: false,
  timezone: 'UTC',
  currency: 'USD',
  createdAt: '2024-01-01T00:00:00.000Z',
});

/** `GET /vendors/public`. */
export const PREVIEW_VENDOR_PUBLIC_INFO: VendorPublicInfo = Object.freeze({ name: 'Acme (preview)', logo: '', icon: '', whiteLabelMode: false });

/** `GET /identity/resources/configurations/v1/public`. */
export const PREVIEW_VENDOR_CONFIG: VendorConfig = Object.freeze({
  allowSignups: true,
  allowNotVerifiedUsersLogin: false,
  apiTokensEnabled: true,
  forcePermissions: false,
  authStrategy: 'EmailAndPassword',
  machineToMachineAuthStrategy: 'ClientCredentials',
});

/** `GET …/configurations/v1/auth/strategies/public`. */
export const PREVIEW_AUTH_STRATEGIES: PublicAuthStrategies = Object.freeze<PublicAuthStrategies>({
  mainAuthStrategies: [{ strategy: 'EmailAndPassword' }],
  secondaryAuthStrategies: [{ strategy: 'Passkeys', isActive: true }],
});

/** `GET …/users/v1/passwords/config`: the demo configuration of admin spec §5 (AB-5.09). */
export const PREVIEW_PASSWORD_CONFIG: PasswordConfig = Object.freeze({
  allowPassphrases: true,
  maxLength: 128,
  minLength: 6,
  minPhraseLength: 6,
  minOptionalTestsToPass: 1,
  requiredTests: { checkThreeRepeatedChars: true },
  optionalTests: { requireLowercase: true, requireUppercase: true, requireNumbers: true, requireSpecialChars: false },
});

/**
 * `rows[0].configuration` of `GET /metadata?entityName=adminBox`. No theme on
 * purpose: a metadata theme is applied to the element at run time and would
 * override a host's `--fe-*` values (the Themed story).
 */
export const PREVIEW_METADATA: AdminBoxMetadata = Object.freeze({
  navigation: {
    usage: { visibility: 'byPermissions' },
    webhooks: { visibility: 'byPermissions' },
    roles: { visibility: 'byPermissions' },
    groups: { visibility: 'byPermissions' },
    sso: { visibility: 'byPermissions' },
    allAccounts: { visibility: 'byPermissions' },
  },
  integrations: { analytics: [] },
});

const ADMIN_ROLE = {
  id: 'preview-role-admin',
  key: 'Admin',
  name: 'Admin',
  isDefault: false,
  tenantId: PREVIEW_TENANT.tenantId,
  permissions: ['preview-perm-users-read', 'preview-perm-all'],
};
const PERMISSIONS = [
  { id: 'preview-perm-all', key: 'fe.*', name: 'All admin portal permissions', fePermission: true },
  { id: 'preview-perm-users-read', key: 'fe.secure.read.users', name: 'Read users', fePermission: true },
  { id: 'preview-perm-groups-read', key: 'fe.secure.read.groups', name: 'Read groups', fePermission: true },
  { id: 'preview-perm-subaccounts', key: 'fe.account-hierarchy.read.subAccount', name: 'Read sub-accounts', fePermission: true },
];

/** `GET …/users/v1/me/authorization`. */
export const PREVIEW_AUTHORIZATION: Authorization = Object.freeze({ roles: [ADMIN_ROLE], permissions: PERMISSIONS });

/** `GET /entitlements/api/v2/user-entitlements` (expireTime -1: no expiry). */
export const PREVIEW_ENTITLEMENTS: EntitlementsBundle = Object.freeze({
  features: {
    sso: { planIds: ['preview-plan'], expireTime: -1, linkedPermissions: [] },
    'advanced-mfa': { planIds: ['preview-plan'], expireTime: -1, linkedPermissions: [] },
  },
  plans: { 'preview-plan': { defaultTreatment: 'true', rules: [] } },
  permissions: { 'fe.*': true },
});

/** `GET …/users/v3/me/tenants`. */
export const PREVIEW_TENANTS: TenantsResponse = Object.freeze({ tenants: [PREVIEW_TENANT], activeTenant: PREVIEW_TENANT });

/** The device id of the demo authenticator app. */
export const PREVIEW_DEVICE_ID = 'preview-authenticator';
/** The demo TOTP secret (base32). */
export const PREVIEW_TOTP_SECRET = 'JBSWY3DPEHPK3PXP';
/** The recovery code issued after enrolment. */
export const PREVIEW_RECOVERY_CODE = '7f3c-92ab-41de-8e10';

/**
 * `POST …/user/mfa/authenticator/enroll`: a small, valid 180×180 PNG (a real
 * QR code of the demo otpauth URI for {@link PREVIEW_TOTP_SECRET}) and the secret.
 */
export const PREVIEW_MFA_ENROLLMENT: AuthenticatorEnrollment = Object.freeze({
  qrCode:
    'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAALQAAAC0CAYAAAA9zQYyAAAAAklEQVR4AewaftIAAAhnSURBVO3BQY4cSRLAQDLR//8yV0c/hZCokmYVcDP7hbUu8bDWRR7WusjDWhd5WOsiD2td5GGtizysdZEffkPlb6qYVE4qTlSmiknlmyo+oTJVTCpTxaQyVUwqJxVvqPxNFScPa13kYa2LPKx1kR9eqvgmlTcqTlSmipOKE5WTiknljYqpYlKZKk4qPqEyVbxR8U0qbzysdZGHtS7ysNZFfviQyhsV36RyonJSMamcVHyiYlJ5Q2WqOFGZKt5QmSreUHmj4hMPa13kYa2LPKx1kR8uU/GGylRxonJSMan8TSpTxRsq/7KHtS7ysNZFHta6yA//5yomlROVqWJS+ZNU/mUVk8q/5GGtizysdZGHtS7yw4cq/iSVNyomlZOKE5WpYlI5qXij4kRlUvmTKj5R8Tc9rHWRh7Uu8rDWRX54SeW/VDGpvFExqUwVn6iYVKaKN1SmikllqphUpopJZaqYVKaKE5X/0sNaF3lY6yIPa13EfuEfpvJGxYnKJypOVKaKSWWq+ITKGxX/soe1LvKw1kUe1rrID7+hclJxovJGxRsVk8pUcaIyVZyoTBWTylRxonKiMlV8U8WJylRxojJVTCqfqDh5WOsiD2td5GGti/zwGxUnKm9UfEJlqpgqTlSmiknlpGJSmSreqJhUpopJZaqYVKaKE5Wp4kTlDZU3KiaVNx7WusjDWhd5WOsiP/yGyicqTlSmikllqphUpoqTik+oTBUnKlPFpPJfqvhExYnKVHGiMlW88bDWRR7WusjDWhf54aWKSeUTFScVk8pUMalMFScqJxWTyqQyVZyoTBX/MpWp4kRlqvimh7Uu8rDWRR7Wuoj9woHKVHGi8omKSeWk4kTlExUnKp+omFSmihOVqWJS+UTFN6lMFd/0sNZFHta6yMNaF7FfOFA5qXhDZaqYVKaKE5Wp4ptUpooTlaliUvmmikllqphUpooTlaliUpkqJpVvqjh5WOsiD2td5GGti/zwGxWTyqQyVZxUTCpvqHxC5aTiROWbKiaVqeITKicq36TyRsWJyhsPa13kYa2LPKx1kR9eqphUJpWTiqliUvkmlaliUjmpmFTeUPmbKk5Upoo3VN6oOFH5poe1LvKw1kUe1rrID19WMalMKicVJxWTyqQyVZxUTCpTxUnFicqJyv8zlZOKP6nijYe1LvKw1kUe1rrIDy+pTBVvVJyonFS8oTJVvKHyiYo3VCaVk4pJZao4UZkqpooTlaliUnmjYlKZKk4e1rrIw1oXeVjrIj/8hso3qZxUTCqTyhsVk8obFScqU8WJylTxCZVPVHyi4hMV3/Sw1kUe1rrIw1oXsV/4gMonKr5J5Y2KSeWk4kRlqjhRmSomlaliUpkqJpVvqnhD5aTimx7WusjDWhd5WOsiP7ykMlVMKm+ovFFxUnGiclIxqXyTylRxUvFNFZPKScUbKlPF3/Sw1kUe1rrIw1oXsV84UDmpmFSmikllqnhD5aRiUnmj4g2V/1LFpDJVfELlExUnKm9UnDysdZGHtS7ysNZFfnip4ptUpopJ5Q2VNyomlanijYpJZao4UZkqJpWTiknlExVvqJyonFRMKm88rHWRh7Uu8rDWRX74jYpJZaqYKiaVk4pJZap4Q2WqOFE5UflExaQyVbxR8SdVTCpTxRsqn6h442GtizysdZGHtS7yw2+oTBWTyhsVk8pUMalMFZPKVPFGxRsqJypTxf+ziknlRGWqmCo+oXJScfKw1kUe1rrIw1oXsV84UDmpmFSmim9SeaNiUvlExaQyVXxCZao4UfmmihOVk4pJZaqYVKaKTzysdZGHtS7ysNZF7Bc+oDJVnKicVEwqU8Wk8kbFicobFZ9Q+UTFpHJSMalMFZPKn1QxqUwVbzysdZGHtS7ysNZFfvgNlU+oTBVvVPxJKlPFicqkMlX8SRVvVJxUTCpvVEwq36QyVZw8rHWRh7Uu8rDWRX54qeKNihOVqWJSmSpOKiaVSeUTFZPKpPJGxSdUpopJ5Y2Kb6p4o+ITD2td5GGtizysdRH7hQOVk4oTlZOKSWWq+CaVqeJE5aRiUpkqTlSmiknlpGJSmSomlaniRGWqOFE5qZhUpopJZao4eVjrIg9rXeRhrYv88BsVf5LKVDGpvFFxUjGpTBUnFZPKGypTxaRyUjGpTBWTyonKVPGGyknFpDJVfNPDWhd5WOsiD2td5If/WMVJxSdUpoo3KiaVqWJSmVQ+UfGJiknlRGWqmFTeUJkq3qh442GtizysdZGHtS7yw2+o/EkqJxUnKp+omFQ+UXGi8obKVDFVnKicVEwqk8q/5GGtizysdZGHtS7yw29U/JdUPlFxovIJlaniDZWTijdUTiomlTcq3lA5UZkqJpWp4uRhrYs8rHWRh7Uu8sNvqPxNFVPFicobKp+omFTeqJhUTlSmim+qmFTeUJkq3qiYVD7xsNZFHta6yMNaF/nhpYpvUjlReaPijYpPVHyiYlKZKiaVk4oTlZOKSeWk4g2VqWKqmFTeeFjrIg9rXeRhrYv88CGVNyo+UfEnqZxUnKicVPxJKp9QOVH5k1Q+8bDWRR7WusjDWhf54f9cxaQyVZyonKhMFScqf1LFpHJS8U0qb1RMKlPFpDKpTBWfeFjrIg9rXeRhrYv88I+pmFQ+UTGpTBUnFW+oTBUnFZPKpDJVTCpvVPxNFScqU8XJw1oXeVjrIg9rXeSHD1X8SSpTxRsVJyonKicqU8UbKlPFScWfpDJVfFPFiconHta6yMNaF3lY6yI/vKTyX1I5qXij4g2VqWJSmSpOKk5Upoo3KiaVqWJSeUNlqjhRmSpOKt54WOsiD2td5GGti9gvrHWJh7Uu8rDWRR7WusjDWhd5WOsiD2td5GGti/wPd6mai6VHxqAAAAAASUVORK5CYII=',
  secret: PREVIEW_TOTP_SECRET,
});

/** The demo user profile for `email` (`GET …/users/v2/me`). */
export function previewProfile(email: string = PREVIEW_EMAIL): UserProfile {
  const local = email.split('@')[0]?.split('+')[0] || 'demo';
  const name = local.charAt(0).toUpperCase() + local.slice(1);
  return {
    id: 'preview-user',
    sub: 'preview-user',
    email,
    name: `${name} (preview)`,
    profilePictureUrl: null,
    verified: true,
    mfaEnrolled: false,
    tenantId: PREVIEW_TENANT.tenantId,
    tenantIds: [PREVIEW_TENANT.tenantId],
    activatedForTenant: true,
    superUser: false,
    metadata: '{}',
    roles: [ADMIN_ROLE],
    permissions: PERMISSIONS,
    createdAt: '2024-01-01T00:00:00.000Z',
  };
}

const utf8 = new TextEncoder();
/** base64url of a string (UTF-8), without padding. */
export function base64url(text: string): string {
  let binary = '';
  for (const byte of utf8.encode(text)) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}
/** Inverse of {@link base64url}. */
export function fromBase64url(text: string): string {
  const b64 = text.replace(/-/g, '+').replace(/_/g, '/');
  const binary = atob(b64 + '='.repeat((4 - (b64.length % 4)) % 4));
  return new TextDecoder().decode(Uint8Array.from(binary, (ch) => ch.charCodeAt(0)));
}

/**
 * A fake, unsigned but decodable JWT (`header.payload.sig`, base64url):
 * `jose.decodeJwt` reads its claims; nothing can verify it.
 */
export function previewJwt(claims: Record<string, unknown>): string {
  return [base64url(JSON.stringify({ alg: 'none', typ: 'JWT', kid: 'preview' })), base64url(JSON.stringify(claims)), base64url('preview-unsigned')].join('.');
}

/** Lifetime of preview access tokens, seconds. */
export const PREVIEW_EXPIRES_IN = 86400;

/**
 * A signed-in login response for `email` at `nowMs` (Unix ms): profile
 * fields, a {@link previewJwt} access token and the MFA/breach hints.
 */
export function previewLoginResponse(email: string, nowMs: number, extra: Partial<LoginResponse> & { amr?: string[] } = {}): LoginResponse {
  const profile = previewProfile(email);
  const iat = Math.floor(nowMs / 1000);
  const amr = extra.amr ?? ['pwd'];
  const accessToken = previewJwt({
    sub: profile.id,
    email,
    name: profile.name,
    tenantId: PREVIEW_TENANT.tenantId,
    tenantIds: [PREVIEW_TENANT.tenantId],
    roles: ['Admin'],
    permissions: PERMISSIONS.map((p) => p.key),
    type: 'userToken',
    iss: 'https://preview.invalid',
    aud: 'preview-client',
    amr,
    acr: amr.includes('mfa') ? 'http://schemas.openid.net/pape/policies/2007/06/multi-factor' : undefined,
    auth_time: iat,
    iat,
    exp: iat + PREVIEW_EXPIRES_IN,
  });
  return {
    ...profile,
    accessToken,
    refreshToken: 'preview-refresh-token',
    expiresIn: PREVIEW_EXPIRES_IN,
    expires: new Date(nowMs + PREVIEW_EXPIRES_IN * 1000).toISOString(),
    mfaRequired: false,
    emailVerified: true,
    isBreachedPassword: false,
    ...extra,
  };
}

/** A demo scenario, chosen by the email's plus-tag (see the module docstring). */
export type PreviewScenario = 'plain' | 'mfa' | 'enroll' | 'breached';

/** The scenario of an email: `+mfa`, `+enroll`, `+breached` tags, else 'plain'. */
export function previewScenarioOf(email: string): PreviewScenario {
  const tag = /\+([a-z]+)@/i.exec(email)?.[1]?.toLowerCase();
  return tag === 'mfa' || tag === 'enroll' || tag === 'breached' ? tag : 'plain';
}

/** The MFA token of a demo login: carries the email, so later MFA calls stay stateless. */
export function previewMfaToken(email: string): string {
  return `preview-mfa.${base64url(email)}`;
}
/** The email inside a {@link previewMfaToken} (the demo email when unreadable). */
export function emailOfMfaToken(mfaToken: unknown): string {
  const m = typeof mfaToken === 'string' ? /^preview-mfa\.(.+)$/.exec(mfaToken) : null;
  if (!m) return PREVIEW_EMAIL;
  try {
    return fromBase64url(m[1]);
  } catch {
    return PREVIEW_EMAIL;
  }
}

/** The intermediate "MFA required" login response (no access token) for `email`. */
export function previewMfaRequired(email: string, enrolled: boolean): LoginResponse {
  return {
    mfaRequired: true,
    mfaToken: previewMfaToken(email),
    mfaEnrolled: enrolled,
    mfaStrategies: ['AuthenticatorApp'],
    mfaDevices: enrolled ? { authenticators: [{ id: PREVIEW_DEVICE_ID }], webauthn: [], phones: [], emails: [] } : { authenticators: [], webauthn: [], phones: [], emails: [] },
    userEmail: email,
    email,
  };
}
