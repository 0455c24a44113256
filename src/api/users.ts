/**
 * The account lifecycle under `/identity/resources/users` (api-contract D, E;
 * sign-in §7 SI-7.23–SI-7.29): sign-up and the password policy, account
 * activation and unlock, invitations, password reset and change, and the
 * reset of a lost phone number. A module of its own, loaded only by the
 * elements and steps that need it.
 *
 * Every call sends `frontegg-source: login-box` and rejects with an
 * {@link FeApiError}, except where noted. The link- and code-based calls
 * (activation, unlock, invitation, password reset, phone reset) go without the
 * Authorization header (SI-7.07): the emailed token is the credential. Every
 * function takes an optional trailing {@link CallOptions} (`signal`).
 */
import type { ApiClient, RequestOptions } from './client.ts';
import { AUTH_PATHS } from './auth.ts';
import { requestOptions, type CallOptions } from './request.ts';
import type { LoginResponse, PasswordConfig, SignUpRequest, SignUpResponse } from './types.ts';

const U = '/identity/resources/users';

/** Paths, without the `/{prefix}`. */
export const USERS_PATHS = Object.freeze({
  signUp: AUTH_PATHS.signUp,
  passwordConfig: AUTH_PATHS.passwordConfig,
  activationStrategy: `${U}/v1/activate/strategy`,
  activate: `${U}/v1/activate`,
  activateWithCode: `${U}/v1/activate/code`,
  resendActivation: `${U}/v1/activate/reset`,
  unlock: `${U}/v3/me/unlock`,
  acceptInvitation: `${U}/v1/invitation/accept`,
  acceptInvitationWithCode: `${U}/v1/invitation/accept/code`,
  resendInvitation: `${U}/v1/invitation/reset`,
  forgotPassword: AUTH_PATHS.forgotPassword,
  validateResetPasswordToken: `${U}/v1/passwords/reset/validate`,
  resetPassword: `${U}/v1/passwords/reset/verify`,
  changePassword: `${U}/v1/passwords/change`,
  resetPhoneNumber: `${U}/v1/phone/reset`,
  verifyResetPhoneNumber: `${U}/v1/phone/reset/verify`,
  changePhoneNumber: `${U}/v1/phone/change`,
});

/** `errorCode` of an invitation whose tenant is locked (api-contract §3). */
export const TENANT_LOCKED_ERROR_CODE = 'ER-01239';

/** What activating a link needs: `shouldSetPassword` when the user has no password yet. */
export interface ActivationStrategy {
  shouldSetPassword: boolean;
}

/**
 * Answer of accepting an invitation. The contract says `void`; the server
 * (and the emulator) answer the joined tenant and, when the invitee has no
 * password yet, `shouldSetPassword` with an `activationToken` for
 * `activateAccount`.
 */
export interface AcceptInvitationResult {
  userId?: string;
  tenantId?: string;
  tenantName?: string;
  shouldSetPassword?: boolean;
  activationToken?: string;
}

/** The link- and code-based calls: no bearer (SI-7.07), so the client never refreshes on their 401. */
const NO_BEARER: RequestOptions = { withoutAuthorization: true };

/** Answer of `POST impersonation/v1`: a session of the impersonated user. */
export interface ImpersonationResponse extends LoginResponse {
  accessToken: string;
  tokenType?: string;
}

