/**
 * Federation (api-contract A, V; sign-in §2, §3, §7): social login, OIDC SSO
 * and SAML SSO against real identity providers (in tests: the local
 * tools/idp-oidc.js and tools/idp-saml.js).
 *
 * Social login (authorization code + PKCE started in the browser):
 * - `GET …/sso/v1`, `…/sso/v2` (+ `/authenticated`), `…/sso/custom/v1`: the
 *   vendor's providers. Each provider is routed to an OpenID Connect issuer
 *   (`PUT /_emulator/social-providers/{type}`); `authorizationUrl` is the
 *   issuer's authorization endpoint.
 * - `POST …/auth/v1/user/sso/{provider}/postlogin?code&redirectUri&code_verifier&state`:
 *   exchanges the code at the issuer WITH the PKCE verifier, validates the
 *   id_token (jose: signature, iss, aud = the provider's client id, exp, and
 *   `nonce` = `state`: the browser sends the state as the nonce, so a state
 *   that is not the one the login started with fails here too), requires a
 *   verified email, finds or creates the user (`isNewUser`) and answers like
 *   the password login (MFA applies).
 *
 * SSO (started by the emulator; the address pre-login answers for an SSO
 * domain is `…/frontegg/auth/sso/{configId}/start`):
 * - `GET /frontegg/auth/sso/{configId}/start`: stores a single-use state
 *   (10 min) and redirects to the IdP — OIDC: an authorization request with
 *   state, nonce and S256 PKCE (the emulator is the RP); SAML: an
 *   AuthnRequest (HTTP-Redirect) with the state as RelayState. The callback
 *   is the configuration's `callbackUrl`, else the page's origin + the
 *   default route (`/account/oidc/callback`, `/account/saml/callback`;
 *   sso/configurations.ts `ssoCallbackUrl`).
 *   The start also sets a cookie binding the state to this browser
 *   (federation/browser-binding.ts; login CSRF, issue 29 item 6): the
 *   postlogin that brings the state back (OIDC, SAML) is refused 400
 *   `ER-SSO-STATE-INVALID` without it, with a `user.sign-in.failed` audit row
 *   (the state is spent). The ACS, a cross-site POST, is not checked.
 * - OIDC: `POST …/auth/v1/user/oidc/postlogin {code, state, redirectUri}`
 *   (v2: `RelayState` for `state`): the state must be live and unused and
 *   `redirectUri` the one it was issued for; code exchange with the stored
 *   verifier; id_token validated (nonce too); the email must belong to one of
 *   the configuration's domains; find-or-create in its tenant; session.
 *   A test sign-in's state (federation/test-sign-in.ts, issue 31 item 5) is
 *   recognised here: the code is exchanged and the id_token validated as
 *   above, the result (or the IdP's `error`, which the body may carry) is kept
 *   for the portal and the answer is `{ ssoTestSignIn: { id, status } }` —
 *   no session, no user.
 * - SAML: the IdP posts the SAMLResponse to the ACS
 *   (`POST /frontegg/auth/saml/callback`; `acsUrl` of
 *   `GET …/team/resources/sso/v1/saml/configurations/vendor-config`). The ACS
 *   validates it in full (saml-sp.ts: signatures, issuers, audience,
 *   destination, bearer confirmation and recipient, InResponseTo, expiry by
 *   the emulator clock, assertion-ID replay; a refusal is audited as
 *   `user.sign-in.failed`), keeps the verified
 *   identity on the state and redirects (303) the browser to the host's
 *   `/account/saml/callback?RelayState=…&code=…` with a one-time code. Design
 *   choice: the ACS lives on the identity API's origin, but the session
 *   cookie must be set on the host's (first-party, through its proxy), so
 *   the login box finishes with `POST …/auth/v1/user/saml/postlogin
 *   {RelayState, code}`; the code is single use and bound to the state. A
 *   client that holds the SAMLResponse itself may post
 *   `{RelayState, SAMLResponse}` instead: it gets the same full validation.
 *   A response that fails validation at the ACS sends the browser to the
 *   callback with `error` (the login box shows loginWithSSOFailed).
 *   A test sign-in's state (federation/test-sign-in.ts, issue 31 item 5) is answered at the ACS with a page and its
 *   result kept for the portal; the post-login routes never take it (nobody signs in, no user is made).
 * - `GET /frontegg/auth/saml/metadata`: the SP metadata (its URL is the SP
 *   entity id). `GET …/team/resources/sso/v2/configurations/public`: `{isActive}`.
 *
 * Failures: unknown provider 404, inactive provider 400, a state that is
 * unknown / spent / expired 400, a refused code or invalid token / assertion
 * 401 (`ER-FEDERATION-FAILED`), a foreign email domain 403. A spent state
 * stays spent: errors after it was taken are answered, not thrown, so the
 * transaction commits.
 */
