/**
 * The emulator as an OpenID Connect relying party (social login and OIDC
 * SSO): issuer discovery, the authorization-code exchange with PKCE, and
 * id_token validation with jose (signature against the issuer's JWKS, `iss`,
 * `aud`, `exp`, and the `nonce` the login was started with).
 */
import { createHash, randomBytes } from 'node:crypto';
import { createRemoteJWKSet, jwtVerify, type JWTPayload } from 'jose';
import { isHttpUrl } from '../http/body.ts';

/** The endpoints of an issuer (OpenID Connect Discovery 1.0 §3). */
export interface OidcEndpoints {
  issuer: string;
  authorizationUrl: string;
  tokenUrl: string;
  jwksUri: string;
  userinfoUrl?: string;
}

/** A failure of the identity provider or of the token it gave; answered 401 "Failed to authenticate"-style by the routes. */
export class FederationError extends Error {
  constructor(
    message: string,
    readonly detail?: unknown,
  ) {
    super(message);
    this.name = 'FederationError';
  }
}

const TIMEOUT_MS = 10_000;

/**
 * Reads `{issuer}/.well-known/openid-configuration`.
 * @throws FederationError when the document cannot be read, names another issuer or an endpoint that is not http(s).
 */
export async function discover(issuer: string): Promise<OidcEndpoints> {
  const base = issuer.replace(/\/+$/, '');
  let doc: Record<string, unknown>;
  try {
    const r = await fetch(`${base}/.well-known/openid-configuration`, { signal: AbortSignal.timeout(TIMEOUT_MS) });
    if (!r.ok) throw new Error(`HTTP ${r.status}`);
    doc = (await r.json()) as Record<string, unknown>;
  } catch (e) {
    throw new FederationError(`The OpenID configuration of ${base} could not be read`, e);
  }
  const str = (k: string) => (typeof doc[k] === 'string' ? (doc[k] as string) : undefined);
  if (str('issuer')?.replace(/\/+$/, '') !== base) throw new FederationError(`The OpenID configuration of ${base} names another issuer`);
  const authorizationUrl = str('authorization_endpoint');
  const tokenUrl = str('token_endpoint');
  const jwksUri = str('jwks_uri');
  if (!authorizationUrl || !tokenUrl || !jwksUri) throw new FederationError(`The OpenID configuration of ${base} lacks endpoints`);
  // the authorization endpoint becomes a navigation target in the browser: http(s) only
  const userinfoUrl = str('userinfo_endpoint');
  if (![authorizationUrl, tokenUrl, jwksUri, ...(userinfoUrl ? [userinfoUrl] : [])].every(isHttpUrl)) {
    throw new FederationError(`The OpenID configuration of ${base} has an endpoint that is not an http(s) URL`);
  }
  return { issuer: str('issuer')!, authorizationUrl, tokenUrl, jwksUri, userinfoUrl };
}

/** A random base64url string of `bytes` bytes (state, nonce, PKCE verifier). */
export const randomString = (bytes = 32) => randomBytes(bytes).toString('base64url');
/** The S256 PKCE challenge of `verifier` (RFC 7636 §4.2). */
export const pkceChallenge = (verifier: string) => createHash('sha256').update(verifier).digest('base64url');

const jwksCache = new Map<string, ReturnType<typeof createRemoteJWKSet>>();
function jwks(uri: string) {
  let set = jwksCache.get(uri);
  if (!set) jwksCache.set(uri, (set = createRemoteJWKSet(new URL(uri), { timeoutDuration: TIMEOUT_MS, cooldownDuration: 0 })));
  return set;
}

/** What the id_token says about the user. */
export interface FederatedIdentity {
  sub: string;
  email: string;
  emailVerified: boolean;
  name?: string;
  picture?: string;
  claims: JWTPayload;
}

export interface CodeExchange {
  endpoints: Pick<OidcEndpoints, 'issuer' | 'tokenUrl' | 'jwksUri'>;
  clientId: string;
  clientSecret: string;
  code: string;
  redirectUri: string;
  codeVerifier?: string;
  /** The nonce the authorization request carried; the id_token must repeat it. */
  nonce?: string;
}

/**
 * Exchanges an authorization code at the token endpoint (client_secret_basic,
 * with the PKCE verifier) and validates the id_token it answers.
 * @throws FederationError when the provider refuses the code (wrong verifier,
 *   redirect URI, client credentials, a spent code) or the id_token is invalid.
 */
export async function exchangeCode(x: CodeExchange): Promise<FederatedIdentity> {
  const form = new URLSearchParams({ grant_type: 'authorization_code', code: x.code, redirect_uri: x.redirectUri });
  if (x.codeVerifier) form.set('code_verifier', x.codeVerifier);
  const basic = Buffer.from(`${encodeURIComponent(x.clientId)}:${encodeURIComponent(x.clientSecret)}`).toString('base64');
  let body: Record<string, unknown>;
  let status: number;
  try {
    const r = await fetch(x.endpoints.tokenUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json', authorization: `Basic ${basic}` },
      body: form,
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
    status = r.status;
    body = (await r.json().catch(() => ({}))) as Record<string, unknown>;
  } catch (e) {
    throw new FederationError('The identity provider is not reachable', e);
  }
  if (status !== 200) throw new FederationError(`The identity provider refused the code (${String(body.error ?? status)})`, body);
  if (typeof body.id_token !== 'string') throw new FederationError('The identity provider answered no id_token', body);
  return validateIdToken(body.id_token, { issuer: x.endpoints.issuer, jwksUri: x.endpoints.jwksUri, clientId: x.clientId, nonce: x.nonce });
}

/**
 * Validates an id_token: signature (the issuer's JWKS), `iss`, `aud`
 * (`clientId`), `exp`/`iat`, `nonce` when given, and an `email` claim.
 * @throws FederationError
 */
export async function validateIdToken(idToken: string, o: { issuer: string; jwksUri: string; clientId: string; nonce?: string }): Promise<FederatedIdentity> {
  let payload: JWTPayload;
  try {
    ({ payload } = await jwtVerify(idToken, jwks(o.jwksUri), { issuer: o.issuer, audience: o.clientId, clockTolerance: 30 }));
  } catch (e) {
    throw new FederationError(`The id_token is not valid (${(e as Error).message})`, e);
  }
  if (o.nonce !== undefined && payload.nonce !== o.nonce) throw new FederationError('The id_token does not answer this login (nonce)');
  const email = typeof payload.email === 'string' ? payload.email.trim().toLowerCase() : '';
  if (!email || !/^[^@\s]+@[^@\s]+$/.test(email)) throw new FederationError('The id_token carries no email');
  return {
    sub: String(payload.sub ?? ''),
    email,
    emailVerified: payload.email_verified === true || payload.email_verified === 'true',
    name: typeof payload.name === 'string' ? payload.name : undefined,
    picture: typeof payload.picture === 'string' ? payload.picture : undefined,
    claims: payload,
  };
}
