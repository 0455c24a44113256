/**
 * A local SAML 2.0 identity provider for tests and the demo (samlify IdP
 * side, the xmllint schema validator; real signed assertions): it receives
 * AuthnRequests over HTTP-Redirect, shows a small sign-in page (email,
 * "Sign in" / "Cancel") and posts a signed SAMLResponse (message and
 * assertion signed, RSA-SHA256) to the SP's ACS with the RelayState.
 *
 * An account given `groups` gets them in the assertion as an AttributeStatement
 * `groups` (one AttributeValue per group; samlify's login-response template
 * with the attribute statement filled in, see {@link groupsTemplate}).
 *
 * Endpoints: `GET /metadata` (IdP metadata), `GET /sso` (HTTP-Redirect:
 * SAMLRequest, RelayState), `POST /sso/login` (the sign-in form).
 *
 * @example
 * const idp = await startSamlIdp({ accounts: [{ email: 'ann@corp.test' }], spMetadata });
 * // configure the SP with idp.metadata …; then: await idp.close();
 */
import http from 'node:http';
import { X509Certificate, generateKeyPairSync, randomBytes, sign } from 'node:crypto';
import samlify from 'samlify';
import * as xmllint from '@authenio/samlify-node-xmllint';
import { esc, page, readForm } from './idp-page.js';

samlify.setSchemaValidator(xmllint);
const { binding } = samlify.Constants.namespace;

// ---------------------------------------------------------------- a self-signed X.509 certificate (DER by hand)

function derLength(n) {
  if (n < 128) return Buffer.from([n]);
  const bytes = [];
  for (let x = n; x > 0; x >>= 8) bytes.unshift(x & 255);
  return Buffer.from([0x80 | bytes.length, ...bytes]);
}
const der = (tag, ...parts) => {
  const body = Buffer.concat(parts);
  return Buffer.concat([Buffer.from([tag]), derLength(body.length), body]);
};
const seq = (...parts) => der(0x30, ...parts);
const set = (...parts) => der(0x31, ...parts);
const int = (buf) => der(0x02, buf[0] & 0x80 ? Buffer.concat([Buffer.from([0]), buf]) : buf);
function oid(dotted) {
  const [a, b, ...rest] = dotted.split('.').map(Number);
  const out = [40 * a + b];
  for (const n of rest) {
    const chunk = [n & 127];
    for (let x = n >> 7; x > 0; x >>= 7) chunk.unshift((x & 127) | 128);
    out.push(...chunk);
  }
  return der(0x06, Buffer.from(out));
}
const utcTime = (d) => der(0x17, Buffer.from(d.toISOString().replace(/^\d\d(\d\d)-(\d\d)-(\d\d)T(\d\d):(\d\d):(\d\d).*$/, '$1$2$3$4$5$6Z')));

/**
 * A new RSA-2048 key and a self-signed certificate (sha256WithRSAEncryption, valid from yesterday for a year).
 * @param {string} commonName
 * @returns {{ privateKey: string, certificate: string }} both PEM
 */
export function selfSignedCertificate(commonName) {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const algorithm = seq(oid('1.2.840.113549.1.1.11'), Buffer.from([0x05, 0x00]));
  const name = seq(set(seq(oid('2.5.4.3'), der(0x0c, Buffer.from(commonName)))));
  const now = Date.now();
  const serial = randomBytes(12);
  serial[0] = (serial[0] & 0x7f) | 0x01; // positive, and no leading zero byte (DER forbids the padding)
  const tbs = seq(
    der(0xa0, int(Buffer.from([2]))),
    int(serial),
    algorithm,
    name,
    seq(utcTime(new Date(now - 86_400_000)), utcTime(new Date(now + 365 * 86_400_000))),
    name,
    publicKey.export({ type: 'spki', format: 'der' }),
  );
  const cert = seq(tbs, algorithm, der(0x03, Buffer.from([0]), sign('sha256', tbs, privateKey)));
  const certificate = `-----BEGIN CERTIFICATE-----\n${cert
    .toString('base64')
    .match(/.{1,64}/g)
    .join('\n')}\n-----END CERTIFICATE-----\n`;
  new X509Certificate(certificate); // throws if malformed
  return { privateKey: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(), certificate };
}

