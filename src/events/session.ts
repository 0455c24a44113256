/**
 * Session-level events: they cross shadow roots (`composed: true`), so a host
 * that nests the elements in its own components hears them at `document`.
 */
import type { Tenant } from '../api/types.ts';
import type { PublicUser } from './user.ts';

import { eventClass } from './event-class.ts';

const SESSION = { bubbles: true, composed: true } as const;

/** Detail of `fe-login`. `restored`: the session was restored (reload, another tab), not signed in by this element. */
export interface FeLoginDetail {
  user: PublicUser;
  restored: boolean;
}
/** `fe-login`: a session started (sign-in §4). Fired by the flow that signed in, or by `<fe-app>` with `restored: true`. */
export class FeLoginEvent extends eventClass<FeLoginDetail>('fe-login', SESSION) {}

/**
 * Detail of `fe-logout`. `remote`: the session ended elsewhere (another tab, a failed refresh). `reason: 'idle'`:
 * `<fe-app>` signed the user out after the account's idle session timeout without activity in any tab (issue 22,
 * SI-3.11 `idleSessionTimeout`; the tab that signed out fires it, the other tabs fire `remote`). `reason:
 * 'ipRestricted'`: `<fe-app>` signed the user out because the server refused a call for the address under the
 * account's IP restrictions (issue 31). Either way the next `<fe-login-box>` says why.
 */
export interface FeLogoutDetail {
  remote?: true;
  reason?: 'idle' | 'ipRestricted';
}
/** `fe-logout`: the session ended. */
export class FeLogoutEvent extends eventClass<FeLogoutDetail>('fe-logout', SESSION) {}

/** Detail of `fe-session-change`. */
export interface FeSessionChangeDetail {
  isAuthenticated: boolean;
  /** The user without tokens, or null when signed out. */
  user: PublicUser | null;
}
/** `fe-session-change`: whenever the session changes (restored, signed in, signed out), from `<fe-app>`. */
export class FeSessionChangeEvent extends eventClass<FeSessionChangeDetail>('fe-session-change', SESSION) {}

/** Detail of `fe-tenant-change`. */
export interface FeTenantChangeDetail {
  tenantId: string;
  /** The tenant as the tenants list has it, when it does. */
  tenant: Tenant | null;
}
/** `fe-tenant-change`: the active tenant changed (switchTenant, `<fe-tenant-switcher>`). */
export class FeTenantChangeEvent extends eventClass<FeTenantChangeDetail>('fe-tenant-change', SESSION) {}