import { randomUUID } from 'node:crypto';
import { Hono, type Context } from 'hono';
import { z } from 'zod';
import { and, eq, isNull, ne } from 'drizzle-orm';
import type { AppEnv } from '../http/env.ts';
import { requireAuth } from '../http/auth.ts';
import { parseBody, optStr, httpUrl, optHttpUrl, isHttpUrl } from '../http/body.ts';
import { badRequest, errorBody, notFound } from '../http/errors.ts';
import { socialProviders, ssoConfigurations, ssoDomains, ssoStates } from '../db/schema.ts';
import { randomToken, sha256 } from '../crypto/tokens.ts';
import { SEED } from '../db/seed.ts';
import { authorizationRequest, discover, exchangeCode, FederationError, randomString } from '../federation/oidc-client.ts';
import { federatedLoginAnswer, groupNames, ProvisionError, provisionSocialUser, provisionSsoUser, type AssertedIdentity, type SsoConfigRow } from '../federation/provision.ts';
import { ACS_PATH, authnRequest, SP_METADATA_PATH, spEndpoints, spMetadata, validateSamlResponse, warmUpSamlValidator } from '../federation/saml-sp.ts';
import { emulatorDate, emulatorNow } from '../clock.ts';
import { audit } from '../audit.ts';
import {
  CONFIGURATION_NOT_FOUND,
  changeGivenConfiguration,
  configurationById,
  deleteConfiguration,
  ssoCallbackUrl,
  ssoStartPath,
  storeGivenConfiguration,
  type GivenIdp,
} from '../sso/configurations.ts';
import { parseIdpMetadata } from '../sso/saml-metadata.ts';
import { bindStateToBrowser, stateBoundToBrowser } from '../federation/browser-binding.ts';
import { finishOidcTestSignIn, finishTestSignIn, takeOidcTestState, TEST_CALLBACK } from '../federation/test-sign-in.ts';

type Ctx = Context<AppEnv>;

/** Built-in social providers (sign-in §3). */
export const SOCIAL_PROVIDER_TYPES = ['microsoft', 'facebook', 'google', 'github', 'slack', 'apple', 'linkedin'] as const;
/** Lifetime of an SSO state (start → postlogin). */
export const SSO_STATE_TTL_MS = 10 * 60 * 1000;
export { ssoStartPath };

export const federationRoutes = new Hono<AppEnv>();
export const federationEmulatorRoutes = new Hono<AppEnv>();

/** Mounts the federation routes under `apiPrefix` and its test helpers under `/_emulator`. */
export function mountFederation(app: Hono<AppEnv>, apiPrefix: string): void {
  app.route(apiPrefix, federationRoutes);
  app.route('/_emulator', federationEmulatorRoutes);
}

const failed = (c: Ctx, e: unknown) => {
  if (e instanceof ProvisionError) return c.json(errorBody(e.message, e.errorCode), e.status);
  if (e instanceof FederationError) return c.json(errorBody(e.message, 'ER-FEDERATION-FAILED'), 401);
  throw e;
};

// ---------------------------------------------------------------- social providers (public)

type ProviderRow = typeof socialProviders.$inferSelect;

