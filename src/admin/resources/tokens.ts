/**
 * Personal and tenant API tokens as the portal reads and writes them (admin spec §3 "API token", §5; AB-3.09,
 * AB-3.10, AB-5.07, AB-5.08, AB-6.07, AB-7.20): one list per owner (user | tenant) and kind (ClientCredentials |
 * AccessToken), create and delete. A created token joins its cached list WITHOUT its secret: the secret is handed
 * back once, to the caller of `create`, and never kept in the cache.
 */
import type { CreateTokenRequest, TokenType } from '../../api/admin-types.ts';
import type { ApiClient } from '../../api/client.ts';
import { createTokensApi, type TokenInfo, type TokenOwner } from '../../api/tokens.ts';
import type { CacheTools, QueryContext } from './query.ts';

export type { TokenOwner, TokenType };

/** A row of a tokens table: the listed token with its kind and the key it is deleted by (`clientId`, else `id`). */
export interface TokenRow extends TokenInfo {
  /** `clientId` for client credentials, `id` for access tokens. */
  key: string;
  type: TokenType;
}

/** A token just created: its row and the secret, shown once (AB-3.09). */
export interface CreatedToken {
  row: TokenRow;
  /** The client secret (client credentials) or the signed access token (access tokens). */
  secret: string;
}

/** Key prefix of every tokens list in the cache. */
export const TOKENS_KEY = 'admin/tokens/';

/** The cache key of one list: `admin/tokens/<owner>/<type>`. */
export function tokensKey(owner: TokenOwner, type: TokenType): string {
  return `${TOKENS_KEY}${owner}/${type}`;
}

/** The row of a listed (or created) token of kind `type`, without any secret. */
export function tokenRow(token: TokenInfo, type: TokenType): TokenRow {
  const { secret, ...rest } = token;
  void secret;
  return { ...rest, type: token.type ?? type, key: token.clientId ?? token.id ?? '' };
}

function editList(cache: CacheTools, key: string, edit: (rows: TokenRow[]) => TokenRow[]): void {
  const rows = cache.read<TokenRow[]>(key);
  if (rows) cache.write(key, edit(rows));
}

/** Builds the tokens resource of one app (its API from `client`); sections read it with `resources.use(createTokensResource)`. */
export function createTokensResource(q: QueryContext, client: ApiClient) {
  const tokens = createTokensApi(client);
  const stores = new Map<string, ReturnType<typeof makeStore>>();
  function makeStore(owner: TokenOwner, type: TokenType) {
    return q.createFetcherStore<TokenRow[]>([tokensKey(owner, type)], {
      fetcher: () => tokens.list(owner, type).then((list) => list.map((t) => tokenRow(t, type))),
    });
  }

  return {
    /** The store of one list (the same store for the same owner and type: safe to call in render). */
    list(owner: TokenOwner, type: TokenType) {
      const key = tokensKey(owner, type);
      let store = stores.get(key);
      if (!store) stores.set(key, (store = makeStore(owner, type)));
      return store;
    },

    /**
     * Creates a token (AB-6.07: tenant tokens take `roleIds`; AB-5.07/AB-5.08: `expiresInMinutes` absent = never):
     * the row (no secret) is appended to its cached list; the secret comes back to the caller only.
     * @throws FeApiError
     */
    create: q.mutation<{ owner: TokenOwner; type: TokenType; body: CreateTokenRequest }, CreatedToken>(async ({ owner, type, body }, cache) => {
      const created = await tokens.create(owner, type, body);
      const row = tokenRow(created, type);
      editList(cache, tokensKey(owner, type), (rows) => [...rows.filter((r) => r.key !== row.key), row]);
      return { row, secret: created.secret ?? '' };
    }),

    /** Deletes a token by its key (AB-7.20): gone from its list once the server agrees. @throws FeApiError */
    remove: q.mutation<{ owner: TokenOwner; type: TokenType; key: string }>(async ({ owner, type, key }, cache) => {
      await tokens.remove(owner, type, key);
      editList(cache, tokensKey(owner, type), (rows) => rows.filter((r) => r.key !== key));
    }),
  };
}

/** The tokens resource of one app. */
export type TokensResource = ReturnType<typeof createTokensResource>;
