import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { demoPage, startHarness, type Harness } from './harness.ts';
import { startOidcIdp, type OidcIdp } from '../../tools/idp-oidc.js';
import { startSamlIdp, selfSignedCertificate, type SamlIdp } from '../../tools/idp-saml.js';

/**
 * Federated sign-in end to end in Chromium through the demo host (built
 * bundle, same-origin proxy to the emulator), against identity providers
 * this test starts and stops: a local OpenID Connect provider
 * (tools/idp-oidc.js) standing in for GitHub and for a company IdP, and a
 * local SAML IdP (tools/idp-saml.js). Each signs in for real, and fails once.
 */
describe('demo host: social login, OIDC SSO and SAML SSO against local identity providers', () => {
  let h: Harness;
  let oidc: OidcIdp;
  let saml: SamlIdp;
  const GITHUB = { client_id: 'github-client', client_secret: 'github-secret' };
  const CORP = { client_id: 'corp-client', client_secret: 'corp-secret' };

  before(async () => {
    h = await startHarness();
    oidc = await startOidcIdp({
      clients: [
        { ...GITHUB, redirect_uris: [`${h.demoUrl}/account/social/success`] },
        { ...CORP, redirect_uris: [`${h.demoUrl}/account/oidc/callback`] },
      ],
      accounts: [
        { email: 'octo@example.test', name: 'Octo Cat' },
        { email: 'ann@corp.test', name: 'Ann Corp' },
      ],
    });
    const spMetadata = await (await fetch(`${h.emulatorUrl}/frontegg/auth/saml/metadata`)).text();
    saml = await startSamlIdp({ spMetadata, accounts: [{ email: 'sam@saml.test' }] });
  });
  after(async () => {
    await oidc?.close();
    await saml?.close();
    await h?.close();
  });

  async function loginPage(query = ''): Promise<{ page: Page; d: ReturnType<typeof demoPage>; close: () => Promise<void> }> {
    const context = await h.browser.newContext();
    const page = await context.newPage();
    await page.goto(`${h.demoUrl}/account/login${query}`);
    const d = demoPage(page);
    await d.email.waitFor();
    return { page, d, close: () => context.close() };
  }

  /** Signs in on the test IdP's page (either IdP: an Email field and a "Sign in" button). */
  async function signInAtIdp(page: Page, origin: string, email: string) {
    await page.waitForURL((u) => u.origin === origin, { timeout: 15000 });
    await page.getByLabel('Email').fill(email);
    await page.getByRole('button', { name: 'Sign in' }).click();
  }

  /**
   * Measures, in the page, the time from the failed post-login answer (resource timing of `postLoginPath`;
   * the machine enters loginWithSSOFailed on it) to leaving the callback page (rAF polling from document
   * start), so neither the test's polling lag nor the lazily loaded failure view counts. Without
   * `postLoginPath` (a failure the callback URL already carries: no call) it is measured from the callback
   * page's navigation start, a lower bound only.
   */
  async function watchSsoFailure(page: Page, callbackPath: string, postLoginPath?: string) {
    // a string, not a function: tsx's keepNames would wrap inner functions in a `__name` helper the page lacks
    await page.context().addInitScript(`(() => {
      const path = ${JSON.stringify(callbackPath)};
      const tick = () => {
        if (document.querySelector('fe-login-box')?.shadowRoot?.querySelector('[data-step="loginWithSSOFailed"]')) window.__sawFailed = true;
        if (location.pathname !== path) { window.__leftAt = performance.now(); return; }
        requestAnimationFrame(tick);
      };
      if (location.pathname === path) tick();
    })();`);
    return async () => {
      await page.waitForFunction(() => (window as unknown as { __leftAt?: number }).__leftAt !== undefined, undefined, { timeout: 15000 });
      return page.evaluate((p) => {
        const w = window as unknown as { __leftAt: number; __sawFailed?: boolean };
        if (!p) return { waited: w.__leftAt, sawFailed: !!w.__sawFailed };
        const answer = performance.getEntriesByType('resource').find((e) => e.name.includes(p)) as PerformanceResourceTiming | undefined;
        return { waited: answer ? w.__leftAt - answer.responseEnd : -1, sawFailed: !!w.__sawFailed };
      }, postLoginPath ?? null);
    };
  }
  const signedInAs = async (page: Page, d: ReturnType<typeof demoPage>) => {
    await d.panel.waitFor({ state: 'visible', timeout: 30000 });
    return page.locator('#signed-in-email').textContent();
  };

  it('SI-1.02 SI-2.14 SI-3.22 SI-7.37 social login: "Continue with GitHub" → the provider → /account/social/success → signed in (a new user)', async () => {
    await h.api('POST', '/_emulator/reset');
    await h.api('PUT', '/_emulator/social-providers/github', { issuer: oidc.issuer, clientId: GITHUB.client_id, clientSecret: GITHUB.client_secret });
    const { page, d, close } = await loginPage();
    const button = d.box.getByRole('button', { name: 'Continue with GitHub' });
    await button.click();
    // the authorization request carries S256 PKCE and a state
    await page.waitForURL((u) => u.origin === oidc.issuer);
    await signInAtIdp(page, oidc.issuer, 'octo@example.test');
    assert.equal(await signedInAs(page, d), 'octo@example.test');
    const refresh = (await page.context().cookies()).find((c) => c.name.startsWith('fe_refresh_'));
    assert.ok(refresh?.httpOnly, 'a first-party httpOnly refresh cookie on the host');
    assert.equal(refresh.domain, '127.0.0.1', 'set on the demo host (through its proxy), not on the identity API');
    // a reload keeps the session (refresh through the proxy)
    await page.reload();
    assert.equal(await signedInAs(page, d), 'octo@example.test');
    await close();
  });

  it('SI-8.09 social login failure (the provider refuses the emulator\'s client secret) → "Failed to authenticate"', async () => {
    await h.api('POST', '/_emulator/reset');
    await h.api('PUT', '/_emulator/social-providers/github', { issuer: oidc.issuer, clientId: GITHUB.client_id, clientSecret: 'not-the-secret' });
    const { page, d, close } = await loginPage();
    await d.box.getByRole('button', { name: 'Continue with GitHub' }).click();
    await signInAtIdp(page, oidc.issuer, 'octo@example.test');
    await page.waitForURL((u) => u.pathname === '/account/social/success' || u.pathname === '/account/login');
    await d.alert.filter({ hasText: 'Failed to authenticate' }).waitFor({ timeout: 15000 });
    assert.equal(await d.panel.isHidden(), true);
    // the first step again, ready for another try
    await d.email.waitFor();
    await close();
  });

  it("SI-4.14 SI-4.15 SI-2.16 SI-7.35 SI-2.24 OIDC SSO: an SSO email → redirectToSSO → the IdP → /account/oidc/callback → signed in, then the login page's redirectUrl", async () => {
    await h.api('POST', '/_emulator/reset');
    await h.api('POST', '/_emulator/sso-configurations', {
      type: 'oidc',
      domains: ['corp.test'],
      oidc: { issuer: oidc.issuer, clientId: CORP.client_id, clientSecret: CORP.client_secret },
    });
    const { page, d, close } = await loginPage(`?redirectUrl=${encodeURIComponent('/?from=sso')}`);
    await d.email.fill('ann@corp.test');
    await page.keyboard.press('Enter');
    await d.box.locator('[data-step="redirectToSSO"]').waitFor();
    await signInAtIdp(page, oidc.issuer, 'ann@corp.test');
    assert.equal(await signedInAs(page, d), 'ann@corp.test');
    // the redirectUrl of the login page survived the trip to the identity provider
    await page.waitForFunction(() => location.search === '?from=sso');
    await close();
  });

  it('SI-4.16 SI-4.17 OIDC SSO failure (the IdP refuses the code exchange) → loginWithSSOFailed, then the authenticated URL after 1000 ms', async () => {
    await h.api('POST', '/_emulator/reset');
    const cfg = await h.api('POST', '/_emulator/sso-configurations', {
      type: 'oidc',
      domains: ['corp.test'],
      oidc: { issuer: oidc.issuer, clientId: CORP.client_id, clientSecret: CORP.client_secret },
    });
    await h.api('PATCH', `/_emulator/sso-configurations/${cfg.id}`, { oidcClientSecret: 'rotated' });
    const { page, d, close } = await loginPage();
    const left = await watchSsoFailure(page, '/account/oidc/callback', '/user/oidc/postlogin');
    await d.email.fill('ann@corp.test');
    await page.keyboard.press('Enter');
    await signInAtIdp(page, oidc.issuer, 'ann@corp.test');
    const { waited, sawFailed } = await left();
    assert.ok(sawFailed, 'the loginWithSSOFailed step was shown');
    assert.ok(waited >= 990 && waited < 3000, `left loginWithSSOFailed ${waited} ms after the failed post-login`);
    assert.equal(new URL(page.url()).pathname, '/', 'the authenticated URL');
    assert.equal(await d.panel.isHidden(), true, 'not signed in');
    await close();
  });

  it('SI-2.17 SI-7.34 SAML SSO: an SSO email → AuthnRequest → the IdP posts a signed response to the ACS → /account/saml/callback → signed in', async () => {
    await h.api('POST', '/_emulator/reset');
    await h.api('POST', '/_emulator/sso-configurations', { type: 'saml', domains: ['saml.test'], saml: { metadata: saml.metadata } });
    const { page, d, close } = await loginPage();
    await d.email.fill('sam@saml.test');
    await page.keyboard.press('Enter');
    await d.box.locator('[data-step="redirectToSSO"]').waitFor();
    await signInAtIdp(page, saml.url, 'sam@saml.test');
    assert.equal(await signedInAs(page, d), 'sam@saml.test');
    await close();
  });

  it('SI-4.16 SI-4.17 SAML SSO failure (the response is signed by a key the SP does not trust) → loginWithSSOFailed, then the authenticated URL', async () => {
    await h.api('POST', '/_emulator/reset');
    await h.api('POST', '/_emulator/sso-configurations', {
      type: 'saml',
      domains: ['saml.test'],
      saml: { entityId: saml.entityId, ssoUrl: saml.ssoUrl, certificate: selfSignedCertificate('rotated').certificate },
    });
    const { page, d, close } = await loginPage();
    // the ACS refused the response and sent the browser to the callback with `error`: no post-login call
    const left = await watchSsoFailure(page, '/account/saml/callback');
    await d.email.fill('sam@saml.test');
    await page.keyboard.press('Enter');
    await signInAtIdp(page, saml.url, 'sam@saml.test');
    const { waited, sawFailed } = await left();
    assert.ok(sawFailed, 'the loginWithSSOFailed step was shown');
    assert.ok(waited >= 1000 && waited < 5000, `left the callback page ${waited} ms after it started loading`);
    assert.equal(new URL(page.url()).pathname, '/', 'the authenticated URL');
    assert.equal(await d.panel.isHidden(), true, 'not signed in');
    await close();
  });
});