const providerV2 = (p: ProviderRow) => ({
  type: p.type,
  clientId: p.clientId,
  redirectUrl: p.redirectUrl,
  backendRedirectUrl: '',
  active: p.active,
  authorizationUrl: p.authorizationUrl,
  options: { scopes: p.scopes },
  customised: true,
  additionalScopes: p.additionalScopes,
});

async function builtInProviders(c: Ctx) {
  return c.var.db.select().from(socialProviders).where(eq(socialProviders.custom, false)).orderBy(socialProviders.type);
}

/** getSocialLoginProviders (v1): `[type, clientId, redirectUrl, active]`. */
federationRoutes.get('/identity/resources/sso/v1', async (c) =>
  c.json((await builtInProviders(c)).map((p) => ({ type: p.type, clientId: p.clientId, redirectUrl: p.redirectUrl, active: p.active }))),
);
/** getSocialLoginProvidersV2 (public). */
federationRoutes.get('/identity/resources/sso/v2', async (c) => c.json((await builtInProviders(c)).map(providerV2)));
/** getSocialLoginProvidersV2ForAuthenticatedUser. */
federationRoutes.get('/identity/resources/sso/v2/authenticated', requireAuth, async (c) => c.json((await builtInProviders(c)).map(providerV2)));
/** getCustomSocialLoginProvidersV1: `{ providers: [...] }`. */
federationRoutes.get('/identity/resources/sso/custom/v1', async (c) => {
  const rows = await c.var.db.select().from(socialProviders).where(eq(socialProviders.custom, true)).orderBy(socialProviders.createdAt);
  return c.json({
    providers: rows.map((p) => ({
      id: p.id,
      type: 'custom',
      clientId: p.clientId,
      redirectUrl: p.redirectUrl,
      redirectUrlPattern: p.redirectUrl,
      authorizationUrl: p.authorizationUrl,
      userInfoUrl: p.userinfoUrl ?? '',
      scopes: p.scopes,
      ssoLogoUrl: p.ssoLogoUrl ?? '',
      displayName: p.displayName ?? 'Custom provider',
      active: p.active,
    })),
  });
});

// ---------------------------------------------------------------- social postlogin

const socialQuery = z.object({
  code: optStr(),
  id_token: optStr(),
  redirectUri: optStr(),
  code_verifier: optStr(),
  code_verifier_pkce: optStr(),
  state: optStr(),
});
const socialBody = z.object({ metadata: optStr(), invitationToken: optStr() });

/** loginViaSocialLogin: see the module comment. `{provider}` is a built-in type or a custom provider's id. */
federationRoutes.post('/identity/resources/auth/v1/user/sso/:provider/postlogin', async (c) => {
  const q = socialQuery.parse(c.req.query());
  await parseBody(c, socialBody);
  const name = c.req.param('provider');
  const [provider] = await c.var.db.select().from(socialProviders).where(eq(socialProviders.id, name));
  if (!provider) throw notFound(`Social login provider ${name} was not found`, 'ER-SOCIAL-PROVIDER-NOT-FOUND');
  if (!provider.active) throw badRequest(`Social login provider ${name} is not active`, 'ER-SOCIAL-PROVIDER-INACTIVE');
  if (!q.code) throw badRequest('code is required');
  if (!q.redirectUri) throw badRequest('redirectUri is required');
  if (!q.state) throw badRequest('state is required');
  if (provider.redirectUrl && q.redirectUri !== provider.redirectUrl) throw badRequest("redirectUri is not the provider's redirect URL");
  try {
    const id = await exchangeCode({
      endpoints: { issuer: provider.issuer, tokenUrl: provider.tokenUrl, jwksUri: provider.jwksUri },
      clientId: provider.clientId,
      clientSecret: provider.clientSecret,
      code: q.code,
      redirectUri: q.redirectUri,
      codeVerifier: q.code_verifier ?? q.code_verifier_pkce,
      nonce: q.state,
      outbound: c.var.rt.outbound,
    });
    if (!id.emailVerified) throw new FederationError('The identity provider has not verified the email');
    const { user, isNewUser } = await provisionSocialUser(c, id, provider.custom ? `custom:${provider.id}` : provider.type);
    const answer = await federatedLoginAnswer(c, user, 'social');
    return c.json({ ...answer, email: user.email, userEmail: user.email, name: user.name, userId: user.id, tenantId: user.activeTenantId, isNewUser });
  } catch (e) {
    return failed(c, e);
  }
});

