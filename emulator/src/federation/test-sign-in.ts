/**
 * A test sign-in of an SSO connection (issue 31 item 5): the administrator checks a connection before enabling it.
 * The portal asks for one (`POST …/sso/v1/configurations/{id}/test` → `{ id, url }`), opens `url` (the IdP) in a new
 * window, and polls the result (`GET …/configurations/{id}/test/{testId}`). Nobody is signed in and no user is made.
 *
 * - SAML: `url` is the IdP with an AuthnRequest. The IdP posts its answer to the ordinary ACS, which validates it in
 *   full (federation/saml-sp.ts, as for a sign-in) and, for a test's state, keeps the result on the state and answers
 *   a page that says the test is over.
 * - OIDC: `url` is the IdP's authorization endpoint (discovered when the connection was saved) with the connection's
 *   client id, the redirect URI registered at the IdP (the host page's `/account/oidc/callback`: the admin registers
 *   nothing more; sso/configurations.ts `ssoCallbackUrl`), S256 PKCE, a nonce and a state that starts with
 *   {@link TEST_STATE_PREFIX} (so the login box on the callback page knows it finishes a test, not a sign-in). The login
 *   box posts the code to `…/user/oidc/postlogin` as for a sign-in (or the IdP's `error`); the emulator recognises the
 *   test's state ({@link takeOidcTestState}), exchanges the code and validates the id_token exactly as a sign-in does
 *   (federation/oidc-client.ts `exchangeCode`: signature, iss, aud, exp, nonce, email), keeps the result and the claims
 *   received, and answers `{ ssoTestSignIn: { id, status } }` (no session, no user); the box says the test is over.
 *
 * A test's state: single use (spent by the first ACS post or post-login that brings it), bound to its connection (and
 * so to the connection's account: only that account's administrators read the result), {@link TEST_TTL_MS}; it has no
 * browser binding (it signs nobody in), and the post-login routes never sign in with it (routes/federation.ts
 * `takeState` skips it). A disabled connection may be tested (that is its point).
 *
 * The result: `pending` (not answered yet), `succeeded` with `email`, `name`, `groups`, `attributes` (SAML: attribute
 * name → values; OIDC: the id_token's claims, each as strings), `failed` with `reason` (a sentence: the validation's
 * message, or the IdP's error), `expired` (10 minutes passed without an answer).
 */
import type { Context } from 'hono';
import { and, eq, isNull } from 'drizzle-orm';
import type { AppEnv } from '../http/env.ts';
import { ssoStates } from '../db/schema.ts';
import { sha256 } from '../crypto/tokens.ts';
import { badRequest, errorBody, notFound } from '../http/errors.ts';
import { setPageSecurityHeaders } from '../http/csp.ts';
import { emulatorDate, emulatorNow } from '../clock.ts';
import { authorizationRequest, exchangeCode, randomString } from './oidc-client.ts';
import { authnRequest, validateSamlResponse, warmUpSamlValidator } from './saml-sp.ts';
import { FederationError } from './oidc-client.ts';
import { groupNames, type SsoConfigRow } from './provision.ts';
import { ssoCallbackUrl } from '../sso/configurations.ts';

type Ctx = Context<AppEnv>;

/** The `callbackUrl` that marks a state as a test sign-in's (never a URL anyone is sent to). */
export const TEST_CALLBACK = 'urn:fe-emulator:sso-test-sign-in';
/** How long a test sign-in may take: 10 minutes. */
export const TEST_TTL_MS = 10 * 60 * 1000;
/** How an OIDC test sign-in's state starts: the login box on the callback page finishes a test, not a sign-in. */
export const TEST_STATE_PREFIX = 'sso-test.';

type StateRow = typeof ssoStates.$inferSelect;

/** A test sign-in's result (see the module comment). */
export type TestResult =
  | { id: string; status: 'pending' | 'expired' }
  | { id: string; status: 'succeeded'; email: string; name: string | null; groups: string[]; attributes: Record<string, string[]> }
  | { id: string; status: 'failed'; reason: string };

/**
 * Starts a test sign-in of `config` (see the module comment).
 * @returns the test's id (what the result is asked by) and the IdP address to open
 * @throws HttpError 400 `ER-SSO-TEST-INCOMPLETE` when the IdP's address is missing (SAML: SSO URL, entity id or
 *   certificate; OIDC: the authorization endpoint or client id)
 */
