/**
 * Sign-up and password configuration (api-contract D, E, P; sign-in §7 SI-7.27, SI-7.28).
 * A module of its own, loaded only by the elements that need it. Calls
 * behave as in ./auth.ts (source `login-box`, FeApiError on failure).
 */
import type { ApiClient, RequestOptions } from './client.ts';
import type { PasswordConfig, PublicAuthStrategies, SignUpRequest, SignUpResponse } from './types.ts';

import { AUTH_PATHS, type CallOptions } from './auth.ts';

/** Creates the calls on top of `client`. */
export function createUsersApi(client: ApiClient) {
  const lb = (o: CallOptions = {}, extra: RequestOptions = {}): RequestOptions => ({
    source: 'login-box',
    signal: o.signal,
    ...extra,
  });

  return {
    /**
     * Public auth strategies: `GET /identity/resources/configurations/v1/auth/strategies/public`
     * (contract getVendorPublicAuthStrategiesConfig).
     *
     * @returns `{mainAuthStrategies, secondaryAuthStrategies}`
     * @throws FeApiError
     */
    getPublicAuthStrategies(o?: CallOptions): Promise<PublicAuthStrategies> {
      return client.get<PublicAuthStrategies>(AUTH_PATHS.publicAuthStrategies, lb(o));
    },

    /**
     * Password policy: `GET /identity/resources/users/v1/passwords/config`,
     * query `userId` only when given (contract E loadPasswordConfig, SI-7.27).
     * Lengths are characters.
     *
     * @returns {@link PasswordConfig} (may be partial)
     * @throws FeApiError
     */
    getPasswordConfig(userId?: string, o?: CallOptions): Promise<PasswordConfig> {
      return client.get<PasswordConfig>(AUTH_PATHS.passwordConfig, lb(o, { query: { userId } }));
    },

    /**
     * Sign-up: `POST /identity/resources/users/v1/signUp` with {@link SignUpRequest}
     * (contract D signUpUser, SI-7.28).
     *
     * @returns the raw {@link SignUpResponse}: `{shouldActivate, userId, tenantId}` plus
     *   `authResponse` (signed in at once) or `activationToken`.
     * @throws FeApiError — e.g. 409 when the email is taken, 403 when sign-ups are off.
     */
    signUp(body: SignUpRequest, o?: CallOptions): Promise<SignUpResponse> {
      return client.post<SignUpResponse>(AUTH_PATHS.signUp, body, lb(o));
    },
  };
}
