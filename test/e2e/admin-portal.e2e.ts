import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { chromium, type Browser, type BrowserContext } from 'playwright-core';
import { startEmulator } from '../../tools/emulator-process.js';
import { startDemo } from '../../examples/plain-html/server.mjs';
import { demoPage } from './harness.ts';
import { freePort } from '../node/emulator.ts';
import { builtSectionTitles } from '../helpers/sections.ts';

/**
 * Issue "Admin portal": the demo links to the portal after sign-in (item 10), under the strict CSP with Trusted
 * Types, with zero violations; the users section round trip through the UI; and the emulator's hosted portal at
 * `/oauth/portal` (SI-2.27). Needs `npm run build` first.
 */
const ADMIN = { email: 'admin@acme.test', password: 'Admin-Passw0rd!' };
const LAUNCH = ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];

/** A browser context that collects every CSP violation into `violations`. */
async function watchedContext(browser: Browser, violations: string[]): Promise<BrowserContext> {
  const context = await browser.newContext();
  await context.exposeBinding('__feReportViolation', (_source, v: string) => void violations.push(v));
  await context.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) =>
      (window as unknown as { __feReportViolation(v: string): void }).__feReportViolation(`${e.violatedDirective} ${e.blockedURI} ${e.sample}`),
    );
  });
  return context;
}

describe('the admin portal in the demo and hosted', () => {
  let browser: Browser;
  let emulator: { url: string; stop(): Promise<void> };
  let demo: { url: string; stop(): Promise<void> };

  before(async () => {
    const [port, demoPort] = [await freePort(), await freePort()];
    emulator = await startEmulator({ port, dataDir: 'memory://', env: { EMULATOR_CORS_ORIGINS: `http://127.0.0.1:${demoPort}`, EMULATOR_TRUSTED_TYPES: '1' } });
    demo = await startDemo({ port: demoPort, emulatorUrl: emulator.url, csp: true, trustedTypes: true });
    browser = await chromium.launch({ executablePath: '/usr/bin/chromium', headless: true, args: LAUNCH });
  });
  after(async () => {
    await browser?.close();
    await demo?.stop();
    await emulator?.stop();
  });

  it('after sign-in the demo links to the portal; users round trip and sections, zero CSP violations (Trusted Types on)', async () => {
    const violations: string[] = [];
    const context = await watchedContext(browser, violations);
    const page = await context.newPage();
    const d = demoPage(page);
    await page.goto(demo.url);
    await d.email.fill(ADMIN.email);
    await page.keyboard.press('Enter');
    await d.password.fill(ADMIN.password);
    await page.keyboard.press('Enter');
    await d.panel.waitFor({ state: 'visible' });

    await page.getByRole('link', { name: 'Admin portal' }).click();
    await page.waitForURL((u) => u.pathname === '/admin');
    const portal = page.locator('fe-admin-portal');
    const nav = portal.getByRole('navigation', { name: 'Sections' });
    // the seeded vendor turns every built section on: a newcomer sees the whole portal (issue 21 item 10)
    await nav.getByRole('link', { name: 'Roles' }).waitFor();
    assert.deepEqual(await nav.getByRole('link').allTextContents(), builtSectionTitles());
    // words an administrator understands (item 12): a role row counts its users, permissions read as words
    await nav.getByRole('link', { name: 'Roles' }).click();
    const roles = portal.getByRole('table', { name: 'Roles of this account' });
    await roles.getByRole('row').filter({ hasText: 'Full access' }).getByText('1 user').waitFor();
    await portal.getByRole('tab', { name: 'Permissions' }).click();
    await portal.getByRole('searchbox', { name: 'Search permissions' }).fill('tenant API');
    await portal.getByText('See the account’s API tokens').first().waitFor();

    await nav.getByRole('link', { name: 'Users' }).click();
    await page.waitForURL((u) => u.hash === '#/admin/users');
    const table = portal.getByRole('table', { name: 'Users of this account' });
    await table.getByText(ADMIN.email).waitFor();

    // add a user: it appears first, and a toast says so
    await portal.getByRole('button', { name: 'Add user' }).click();
    const dialog = portal.getByRole('dialog', { name: 'Add a user' });
    await dialog.getByLabel('Name').fill('Margaret Hamilton');
    await dialog.getByLabel('Email').fill('margaret@acme.test');
    await dialog.getByRole('button', { name: 'Send invitation' }).click();
    await dialog.waitFor({ state: 'detached' });
    await portal.getByText('Invitation sent to margaret@acme.test.').waitFor();
    assert.match((await table.locator('tbody tr[data-row-id]').first().textContent()) ?? '', /margaret@acme\.test/);

    // read back after a reload (the portal opens the section of the hash)
    await page.reload();
    await portal.getByRole('table', { name: 'Users of this account' }).getByText('margaret@acme.test').waitFor();

    // a new tab restores the session from its cookie (the refresh held 1.5 s here): meanwhile the page shows a
    // skeleton, announced, not a blank page
    const tab = await context.newPage();
    await tab.route('**/token/refresh', async (route) => {
      await new Promise((r) => setTimeout(r, 1500));
      await route.continue();
    });
    await tab.goto(`${demo.url}/admin#/admin/users`);
    await tab.getByRole('status').filter({ hasText: 'Restoring your session…' }).waitFor({ state: 'attached' });
    assert.equal(await tab.locator('#restoring').isHidden(), false, 'the skeleton shows while the session is restored');
    await tab.locator('fe-admin-portal').getByRole('table', { name: 'Users of this account' }).getByText('margaret@acme.test').waitFor();
    assert.equal(await tab.locator('#restoring').isHidden(), true, 'the skeleton goes with the restored session');
    await tab.close();

    // another section through the navigation
    await nav.getByRole('link', { name: 'Profile' }).click();
    await page.waitForURL((u) => u.hash === '#/admin/profile');
    await page.goBack();
    await page.waitForURL((u) => u.hash === '#/admin/users');

    await context.close();
    assert.deepEqual(violations, []);
  });

  it('SI-2.27 the emulator serves the portal at /oauth/portal: signed out, the login box; signed in, the portal', async () => {
    const violations: string[] = [];
    const context = await watchedContext(browser, violations);
    const page = await context.newPage();
    await page.goto(`${emulator.url}/oauth/portal`);
    const box = page.locator('fe-login-box');
    await box.locator('input[name=email]').waitFor();
    await box.locator('input[name=email]').fill(ADMIN.email);
    await page.keyboard.press('Enter');
    await box.locator('input[name=password]').fill(ADMIN.password);
    await page.keyboard.press('Enter');
    const portal = page.locator('fe-admin-portal');
    await portal.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name: 'Users' }).waitFor();
    assert.equal(await box.isVisible(), false);
    await context.close();
    assert.deepEqual(violations, []);
  });
});
