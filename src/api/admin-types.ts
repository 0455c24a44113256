/**
 * Shapes of the admin API areas (api-contract §5, §G–§O, §S, §U), as Frontegg's client types declare them
 * (`@frontegg/rest-api` interfaces; the emulator's tests read the same answers through that client).
 * Dates are ISO strings; durations are named with their unit.
 */

/** A role (IRole, AB-3.01); `permissions` are permission ids. */
export interface Role {
  id: string;
  key: string;
  name: string;
  description?: string | null;
  isDefault: boolean;
  permissions: string[];
  tenantId?: string | null;
  vendorId?: string;
  level?: number;
  createdAt?: string;
  updatedAt?: string;
  /**
   * How many of the tenant's users hold the role, directly or through a group: the emulator's roles list answers it
   * (IRole has no such field; absent from a server that does not, and the roles table then leaves the cell empty).
   */
  usersCount?: number;
}

/** How a permission may be given (AB-3.03). */
export type PermissionAssignment = 'NEVER' | 'ALWAYS' | 'ASSIGNABLE';

/** A permission (IRolePermission, AB-3.02). */
export interface Permission {
  id: string;
  key: string;
  name: string;
  description?: string | null;
  categoryId?: string | null;
  fePermission?: boolean;
  roleIds?: string[];
  assignmentType?: PermissionAssignment;
  createdAt?: string;
  updatedAt?: string;
}

/** A permission category (getPermissionCategories). */
export interface PermissionCategory {
  id: string;
  name: string;
  description?: string | null;
  feCategory?: boolean;
  permissionIds: string[];
}

/** A user of the tenant as users v3 lists it (IUsersV3Data, AB-3.04). */
export interface TenantUser {
  id: string;
  email: string;
  name?: string | null;
  profilePictureUrl?: string | null;
  phoneNumber?: string | null;
  verified?: boolean;
  provider?: string;
  tenantId?: string;
  tenantIds?: string[];
  activatedForTenant?: boolean;
  isLocked?: boolean;
  isDisabled?: boolean;
  mfaEnrolled?: boolean;
  managedBy?: 'frontegg' | 'scim2' | string;
  createdAt?: string;
  lastLogin?: string | null;
  temporaryExpirationDate?: string | null;
  metadata?: string | null;
  tenants?: { tenantId: string; roles?: Role[] }[];
  /** Whether the user may act in the account's sub-accounts (admin spec §3 "Team user"; AB-6.10; issue 34). */
  subAccountAccessAllowed?: boolean;
}

/** A users-v3 page (FronteggPaginationWrapper, AB-7.02). */
export interface Page<T> {
  items: T[];
  _metadata: { totalItems: number; totalPages: number };
}

/** Users v3 presets (AB-3.07). */
export type UsersPreset = 'mfa-unenrolled' | 'breached-passwords' | 'inactive';
/** Users v3 sort fields (AB-3.06). */
export type UsersSortBy = 'createdAt' | 'name' | 'email' | 'id' | 'verified' | 'isLocked' | 'provider' | 'tenantId';

/**
 * A membership status users v3 can filter on with `_status` (the emulator's addition; Frontegg's client passes any
 * query parameter through getUsersV3): `active` = joined, enabled and not locked; `disabled` = the membership is
 * disabled; `pending` = invited, not joined yet (`activatedForTenant` false); `temporary` = with an access end;
 * `locked` = locked out.
 */
export type UsersStatus = 'active' | 'disabled' | 'pending' | 'temporary' | 'locked';

/** Query of users v3 (AB-7.01): offsets and limits are row counts, `_maxInactiveSeconds` seconds. */
export interface UsersQuery {
  _offset?: number;
  _limit?: number;
  _email?: string;
  /** Free text matched against the name and the email (Frontegg's v2 search `_filter`; the emulator's v3 takes it too). */
  _filter?: string;
  /** Only users holding this role directly (the emulator's addition). */
  _roleId?: string;
  /** Only members of this group (the emulator's addition). */
  _groupId?: string;
  _sortBy?: UsersSortBy;
  _order?: 'ASC' | 'DESC';
  _preset?: UsersPreset;
  _maxInactiveSeconds?: number;
  _includeSubTenants?: boolean;
  /** Only members in this status (see {@link UsersStatus}). */
  _status?: UsersStatus;
  /** An exact identifier (with `_identifierType`), e.g. one email address, case-insensitive. */
  _identifier?: string;
  _identifierType?: 'email' | 'phoneNumber' | 'username';
}