// ---------------------------------------------------------------- SSO start

async function loadConfig(c: Ctx, id: string): Promise<SsoConfigRow | undefined> {
  const [row] = await c.var.db.select().from(ssoConfigurations).where(eq(ssoConfigurations.id, id));
  return row;
}

function withParams(url: string, params: Record<string, string>): string {
  const u = new URL(url);
  for (const [k, v] of Object.entries(params)) u.searchParams.set(k, v);
  return u.href;
}

/** SSO start (the pre-login address): state → redirect to the IdP. A disabled configuration goes back to the callback with `error`. */
federationRoutes.get('/auth/sso/:configId/start', async (c) => {
  const config = await loadConfig(c, c.req.param('configId'));
  if (!config) throw notFound('SSO configuration was not found', 'ER-SSO-CONFIGURATION-NOT-FOUND');
  const callbackUrl = ssoCallbackUrl(c, config);
  if (!config.enabled) return c.redirect(withParams(callbackUrl, { error: 'sso_disabled', error_description: 'SSO is not active' }), 303);
  const state = randomString();
  // login CSRF (issue 29 item 6): the postlogin that brings this state back must come from this browser
  bindStateToBrowser(c, state, SSO_STATE_TTL_MS);
  const base = { stateHash: sha256(state), configId: config.id, callbackUrl, expiresAt: new Date((await emulatorNow(c.var.db)) + SSO_STATE_TTL_MS), consumedAt: null };
  if (config.type === 'oidc') {
    const { url, nonce, codeVerifier } = authorizationRequest({ authorizationUrl: config.oidcAuthorizationUrl!, clientId: config.oidcClientId! }, callbackUrl, state);
    await c.var.db.insert(ssoStates).values({ ...base, kind: 'oidc', nonce, codeVerifier });
    return c.redirect(url, 302);
  }
  warmUpSamlValidator();
  const { id, url } = authnRequest(c.var.rt.issuer, config, state);
  await c.var.db.insert(ssoStates).values({ ...base, kind: 'saml', requestId: id });
  return c.redirect(url, 302);
});

/**
 * Takes a live, unused state of `kind` (single use: it is spent at once).
 * @returns the state row, or undefined (unknown, spent, expired or of another kind).
 */
async function takeState(c: Ctx, kind: 'oidc' | 'saml', state: string | undefined) {
  if (!state) return undefined;
  const now = await emulatorNow(c.var.db);
  const [row] = await c.var.db
    .update(ssoStates)
    .set({ consumedAt: new Date(now) })
    .where(and(eq(ssoStates.stateHash, sha256(state)), eq(ssoStates.kind, kind), isNull(ssoStates.consumedAt), ne(ssoStates.callbackUrl, TEST_CALLBACK)))
    .returning();
  if (!row || row.expiresAt.getTime() <= now) return undefined;
  return row;
}

const stateInvalid = (c: Ctx) => c.json(errorBody('The SSO login state is invalid or has expired', 'ER-SSO-STATE-INVALID'), 400);

type StateRow = NonNullable<Awaited<ReturnType<typeof takeState>>>;

/**
 * The refusal of a live state brought back by a browser that did not start it (no or another binding cookie,
 * federation/browser-binding.ts; issue 29 item 6): a durable `user.sign-in.failed` audit row in the configuration's
 * account, and the answer of an invalid state (the state stays spent).
 */
async function notThisBrowser(c: Ctx, row: StateRow) {
  const config = await loadConfig(c, row.configId);
  await audit(c, {
    action: 'user.sign-in.failed',
    actor: { id: null, email: null },
    tenantId: config?.tenantId ?? null,
    severity: 'WARNING',
    description: `SSO sign-in refused: the ${row.kind.toUpperCase()} login state was brought back by a browser that did not start it (login CSRF?)`,
    details: { reason: 'state not bound to this browser', method: row.kind, configId: row.configId },
    durable: true,
  });
  return stateInvalid(c);
}

