/**
 * Invitation and impersonation calls (api-contract D acceptInvitation /
 * acceptInvitationWithOTC / activateAccount, F impersonate, I
 * verifyInviteToken; sign-in §7 SI-7.24, SI-7.50, SI-7.57). A module of its
 * own: only the accept-invitation and impersonation pages load it.
 */
import type { ApiClient } from './client.ts';
import type { LoginResponse } from './types.ts';

/** Paths, without the `/{prefix}`. */
export const INVITATION_PATHS = Object.freeze({
  accept: '/identity/resources/users/v1/invitation/accept',
  acceptWithCode: '/identity/resources/users/v1/invitation/accept/code',
  resend: '/identity/resources/users/v1/invitation/reset',
  activate: '/identity/resources/users/v1/activate',
  verifyInviteToken: '/identity/resources/tenants/invites/v1/verify',
  impersonate: '/identity/resources/impersonation/v1',
});

/** `errorCode` of an invitation whose tenant is locked (api-contract §3). */
export const TENANT_LOCKED_ERROR_CODE = 'ER-01239';

/**
 * Answer of accepting an invitation. The contract says `void`; the server
 * (and the emulator) answer the joined tenant and, when the invitee has no
 * password yet, `shouldSetPassword` with an `activationToken` for
 * {@link createInvitationApi activate}.
 */
export interface AcceptInvitationResult {
  userId?: string;
  tenantId?: string;
  tenantName?: string;
  shouldSetPassword?: boolean;
  activationToken?: string;
}

/** Answer of `POST impersonation/v1`: a session of the impersonated user. */
export interface ImpersonationResponse extends LoginResponse {
  accessToken: string;
  tokenType?: string;
}

/**
 * The tenant name from a verify-invite-token answer: the server answers a
 * JSON string; an object `{ name }` is read as well (SI-7.50).
 */
export function tenantNameOf(answer: unknown): string | undefined {
  if (typeof answer === 'string') return answer || undefined;
  if (answer && typeof answer === 'object' && typeof (answer as { name?: unknown }).name === 'string') return (answer as { name: string }).name || undefined;
  return undefined;
}

/**
 * True when the user (or the access-token claims merged into it) carries the
 * `act` claim (RFC 8693 actor): the session is an impersonation by `act.sub`.
 */
export function isImpersonated(user: object | null | undefined): boolean {
  const act = (user as { act?: unknown } | null | undefined)?.act;
  return !!act && (typeof act !== 'object' || Object.keys(act as object).length > 0);
}

/** The impersonating admin's id (`act.sub`), when the session is an impersonation. */
export function impersonatorOf(user: object | null | undefined): string | undefined {
  const act = (user as { act?: unknown } | null | undefined)?.act as { sub?: unknown } | undefined;
  return act && typeof act === 'object' && typeof act.sub === 'string' ? act.sub : undefined;
}

/** Creates the invitation calls on top of `client` (source `login-box`; no bearer). */
export function createInvitationApi(client: ApiClient) {
  const o = { source: 'login-box' as const, withoutAuthorization: true };
  return {
    /**
     * `POST users/v1/invitation/accept` with `{ userId, token }` (the emailed link).
     * @returns {@link AcceptInvitationResult}
     * @throws FeApiError — 400 when the link is invalid, expired or used; 400 `ER-01239` when the tenant is locked.
     */
    async acceptInvitation(params: { userId: string; token: string }): Promise<AcceptInvitationResult> {
      return ((await client.post<AcceptInvitationResult>(INVITATION_PATHS.accept, { userId: params.userId, token: params.token }, o)) ?? {}) as AcceptInvitationResult;
    },
    /**
     * `POST users/v1/invitation/accept/code` with `{ userId, token, code }` (the emailed 6-digit code).
     * @returns {@link AcceptInvitationResult}
     * @throws FeApiError — 400 `Invalid code` (errorCode `ER-INVALID-CODE`) for a wrong code, else as {@link acceptInvitation}.
     */
    async acceptInvitationWithCode(params: { userId: string; token: string; code: string }): Promise<AcceptInvitationResult> {
      return ((await client.post<AcceptInvitationResult>(INVITATION_PATHS.acceptWithCode, params, o)) ?? {}) as AcceptInvitationResult;
    },
    /**
     * `POST users/v1/invitation/reset` with `{ email }`: sends the latest pending invitation again (the old link stops working).
     * @throws FeApiError
     */
    async resendInvitation(params: { email: string }): Promise<void> {
      await client.post(INVITATION_PATHS.resend, { email: params.email }, o);
    },
    /**
     * `POST users/v1/activate` with `{ userId, token, password }` — `token` is the
     * accept answer's `activationToken`. Sets the password and signs in.
     * @returns a login response (refresh cookie set), or an MFA challenge (`mfaToken`, no `accessToken`).
     * @throws FeApiError — e.g. a password the policy refuses, or a spent token.
     */
    activate(params: { userId: string; token: string; password: string }): Promise<LoginResponse> {
      return client.post<LoginResponse>(INVITATION_PATHS.activate, params, o);
    },
    /**
     * `POST tenants/invites/v1/verify` with `{ token }` (a tenant invite-link token, the `invitationToken` of sign-up).
     * @returns the tenant's name (the answer is a JSON string; `{ name }` is read too), or undefined.
     * @throws FeApiError — 400 invalid or expired; 400 `ER-01239` locked tenant.
     */
    async verifyInviteToken(params: { token: string }): Promise<string | undefined> {
      return tenantNameOf(await client.post<unknown>(INVITATION_PATHS.verifyInviteToken, { token: params.token }, o));
    },
  };
}

/** Creates the impersonation call on top of `client` (the admin's bearer from the session). */
export function createImpersonationApi(client: ApiClient) {
  return {
    /**
     * `POST impersonation/v1` with `{ impersonatedUserId, actorToken, redirectUrl }`
     * and the admin's bearer (SI-7.57). Needs `fe.secure.write.impersonation`.
     * @returns a session of the impersonated user (refresh cookie set); its tokens carry `act: { sub: <admin id> }`.
     * @throws FeApiError — 401 not signed in; 403 missing permission or already impersonating; 404 user not in the tenant; 400 self or locked user.
     */
    impersonate(params: { impersonatedUserId: string; actorToken?: string | null; redirectUrl?: string | null }): Promise<ImpersonationResponse> {
      return client.post<ImpersonationResponse>(
        INVITATION_PATHS.impersonate,
        { impersonatedUserId: params.impersonatedUserId, actorToken: params.actorToken ?? undefined, redirectUrl: params.redirectUrl ?? undefined },
        { source: 'login-box' },
      );
    },
  };
}
