/**
 * Personal and tenant API tokens (api-contract §L; AB-3.09, AB-5.07, AB-5.08, AB-6.07, AB-7.20). Client-credentials
 * tokens are keyed by `clientId`, access tokens by `id`; the secret comes back once, in the answer that created it.
 */
import type { ApiClient } from './client.ts';
import { adminOptions } from './admin-request.ts';
import type { CallOptions } from './request.ts';
import type { ApiToken, CreateTokenRequest, TokenType } from './admin-types.ts';

/**
 * A token as the emulator lists and creates it: {@link ApiToken} plus its `type` and `expiresInMinutes` (AB-3.09;
 * `null` = no expiry). `id` is always there; `clientId` only for client credentials; `roleIds` only for tenant tokens.
 */
export interface TokenInfo extends ApiToken {
  type?: TokenType;
  expiresInMinutes?: number | null;
}

/** Whose token: the signed-in user's (personal) or the tenant's. */
export type TokenOwner = 'user' | 'tenant';

const ID = '/identity/resources';

/** Paths, without the `/{prefix}`, by owner and type. */
export const TOKEN_PATHS = Object.freeze({
  user: { ClientCredentials: `${ID}/users/api-tokens/v1`, AccessToken: `${ID}/users/access-tokens/v1` },
  tenant: { ClientCredentials: `${ID}/tenants/api-tokens/v1`, AccessToken: `${ID}/tenants/access-tokens/v1` },
  tenantCreate: `${ID}/tenants/api-tokens/v2`,
});

/** Days to the `expiresInMinutes` of the create call (AB-5.07: days × 1440); `null` (none) = no expiry (AB-5.08). */
export function expiresInMinutes(days: number | null | undefined): number | undefined {
  return days ? days * 1440 : undefined;
}

/** Creates the token calls on top of `client`. */
export function createTokensApi(client: ApiClient) {
  return {
    /** `GET …/api-tokens/v1` or `GET …/access-tokens/v1` (the answer's `accessTokens`) of `owner`. */
    async list(owner: TokenOwner, type: TokenType, o?: CallOptions): Promise<TokenInfo[]> {
      const answer = await client.get<TokenInfo[] | { accessTokens: TokenInfo[] }>(TOKEN_PATHS[owner][type], adminOptions(o));
      return Array.isArray(answer) ? answer : (answer.accessTokens ?? []);
    },
    /**
     * Creates a token: personal client credentials `POST users/api-tokens/v1`, tenant ones `POST tenants/api-tokens/v2`
     * (with `roleIds`, AB-6.07), access tokens `POST …/access-tokens/v1`.
     * @returns the token with its `secret` (shown once)
     */
    create(owner: TokenOwner, type: TokenType, body: CreateTokenRequest, o?: CallOptions): Promise<TokenInfo> {
      const path = owner === 'tenant' && type === 'ClientCredentials' ? TOKEN_PATHS.tenantCreate : TOKEN_PATHS[owner][type];
      const payload = owner === 'user' ? { description: body.description, expiresInMinutes: body.expiresInMinutes } : body;
      return client.post<TokenInfo>(path, payload, adminOptions(o));
    },
    /** `DELETE …/{clientId or id}`. */
    async remove(owner: TokenOwner, type: TokenType, id: string, o?: CallOptions): Promise<void> {
      await client.delete(`${TOKEN_PATHS[owner][type]}/${encodeURIComponent(id)}`, undefined, adminOptions(o));
    },
  };
}

/** The token calls of one client. */
export type TokensApi = ReturnType<typeof createTokensApi>;