async function activeConfig(c: Ctx, id: string): Promise<SsoConfigRow> {
  const config = await loadConfig(c, id);
  if (!config || !config.enabled) throw new FederationError('SSO is not active for this configuration');
  return config;
}

// ---------------------------------------------------------------- OIDC postlogin

/** `error`, `error_description`: the IdP's error the callback brought back (an emulator addition, for a test's state). */
const oidcBody = z.object({ code: optStr(), state: optStr(), RelayState: optStr(), redirectUri: optStr(), error: optStr(), error_description: optStr() });

async function oidcPostLogin(c: Ctx) {
  const body = await parseBody(c, oidcBody);
  const state = body.state ?? body.RelayState;
  // an administrator's test sign-in (issue 31 item 5): the result is kept for the portal, nobody signs in
  const test = await takeOidcTestState(c, state);
  if (test) return finishOidcTestSignIn(c, test, await loadConfig(c, test.configId), body);
  const row = await takeState(c, 'oidc', state);
  if (!row) return stateInvalid(c);
  if (!stateBoundToBrowser(c, state!)) return notThisBrowser(c, row);
  if (body.error) return failed(c, new FederationError(`The identity provider answered an error (${body.error})`));
  if (!body.code) return c.json(errorBody('code is required'), 400);
  if (body.redirectUri !== row.callbackUrl) return c.json(errorBody('redirectUri is not the one this login started with'), 400);
  try {
    const config = await activeConfig(c, row.configId);
    const id = await exchangeCode({
      endpoints: { issuer: config.oidcIssuer!, tokenUrl: config.oidcTokenUrl!, jwksUri: config.oidcJwksUri! },
      clientId: config.oidcClientId!,
      clientSecret: config.oidcClientSecret!,
      code: body.code,
      redirectUri: row.callbackUrl,
      codeVerifier: row.codeVerifier ?? undefined,
      nonce: row.nonce ?? undefined,
      outbound: c.var.rt.outbound,
    });
    const { user } = await provisionSsoUser(c, { ...id, groups: groupNames(id.claims.groups) }, config);
    return c.json(await federatedLoginAnswer(c, user, 'oidc'));
  } catch (e) {
    return failed(c, e);
  }
}

/** oidcPostLogin. */
federationRoutes.post('/identity/resources/auth/v1/user/oidc/postlogin', oidcPostLogin);
/** oidcPostLoginV2 (`RelayState` carries the state). */
federationRoutes.post('/identity/resources/auth/v2/user/oidc/postlogin', oidcPostLogin);

// ---------------------------------------------------------------- SAML: ACS, postlogin, metadata

/** A refused SAML sign-in (issue 29): one `user.sign-in.failed` row (WARNING, kept on rollback) with the reason. */
async function samlRefused(c: Ctx, configId: string, e: FederationError | ProvisionError): Promise<void> {
  const config = await loadConfig(c, configId);
  await audit(c, {
    action: 'user.sign-in.failed',
    actor: null,
    tenantId: config?.tenantId ?? null,
    severity: 'WARNING',
    description: `SAML sign-in refused: ${e.message}`,
    details: { method: 'saml', ssoConfigurationId: configId, reason: e.message },
    durable: true,
  });
}