export async function startTestSignIn(c: Ctx, config: SsoConfigRow): Promise<{ id: string; url: string }> {
  const expiresAt = new Date((await emulatorNow(c.var.db)) + TEST_TTL_MS);
  if (config.type === 'oidc') {
    if (!config.oidcAuthorizationUrl || !config.oidcClientId) throw badRequest('The OIDC connection has no authorization endpoint or client id', 'ER-SSO-TEST-INCOMPLETE');
    const state = `${TEST_STATE_PREFIX}${randomString()}`;
    const request = authorizationRequest({ authorizationUrl: config.oidcAuthorizationUrl, clientId: config.oidcClientId }, ssoCallbackUrl(c, config), state);
    const stateHash = sha256(state);
    await c.var.db
      .insert(ssoStates)
      .values({ stateHash, kind: 'oidc', configId: config.id, callbackUrl: TEST_CALLBACK, nonce: request.nonce, codeVerifier: request.codeVerifier, expiresAt, consumedAt: null });
    return { id: testIdOf(stateHash), url: request.url };
  }
  const state = randomString();
  let request: { id: string; url: string };
  try {
    request = authnRequest(c.var.rt.issuer, config, state);
  } catch (e) {
    if (e instanceof FederationError) throw badRequest(e.message, 'ER-SSO-TEST-INCOMPLETE');
    throw e;
  }
  warmUpSamlValidator();
  const stateHash = sha256(state);
  await c.var.db.insert(ssoStates).values({
    stateHash,
    kind: 'saml',
    configId: config.id,
    callbackUrl: TEST_CALLBACK,
    requestId: request.id,
    expiresAt,
    consumedAt: null,
  });
  return { id: testIdOf(stateHash), url: request.url };
}

/** A test's public id: its state's SHA-256 in hex (a path id: base64url's `-`/`_` would fail the path-id rule). */
const testIdOf = (stateHash: string) => Buffer.from(stateHash, 'base64url').toString('hex');

/**
 * The result of test `id` of `config`.
 * @throws HttpError 404 `ER-SSO-TEST-NOT-FOUND` for an unknown id or one of another connection
 */
export async function testSignInResult(c: Ctx, config: SsoConfigRow, id: string): Promise<TestResult> {
  if (!/^[0-9a-f]{64}$/.test(id)) throw notFound('Test sign-in not found', 'ER-SSO-TEST-NOT-FOUND');
  const [row] = await c.var.db
    .select()
    .from(ssoStates)
    .where(and(eq(ssoStates.stateHash, Buffer.from(id, 'hex').toString('base64url')), eq(ssoStates.configId, config.id), eq(ssoStates.callbackUrl, TEST_CALLBACK)));
  if (!row) throw notFound('Test sign-in not found', 'ER-SSO-TEST-NOT-FOUND');
  const result = row.identity;
  if (!result) return { id, status: row.expiresAt.getTime() <= (await emulatorNow(c.var.db)) ? 'expired' : 'pending' };
  if (result.error !== undefined) return { id, status: 'failed', reason: result.error };
  return { id, status: 'succeeded', email: result.email, name: result.name ?? null, groups: result.groups ?? [], attributes: result.attributes ?? {} };
}

/**
 * The ACS's answer to a test's state `row`: validates `samlResponse` in full, keeps the result (or why it failed) on
 * the state and spends it; answers the page the IdP's window shows (no session, no user).
 */
