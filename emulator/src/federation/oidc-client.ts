/**
 * The emulator as an OpenID Connect relying party (social login and OIDC
 * SSO): issuer discovery, the authorization-code exchange with PKCE, and
 * id_token validation with jose (signature against the issuer's JWKS, `iss`,
 * `aud`, `exp`, and the `nonce` the login was started with). Every request
 * (discovery, token endpoint, JWKS through jose's `customFetch`) goes through
 * http/outbound.ts: checked addresses, re-checked redirects, at most
 * {@link OIDC_MAX_BYTES} read, errors that never quote the answer (issue 29).
 */
import { createHash, randomBytes } from 'node:crypto';
import { createRemoteJWKSet, customFetch, jwtVerify, type JWTPayload } from 'jose';
import { isHttpUrl } from '../http/body.ts';
import { outboundFetch, outboundFetchFunction, outboundJson, STRICT_POLICY, type OutboundPolicy } from '../http/outbound.ts';

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
/** The largest discovery document, token answer or JWKS read: 1 MiB. */
export const OIDC_MAX_BYTES = 1024 * 1024;

/**
 * Reads `{issuer}/.well-known/openid-configuration` (issue 29: through http/outbound.ts, at most 1 MiB).
 * @param policy where the emulator may connect (`c.var.rt.outbound`)
 * @throws FederationError when the document cannot be read (its `detail` an OutboundError whose message says why:
 *   `HTTP 404`, `not JSON (content type text/plain)`, `larger than 1 MiB`, `address not allowed: link-local`, …),
 *   names another issuer or an endpoint that is not http(s).
 */
export async function discover(issuer: string, policy: OutboundPolicy = STRICT_POLICY): Promise<OidcEndpoints> {
  const base = issuer.replace(/\/+$/, '');
  let doc: Record<string, unknown>;
  try {
    doc = await outboundJson(`${base}/.well-known/openid-configuration`, { policy, maxBytes: OIDC_MAX_BYTES, timeoutMs: TIMEOUT_MS });
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

/**
 * An SSO connection's authorization request (the emulator is the RP): code flow, `openid email profile`, `state`, a
 * fresh nonce and S256 PKCE.
 * @returns the IdP address to send the browser to, and the nonce and PKCE verifier to keep with the state
 */
export function authorizationRequest(
  idp: { authorizationUrl: string; clientId: string },
  redirectUri: string,
  state: string,
): { url: string; nonce: string; codeVerifier: string } {
  const nonce = randomString();
  const codeVerifier = randomString(48);
  const url = new URL(idp.authorizationUrl);
  const params = {
    response_type: 'code',
    client_id: idp.clientId,
    redirect_uri: redirectUri,
    scope: 'openid email profile',
    state,
    nonce,
    code_challenge: pkceChallenge(codeVerifier),
    code_challenge_method: 'S256',
  };
  for (const [k, v] of Object.entries(params)) url.searchParams.set(k, v);
  return { url: url.href, nonce, codeVerifier };
}

/** The remote key sets, per policy (an emulator's) and JWKS URI; jose fetches them through http/outbound.ts. */
const jwksCache = new WeakMap<OutboundPolicy, Map<string, ReturnType<typeof createRemoteJWKSet>>>();
function jwks(uri: string, policy: OutboundPolicy) {
  let sets = jwksCache.get(policy);
  if (!sets) jwksCache.set(policy, (sets = new Map()));
  let set = sets.get(uri);
  if (!set) {
    const fetchJwks = outboundFetchFunction(policy, { maxBytes: OIDC_MAX_BYTES, timeoutMs: TIMEOUT_MS });
    sets.set(uri, (set = createRemoteJWKSet(new URL(uri), { timeoutDuration: TIMEOUT_MS, cooldownDuration: 0, [customFetch]: fetchJwks })));
  }
  return set;
}

/** An OAuth error code of the token endpoint's answer (RFC 6749 §5.2 grammar, short): anything else is not echoed. */
const oauthErrorCode = (value: unknown) => (typeof value === 'string' && /^[a-z0-9_.-]{1,64}$/i.test(value) ? value : undefined);

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
  /** Where the emulator may connect (`c.var.rt.outbound`); default {@link STRICT_POLICY}. */
  outbound?: OutboundPolicy;
}

/**
 * Exchanges an authorization code at the token endpoint (client_secret_basic,
 * with the PKCE verifier) and validates the id_token it answers. The token
 * endpoint is called through http/outbound.ts (no redirects followed, at most
 * 1 MiB read); its error is echoed only as an OAuth error code.
 * @throws FederationError when the provider refuses the code (wrong verifier,
 *   redirect URI, client credentials, a spent code) or the id_token is invalid.
 */
export async function exchangeCode(x: CodeExchange): Promise<FederatedIdentity> {
  const form = new URLSearchParams({ grant_type: 'authorization_code', code: x.code, redirect_uri: x.redirectUri });
  if (x.codeVerifier) form.set('code_verifier', x.codeVerifier);
  const basic = Buffer.from(`${encodeURIComponent(x.clientId)}:${encodeURIComponent(x.clientSecret)}`).toString('base64');
  const policy = x.outbound ?? STRICT_POLICY;
  let body: Record<string, unknown>;
  let status: number;
  try {
    const r = await outboundFetch(x.endpoints.tokenUrl, {
      policy,
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json', authorization: `Basic ${basic}` },
      body: form.toString(),
      maxBytes: OIDC_MAX_BYTES,
      timeoutMs: TIMEOUT_MS,
      maxRedirects: 0,
    });
    status = r.status;
    body = parseObject(r.body);
  } catch (e) {
    throw new FederationError('The identity provider is not reachable', e);
  }
  if (status !== 200) throw new FederationError(`The identity provider refused the code (${oauthErrorCode(body.error) ?? status})`, body);
  if (typeof body.id_token !== 'string') throw new FederationError('The identity provider answered no id_token', body);
  return validateIdToken(body.id_token, { issuer: x.endpoints.issuer, jwksUri: x.endpoints.jwksUri, clientId: x.clientId, nonce: x.nonce, outbound: policy });
}

/** A JSON object from `body`, or `{}` when it is none. */
function parseObject(body: Buffer): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(body.toString('utf8'));
    return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

/**
 * Validates an id_token: signature (the issuer's JWKS, fetched through http/outbound.ts under `outbound`, default
 * {@link STRICT_POLICY}), `iss`, `aud` (`clientId`), `exp`/`iat`, `nonce` when given, and an `email` claim.
 * @throws FederationError (`The id_token is not valid (<why>)`; a JWKS that cannot be fetched says why, e.g.
 *   `address not allowed: link-local`, never quoting the answer)
 */
export async function validateIdToken(
  idToken: string,
  o: { issuer: string; jwksUri: string; clientId: string; nonce?: string; outbound?: OutboundPolicy },
): Promise<FederatedIdentity> {
  let payload: JWTPayload;
  try {
    ({ payload } = await jwtVerify(idToken, jwks(o.jwksUri, o.outbound ?? STRICT_POLICY), { issuer: o.issuer, audience: o.clientId, clockTolerance: 30 }));
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