/** The ACS (HTTP-POST binding, from the IdP's page): validate, keep the identity, hand the browser a one-time code. */
federationRoutes.post(ACS_PATH.replace(/^\/frontegg/, ''), async (c) => {
  const form = await c.req.parseBody().catch(() => ({}) as Record<string, unknown>);
  const relayState = typeof form.RelayState === 'string' ? form.RelayState : undefined;
  const samlResponse = typeof form.SAMLResponse === 'string' ? form.SAMLResponse : undefined;
  const [row] = relayState
    ? await c.var.db
        .select()
        .from(ssoStates)
        .where(and(eq(ssoStates.stateHash, sha256(relayState)), eq(ssoStates.kind, 'saml'), isNull(ssoStates.consumedAt)))
    : [];
  if (!row || row.identity || row.expiresAt.getTime() <= (await emulatorNow(c.var.db)) || !samlResponse) {
    // unsolicited (IdP-initiated) or replayed responses are refused: no state to answer
    return c.text('This SAML response does not answer a login in progress.', 400);
  }
  // an administrator's test sign-in (issue 31 item 5): the result is kept for the portal, nobody signs in
  if (row.callbackUrl === TEST_CALLBACK) return finishTestSignIn(c, row, await loadConfig(c, row.configId), samlResponse);
  try {
    const config = await activeConfig(c, row.configId);
    const identity = await validateSamlResponse(c.var.rt.issuer, config, samlResponse, row.requestId!, c.var.db);
    const code = randomToken(32);
    await c.var.db
      .update(ssoStates)
      .set({ identity, codeHash: sha256(code) })
      .where(eq(ssoStates.stateHash, row.stateHash));
    return c.redirect(withParams(row.callbackUrl, { RelayState: relayState!, code }), 303);
  } catch (e) {
    if (!(e instanceof FederationError)) throw e;
    await samlRefused(c, row.configId, e);
    await c.var.db
      .update(ssoStates)
      .set({ consumedAt: await emulatorDate(c.var.db) })
      .where(eq(ssoStates.stateHash, row.stateHash));
    return c.redirect(withParams(row.callbackUrl, { RelayState: relayState!, error: 'saml_invalid', error_description: e.message }), 303);
  }
});

const samlBody = z.object({ RelayState: optStr(), SAMLResponse: optStr(), code: optStr() });

/** postLogin (SAML): `{RelayState, code}` after the ACS, or `{RelayState, SAMLResponse}` validated here. */
federationRoutes.post('/identity/resources/auth/v1/user/saml/postlogin', async (c) => {
  const body = await parseBody(c, samlBody);
  const row = await takeState(c, 'saml', body.RelayState);
  if (!row) return stateInvalid(c);
  if (!stateBoundToBrowser(c, body.RelayState!)) return notThisBrowser(c, row);
  try {
    const config = await activeConfig(c, row.configId);
    let identity: AssertedIdentity;
    if (body.code) {
      if (!row.identity || !row.codeHash || sha256(body.code) !== row.codeHash) throw new FederationError('The SAML login code is not valid');
      // the ACS stored the whole asserted identity (groups included) in the state's identity column
      identity = row.identity as AssertedIdentity;
    } else if (body.SAMLResponse) {
      if (row.identity) throw new FederationError('This SAML login was already answered');
      identity = await validateSamlResponse(c.var.rt.issuer, config, body.SAMLResponse, row.requestId!, c.var.db);
    } else {
      return c.json(errorBody('code or SAMLResponse is required'), 400);
    }
    const { user } = await provisionSsoUser(c, identity, config);
    return c.json(await federatedLoginAnswer(c, user, 'saml'));
  } catch (e) {
    if (e instanceof FederationError || e instanceof ProvisionError) await samlRefused(c, row.configId, e);
    return failed(c, e);
  }
});

/** The SP metadata (entity id = this URL; ACS over HTTP-POST). */
federationRoutes.get(SP_METADATA_PATH.replace(/^\/frontegg/, ''), (c) =>
  c.body(spMetadata(c.var.rt.issuer), 200, { 'content-type': 'application/samlmetadata+xml; charset=utf-8' }),
);

/** getSamlVendorConfiguration: `{acsUrl, spEntityId}` (signed-in users). */
federationRoutes.get('/team/resources/sso/v1/saml/configurations/vendor-config', requireAuth, (c) => c.json(spEndpoints(c.var.rt.issuer)));

/**
 * getSSOPublicConfiguration: `{isActive}` — whether any SSO connection is enabled: an enabled SSO configuration,
 * or a bare SSO domain (`/_emulator/sso-domains`, whose pre-login answers an address).
 */