export async function finishTestSignIn(c: Ctx, row: StateRow, config: SsoConfigRow | undefined, samlResponse: string): Promise<Response> {
  let result: NonNullable<StateRow['identity']>;
  try {
    if (!config) throw new FederationError('The SSO connection no longer exists');
    const identity = await validateSamlResponse(c.var.rt.issuer, config, samlResponse, row.requestId!, c.var.db);
    result = { email: identity.email, name: identity.name, groups: identity.groups ?? [], attributes: identity.attributes ?? {} };
  } catch (e) {
    if (!(e instanceof FederationError)) throw e;
    result = { email: '', error: e.message };
  }
  await c.var.db
    .update(ssoStates)
    .set({ identity: result, consumedAt: await emulatorDate(c.var.db) })
    .where(eq(ssoStates.stateHash, row.stateHash));
  const ok = result.error === undefined;
  const title = ok ? 'Test sign-in finished' : 'Test sign-in failed';
  const text = ok
    ? 'Your identity provider answered. The result is shown in the admin portal: you can close this window.'
    : 'Your identity provider’s answer was refused. The reason is shown in the admin portal: you can close this window.';
  // an emulator page: its strict policy (no script, no inline style); the browser's own light or dark scheme
  setPageSecurityHeaders(c);
  return c.html(
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><meta name="color-scheme" content="light dark"><title>${title}</title></head><body><main><h1>${title}</h1><p>${text}</p></main></body></html>`,
    ok ? 200 : 400,
  );
}

/**
 * Takes an OIDC test sign-in's unused state brought back to the post-login (spent at once, expired or not).
 * @returns the state row, or undefined when `state` is not an unused test state
 */
export async function takeOidcTestState(c: Ctx, state: string | undefined): Promise<StateRow | undefined> {
  if (!state) return undefined;
  const [row] = await c.var.db
    .update(ssoStates)
    .set({ consumedAt: await emulatorDate(c.var.db) })
    .where(and(eq(ssoStates.stateHash, sha256(state)), eq(ssoStates.kind, 'oidc'), eq(ssoStates.callbackUrl, TEST_CALLBACK), isNull(ssoStates.consumedAt)))
    .returning();
  return row;
}

/** What the login box posts to the OIDC post-login (routes/federation.ts). */
interface OidcCallback {
  code?: string;
  redirectUri?: string;
  error?: string;
  error_description?: string;
}

/** The IdP's error as a sentence (its description cut to 200 characters). */
function idpErrorSentence(error: string, description: string | undefined): string {
  const said = description?.trim().slice(0, 200);
  return `The identity provider answered an error (${error.slice(0, 64)}${said ? `: ${said}` : ''})`;
}

/** The id_token's claims as the result's attributes: each claim as strings (objects as JSON). */
function claimsAsAttributes(claims: Record<string, unknown>): Record<string, string[]> {
  const text = (v: unknown) => (typeof v === 'string' ? v : JSON.stringify(v));
  return Object.fromEntries(Object.entries(claims).map(([k, v]) => [k, Array.isArray(v) ? v.map(text) : [text(v)]]));
}

/**
 * The OIDC post-login's answer to a test's state `row` (taken by {@link takeOidcTestState}): an expired state is
 * refused (400 `ER-SSO-STATE-INVALID`; the result reads `expired`); else the IdP's error, or the code exchanged and the
 * id_token validated as a sign-in does, is kept as the result, and the answer is 200 `{ ssoTestSignIn: { id, status:
 * 'succeeded' | 'failed' } }` — no session, no user.
 */
export async function finishOidcTestSignIn(c: Ctx, row: StateRow, config: SsoConfigRow | undefined, body: OidcCallback): Promise<Response> {
  if (row.expiresAt.getTime() <= (await emulatorNow(c.var.db))) {
    return c.json(errorBody('The SSO login state is invalid or has expired', 'ER-SSO-STATE-INVALID'), 400);
  }
  let result: NonNullable<StateRow['identity']>;
  try {
    if (!config || config.type !== 'oidc') throw new FederationError('The SSO connection no longer exists');
    if (body.error) throw new FederationError(idpErrorSentence(body.error, body.error_description));
    if (!body.code) throw new FederationError('The identity provider sent no code');
    const redirectUri = ssoCallbackUrl(c, config);
    if (body.redirectUri !== redirectUri) throw new FederationError('The callback is not the redirect URI registered for this connection');
    const id = await exchangeCode({
      endpoints: { issuer: config.oidcIssuer!, tokenUrl: config.oidcTokenUrl!, jwksUri: config.oidcJwksUri! },
      clientId: config.oidcClientId!,
      clientSecret: config.oidcClientSecret!,
      code: body.code,
      redirectUri,
      codeVerifier: row.codeVerifier ?? undefined,
      nonce: row.nonce ?? undefined,
      outbound: c.var.rt.outbound,
    });
    result = { email: id.email, name: id.name, groups: groupNames(id.claims.groups), attributes: claimsAsAttributes(id.claims) };
  } catch (e) {
    if (!(e instanceof FederationError)) throw e;
    result = { email: '', error: e.message };
  }
  await c.var.db.update(ssoStates).set({ identity: result }).where(eq(ssoStates.stateHash, row.stateHash));
  return c.json({ ssoTestSignIn: { id: testIdOf(row.stateHash), status: result.error === undefined ? 'succeeded' : 'failed' } });
}
