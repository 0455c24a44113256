/**
 * URLs of the configuration that the browser later navigates to (or loads) are http(s) only
 * (http/body.ts `httpUrl()`): zod's `.url()` alone accepts `javascript:`, `data:`, `vbscript:`.
 * Also: the emulator's own HTML pages (hosted login, outbox) carry the strict CSP and no inline code.
 */
import { describe, it, before, after, beforeEach } from 'node:test';
import assert from 'node:assert/strict';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import samlify from 'samlify';
import type { Emulator } from '../src/app.ts';
import { PAGE_CSP } from '../src/http/csp.ts';
import { renderHtml } from '../src/outbox.ts';
import { Client, startEmulator, type Res } from './helpers.ts';
import { selfSignedCertificate } from '../../tools/idp-saml.js';

let emu: Emulator;
before(async () => {
  emu = await startEmulator();
});
after(async () => {
  await emu.close();
});
beforeEach(async () => {
  await emu.reset();
});

const BAD = [
  'javascript:alert(1)',
  'JaVaScRiPt:alert(1)',
  ' javascript:alert(1)',
  'java\tscript:alert(1)',
  'data:text/html,<script>alert(1)</script>',
  'vbscript:msgbox(1)',
  ' https://idp.example.test/start',
  'https://idp.example.test/start\n',
  '/relative/path',
];
const GOOD = 'https://idp.example.test/start';
const ENDPOINTS = { authorizationUrl: 'https://idp.example.test/auth', tokenUrl: 'https://idp.example.test/token', jwksUri: 'https://idp.example.test/jwks' };
const PROVIDER = { issuer: 'https://idp.example.test', clientId: 'c', clientSecret: 's', ...ENDPOINTS };

type Send = (c: Client, url: string) => Promise<Res<{ errors?: string[] }>>;

/** Every bad URL → 400 `{ errors: ['<field>: …http…'] }` (the emulator's error shape); the https one is accepted. */
async function check(field: string, send: Send, okStatus: number) {
  const c = new Client(emu);
  for (const url of BAD) {
    const res = await send(c, url);
    assert.equal(res.status, 400, `${field} = ${JSON.stringify(url)}: ${res.text}`);
    assert.ok(Array.isArray(res.body.errors), res.text);
    assert.ok(
      res.body.errors.some((e: string) => e.startsWith(`${field}: `) && /http/.test(e)),
      `${field}: ${res.text}`,
    );
  }
  const ok = await send(c, GOOD);
  assert.equal(ok.status, okStatus, `${field} = ${GOOD}: ${ok.text}`);
}

