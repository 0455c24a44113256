import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { demoPage, startHarness, type Harness } from './harness.ts';
import { startOidcIdp, type OidcIdp } from '../../tools/idp-oidc.js';
import { startSamlIdp, type SamlIdp } from '../../tools/idp-saml.js';

/**
 * Issue 23 "done when", SSO: in the portal of the demo host (built bundle, same-origin proxy to the emulator started
 * with a local DNS server), an administrator configures OIDC from the local provider's issuer and SAML from the local
 * IdP's metadata URL, proves each domain with a DNS TXT record, gives it a default role and maps an IdP group to a role; then a
 * user of that domain (in that group) signs in through the login box, is sent to the IdP, and lands signed in with
 * both roles in the token.
 */
describe('demo host: SSO configured in the portal, then used at sign-in', () => {
  let h: Harness;
  let oidc: OidcIdp;
  let saml: SamlIdp;
  const CORP = { client_id: 'corp-client', client_secret: 'corp-secret' };

  before(async () => {
    h = await startHarness({ dns: true });
    oidc = await startOidcIdp({
      clients: [{ ...CORP, redirect_uris: [`${h.demoUrl}/account/oidc/callback`] }],
      accounts: [{ email: 'ann@corp.test', name: 'Ann Corp', groups: ['engineering'] }],
    });
    const spMetadata = await (await fetch(`${h.emulatorUrl}/frontegg/auth/saml/metadata`)).text();
    saml = await startSamlIdp({ spMetadata, accounts: [{ email: 'sam@saml.test', groups: ['engineering'] }] });
  });
  after(async () => {
    await oidc?.close();
    await saml?.close();
    await h?.close();
  });

  /** The admin signed in on the demo host, in the portal's SSO setup. */
  async function setupAsAdmin(): Promise<{ page: Page; close: () => Promise<void> }> {
    const context = await h.browser.newContext();
    const page = await context.newPage();
    const d = demoPage(page);
    await page.goto(h.demoUrl);
    await d.email.fill('admin@acme.test');
    await page.keyboard.press('Enter');
    await d.password.fill('Admin-Passw0rd!');
    await page.keyboard.press('Enter');
    await d.panel.waitFor({ state: 'visible' });
    await page.goto(`${h.demoUrl}/admin#/admin/sso/add`);
    await page.locator('fe-admin-portal').getByRole('dialog', { name: 'Add SSO connection' }).waitFor({ timeout: 15000 });
    return { page, close: () => context.close() };
  }

  /** Chooses the IdP `vendor`, then passes the step that shows what to paste into it (issue 31 item 5). */
  async function chooseVendor(page: Page, vendor: string) {
    const dlg = page.locator('fe-admin-portal').getByRole('dialog', { name: 'Add SSO connection' });
    await dlg.getByLabel(vendor).check();
    await dlg.getByRole('button', { name: 'Next' }).click();
    await dlg
      .getByRole('button', { name: /^Copy / })
      .first()
      .waitFor({ timeout: 15000 });
    await dlg.getByRole('button', { name: 'Next' }).click();
  }

  /**
   * From the configure step on: review → the domain proven by DNS → the default role Read only and the IdP group
   * `engineering` mapped to Admin → (`test`: a test sign-in of `test.email` in a new window, its result and
   * attributes (SAML) or claims (OIDC: back through the registered redirect URI, the login box's callback page)
   * reported) → enabled → done.
   */
  async function finishSetup(page: Page, domain: string, test?: { email: string; groups: string; heading: 'Attributes received' | 'Claims received' }) {
    const dlg = page.locator('fe-admin-portal').getByRole('dialog', { name: 'Add SSO connection' });
    await dlg.getByRole('button', { name: 'Continue' }).click();
    await dlg.getByRole('heading', { name: 'Give these to your identity provider' }).waitFor({ timeout: 15000 });
    await dlg.getByRole('button', { name: 'Next' }).click();
    await dlg.getByLabel('Add a domain').fill(domain);
    await dlg.getByRole('button', { name: 'Add domain' }).click();
    const txt = (await dlg.locator(`[data-domain="${domain}"] [data-copy-value^="fe-sso-txt-value"]`).textContent({ timeout: 15000 })) ?? '';
    assert.match(txt, /\S/);
    h.dns!.setTxt(domain, [txt]);
    await dlg.getByRole('button', { name: 'Validate' }).click();
    await dlg.locator(`[data-domain="${domain}"]`).getByText('✓ Validated').waitFor({ timeout: 15000 });
    await dlg.getByRole('button', { name: 'Next' }).click();
    await dlg.getByRole('group', { name: 'Default roles' }).getByLabel('Read only').check();
    await dlg.getByRole('button', { name: 'Add group mapping' }).click();
    await dlg.getByLabel('Group in your identity provider').fill('engineering');
    await dlg.getByRole('group', { name: 'Roles for engineering' }).getByLabel('Admin').check();
    await dlg.getByRole('button', { name: 'Save roles' }).click();
    await dlg.getByRole('button', { name: 'Enable connection' }).waitFor({ timeout: 15000 });
    // still disabled: its domain does not send anyone to the IdP yet
    assert.equal(await preLoginAddress(`someone@${domain}`), null);
    if (test) {
      const [popup] = await Promise.all([page.waitForEvent('popup'), dlg.getByRole('button', { name: 'Test sign-in' }).click()]);
      await popup.getByLabel('Email').fill(test.email);
      await popup.getByRole('button', { name: 'Sign in' }).click();
      await popup.getByRole('heading', { name: 'Test sign-in finished' }).waitFor({ timeout: 15000 });
      await dlg.getByText(`Test sign-in succeeded: your identity provider signed in ${test.email}.`).waitFor({ timeout: 15000 });
      await dlg.getByRole('heading', { name: test.heading }).waitFor();
      const names = await dlg.locator('[data-test-attributes] dt').allTextContents();
      const values = await dlg.locator('[data-test-attributes] dd').allTextContents();
      assert.equal(values[names.indexOf('groups')], test.groups, names.join());
      if (test.heading === 'Claims received') assert.equal(values[names.indexOf('email')], test.email);
      await popup.close();
      // a test signs nobody in: still no SSO for the domain, and no user was made
      assert.equal(await preLoginAddress(test.email), null);
    }
    await dlg.getByRole('button', { name: 'Enable connection' }).click();
    await dlg.getByText('Your SSO connection is enabled.').waitFor({ timeout: 15000 });
    await dlg.getByRole('button', { name: 'Done' }).click();
  }

  /** Where pre-login sends `email` (null: no SSO). */
  async function preLoginAddress(email: string): Promise<string | null> {
    const r = await fetch(`${h.emulatorUrl}/frontegg/identity/resources/auth/v2/user/sso/prelogin`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email }),
    });
    return r.ok ? (((await r.json()) as { address?: string } | null)?.address ?? null) : null;
  }

  /** Signs `email` in through the login box and the IdP at `idpOrigin`; resolves with the roles (keys) of the session's token. */
  async function signInThroughSso(email: string, idpOrigin: string): Promise<string[]> {
    const context = await h.browser.newContext();
    const page = await context.newPage();
    const d = demoPage(page);
    await page.goto(`${h.demoUrl}/account/login`);
    await d.email.fill(email);
    await page.keyboard.press('Enter');
    await d.box.locator('[data-step="redirectToSSO"]').waitFor();
    await page
      .waitForURL((u) => u.origin === idpOrigin, { timeout: 15000 })
      .catch(async (e: Error) => {
        throw new Error(`not sent to the IdP ${idpOrigin}: at ${page.url()}, step ${await d.step()}, ${await d.alert.allTextContents()}`, { cause: e });
      });
    await page.getByLabel('Email').fill(email);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await d.panel.waitFor({ state: 'visible', timeout: 30000 });
    assert.equal(await page.locator('#signed-in-email').textContent(), email);
    const token = await page.evaluate(async () => {
      const r = await fetch('/frontegg/identity/resources/auth/v1/user/token/refresh', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
      return ((await r.json()) as { accessToken: string }).accessToken;
    });
    await context.close();
    const claims = JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString()) as { roles?: string[] };
    return claims.roles ?? [];
  }

  it('AB-7.51 AB-7.52 AB-6.08 OIDC from the local provider’s issuer, corp.test proven by DNS, Read only by default and the IdP group engineering mapped to Admin, a test sign-in in a new window through the redirect URI already registered reports ann@corp.test and her claims without signing in (issue 31 item 5), then enabled: ann@corp.test (in engineering) signs in through it with both roles', async () => {
    await h.api('POST', '/_emulator/reset');
    const { page, close } = await setupAsAdmin();
    const dlg = page.locator('fe-admin-portal').getByRole('dialog', { name: 'Add SSO connection' });
    await chooseVendor(page, 'OpenID Connect');
    await dlg.getByLabel('Issuer').fill(oidc.issuer);
    await dlg.getByLabel('Client ID').fill(CORP.client_id);
    await dlg.getByLabel('Client secret').fill(CORP.client_secret);
    await finishSetup(page, 'corp.test', { email: 'ann@corp.test', groups: 'engineering', heading: 'Claims received' });
    await close();
    assert.deepEqual((await signInThroughSso('ann@corp.test', oidc.issuer)).sort(), ['Admin', 'ReadOnly']);
  });

  it('AB-3.20 AB-7.51 SAML from the local IdP’s metadata URL, saml.test proven by DNS, Read only by default and engineering mapped to Admin, a test sign-in in a new window reports sam@saml.test and its groups without signing in (issue 31 item 5), then enabled: sam@saml.test (in engineering) signs in through it with both roles', async () => {
    await h.api('POST', '/_emulator/reset');
    const { page, close } = await setupAsAdmin();
    const dlg = page.locator('fe-admin-portal').getByRole('dialog', { name: 'Add SSO connection' });
    await chooseVendor(page, 'SAML (any provider)');
    await dlg.getByLabel('Metadata URL', { exact: true }).fill(`${saml.url}/metadata`);
    await finishSetup(page, 'saml.test', { email: 'sam@saml.test', groups: 'engineering', heading: 'Attributes received' });
    await close();
    assert.deepEqual((await signInThroughSso('sam@saml.test', saml.url)).sort(), ['Admin', 'ReadOnly']);
  });
});