/** Creates the account-lifecycle calls on top of `client`. */
export function createUsersApi(client: ApiClient) {
  return {
    /**
     * Sign-up: `POST users/v1/signUp` with {@link SignUpRequest} (contract D signUpUser, SI-7.28).
     * @returns the raw {@link SignUpResponse}: `{shouldActivate, userId, tenantId}` plus
     *   `authResponse` (signed in at once) or `activationToken`.
     * @throws FeApiError — e.g. 409 when the email is taken, 403 when sign-ups are off.
     */
    signUp(body: SignUpRequest, o?: CallOptions): Promise<SignUpResponse> {
      return client.post<SignUpResponse>(USERS_PATHS.signUp, body, requestOptions(o, { noRefresh: true }));
    },

    /**
     * Password policy: `GET users/v1/passwords/config`, query `userId` only when given
     * (contract E loadPasswordConfig, SI-7.27). Lengths are characters.
     * @returns {@link PasswordConfig} (may be partial)
     * @throws FeApiError
     */
    getPasswordConfig(userId?: string, o?: CallOptions): Promise<PasswordConfig> {
      return client.get<PasswordConfig>(USERS_PATHS.passwordConfig, requestOptions(o, { query: { userId } }));
    },

    // ── activation and unlock (SI-7.23, SI-7.29) ──

    /**
     * `GET users/v1/activate/strategy?userId&token` (contract getActivateAccountStrategy).
     * @returns `{ shouldSetPassword }`
     * @throws FeApiError — 400 when the link is missing, invalid, used, replaced or expired (the server's message).
     */
    getActivationStrategy(params: { userId: string; token: string }, o?: CallOptions): Promise<ActivationStrategy> {
      return client.get<ActivationStrategy>(USERS_PATHS.activationStrategy, requestOptions(o, { ...NO_BEARER, query: params }));
    },

    /**
     * `POST users/v1/activate` with `{ userId, token, password? }` (contract activateAccountV2): activates
     * the account (the password is required and policy-checked when the user has none) and signs in.
     * Also the last step of an invitation whose invitee has no password: `token` is then the accept
     * answer's `activationToken`.
     * @returns the login response (refresh cookie set), or the MFA challenge (`mfaToken`, no `accessToken`).
     * @throws FeApiError — 400 for a dead link or token, a missing password or one the rules refuse.
     */
    activateAccount(params: { userId: string; token: string; password?: string }, o?: CallOptions): Promise<LoginResponse> {
      return client.post<LoginResponse>(USERS_PATHS.activate, params, requestOptions(o, NO_BEARER));
    },

    /**
     * `POST users/v1/activate/code` with `{ userId, token, code, password? }` (contract activateAccountWithOTC):
     * as {@link activateAccount}, with the 6-digit code from the activation email.
     * @returns the login response (LR)
     * @throws FeApiError — 400 `Invalid code` (counted: too many burn the link), or as {@link activateAccount}.
     */
    activateAccountWithCode(params: { userId: string; token: string; code: string; password?: string }, o?: CallOptions): Promise<LoginResponse> {
      return client.post<LoginResponse>(USERS_PATHS.activateWithCode, params, requestOptions(o, NO_BEARER));
    },

    /**
     * `POST users/v1/activate/reset` with `{ email }` (contract resendActivationEmail): an account still to
     * activate gets a new link (the previous one stops working). Always answered the same way.
     * @throws FeApiError
     */
    async resendActivation(params: { email: string }, o?: CallOptions): Promise<void> {
      await client.post(USERS_PATHS.resendActivation, { email: params.email }, requestOptions(o, NO_BEARER));
    },

    /**
     * `POST users/v3/me/unlock` with `{ token }` (contract unlockMe, SI-7.29): unlocks the account locked
     * after too many failed sign-ins, with the token of the emailed link.
     * @throws FeApiError — 400 when the token is invalid, used or expired (the server's message).
     */
    async unlockAccount(params: { token: string }, o?: CallOptions): Promise<void> {
      await client.post(USERS_PATHS.unlock, { token: params.token }, requestOptions(o, NO_BEARER));
    },

    // ── invitations (SI-7.24) ──

    /**
     * `POST users/v1/invitation/accept` with `{ userId, token }` (the emailed link).
     * @returns {@link AcceptInvitationResult}
     * @throws FeApiError — 400 when the link is invalid, expired or used; 400 `ER-01239` when the tenant is locked.
     */
    async acceptInvitation(params: { userId: string; token: string }, o?: CallOptions): Promise<AcceptInvitationResult> {
      const r = await client.post<AcceptInvitationResult>(USERS_PATHS.acceptInvitation, { userId: params.userId, token: params.token }, requestOptions(o, NO_BEARER));
      return (r ?? {}) as AcceptInvitationResult;
    },

    /**
     * `POST users/v1/invitation/accept/code` with `{ userId, token, code }` (the emailed 6-digit code).
     * @returns {@link AcceptInvitationResult}
     * @throws FeApiError — 400 `Invalid code` (errorCode `ER-INVALID-CODE`) for a wrong code, else as {@link acceptInvitation}.
     */
    async acceptInvitationWithCode(params: { userId: string; token: string; code: string }, o?: CallOptions): Promise<AcceptInvitationResult> {
      return ((await client.post<AcceptInvitationResult>(USERS_PATHS.acceptInvitationWithCode, params, requestOptions(o, NO_BEARER))) ?? {}) as AcceptInvitationResult;
    },

    /**
     * `POST users/v1/invitation/reset` with `{ email }`: sends the latest pending invitation again (the old link stops working).
     * @throws FeApiError
     */
    async resendInvitation(params: { email: string }, o?: CallOptions): Promise<void> {
      await client.post(USERS_PATHS.resendInvitation, { email: params.email }, requestOptions(o, NO_BEARER));
    },

    // ── passwords (SI-7.25, SI-7.26) ──

    /**
     * `POST users/v1/passwords/reset` with `{ email }`: the server emails a reset link (always 200: no enumeration).
     * @throws FeApiError
     */
    async forgotPassword(params: { email: string }, o?: CallOptions): Promise<void> {
      await client.post(USERS_PATHS.forgotPassword, { email: params.email }, requestOptions(o, NO_BEARER));
    },

    /**
     * `POST users/v1/passwords/reset/validate` with `{ userId, token }`: resolves when the link is live.
     * @throws FeApiError — 400/410 when it is expired or used.
     */
    async validateResetPasswordToken(params: { userId: string; token: string }, o?: CallOptions): Promise<void> {
      await client.post(USERS_PATHS.validateResetPasswordToken, params, requestOptions(o, NO_BEARER));
    },

    /**
     * `POST users/v1/passwords/reset/verify` with `{ userId, token, password }`: sets the new password; the link is spent.
     * @throws FeApiError — e.g. a password the rules refuse, or a spent link.
     */
    async resetPassword(params: { userId: string; token: string; password: string }, o?: CallOptions): Promise<void> {
      await client.post(USERS_PATHS.resetPassword, params, requestOptions(o, NO_BEARER));
    },

    /**
     * `POST users/v1/passwords/change` with `{ password, newPassword }` and the bearer, source
     * `admin-portal` (api-contract changePassword, SI-7.26): the signed-in user's new password. The
     * user's other sessions end.
     * @throws FeApiError — 400 when `password` is not the current one or the rules refuse `newPassword`; 401 signed out.
     */
    async changePassword(params: { password: string; newPassword: string }, o?: CallOptions): Promise<void> {
      await client.post(USERS_PATHS.changePassword, { password: params.password, newPassword: params.newPassword }, requestOptions(o, { source: 'admin-portal' }));
    },

    // ── reset of a lost phone number (contract E) ──

    /**
     * `POST users/v1/phone/reset` with `{ email }` → `{ resetPhoneNumberToken }`; a 6-digit code is emailed
     * (an unknown email gets a token that never verifies: no enumeration).
     * @throws FeApiError — 429 `Too many requests. Try again in N seconds` when a code was sent moments ago.
     */
    resetPhoneNumber(params: { email: string }, o?: CallOptions): Promise<{ resetPhoneNumberToken: string }> {
      return client.post<{ resetPhoneNumberToken: string }>(USERS_PATHS.resetPhoneNumber, { email: params.email }, requestOptions(o, NO_BEARER));
    },

    /**
     * `POST users/v1/phone/reset/verify` with `{ resetPhoneNumberToken, code }` → `{ changePhoneNumberToken }`.
     * @throws FeApiError — 400 `Invalid code`, or an expired / used / replaced token.
     */
    verifyResetPhoneNumber(params: { resetPhoneNumberToken: string; code: string }, o?: CallOptions): Promise<{ changePhoneNumberToken: string }> {
      return client.post<{ changePhoneNumberToken: string }>(USERS_PATHS.verifyResetPhoneNumber, params, requestOptions(o, NO_BEARER));
    },

    /**
     * `PUT users/v1/phone/change` with `{ changePhoneNumberToken, phoneNumber }` (E.164) → `{}`.
     * @throws FeApiError — 400 a number that is not E.164 or an expired token, 409 a number of another user.
     */
    async changePhoneNumber(params: { changePhoneNumberToken: string; phoneNumber: string }, o?: CallOptions): Promise<void> {
      await client.put(USERS_PATHS.changePhoneNumber, params, requestOptions(o, NO_BEARER));
    },

    /**
     * Impersonation: `POST /identity/resources/impersonation/v1` with
     * `{ impersonatedUserId, actorToken, redirectUrl }` and the admin's bearer (contract F impersonate,
     * SI-7.57). Needs `fe.secure.write.impersonation`.
     *
     * @returns a session of the impersonated user (refresh cookie set); its tokens carry `act: { sub: <admin id> }`.
     * @throws FeApiError — 401 not signed in; 403 missing permission or already impersonating; 404 user not
     *   in the tenant; 400 self or locked user.
     */
    impersonate(params: { impersonatedUserId: string; actorToken?: string | null; redirectUrl?: string | null }, o?: CallOptions): Promise<ImpersonationResponse> {
      return client.post<ImpersonationResponse>(
        AUTH_PATHS.impersonate,
        { impersonatedUserId: params.impersonatedUserId, actorToken: params.actorToken ?? undefined, redirectUrl: params.redirectUrl ?? undefined },
        // the body carries the admin's token too: a refreshed bearer would not match it, so no refresh on 401
        requestOptions(o, { noRefresh: true }),
      );
    },
  };
}

/** The account-lifecycle calls of one client. */
export type UsersApi = ReturnType<typeof createUsersApi>;
