/**
 * A client whose every call carries another account's token (issue 34 item 3; api-contract §2 "Authorization
 * (override)", §F GetUserJwt): the portal acting in a sub-account sends `Authorization: <jwt>` with no `Bearer`
 * prefix, while the signed-in user's own session (and its client) stay as they are. Loaded with the admin portal only.
 */
import { clientOver, type ApiClient, type RequestOptions } from './client.ts';
import { isFeApiError } from './errors.ts';

/** Where a {@link scopedClient} gets its token. */
export interface TokenSource {
  /** The token to send now; it may mint a new one first (e.g. when the current one is about to expire). */
  token(): Promise<string>;
  /**
   * A call sent with `rejected` answered 401 (the token expired or was revoked): resolves with a new token (the call is
   * then sent once more with it), or rejects (the 401 stands).
   */
  renew(rejected: string): Promise<string>;
}

/**
 * `client`, with every call carrying `source`'s token as `Authorization: <jwt>` (RequestOptions `jwt`: no `Bearer`,
 * no session refresh, no `onRefused`). A 401 asks `source.renew` once and sends the call again with the new token; a
 * second 401 rejects with its `FeApiError`, a failed renewal with the first one's. Other failures reject as the client's.
 */
export function scopedClient(client: ApiClient, source: TokenSource): ApiClient {
  async function request<T = unknown>(path: string, options: RequestOptions = {}): Promise<T> {
    const jwt = await source.token();
    try {
      return await client.request<T>(path, { ...options, jwt });
    } catch (error) {
      if (!isFeApiError(error) || error.statusCode !== 401 || options.withoutAuthorization) throw error;
      const fresh = await source.renew(jwt).catch(() => null);
      if (!fresh || fresh === jwt) throw error;
      return client.request<T>(path, { ...options, jwt: fresh });
    }
  }
  return clientOver(client, request);
}