federationRoutes.get('/team/resources/sso/v2/configurations/public', async (c) => {
  const [row] = await c.var.db.select({ id: ssoConfigurations.id }).from(ssoConfigurations).where(eq(ssoConfigurations.enabled, true)).limit(1);
  const [domain] = row ? [row] : await c.var.db.select({ id: ssoDomains.id }).from(ssoDomains).limit(1);
  return c.json({ isActive: !!domain });
});

// ---------------------------------------------------------------- /_emulator helpers

const providerIn = z.object({
  issuer: httpUrl(),
  clientId: z.string().min(1),
  clientSecret: z.string().min(1),
  active: z.boolean().default(true),
  /** '' = any redirect URI */
  redirectUrl: z
    .string()
    .refine((v) => v === '' || isHttpUrl(v), { message: 'must be empty or an absolute http: or https: URL' })
    .default(''),
  additionalScopes: z.array(z.string()).default([]),
  displayName: optStr(),
  ssoLogoUrl: optHttpUrl(),
  /** Explicit endpoints (all three) skip discovery, e.g. for an issuer that is not running. */
  authorizationUrl: httpUrl().optional(),
  tokenUrl: httpUrl().optional(),
  jwksUri: httpUrl().optional(),
});

async function upsertProvider(c: Ctx, id: string, type: string, custom: boolean) {
  const body = await parseBody(c, providerIn);
  let endpoints: { issuer: string; authorizationUrl: string; tokenUrl: string; jwksUri: string; userinfoUrl?: string };
  if (body.authorizationUrl && body.tokenUrl && body.jwksUri) {
    endpoints = { issuer: body.issuer, authorizationUrl: body.authorizationUrl, tokenUrl: body.tokenUrl, jwksUri: body.jwksUri };
  } else {
    try {
      endpoints = await discover(body.issuer, c.var.rt.outbound);
    } catch (e) {
      throw badRequest((e as Error).message);
    }
  }
  const now = await emulatorDate(c.var.db);
  const values = {
    type,
    custom,
    displayName: body.displayName ?? null,
    clientId: body.clientId,
    clientSecret: body.clientSecret,
    redirectUrl: body.redirectUrl,
    issuer: endpoints.issuer,
    authorizationUrl: endpoints.authorizationUrl,
    tokenUrl: endpoints.tokenUrl,
    jwksUri: endpoints.jwksUri,
    userinfoUrl: endpoints.userinfoUrl ?? null,
    scopes: ['openid', 'email', 'profile', ...body.additionalScopes].join(' '),
    additionalScopes: body.additionalScopes,
    ssoLogoUrl: body.ssoLogoUrl ?? null,
    active: body.active,
    updatedAt: now,
  };
  await c.var.db
    .insert(socialProviders)
    .values({ id, ...values, createdAt: now })
    .onConflictDoUpdate({ target: socialProviders.id, set: values });
  return { id, type, custom, active: body.active, authorizationUrl: endpoints.authorizationUrl, issuer: endpoints.issuer };
}

/**
 * Routes a built-in provider to an OIDC issuer: `{ issuer, clientId, clientSecret, active?, redirectUrl?, additionalScopes? }`
 * (endpoints discovered now), or with explicit `authorizationUrl`, `tokenUrl`, `jwksUri`.
 */
federationEmulatorRoutes.put('/social-providers/:type', async (c) => {
  const type = c.req.param('type');
  if (!(SOCIAL_PROVIDER_TYPES as readonly string[]).includes(type)) throw badRequest(`type must be one of ${SOCIAL_PROVIDER_TYPES.join(', ')}`);
  return c.json(await upsertProvider(c, type, type, false));
});
/** Adds a custom provider (`displayName`, `ssoLogoUrl`, plus the fields above); answers its `id`. */
federationEmulatorRoutes.post('/social-providers/custom', async (c) => c.json(await upsertProvider(c, randomUUID(), 'custom', true), 201));
/** Lists the providers (without secrets). */
federationEmulatorRoutes.get('/social-providers', async (c) => c.json((await c.var.db.select().from(socialProviders)).map(({ clientSecret: _s, ...p }) => p)));
federationEmulatorRoutes.delete('/social-providers/:id', async (c) => {
  const res = await c.var.db
    .delete(socialProviders)
    .where(eq(socialProviders.id, c.req.param('id')))
    .returning();
  if (res.length === 0) throw notFound('Social login provider not found');
  return c.json({});
});

