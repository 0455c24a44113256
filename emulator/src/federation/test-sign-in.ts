/**
 * A test sign-in of an SSO connection (issue 31 item 5): the administrator checks a SAML connection before enabling it.
 * The portal asks for one (`POST …/sso/v1/configurations/{id}/test` → `{ id, url }`), opens `url` (the IdP, with an
 * AuthnRequest) in a new window, and polls the result (`GET …/configurations/{id}/test/{testId}`). The IdP posts its
 * answer to the ordinary ACS, which validates it in full (federation/saml-sp.ts, as for a sign-in) and, for a test's
 * state, keeps the result on the state — the asserted email, name, groups and every attribute, or why it was refused —
 * and answers a page that says the test is over. A test never signs anyone in and never creates a user: its state has
 * no browser binding and is spent at the ACS (the post-login routes refuse it), and nothing is provisioned. A disabled
 * connection may be tested (that is its point); OIDC connections are not tested here (their redirect URI is the host
 * page's callback, which signs in).
 *
 * The result: `pending` (not answered yet), `succeeded` with `email`, `name`, `groups`, `attributes` (name → values),
 * `failed` with `reason` (the validation's message), `expired` (10 minutes passed without an answer).
 */
import type { Context } from 'hono';
import { and, eq } from 'drizzle-orm';
import type { AppEnv } from '../http/env.ts';
import { ssoStates } from '../db/schema.ts';
import { sha256 } from '../crypto/tokens.ts';
import { badRequest, notFound } from '../http/errors.ts';
import { setPageSecurityHeaders } from '../http/csp.ts';
import { emulatorDate, emulatorNow } from '../clock.ts';
import { randomString } from './oidc-client.ts';
import { authnRequest, validateSamlResponse, warmUpSamlValidator } from './saml-sp.ts';
import { FederationError } from './oidc-client.ts';
import type { SsoConfigRow } from './provision.ts';

type Ctx = Context<AppEnv>;

/** The `callbackUrl` that marks a state as a test sign-in's (never a URL anyone is sent to). */
export const TEST_CALLBACK = 'urn:fe-emulator:sso-test-sign-in';
/** How long a test sign-in may take: 10 minutes. */
export const TEST_TTL_MS = 10 * 60 * 1000;

type StateRow = typeof ssoStates.$inferSelect;

/** A test sign-in's result (see the module comment). */
export type TestResult =
  | { id: string; status: 'pending' | 'expired' }
  | { id: string; status: 'succeeded'; email: string; name: string | null; groups: string[]; attributes: Record<string, string[]> }
  | { id: string; status: 'failed'; reason: string };

/**
 * Starts a test sign-in of `config` (SAML only).
 * @returns the test's id (what the result is asked by) and the IdP address to open
 * @throws HttpError 400 `ER-SSO-TEST-UNSUPPORTED` for an OIDC connection; 400 `ER-SSO-TEST-INCOMPLETE` when the IdP's
 *   SSO URL, entity id or certificate is missing
 */
export async function startTestSignIn(c: Ctx, config: SsoConfigRow): Promise<{ id: string; url: string }> {
  if (config.type !== 'saml') throw badRequest('A test sign-in is available for SAML connections only', 'ER-SSO-TEST-UNSUPPORTED');
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
    expiresAt: new Date((await emulatorNow(c.var.db)) + TEST_TTL_MS),
    consumedAt: null,
  });
  return { id: stateHash, url: request.url };
}

/**
 * The result of test `id` of `config`.
 * @throws HttpError 404 `ER-SSO-TEST-NOT-FOUND` for an unknown id or one of another connection
 */
export async function testSignInResult(c: Ctx, config: SsoConfigRow, id: string): Promise<TestResult> {
  const [row] = await c.var.db
    .select()
    .from(ssoStates)
    .where(and(eq(ssoStates.stateHash, id), eq(ssoStates.configId, config.id), eq(ssoStates.callbackUrl, TEST_CALLBACK)));
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
