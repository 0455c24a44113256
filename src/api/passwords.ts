/**
 * Password reset calls (api-contract E; sign-in §7 SI-7.25) and the signed-in
 * user's password change (SI-7.26). A module of its own: only the password
 * pages load it.
 */
import type { ApiClient } from './client.ts';

export const PASSWORD_PATHS = Object.freeze({
  forgot: '/identity/resources/users/v1/passwords/reset',
  validate: '/identity/resources/users/v1/passwords/reset/validate',
  verify: '/identity/resources/users/v1/passwords/reset/verify',
  change: '/identity/resources/users/v1/passwords/change',
});

/** Creates the password reset calls on top of `client`. */
export function createPasswordsApi(client: ApiClient) {
  const o = { source: 'login-box' as const, withoutAuthorization: true };
  return {
    /**
     * `POST passwords/reset` with `{ email }`: the server emails a reset link (always 200: no enumeration).
     * @throws FeApiError
     */
    async forgotPassword(params: { email: string }): Promise<void> {
      await client.post(PASSWORD_PATHS.forgot, { email: params.email }, o);
    },
    /**
     * `POST passwords/reset/validate` with `{ userId, token }`: 2xx when the link is live.
     * @throws FeApiError — 400/410 when it is expired or used.
     */
    async validate(params: { userId: string; token: string }): Promise<void> {
      await client.post(PASSWORD_PATHS.validate, params, o);
    },
    /**
     * `POST passwords/reset/verify` with `{ userId, token, password }`: sets the new password; the link is spent.
     * @throws FeApiError — e.g. a password the rules refuse, or a spent link.
     */
    async resetPassword(params: { userId: string; token: string; password: string }): Promise<void> {
      await client.post(PASSWORD_PATHS.verify, params, o);
    },
    /**
     * `POST passwords/change` with `{ password, newPassword }` and the bearer (api-contract
     * changePassword, SI-7.26): the signed-in user's new password. The user's other sessions end.
     * @throws FeApiError — 400 when `password` is not the current one or the rules refuse `newPassword`; 401 signed out.
     */
    async changePassword(params: { password: string; newPassword: string }): Promise<void> {
      await client.post(PASSWORD_PATHS.change, { password: params.password, newPassword: params.newPassword }, { source: 'admin-portal' });
    },
  };
}
