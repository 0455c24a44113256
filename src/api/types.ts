/**
 * Wire shapes of the identity API (api-contract.md §5 "Shared response shapes"
 * and sections A, B, C, D, E, F). The server does not promise every field, so
 * almost everything is optional; the client does not validate answers.
 *
 * Times: `expires` is an ISO date string, `expiresIn` is seconds, `exp` and
 * `auth_time` are Unix seconds (JWT claims).
 */

/** A role (IRole, contract §5 "Role"). */
export interface Role {
  id: string;
  key: string;
  name?: string;
  description?: string;
  isDefault?: boolean;
  permissions?: string[];
  tenantId?: string;
  vendorId?: string;
  level?: number;
  createdAt?: string;
  updatedAt?: string;
}

/** A permission (ITeamUserPermission, contract §5 "Perm"). */
export interface Permission {
  id: string;
  key: string;
  name?: string;
  description?: string;
  fePermission?: boolean;
  roleIds?: string[];
  categoryId?: string;
  createdAt?: string;
  updatedAt?: string;
}

/** MFA strategies offered at login (contract §5 "LR" mfaStrategies). */
export type MfaStrategy = 'AuthenticatorApp' | 'WebAuthnPlatform' | 'WebAuthnCrossPlatform' | 'SMS' | 'EmailCode';

/** Enrolled MFA devices (contract §5 "MfaDevs"). */
export interface MfaDevices {
  webauthn?: { id: string; deviceType: 'Platform' | 'CrossPlatform'; name?: string }[];
  phones?: { id: string; phoneNumber: string }[];
  authenticators?: { id: string }[];
  emails?: { email: string }[];
}

/** The user profile (IUserProfile = IGetUsersV2Response, contract §5 "UP"). */
export interface UserProfile {
  id: string;
  email: string;
  name?: string;
  profileImage?: string;
  profilePictureUrl?: string | null;
  sub?: string;
  verified?: boolean;
  mfaEnrolled?: boolean;
  mfaBypass?: boolean;
  phoneNumber?: string | null;
  provider?: string;
  tenantId?: string;
  tenantIds?: string[];
  activatedForTenant?: boolean;
  isLocked?: boolean;
  tenants?: { tenantId: string; roles?: Role[] }[];
  managedBy?: 'frontegg' | 'scim2';
  invisible?: boolean;
  superUser?: boolean;
  /** A JSON string, as stored by the server. */
  metadata?: string;
  createdAt?: string;
  lastLogin?: string;
  subAccountAccessAllowed?: boolean;
  temporaryExpirationDate?: string | null;
  isDisabled?: boolean;
  entitlements?: EntitlementsBundle;
  roles?: Role[];
  rolesIds?: string[];
  permissions?: Permission[];
  groups?: { id: string; roles?: Role[] }[];
}

/**
 * The login response (ILoginResponse, contract §5 "LR"): the profile fields
 * plus tokens and the MFA/redirect hints. Without `accessToken` it is an
 * intermediate answer (e.g. `mfaRequired: true` with `mfaToken`).
 */
export interface LoginResponse extends Partial<UserProfile> {
  otcToken?: string;
  mfaRequired?: boolean;
  accessToken?: string;
  refreshToken?: string;
  /** ISO date string of the access-token expiry. */
  expires?: string;
  /** Unix seconds (JWT `exp`). */
  exp?: number;
  /** Seconds until the access token expires. */
  expiresIn?: number;
  mfaToken?: string;
  qrCode?: string;
  recoveryCode?: string;
  emailVerified?: boolean;
  redirectLocation?: string;
  userEmail?: string;
  mfaStrategies?: MfaStrategy[];
  mfaDevices?: MfaDevices;
  isBreachedPassword?: boolean;
  amr?: string[];
  acr?: string;
  /** Unix seconds. */
  auth_time?: number;
  resetPasswordToken?: string;
  /** Seconds until the password expires. */
  passwordExpiresIn?: number;
  notificationPeriod?: number;
  userId?: string;
}