describe('URL fields: http(s) only', () => {
  it('POST /_emulator/sso-domains address (the pre-login SSO address the login box navigates to)', async () => {
    await check('address', (c, address) => c.post('/_emulator/sso-domains', { domain: 'sso.test', address }), 201);
    const domains = (await new Client(emu).get('/_emulator/sso-domains')).body;
    assert.deepEqual(
      domains.map((d: { address: string }) => d.address),
      [GOOD],
    );
  });

  for (const field of ['issuer', 'authorizationUrl', 'tokenUrl', 'jwksUri', 'redirectUrl', 'ssoLogoUrl'] as const) {
    it(`PUT /_emulator/social-providers/github and POST …/custom: ${field}`, async () => {
      await check(field, (c, url) => c.put('/_emulator/social-providers/github', { ...PROVIDER, [field]: url }), 200);
      await check(field, (c, url) => c.post('/_emulator/social-providers/custom', { ...PROVIDER, displayName: 'Acme ID', [field]: url }), 201);
    });
  }

  it('social providers: the handed-out authorizationUrl is the accepted one; an empty redirectUrl still means any', async () => {
    const c = new Client(emu);
    const r = await c.put('/_emulator/social-providers/github', { ...PROVIDER, redirectUrl: '' });
    assert.equal(r.status, 200, r.text);
    assert.equal(r.body.authorizationUrl, ENDPOINTS.authorizationUrl);
  });

  it('POST /_emulator/sso-configurations: callbackUrl, saml.ssoUrl, oidc.issuer', async () => {
    const { certificate } = selfSignedCertificate('url validation');
    const saml = (extra: Record<string, unknown> = {}, ssoUrl = GOOD) => ({
      type: 'saml',
      domains: ['saml.test'],
      saml: { entityId: 'urn:test:idp', ssoUrl, certificate },
      ...extra,
    });
    await check('callbackUrl', (c, callbackUrl) => c.post('/_emulator/sso-configurations', saml({ callbackUrl })), 201);
    // the union of the saml shapes reports the nested field
    const c = new Client(emu);
    for (const url of BAD) {
      const res = await c.post('/_emulator/sso-configurations', saml({}, url));
      assert.equal(res.status, 400, `saml.ssoUrl = ${JSON.stringify(url)}: ${res.text}`);
      assert.ok(Array.isArray(res.body.errors));
    }
    await check(
      'oidc.issuer',
      (c2, issuer) => c2.post('/_emulator/sso-configurations', { type: 'oidc', domains: ['oidc.test'], oidc: { issuer, clientId: 'a', clientSecret: 'b' } }),
      400,
    );
  });

  it('PATCH /_emulator/sso-configurations/:id callbackUrl', async () => {
    const { certificate } = selfSignedCertificate('url validation');
    const created = await new Client(emu).post('/_emulator/sso-configurations', {
      type: 'saml',
      domains: ['saml.test'],
      saml: { entityId: 'urn:test:idp', ssoUrl: GOOD, certificate },
    });
    assert.equal(created.status, 201, created.text);
    await check('callbackUrl', (c, callbackUrl) => c.req('PATCH', `/_emulator/sso-configurations/${created.body.id}`, { callbackUrl }), 200);
  });

  it('POST /_emulator/sso-configurations: SAML metadata whose SingleSignOnService is not http(s) → 400', async () => {
    const { certificate } = selfSignedCertificate('url validation');
    const metadataFor = (location: string) =>
      samlify
        .IdentityProvider({
          entityID: 'urn:test:idp',
          signingCert: certificate,
          singleSignOnService: [{ Binding: 'urn:oasis:names:tc:SAML:2.0:bindings:HTTP-Redirect', Location: location }],
        })
        .getMetadata();
    const c = new Client(emu);
    const bad = await c.post('/_emulator/sso-configurations', { type: 'saml', domains: ['saml.test'], saml: { metadata: metadataFor('javascript:alert(1)') } });
    assert.equal(bad.status, 400, bad.text);
    assert.match(bad.body.errors[0], /not an http\(s\) URL/);
    const good = await c.post('/_emulator/sso-configurations', { type: 'saml', domains: ['saml.test'], saml: { metadata: metadataFor(GOOD) } });
    assert.equal(good.status, 201, good.text);
  });

  it('OIDC discovery: an issuer whose authorization_endpoint is not http(s) is refused (400)', async () => {
    let doc: Record<string, string> = {};
    const server = http.createServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify(doc));
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
    const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      const c = new Client(emu);
      for (const bad of ['javascript:alert(1)', 'data:text/html,x']) {
        doc = { issuer, authorization_endpoint: bad, token_endpoint: `${issuer}/token`, jwks_uri: `${issuer}/jwks` };
        const social = await c.put('/_emulator/social-providers/github', { issuer, clientId: 'a', clientSecret: 'b' });
        assert.equal(social.status, 400, social.text);
        assert.match(social.body.errors[0], /not an http\(s\) URL/);
        const sso = await c.post('/_emulator/sso-configurations', { type: 'oidc', domains: ['oidc.test'], oidc: { issuer, clientId: 'a', clientSecret: 'b' } });
        assert.equal(sso.status, 400, sso.text);
      }
      doc = { issuer, authorization_endpoint: `${issuer}/auth`, token_endpoint: `${issuer}/token`, jwks_uri: `${issuer}/jwks` };
      const ok = await c.put('/_emulator/social-providers/github', { issuer, clientId: 'a', clientSecret: 'b' });
      assert.equal(ok.status, 200, ok.text);
      assert.equal(ok.body.authorizationUrl, `${issuer}/auth`);
    } finally {
      await new Promise((r) => server.close(r));
    }
  });

  it('POST /_emulator/oauth/codes redirectUri', async () => {
    await check('redirectUri', (c, redirectUri) => c.post('/_emulator/oauth/codes', { email: 'admin@acme.test', redirectUri }), 201);
  });
});