/** A user's role ids or group ids in the tenant (getUsersRoles / getUsersGroups). */
export interface UserRoleIds {
  userId: string;
  roleIds: string[];
}
export interface UserGroupIds {
  userId: string;
  groupIds: string[];
}

/** The add-user body (contract §G addUser; SI-3.08): `expirationInSeconds` makes a temporary user. */
export interface AddUserRequest {
  email: string;
  name?: string;
  phone?: string;
  roleIds?: string[];
  expirationInSeconds?: number;
}

/** A group (AB-3.08). */
export interface Group {
  id: string;
  name: string;
  color?: string | null;
  description?: string | null;
  metadata?: string | null;
  managedBy?: 'frontegg' | 'scim2';
  roles?: Role[];
  users?: { id: string; email: string; name?: string | null; profilePictureUrl?: string | null }[];
}

/** The fields a group is created or edited with. */
export interface GroupInput {
  name: string;
  color?: string;
  description?: string;
  metadata?: string;
}

/** Which kind of API token (AB-3.09, AB-3.10). */
export type TokenType = 'ClientCredentials' | 'AccessToken';

/**
 * An API token as listed (ITenantApiTokensData / IUserApiTokensData / access tokens): `clientId` for client credentials,
 * `id` for access tokens; `secret` only in the answer that created it; `expires` null = never.
 */
export interface ApiToken {
  clientId?: string;
  id?: string;
  description: string;
  secret?: string;
  expires?: string | null;
  createdAt?: string;
  roleIds?: string[];
  tenantId?: string;
  createdByUserId?: string;
}

/** Create-token body: `expiresInMinutes` absent = no expiry (AB-5.07, AB-5.08). */
export interface CreateTokenRequest {
  description: string;
  expiresInMinutes?: number;
  roleIds?: string[];
}

/** Account settings (AB-3.14, contract §O). */
export interface AccountSettings {
  tenantId?: string;
  name?: string;
  applicationUrl?: string;
  loginUrl?: string;
  website?: string;
  address?: string;
  timezone?: string;
  dateFormat?: string;
  timeFormat?: string;
  currency?: string;
  logo?: string;
}

/** A session of the signed-in user (AB-3.19). */
export interface UserSession {
  id: string;
  userAgent?: string | null;
  ipAddress?: string | null;
  createdAt: string;
  expires?: string;
  current: boolean;
}

/** The signed-in user's profile (UP subset the profile section edits, SI-3.07). */
export interface Profile {
  id: string;
  email: string;
  name?: string | null;
  phoneNumber?: string | null;
  profilePictureUrl?: string | null;
  metadata?: string | null;
  address?: string | null;
  jobTitle?: string | null;
}

/** Profile fields sent by updateUserProfileV2 (PUT users/v2/me). */
export interface ProfileUpdate {
  name?: string;
  phoneNumber?: string;
  profilePictureUrl?: string;
  metadata?: string;
  address?: string;
  jobTitle?: string;
}

/** MFA devices of the signed-in user (MfaDevs, contract §U). */
export interface MfaDevices {
  webauthn: { id: string; deviceType: 'Platform' | 'CrossPlatform'; name?: string }[];
  phones: { id: string; phoneNumber: string }[];
  authenticators: { id: string }[];
  emails?: { email: string }[];
}

/** The tenant's invite link of the signed-in admin (contract §I; AB-3.34): `token` goes into the sign-up URL. */
export interface InviteLink {
  id: string;
  token: string;
  /** ISO date the link stops working. */
  expires: string;
  shouldSendEmail: boolean;
  roleIds: string[];
  tenantId?: string;
}

/** Invite-link configuration (getInviteLinkConfiguration). */
export interface InviteLinkConfiguration {
  tenantInvitationsAllowed: boolean;
  emailsEnabled: boolean;
}
