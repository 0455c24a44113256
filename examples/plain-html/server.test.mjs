// The demo host (server.mjs): its CSP, its own files, no path traversal, hosted mode, lite mode.
// Run: node --test examples/plain-html/server.test.mjs
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { DEMO_CSP, DEMO_CSP_TRUSTED_TYPES, demoCsp, startDemo } from './server.mjs';

const EMULATOR = 'http://127.0.0.1:9'; // nothing is proxied in these tests

describe('demo host', () => {
  const demos = {};
  before(async () => {
    demos.plain = await startDemo({ port: 0, emulatorUrl: EMULATOR, page: 'index.html', csp: true, trustedTypes: false });
    demos.tt = await startDemo({ port: 0, emulatorUrl: EMULATOR, page: 'index.html', trustedTypes: true });
    demos.off = await startDemo({ port: 0, emulatorUrl: EMULATOR, page: 'index.html', csp: false });
    demos.hosted = await startDemo({ port: 0, emulatorUrl: EMULATOR, page: 'hosted.html', trustedTypes: false });
    demos.lite = await startDemo({ port: 0, emulatorUrl: EMULATOR, page: 'index.html', lite: true });
  });
  after(async () => {
    for (const d of Object.values(demos)) await d.stop();
  });

  it('exports the policies', () => {
    assert.equal(
      DEMO_CSP,
      "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'",
    );
    assert.equal(DEMO_CSP_TRUSTED_TYPES, `${DEMO_CSP}; require-trusted-types-for 'script'; trusted-types fe-elements`);
    assert.equal(demoCsp(), DEMO_CSP);
    assert.equal(demoCsp({ trustedTypes: true }), DEMO_CSP_TRUSTED_TYPES);
  });

  it('serves the page with the strict CSP (Trusted Types on request, none with csp: false), without inline script or style', async () => {
    for (const path of ['/', '/account/login', '/oauth/callback']) {
      const r = await fetch(demos.plain.url + path);
      assert.equal(r.status, 200);
      assert.equal(r.headers.get('content-security-policy'), DEMO_CSP, path);
      const html = await r.text();
      assert.doesNotMatch(html, /<style/i);
      assert.doesNotMatch(html, /\sstyle=|\son[a-z]+=/i);
      for (const [tag] of html.matchAll(/<script\b[^>]*>/gi)) assert.match(tag, /\ssrc="\/[^"]+"/, tag);
      assert.equal(html.match(/<h1[\s>]/g)?.length, 1, 'exactly one h1');
      for (const id of ['signed-in', 'signed-in-email', 'sign-out', 'who', 'admin-only', 'not-admin']) assert.match(html, new RegExp(`id="${id}"`));
      assert.match(html, /<link rel="stylesheet" href="\/demo\.css" \/>/);
      assert.match(html, /<script type="module" src="\/demo\.js"><\/script>/);
    }
    assert.equal((await fetch(demos.tt.url)).headers.get('content-security-policy'), DEMO_CSP_TRUSTED_TYPES);
    assert.equal((await fetch(demos.off.url)).headers.get('content-security-policy'), null);
  });

  it('lite: the same page on fe-elements/lite (dist/lite/), without the admin portal', async () => {
    const html = await (await fetch(demos.lite.url)).text();
    const scripts = [...html.matchAll(/<script type="module" src="([^"]+)"><\/script>/g)].map((m) => m[1]);
    assert.deepEqual(scripts, ['/demo.js', '/dist/lite/fe-routes.js', '/dist/lite/fe-tenant-switcher.js', '/dist/lite/fe-authorized.js']);
    assert.doesNotMatch(html, /fe-admin-portal/);
    assert.match(html, /id="no-portal"/);
    assert.match(html, /<title>[^<]*fe-elements\/lite\)<\/title>/);
  });

  it('serves demo.css and demo.js with their types, no CSP needed on them', async () => {
    const css = await fetch(`${demos.plain.url}/demo.css`);
    assert.equal(css.status, 200);
    assert.equal(css.headers.get('content-type'), 'text/css');
    const js = await fetch(`${demos.plain.url}/demo.js`);
    assert.equal(js.status, 200);
    assert.equal(js.headers.get('content-type'), 'text/javascript');
    assert.match(await js.text(), /fe-navigate/);
  });

  it('serves nothing else of its folder, and nothing outside dist/', async () => {
    for (const path of ['/server.mjs', '/package.json', '/demo.css/', '/dist/%2e%2e/%2e%2e/package.json' /* URL parsing: /package.json */]) {
      const r = await fetch(demos.plain.url + path);
      assert.match(r.headers.get('content-type'), /text\/html/, `${path} is the page, not the file`);
      assert.doesNotMatch(await r.text(), /startDemo|"name"/);
    }
    for (const path of ['/dist/..%2fpackage.json', '/dist/%2e%2e%2fpackage.json', '/dist/..%5cpackage.json', '/dist/x%00.js', '/dist/%E0%A4%A.js', '/dist/']) {
      const r = await fetch(demos.plain.url + path);
      assert.equal(r.status, 404, path);
    }
  });

  it('hosted mode: rewrites <fe-app> and the title; the identity API origin may be called', async () => {
    const r = await fetch(demos.hosted.url);
    const html = await r.text();
    assert.match(html, /<fe-app base-url="http:\/\/127\.0\.0\.1:9" client-id="demo-client" hosted-login-box>/);
    assert.match(html, /\(plain HTML, hosted login\)<\/title>/);
    assert.equal(r.headers.get('content-security-policy'), DEMO_CSP.replace("connect-src 'self'", "connect-src 'self' http://127.0.0.1:9"));
  });
});