const ssoIn = z.object({
  type: z.enum(['oidc', 'saml']),
  domains: z.array(z.string().trim().toLowerCase().min(1)).min(1),
  tenantId: z.string().default(SEED.tenantId),
  roleIds: z.array(z.string()).default([]),
  enabled: z.boolean().default(true),
  callbackUrl: optHttpUrl(),
  oidc: z.object({ issuer: httpUrl(), clientId: z.string().min(1), clientSecret: z.string().min(1) }).optional(),
  saml: z.union([z.object({ metadata: z.string().min(1) }), z.object({ entityId: z.string().min(1), ssoUrl: httpUrl(), certificate: z.string().min(1) })]).optional(),
});

/**
 * Creates an SSO configuration and its domains (pre-login then answers the
 * start URL as the address, with idpType). OIDC: `oidc {issuer, clientId,
 * clientSecret}` (discovered now). SAML: `saml {metadata}` (IdP metadata XML)
 * or `saml {entityId, ssoUrl, certificate}`.
 */
federationEmulatorRoutes.post('/sso-configurations', async (c) => {
  const body = await parseBody(c, ssoIn);
  let idp: GivenIdp;
  if (body.type === 'oidc') {
    if (!body.oidc) throw badRequest('oidc is required');
    let e;
    try {
      e = await discover(body.oidc.issuer, c.var.rt.outbound);
    } catch (err) {
      throw badRequest((err as Error).message);
    }
    idp = {
      oidcIssuer: e.issuer,
      oidcClientId: body.oidc.clientId,
      oidcClientSecret: body.oidc.clientSecret,
      oidcAuthorizationUrl: e.authorizationUrl,
      oidcTokenUrl: e.tokenUrl,
      oidcJwksUri: e.jwksUri,
    };
  } else {
    if (!body.saml) throw badRequest('saml is required');
    if ('metadata' in body.saml) {
      const meta = parseIdpMetadata(body.saml.metadata);
      idp = { samlIdpEntityId: meta.entityId, samlSsoEndpoint: meta.ssoEndpoint, samlCertificate: meta.certificate };
    } else {
      idp = { samlIdpEntityId: body.saml.entityId, samlSsoEndpoint: body.saml.ssoUrl, samlCertificate: body.saml.certificate };
    }
  }
  const { tenantId, type, enabled, domains, roleIds, callbackUrl } = body;
  const { row, address } = await storeGivenConfiguration(c.var.db, c.var.rt.issuer, { tenantId, type, enabled, domains, roleIds, callbackUrl, idp });
  return c.json({ id: row.id, type, domains, enabled, address, ...spEndpoints(c.var.rt.issuer) }, 201);
});

/** Switches a configuration on or off, or changes its callback / OIDC client secret. */
federationEmulatorRoutes.patch('/sso-configurations/:id', async (c) => {
  const body = await parseBody(c, z.object({ enabled: z.boolean().optional(), callbackUrl: optHttpUrl(), oidcClientSecret: optStr() }));
  const row = await changeGivenConfiguration(c.var.db, c.req.param('id'), body);
  if (!row) throw notFound(CONFIGURATION_NOT_FOUND);
  return c.json({ id: row.id, enabled: row.enabled });
});

/** Deletes a configuration and its domains. */
federationEmulatorRoutes.delete('/sso-configurations/:id', async (c) => {
  const row = await configurationById(c.var.db, c.req.param('id'));
  if (!row) throw notFound(CONFIGURATION_NOT_FOUND);
  await deleteConfiguration(c, row);
  return c.json({});
});