/** A tenant (ITenantsResponse, contract §5 "Tenant"). */
export interface Tenant {
  id?: string;
  tenantId: string;
  name: string;
  deletedAt?: string | null;
  metadata?: unknown;
  vendorId?: string;
  isReseller?: boolean;
  createdAt?: string;
  updatedAt?: string;
  address?: string;
  timezone?: string;
  dateFormat?: string;
  timeFormat?: string;
  currency?: string;
  logo?: string;
  logoUrl?: string;
}

/** `GET users/v3/me/tenants` (contract F getCurrentUserTenantsV3). */
export interface TenantsResponse {
  tenants: Tenant[];
  activeTenant: Tenant;
}

/** `GET users/v1/me/authorization` (contract F getUserAuthorization). */
export interface Authorization {
  roles: Role[];
  permissions: Permission[];
}

/** A feature-flag rule inside the entitlements bundle (contract F loadEntitlementsV2). */
export interface EntitlementRule {
  [key: string]: unknown;
}

/** Feature-flag part of an entitlements feature (contract F loadEntitlementsV2). */
export interface EntitlementFeatureFlag {
  on?: boolean;
  offTreatment?: string;
  defaultTreatment?: string;
  rules?: EntitlementRule[];
}

/** One feature of the entitlements bundle. `expireTime` is Unix ms; -1 means no expiry (SI-9.08). */
export interface EntitlementFeature {
  planIds?: string[];
  expireTime?: number | null;
  linkedPermissions?: string[];
  featureFlag?: EntitlementFeatureFlag;
  [key: string]: unknown;
}

/**
 * `GET /entitlements/api/v2/user-entitlements` (contract F loadEntitlementsV2):
 * a loose record shape; the rule engine in src/entitlements interprets it.
 */
export interface EntitlementsBundle {
  features?: Record<string, EntitlementFeature>;
  plans?: Record<string, { defaultTreatment?: string; rules?: EntitlementRule[]; [key: string]: unknown }>;
  permissions?: Record<string, boolean>;
  [key: string]: unknown;
}

/** `GET /flags` (contract F loadFeatureFlags): flag name → 'on' | 'off'. */
export type FeatureFlags = Record<string, 'on' | 'off'>;

/**
 * The adminBox metadata configuration (sign-in §3, SI-3.06): rows[0].configuration
 * of `GET /metadata?entityName=adminBox`. Every field is optional.
 */
export interface AdminBoxMetadata {
  theme?: Record<string, unknown>;
  themeV2?: Record<string, unknown>;
  localizations?: Record<string, unknown>;
  navigation?: Record<string, unknown>;
  integrations?: { analytics?: { id: string; enabled: boolean }[]; [key: string]: unknown };
  metadataOverrides?: { url?: string };
  [key: string]: unknown;
}

/** `GET /metadata?entityName=…` answer (contract F getMetadata). */
export interface MetadataResponse<C = AdminBoxMetadata> {
  rows: { id?: string; entityName?: string; configuration?: C; [key: string]: unknown }[];
}

/** `GET /vendors/public` (contract F getVendorPublicInfo). `whiteLabelMode` defaults to false (SI-3.28). */
export interface VendorPublicInfo {
  name?: string;
  logo?: string;
  icon?: string;
  whiteLabelMode: boolean;
}

/** `GET /identity/resources/configurations/v1/public` (contract F getVendorConfig). */
export interface VendorConfig {
  allowSignups?: boolean;
  allowNotVerifiedUsersLogin?: boolean;
  apiTokensEnabled?: boolean;
  forcePermissions?: boolean;
  authStrategy?: string;
  machineToMachineAuthStrategy?: 'ClientCredentials' | 'AccessToken';
  [key: string]: unknown;
}

/** A secondary auth strategy (sign-in §3, SI-3.26): a sign-in way offered beside the main one. */
export type SecondaryAuthStrategy = 'WebAuthnPlatform' | 'WebAuthnCrossPlatform' | 'SmsCode' | 'SmsCodeV2' | 'Passkeys';

