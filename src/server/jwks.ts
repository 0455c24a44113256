/**
 * Access-token verification (SI-7.17): keys from `GET {baseUrl}/.well-known/jwks.json`,
 * the first key used, cached. A token signed by another key (an unknown `kid`, or a
 * signature that does not verify) makes the verifier fetch the set again, once
 * (key rotation); a refetch that did not help is not repeated for `cooldownMs`.
 */
import { errors as joseErrors, importJWK, jwtVerify, decodeProtectedHeader, type JWK, type JWTPayload, type CryptoKey } from 'jose';

export interface AccessClaims extends JWTPayload {
  sub: string;
  email?: string;
  name?: string;
  tenantId?: string;
  tenantIds?: string[];
  roles?: string[];
  permissions?: string[];
  profilePictureUrl?: string | null;
  [claim: string]: unknown;
}

export interface JwksVerifierOptions {
  jwksUrl: string;
  /** Expected `iss`; `false` or absent skips the check. */
  issuer?: string | false;
  /** Expected `aud` (the client id). */
  audience?: string;
  fetch?: typeof fetch;
  /** After a refetch that did not produce the key, no new refetch for this long. Default 30 s. */
  cooldownMs?: number;
  /** Clock tolerance in seconds, default 0 (an expired token is refreshed rather than trusted). */
  clockTolerance?: number;
}

/** The token is expired (and otherwise valid): a refresh will help. */
export class TokenExpiredError extends Error {
  constructor(readonly claims: AccessClaims) {
    super('The access token has expired');
    this.name = 'TokenExpiredError';
  }
}

export interface JwksVerifier {
  verify(token: string): Promise<AccessClaims>;
  /** How many times the key set was fetched (diagnostics, tests). */
  readonly fetches: number;
}

interface CachedKey {
  kid?: string;
  alg: string;
  key: CryptoKey | Uint8Array;
}

export function createJwksVerifier(options: JwksVerifierOptions): JwksVerifier {
  const doFetch = options.fetch ?? ((i, init) => globalThis.fetch(i, init));
  const cooldownMs = options.cooldownMs ?? 30_000;
  let cached: Promise<CachedKey> | null = null;
  let fetches = 0;
  let lastUnhelpfulRefetch = -Infinity;

  async function load(): Promise<CachedKey> {
    fetches++;
    const res = await doFetch(options.jwksUrl, { headers: { accept: 'application/json' } });
    if (!res.ok) throw new Error(`JWKS not loaded: ${res.status}`);
    const set = (await res.json()) as { keys?: JWK[] };
    const jwk = set.keys?.[0];
    if (!jwk) throw new Error('JWKS has no keys');
    const alg = jwk.alg ?? 'RS256';
    return { kid: jwk.kid, alg, key: await importJWK(jwk, alg) };
  }

  function current(force = false): Promise<CachedKey> {
    if (!cached || force) {
      const p = load();
      cached = p;
      // a failed load is not cached
      p.catch(() => {
        if (cached === p) cached = null;
      });
    }
    return cached;
  }

  async function verifyWith(k: CachedKey, token: string): Promise<AccessClaims> {
    const { payload } = await jwtVerify(token, k.key, {
      algorithms: [k.alg],
      ...(options.issuer ? { issuer: options.issuer } : {}),
      ...(options.audience ? { audience: options.audience } : {}),
      clockTolerance: options.clockTolerance ?? 0,
    });
    if (typeof payload.sub !== 'string') throw new joseErrors.JWTClaimValidationFailed('sub missing', payload, 'sub', 'missing');
    return payload as AccessClaims;
  }

  const expired = (e: unknown) => (e instanceof joseErrors.JWTExpired ? new TokenExpiredError(e.payload as AccessClaims) : e);

  async function verify(token: string): Promise<AccessClaims> {
    const kid = decodeProtectedHeader(token).kid;
    let key = await current();
    let refetched = false;
    /** Fetches the set again (once per call; not again soon after a refetch that did not help). */
    const refetch = async (): Promise<boolean> => {
      if (refetched || Date.now() - lastUnhelpfulRefetch < cooldownMs) return false;
      refetched = true;
      key = await current(true);
      return true;
    };
    if (kid && key.kid && kid !== key.kid && (await refetch()) && key.kid !== kid) lastUnhelpfulRefetch = Date.now();
    try {
      return await verifyWith(key, token);
    } catch (e) {
      if (!(e instanceof joseErrors.JWSSignatureVerificationFailed) || !(await refetch())) throw expired(e);
    }
    try {
      return await verifyWith(key, token);
    } catch (e) {
      if (e instanceof joseErrors.JWSSignatureVerificationFailed) lastUnhelpfulRefetch = Date.now();
      throw expired(e);
    }
  }

  return {
    verify,
    get fetches() {
      return fetches;
    },
  };
}