describe("the emulator's own pages: strict CSP, no inline script or style", () => {
  const noInline = (html: string) => {
    assert.doesNotMatch(html, /<style/i, 'no inline <style>');
    assert.doesNotMatch(html, /\sstyle=/i, 'no style attribute');
    for (const [tag] of html.matchAll(/<script\b[^>]*>/gi)) assert.match(tag, /\ssrc="\/[^"]+"/, `external scripts only: ${tag}`);
    assert.doesNotMatch(html, /\son[a-z]+=/i, 'no inline event handler');
  };

  it('the hosted login page: CSP header, its CSS/JS as same-origin assets, the continue URL in data-continue-url (escaped)', async () => {
    const c = new Client(emu);
    const q = new URLSearchParams({
      client_id: 'demo-client',
      redirect_uri: 'http://127.0.0.1:5173/oauth/callback',
      response_type: 'code',
      scope: 'openid email profile',
      state: '"><script>alert(1)</script>',
      code_challenge: 'a'.repeat(43),
      code_challenge_method: 'S256',
    });
    const page = await c.get(`/oauth/authorize?${q}`);
    assert.equal(page.status, 200, page.text);
    assert.equal(page.headers.get('content-security-policy'), PAGE_CSP);
    noInline(page.text);
    assert.match(page.text, /<link rel="stylesheet" href="\/hosted\/assets\/hosted-login\.css" \/>/);
    assert.match(page.text, /<script type="module" src="\/hosted\/assets\/hosted-login\.js"><\/script>/);
    assert.match(page.text, /<script type="module" src="\/hosted\/assets\/fe-login-box\.js"><\/script>/);
    const attr = /<main data-continue-url="([^"]*)">/.exec(page.text);
    assert.ok(attr, 'the continue URL is on <main>');
    assert.ok(!page.text.includes('<script>alert(1)</script>'));
    const continueUrl = attr[1]
      .replace(/&amp;/g, '&')
      .replace(/&quot;/g, '"')
      .replace(/&lt;/g, '<')
      .replace(/&gt;/g, '>')
      .replace(/&#39;/g, "'");
    assert.equal(continueUrl, `/oauth/authorize/continue?${q}`);

    const css = await c.get('/hosted/assets/hosted-login.css');
    assert.equal(css.status, 200);
    assert.match(css.headers.get('content-type')!, /^text\/css/);
    const js = await c.get('/hosted/assets/hosted-login.js');
    assert.equal(js.status, 200);
    assert.match(js.headers.get('content-type')!, /^text\/javascript/);
    assert.match(js.text, /data-continue-url/);
    assert.match(js.text, /fe-login/);
  });

  it('the hosted login error page carries the CSP too', async () => {
    const res = await new Client(emu).get('/oauth/authorize?client_id=other');
    assert.equal(res.status, 400);
    assert.equal(res.headers.get('content-security-policy'), PAGE_CSP);
    noInline(res.text);
  });

  it('the outbox page: CSP header, its stylesheet at /_emulator/outbox.css; links only to http(s) URLs', async () => {
    const c = new Client(emu);
    const html = await c.get('/_emulator/outbox?format=html');
    assert.equal(html.headers.get('content-security-policy'), PAGE_CSP);
    assert.doesNotMatch(html.text, /<form/i, 'no form (form-action)');
    noInline(html.text);
    assert.match(html.text, /<link rel="stylesheet" href="\/_emulator\/outbox\.css">/);
    const css = await c.get('/_emulator/outbox.css');
    assert.equal(css.status, 200);
    assert.match(css.headers.get('content-type')!, /^text\/css/);
    assert.equal((await c.get('/_emulator/outbox', { accept: 'application/json' })).headers.get('content-security-policy'), null, 'JSON has no page CSP');

    const item = { id: '1', to: 'a@b.test', channel: 'email' as const, subject: 's', text: 't', createdAt: new Date(0).toISOString() };
    const rendered = renderHtml([
      { ...item, link: 'javascript:alert(1)' },
      { ...item, id: '2', link: 'https://app.test/x?a=1&b=2' },
    ]);
    assert.ok(!rendered.includes('href="javascript:'), 'no javascript: link');
    assert.ok(rendered.includes('<code>javascript:alert(1)</code>'));
    assert.ok(rendered.includes('<a href="https://app.test/x?a=1&amp;b=2">'));
  });
});