/** `GET …/configurations/v1/auth/strategies/public` (contract getVendorPublicAuthStrategiesConfig). */
export interface PublicAuthStrategies {
  secondaryAuthStrategies?: { strategy: SecondaryAuthStrategy; isActive: boolean }[];
  mainAuthStrategies?: { strategy: string }[];
}

/** Password policy (contract §5 "TestCfg"); the answer may be partial. */
export interface PasswordConfig {
  allowPassphrases?: boolean;
  maxLength?: number;
  minLength?: number;
  minPhraseLength?: number;
  minOptionalTestsToPass?: number;
  requiredTests?: { checkThreeRepeatedChars?: boolean };
  optionalTests?: {
    requireLowercase?: boolean;
    requireUppercase?: boolean;
    requireNumbers?: boolean;
    requireSpecialChars?: boolean;
  };
}

/** `POST users/v1/signUp` body (contract D signUpUser). */
export interface SignUpRequest {
  email?: string;
  username?: string;
  phoneNumber?: string;
  name?: string;
  password?: string;
  companyName?: string;
  recaptchaToken?: string;
  /** A JSON string. */
  metadata?: string;
  roleIds?: string[];
  invitationToken?: string;
}

/** `POST users/v1/signUp` answer, as sent by the server (contract D signUpUser). */
export interface SignUpResponse {
  shouldActivate?: boolean;
  userId?: string;
  tenantId?: string;
  /** Present when the user is signed in straight away (`shouldActivate` false). */
  authResponse?: LoginResponse;
  activationToken?: string;
}

/** `POST auth/v2/user/sso/prelogin` answer (contract A preLoginV2). */
export interface PreLoginResult {
  address: string;
  idpType?: 'saml' | 'oidc' | string;
  addressType?: 'sso' | 'external' | string;
}

/** `POST …/user/mfa/authenticator/enroll` answer (contract B). */
export interface AuthenticatorEnrollment {
  /** A data: URL of the QR code image. */
  qrCode: string;
  /** The base32 secret, when the server exposes it. */
  secret?: string;
}

// ---------------------------------------------------------------- federation (social login, OIDC / SAML SSO)

/** Built-in social login providers (sign-in §3). */
export type SocialProviderType = 'microsoft' | 'facebook' | 'google' | 'github' | 'slack' | 'apple' | 'linkedin';

/** Login method origins (sign-in §3). */
export type LoginMethodOrigin = 'social-login' | 'custom-social-login' | 'direct';

/** One entry of `GET identity/resources/sso/v2` (contract A getSocialLoginProvidersV2). */
export interface SocialLoginProvider {
  type: SocialProviderType | string;
  clientId: string;
  redirectUrl: string;
  backendRedirectUrl?: string;
  active: boolean;
  /** The provider's OAuth 2.0 authorization endpoint. */
  authorizationUrl?: string;
  options?: { scopes?: string; [key: string]: unknown };
  customised?: boolean;
  additionalScopes?: string[];
}

/** One entry of `GET identity/resources/sso/custom/v1` → `providers` (contract A getCustomSocialLoginProvidersV1). */
export interface CustomSocialLoginProvider {
  id: string;
  type: string;
  clientId: string;
  redirectUrl: string;
  redirectUrlPattern?: string;
  authorizationUrl: string;
  userInfoUrl?: string;
  /** Space-separated scopes. */
  scopes?: string;
  ssoLogoUrl?: string;
  displayName: string;
  active: boolean;
}

/** `POST auth/v1/user/sso/{provider}/postlogin` answer (contract A loginViaSocialLogin, raw): a login response plus `isNewUser`. */
export interface SocialLoginResponse extends LoginResponse {
  isNewUser?: boolean;
  userEmail?: string;
}

/** `GET team/resources/sso/v1/saml/configurations/vendor-config` (contract V getSamlVendorConfiguration). */
export interface SamlVendorConfiguration {
  acsUrl: string;
  spEntityId: string;
}
