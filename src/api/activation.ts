/**
 * Account activation and unlock calls (api-contract D; sign-in §7 SI-7.23,
 * SI-7.29). A module of its own: only the activation and unlock pages load it.
 * Every call goes without the Authorization header (SI-7.07: activate) and
 * with source `login-box`; failures throw {@link FeApiError}.
 */
import type { ApiClient } from './client.ts';
import type { LoginResponse } from './types.ts';

export const ACTIVATION_PATHS = Object.freeze({
  strategy: '/identity/resources/users/v1/activate/strategy',
  activate: '/identity/resources/users/v1/activate',
  activateWithCode: '/identity/resources/users/v1/activate/code',
  resend: '/identity/resources/users/v1/activate/reset',
  unlock: '/identity/resources/users/v3/me/unlock',
});

/** What activating a link needs: `shouldSetPassword` when the user has no password yet. */
export interface ActivationStrategy {
  shouldSetPassword: boolean;
}

/** Creates the activation and unlock calls on top of `client`. */
export function createActivationApi(client: ApiClient) {
  const o = { source: 'login-box' as const, withoutAuthorization: true };
  return {
    /**
     * `GET activate/strategy?userId&token` (contract getActivateAccountStrategy).
     * @returns `{ shouldSetPassword }`
     * @throws FeApiError — 400 when the link is missing, invalid, used, replaced or expired (the server's message).
     */
    getStrategy(params: { userId: string; token: string }): Promise<ActivationStrategy> {
      return client.get<ActivationStrategy>(ACTIVATION_PATHS.strategy, { ...o, query: params });
    },
    /**
     * `POST activate` with `{ userId, token, password? }` (contract activateAccountV2): activates
     * the account (the password is required and policy-checked when the user has none) and signs in.
     * @returns the login response (LR; or the MFA challenge when the user must pass MFA)
     * @throws FeApiError — 400 for a dead link, a missing password or one the rules refuse.
     */
    activate(params: { userId: string; token: string; password?: string }): Promise<LoginResponse> {
      return client.post<LoginResponse>(ACTIVATION_PATHS.activate, params, o);
    },
    /**
     * `POST activate/code` with `{ userId, token, code, password? }` (contract activateAccountWithOTC):
     * as {@link activate}, with the 6-digit code from the activation email.
     * @returns the login response (LR)
     * @throws FeApiError — 400 `Invalid code` (counted: too many burn the link), or as {@link activate}.
     */
    activateWithCode(params: { userId: string; token: string; code: string; password?: string }): Promise<LoginResponse> {
      return client.post<LoginResponse>(ACTIVATION_PATHS.activateWithCode, params, o);
    },
    /**
     * `POST activate/reset` with `{ email }` (contract resendActivationEmail): an account still to
     * activate gets a new link (the previous one stops working). Always answered the same way.
     * @throws FeApiError
     */
    async resendActivation(params: { email: string }): Promise<void> {
      await client.post(ACTIVATION_PATHS.resend, { email: params.email }, o);
    },
    /**
     * `POST v3/me/unlock` with `{ token }` (contract unlockMe, SI-7.29): unlocks the account locked
     * after too many failed sign-ins, with the token of the emailed link.
     * @throws FeApiError — 400 when the token is invalid, used or expired (the server's message).
     */
    async unlock(params: { token: string }): Promise<void> {
      await client.post(ACTIVATION_PATHS.unlock, { token: params.token }, o);
    },
  };
}
