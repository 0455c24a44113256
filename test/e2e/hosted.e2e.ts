import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { demoPage, startHarness, type Harness } from './harness.ts';

const MFA_ACR = 'http://schemas.openid.net/pape/policies/2007/06/multi-factor';

/**
 * Hosted login end to end (issue 3 "Hosted login mode", SI-1.08, SI-7.43–7.49): the plain-HTML
 * host in hosted mode (examples/plain-html served with page hosted.html, `<fe-app hosted-login-box>` with the
 * emulator as base URL), the emulator's authorize endpoint and hosted login page (our own
 * `<fe-login-box>`), in Chromium. Needs `npx vite build` first.
 */
describe('hosted login: authorize with PKCE, callback, silent refresh, hosted logout', () => {
  let h: Harness;
  before(async () => {
    h = await startHarness({ page: 'hosted.html' });
  });
  after(async () => {
    await h?.close();
  });

  /** Every request URL of the page whose path is `path` (on any origin). */
  function recorder(page: Page, path: string): URL[] {
    const seen: URL[] = [];
    page.on('request', (r) => {
      const u = new URL(r.url());
      if (u.pathname === path) seen.push(u);
    });
    return seen;
  }

  it('SI-1.08 SI-2.19 SI-2.25 SI-7.43 SI-7.44 SI-7.45 SI-7.46 SI-7.47 SI-7.48 SI-7.49 signs in on the hosted login page, comes back signed in, reuses the session, logs out through /oauth/logout', async () => {
    const context = await h.browser.newContext();
    const page = await context.newPage();
    const authorize = recorder(page, '/oauth/authorize');
    const token = recorder(page, '/frontegg/oauth/token');
    const silent = recorder(page, '/frontegg/oauth/authorize/silent');
    const logout = recorder(page, '/frontegg/oauth/logout');
    const d = demoPage(page);

    // the login route redirects to the emulator's authorize endpoint: the hosted login page
    await page.goto(`${h.demoUrl}/account/login?redirectUrl=%2F`);
    await page.waitForURL((u) => u.origin === h.emulatorUrl && u.pathname === '/oauth/authorize');
    assert.equal(authorize.length, 1);
    const q = authorize[0].searchParams;
    assert.equal(authorize[0].origin, h.emulatorUrl);
    assert.equal(q.get('scope'), 'openid email profile', 'SI-7.46');
    assert.equal(q.get('response_type'), 'code');
    assert.equal(q.get('client_id'), 'demo-client');
    assert.equal(q.get('redirect_uri'), `${h.demoUrl}/oauth/callback`);
    assert.equal(q.get('code_challenge_method'), 'S256', 'SI-7.47');
    assert.match(q.get('code_challenge')!, /^[A-Za-z0-9_-]{43}$/, 'SI-7.47 a S256 challenge');
    assert.match(q.get('nonce')!, /^[A-Za-z0-9]{16}$/, 'SI-7.48 a 16-character nonce');
    assert.ok(q.get('state'));
    for (const k of ['acr_values', 'max_age', 'organization']) assert.equal(q.has(k), false, `${k} only when applicable`);

    // the hosted page is our own <fe-login-box>; sign in there with the admin
    await d.email.fill('admin@acme.test');
    await page.keyboard.press('Enter');
    await d.password.fill('Admin-Passw0rd!');
    await page.keyboard.press('Enter');

    // back on the host: /oauth/callback exchanged the code (SI-7.43) and the host shows the user
    await d.panel.waitFor({ state: 'visible' });
    assert.equal(new URL(page.url()).origin, h.demoUrl);
    assert.equal(new URL(page.url()).pathname, '/');
    assert.equal(await page.locator('#signed-in-email').textContent(), 'admin@acme.test');
    assert.equal(token.length, 1, 'one code exchange');

    // a reload restores the session through the silent authorize (SI-7.44), not the embedded refresh
    await page.reload();
    await d.panel.waitFor({ state: 'visible' });
    assert.ok(silent.length >= 1, 'silent authorize on start-up');
    const tokenInStorage = await page.evaluate(() => JSON.stringify({ ...localStorage }) + JSON.stringify({ ...sessionStorage }));
    assert.doesNotMatch(tokenInStorage, /eyJ/, 'no token in web storage');

    // SI-7.49: max_age and acr_values when given; a session young enough comes straight back with a code
    await page.goto(`${h.demoUrl}/account/login?maxAge=3600&organization=Acme`);
    await d.panel.waitFor({ state: 'visible' });
    const young = authorize.at(-1)!.searchParams;
    assert.equal(young.get('max_age'), '3600');
    assert.equal(young.get('organization'), 'Acme');
    assert.equal(young.has('acr_values'), false);
    // a multi-factor acr the password session does not have: the hosted login asks again
    await page.goto(`${h.demoUrl}/account/login?acr_values=${encodeURIComponent(MFA_ACR)}`);
    await page.waitForURL((u) => u.origin === h.emulatorUrl);
    assert.equal(authorize.at(-1)!.searchParams.get('acr_values'), MFA_ACR);
    await d.email.waitFor();

    // sign in again there, then log out from the host: GET /frontegg/oauth/logout with id_token_hint and post_logout_redirect_uri
    await d.email.fill('admin@acme.test');
    await page.keyboard.press('Enter');
    await d.password.fill('Admin-Passw0rd!');
    await page.keyboard.press('Enter');
    await d.panel.waitFor({ state: 'visible' });
    await d.signOut.click();
    // the host's home page, signed out, goes to its login route → the hosted login page shows the form again
    await page.waitForURL((u) => u.origin === h.emulatorUrl && u.pathname === '/oauth/authorize');
    await d.email.waitFor();
    assert.equal(logout.length, 1, 'SI-7.45');
    assert.equal(logout[0].origin, h.emulatorUrl);
    assert.equal(logout[0].searchParams.get('post_logout_redirect_uri'), `${h.demoUrl}/`);
    assert.ok(logout[0].searchParams.get('id_token_hint')?.startsWith('eyJ'), 'id_token_hint');
    // the session is gone: the silent authorize with the browser's cookies answers 401
    const status = await page.evaluate(
      async () => (await fetch('/frontegg/oauth/authorize/silent', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' })).status,
    );
    assert.equal(status, 401);
    await context.close();
  });

  it('SI-2.26 the logout route (/account/logout) logs out through the hosted logout and ends the session', async () => {
    const context = await h.browser.newContext();
    const page = await context.newPage();
    const logout = recorder(page, '/frontegg/oauth/logout');
    const d = demoPage(page);
    await page.goto(`${h.demoUrl}/account/login`);
    await page.waitForURL((u) => u.origin === h.emulatorUrl && u.pathname === '/oauth/authorize');
    await d.email.fill('admin@acme.test');
    await page.keyboard.press('Enter');
    await d.password.fill('Admin-Passw0rd!');
    await page.keyboard.press('Enter');
    await d.panel.waitFor({ state: 'visible' });
    // the host's logout link: the logout route, opened as a page of its own
    await page.goto(`${h.demoUrl}/account/logout`);
    // signed out, the host's home goes to the login route → the hosted login page asks for the email again
    await page.waitForURL((u) => u.origin === h.emulatorUrl && u.pathname === '/oauth/authorize');
    await d.email.waitFor();
    assert.equal(logout.length, 1, 'one hosted logout');
    assert.equal(logout[0].origin, h.emulatorUrl);
    assert.equal(logout[0].searchParams.get('post_logout_redirect_uri'), `${h.demoUrl}/`);
    assert.ok(logout[0].searchParams.get('id_token_hint')?.startsWith('eyJ'), 'id_token_hint of the restored session');
    const status = await page.evaluate(
      async () => (await fetch('/frontegg/oauth/authorize/silent', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' })).status,
    );
    assert.equal(status, 401, 'the session is gone');
    await context.close();
  });

  it('a callback that does not match the sign-in request shows an error and signs nobody in', async () => {
    const page = await h.browser.newPage();
    await page.goto(`${h.demoUrl}/oauth/callback?code=forged&state=forged`);
    await page.locator('fe-routes [role="alert"]').filter({ hasText: 'Sign-in failed' }).waitFor();
    assert.equal(await page.locator('#signed-in').isHidden(), true);
    await page.close();
  });
});
