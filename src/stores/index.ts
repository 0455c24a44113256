import { atom, computed, map, type ReadableAtom } from 'nanostores';
import type { AdminBoxMetadata, EntitlementsBundle, FeatureFlags, Tenant, VendorConfig, VendorPublicInfo } from '../api/types.ts';

/**
 * The signed-in user as the elements see it (sign-in §3 "Auth user"): the
 * login response, the decoded access-token claims, the profile, the
 * authorization (roles, permissions) and the entitlements, merged in that
 * order. Tokens are never part of it: they live in {@link SessionValue}.
 */
export interface AuthUser {
  id?: string;
  sub?: string;
  email?: string;
  name?: string;
  tenantId?: string;
  tenantIds?: string[];
  roles?: { key: string; name?: string }[];
  permissions?: { key: string; name?: string }[];
  superUser?: boolean;
  mfaEnrolled?: boolean;
  emailVerified?: boolean;
  isBreachedPassword?: boolean;
  amr?: string[];
  acr?: string;
  auth_time?: number;
  entitlements?: EntitlementsBundle;
  [claim: string]: unknown;
}

/** Session state: the access token lives in memory only (never storage). */
export interface SessionValue {
  /** `true` until the start-up refresh has answered. */
  isLoading: boolean;
  isAuthenticated: boolean;
  user: AuthUser | null;
  /** Access token (JWT) in memory; `null` when signed out. */
  accessToken: string | null;
  /** Unix time in ms when the access token expires, when known. */
  expiresAt: number | null;
}

/** Tenants of the signed-in user and the active one. */
export interface TenantsValue {
  tenants: Tenant[];
  activeTenant: Tenant | null;
}

/** Application loading phases of sign-in §4, in order. */
export type LoadingPhase = 'idle' | 'flags' | 'metadata' | 'ready';

/** All stores of one app (two `<fe-app>`s have two sets). */
export interface FeStores {
  /** Session: user + in-memory access token. Replaced whole, never mutated. */
  $session: ReturnType<typeof atom<SessionValue>>;
  /** Tenants of the user. */
  $tenants: ReturnType<typeof atom<TenantsValue>>;
  /** Feature flags by name: 'on' | 'off'. Defaults to `{}` when loading fails. */
  $featureFlags: ReturnType<typeof atom<FeatureFlags>>;
  /** Admin-box metadata configuration (theme, localizations, navigation …). */
  $metadata: ReturnType<typeof atom<AdminBoxMetadata>>;
  /** Vendor public info; whiteLabelMode defaults to false. */
  $vendor: ReturnType<typeof atom<VendorPublicInfo>>;
  /** Public vendor configuration (allowSignups, authStrategy …); `{}` when it could not load. */
  $vendorConfig: ReturnType<typeof atom<VendorConfig>>;
  /** Entitlements bundle of the user, derived from the session. */
  $entitlements: ReadableAtom<EntitlementsBundle | undefined>;
  /** Loading phase of the app (sign-in §4 loading order). */
  $loading: ReturnType<typeof map<{ phase: LoadingPhase }>>;
}

/** The signed-out session. */
export const SIGNED_OUT: SessionValue = Object.freeze({
  isLoading: false,
  isAuthenticated: false,
  user: null,
  accessToken: null,
  expiresAt: null,
}) as SessionValue;

/** Creates the stores of one app, in their defaults. */
export function createStores(): FeStores {
  const $session = atom<SessionValue>({ ...SIGNED_OUT, isLoading: true });
  return {
    $session,
    $tenants: atom<TenantsValue>({ tenants: [], activeTenant: null }),
    $featureFlags: atom<FeatureFlags>({}),
    $metadata: atom<AdminBoxMetadata>({}),
    $vendor: atom<VendorPublicInfo>({ whiteLabelMode: false } as VendorPublicInfo),
    $vendorConfig: atom<VendorConfig>({}),
    $entitlements: computed($session, (s) => s.user?.entitlements),
    $loading: map({ phase: 'idle' as LoadingPhase }),
  };
}

/** Sets the signed-in session (whole value). */
export function setSession(stores: FeStores, user: AuthUser, accessToken: string, expiresInSeconds?: number): void {
  stores.$session.set({
    isLoading: false,
    isAuthenticated: true,
    user,
    accessToken,
    expiresAt: expiresInSeconds ? Date.now() + expiresInSeconds * 1000 : null,
  });
}

/** Stores only the access token (sign-in §4: the token is stored before anything else loads). */
export function setAccessToken(stores: FeStores, accessToken: string): void {
  stores.$session.set({ ...stores.$session.get(), accessToken });
}

/** Clears the user and the access token (failed refresh, logout, MFA required). */
export function clearSession(stores: FeStores): void {
  stores.$session.set(SIGNED_OUT);
  stores.$tenants.set({ tenants: [], activeTenant: null });
}