// ---------------------------------------------------------------- the IdP

/** Text for an XML element: `&`, `<`, `>` escaped. */
const xmlText = (value) => String(value).replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** A schema-valid SAML message for the validator's warm-up. */
const WARM_UP_XML =
  '<samlp:Response xmlns:samlp="urn:oasis:names:tc:SAML:2.0:protocol" ID="_warm-up" Version="2.0" IssueInstant="2020-01-01T00:00:00Z">' +
  '<samlp:Status><samlp:StatusCode Value="urn:oasis:names:tc:SAML:2.0:status:Success"/></samlp:Status></samlp:Response>';

/**
 * Starts the IdP on 127.0.0.1.
 * @param {{
 *   port?: number,
 *   accounts?: { email: string, name?: string, groups?: string[] }[],
 *   spMetadata?: string,
 *   sp?: { entityId: string, acsUrl: string },
 * }} opts the SP as its metadata XML (what the emulator serves at /frontegg/auth/saml/metadata) or its entity id and ACS URL
 */
export async function startSamlIdp({ port = 0, accounts = [], spMetadata, sp: spIn } = {}) {
  const { privateKey, certificate } = selfSignedCertificate('fe-elements test SAML IdP');
  let idp;
  let sp;
  const findAccount = (email) =>
    accounts.find(
      (a) =>
        a.email.toLowerCase() ===
        String(email ?? '')
          .trim()
          .toLowerCase(),
    );

  /** The signed SAMLResponse for an AuthnRequest (as its HTTP-Redirect query) and an account. */
  async function respond(query, email) {
    const request = await idp.parseLoginRequest(sp, 'redirect', { query });
    const account = findAccount(email);
    if (!account) throw new Error(`unknown account ${email}`);
    const custom = account.groups ? groupsTemplate(request, account) : undefined;
    const { context, entityEndpoint } = await idp.createLoginResponse(
      sp,
      request,
      'post',
      { email: account.email },
      { relayState: query.RelayState, customTagReplacement: custom },
    );
    return { acsUrl: entityEndpoint, SAMLResponse: context, RelayState: query.RelayState ?? '' };
  }

  /**
   * samlify's default login-response template with its tags filled in as samlify does, plus an AttributeStatement
   * `groups` (samlify leaves AttributeStatement empty unless a custom template fills it).
   * @returns the customTagReplacement samlify calls with the template
   */
  function groupsTemplate(request, account) {
    return (template) => {
      const id = `_${randomBytes(16).toString('hex')}`;
      const now = new Date();
      const later = new Date(now.getTime() + 5 * 60_000).toISOString();
      // by the binding's short name, as samlify's own template does: the URN finds nothing (and Destination and
      // Recipient would be dropped)
      const acs = sp.entityMeta.getAssertionConsumerService('post');
      const values = account.groups.map((g) => `<saml:AttributeValue xsi:type="xs:string">${xmlText(g)}</saml:AttributeValue>`).join('');
      const attributes = `<saml:AttributeStatement><saml:Attribute Name="groups" NameFormat="urn:oasis:names:tc:SAML:2.0:attrname-format:basic">${values}</saml:Attribute></saml:AttributeStatement>`;
      const context = samlify.SamlLib.replaceTagsByValue(template, {
        ID: id,
        AssertionID: `_${randomBytes(16).toString('hex')}`,
        Destination: acs,
        Audience: sp.entityMeta.getEntityID(),
        EntityID: sp.entityMeta.getEntityID(),
        SubjectRecipient: acs,
        Issuer: idp.entityMeta.getEntityID(),
        IssueInstant: now.toISOString(),
        AssertionConsumerServiceURL: acs,
        StatusCode: samlify.Constants.StatusCode.Success,
        ConditionsNotBefore: now.toISOString(),
        ConditionsNotOnOrAfter: later,
        SubjectConfirmationDataNotOnOrAfter: later,
        NameIDFormat: 'urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress',
        NameID: account.email,
        InResponseTo: request.extract.request.id,
        AuthnStatement: '',
        AttributeStatement: '',
      }).replace('</saml:Conditions></saml:Assertion>', `</saml:Conditions>${attributes}</saml:Assertion>`);
      return { id, context };
    };
  }

  const server = http.createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    try {
      if (req.method === 'GET' && url.pathname === '/metadata') {
        res.writeHead(200, { 'content-type': 'application/samlmetadata+xml' });
        return res.end(idp.getMetadata());
      }
      if (req.method === 'GET' && url.pathname === '/sso') {
        const query = Object.fromEntries(url.searchParams);
        await idp.parseLoginRequest(sp, 'redirect', { query }); // a malformed request fails here
        res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
        return res.end(
          page(
            'Sign in — test SAML IdP',
            `<form method="post" action="/sso/login">
<h1>Test SAML IdP</h1>
<label>Email <input name="email" type="email" autocomplete="username" required></label>
<input type="hidden" name="query" value="${esc(url.search)}">
<button type="submit" name="action" value="login">Sign in</button>
<button type="submit" name="action" value="cancel" formnovalidate>Cancel</button>
</form>`,
          ),
        );
      }
      if (req.method === 'POST' && url.pathname === '/sso/login') {
        const form = await readForm(req);
        const query = Object.fromEntries(new URLSearchParams(form.query ?? ''));
        if (form.action === 'cancel') {
          res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
          return res.end(page('Cancelled', '<p>Sign-in cancelled. You can close this page.</p>'));
        }
        if (!findAccount(form.email)) {
          res.writeHead(401, { 'content-type': 'text/html; charset=utf-8' });
          return res.end(page('Unknown account', '<p role="alert">Unknown account.</p>'));
        }
        const answer = await respond(query, form.email);
        res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
        return res.end(
          page(
            'Signing in…',
            `<form method="post" action="${esc(answer.acsUrl)}">
<input type="hidden" name="SAMLResponse" value="${esc(answer.SAMLResponse)}">
<input type="hidden" name="RelayState" value="${esc(answer.RelayState)}">
<button type="submit">Continue</button></form><script>document.forms[0].submit()</script>`,
          ),
        );
      }
      res.writeHead(404, { 'content-type': 'text/plain' });
      res.end('Not found');
    } catch (e) {
      res.writeHead(400, { 'content-type': 'text/plain' });
      res.end(`Bad request: ${e?.message ?? e}`);
    }
  });
  await new Promise((resolve) => server.listen(port, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${server.address().port}`;
  const entityId = `${url}/metadata`;
  idp = samlify.IdentityProvider({
    entityID: entityId,
    privateKey,
    signingCert: certificate,
    singleSignOnService: [{ Binding: binding.redirect, Location: `${url}/sso` }],
    nameIDFormat: ['urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress'],
    wantAuthnRequestsSigned: false,
  });
  // the validator is an emscripten build whose first call takes seconds: pay it at start, not during a sign-in
  await xmllint.validate(WARM_UP_XML).catch(() => undefined);
  sp = spMetadata
    ? samlify.ServiceProvider({ metadata: spMetadata, wantMessageSigned: true })
    : samlify.ServiceProvider({
        entityID: spIn.entityId,
        assertionConsumerService: [{ Binding: binding.post, Location: spIn.acsUrl }],
        wantAssertionsSigned: true,
        wantMessageSigned: true,
      });

  return {
    url,
    entityId,
    ssoUrl: `${url}/sso`,
    /** PEM */
    certificate,
    /** The IdP metadata XML. */
    metadata: idp.getMetadata(),
    /**
     * What the IdP posts for the AuthnRequest at `authnRequestUrl` (the IdP URL with SAMLRequest and RelayState, as
     * the SP redirected to it) signed in as `email`: `{ acsUrl, SAMLResponse (base64), RelayState }`.
     */
    respond: (authnRequestUrl, email) => respond(Object.fromEntries(new URL(authnRequestUrl).searchParams), email),
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections?.();
        server.close(() => resolve());
      }),
  };
}
