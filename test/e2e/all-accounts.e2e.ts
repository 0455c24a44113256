import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { chromium, type Browser, type Locator, type Page } from 'playwright-core';
import { startEmulator } from '../../tools/emulator-process.js';
import { startDemo } from '../../examples/plain-html/server.mjs';
import { axeViolations, signInOnDemo } from './harness.ts';
import { freePort } from '../node/emulator.ts';

/**
 * Issue 34, "Done when", end to end in the demo's portal against the emulator, from the keyboard: an administrator
 * adds a sub-account and one below it, allows themselves into sub-accounts, enters the sub-account (the "Acting in"
 * banner), invites a user there with a role, sees its users, finds the audit row that names the parent account, and
 * goes back; deleting the parent with a child is refused, and so is a move under its own child. axe finds nothing in
 * the light and the dark scheme on the tree, the banner and a refusal. Needs `npm run build` first.
 */
const ADMIN = { email: 'admin@acme.test', password: 'Admin-Passw0rd!' };
const LAUNCH = ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];

/** Presses Enter on `target` (focused first): a keyboard user's activation. */
const activate = (target: Locator) => target.press('Enter');

/**
 * axe in the light scheme, then the dark one, then back to light: no violation in either. `modal`: a modal dialog is
 * open, so the page behind it (the demo's `<h1>` too) is out of the accessibility tree, as a modal makes it; axe's
 * best-practice "page has a heading one" is then not asked.
 */
async function expectAccessible(page: Page, where: string, modal = false) {
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme });
    const violations = (await axeViolations(page)).filter((v) => !(modal && v.id === 'page-has-heading-one'));
    assert.deepEqual(
      violations.map((v) => v.id),
      [],
      `${where} (${colorScheme}): ${JSON.stringify(violations, null, 1).slice(0, 800)}`,
    );
  }
  await page.emulateMedia({ colorScheme: 'light' });
}

describe('all accounts: a sub-account made, entered and acted in from the portal', () => {
  let browser: Browser;
  let emulator: { url: string; stop(): Promise<void> };
  let demo: { url: string; stop(): Promise<void> };

  before(async () => {
    const [port, demoPort] = [await freePort(), await freePort()];
    emulator = await startEmulator({ port, dataDir: 'memory://', env: { EMULATOR_CORS_ORIGINS: `http://127.0.0.1:${demoPort}` } });
    demo = await startDemo({ port: demoPort, emulatorUrl: emulator.url });
    browser = await chromium.launch({ executablePath: '/usr/bin/chromium', headless: true, args: LAUNCH });
  });
  after(async () => {
    await browser?.close();
    await demo?.stop();
    await emulator?.stop();
  });

  it('AB-2.05 AB-6.10 AB-7.24 create, allow, enter (banner), invite with a role, the audit row names the parent, back; a parent with a child is not deleted and a cycle is not made', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await signInOnDemo(page, demo.url, ADMIN);
    await page.goto(`${demo.url}/admin#/admin/allAccounts`);
    const portal = page.locator('fe-admin-portal');
    const nav = portal.getByRole('navigation', { name: 'Sections' });
    const tree = portal.getByRole('treegrid');

    // a sub-account "Nordics" under Acme, then "Oslo" under Nordics
    await activate(portal.getByRole('button', { name: 'Add sub-account' }).first());
    let form = portal.getByRole('dialog', { name: 'Add a sub-account' });
    await form.getByLabel('Name', { exact: true }).fill('Nordics');
    await activate(form.getByRole('button', { name: 'Add', exact: true }));
    await portal.getByText('“Nordics” added under “Acme”.').waitFor();
    await tree.getByText('Nordics', { exact: true }).waitFor();
    await expectAccessible(page, 'the tree');
    await activate(portal.getByRole('button', { name: 'Actions for Nordics' }));
    await activate(portal.getByRole('menuitem', { name: 'Add a sub-account here' }));
    form = portal.getByRole('dialog', { name: 'Add a sub-account' });
    await form.getByLabel('Name', { exact: true }).fill('Oslo');
    await activate(form.getByRole('button', { name: 'Add', exact: true }));
    await portal.getByText('“Oslo” added under “Nordics”.').waitFor();

    // the admin allows themselves into the sub-accounts (the account's access type is defaultOff: the user's switch)
    await activate(nav.getByRole('link', { name: 'Users' }));
    const adminRow = portal.getByRole('row').filter({ hasText: ADMIN.email }).first();
    await activate(adminRow.getByRole('button', { name: /^Actions for/ }));
    await activate(portal.getByRole('menuitem', { name: 'Allow access to sub-accounts' }));
    await portal.getByText(`${ADMIN.email} can now act in the sub-accounts.`).waitFor();

    // Nordics's page, then Enter: the banner, and the account's users
    await activate(nav.getByRole('link', { name: 'All accounts' }));
    await activate(portal.getByRole('button', { name: 'Actions for Nordics' }));
    await activate(portal.getByRole('menuitem', { name: 'Open' }));
    await activate(portal.getByRole('button', { name: 'Enter Nordics' }));
    const banner = portal.getByRole('region', { name: 'Acting in Nordics' });
    await banner.waitFor();
    await expectAccessible(page, 'the banner over the sub-account’s users');

    // a user invited there with the Admin role, listed among the account's users
    await activate(portal.getByRole('button', { name: 'Invite users' }));
    const invite = portal.getByRole('dialog', { name: 'Invite users to Nordics' });
    await invite.getByRole('textbox', { name: /email/i }).first().fill('nordic@acme.test');
    await invite.getByRole('checkbox', { name: /^Admin/ }).press('Space');
    await activate(invite.getByRole('button', { name: 'Send invitation' }));
    await portal.getByText('1 person was invited to Nordics.').waitFor();
    await portal.getByRole('table', { name: 'Users of this account' }).getByText('nordic@acme.test').waitFor();

    // the audit log of Nordics names the parent the admin acted from
    await activate(nav.getByRole('link', { name: 'Audit logs' }));
    await portal.getByRole('row').filter({ hasText: '(acting from Acme)' }).first().waitFor();

    // back to Acme: no banner, Acme's own sections again
    await activate(banner.getByRole('button', { name: 'Back to Acme' }));
    await banner.waitFor({ state: 'detached' });
    await nav.getByRole('link', { name: 'Profile' }).waitFor();

    // deleting Nordics (it has Oslo) is refused with the emulator's text; moving it under Oslo too
    await activate(nav.getByRole('link', { name: 'All accounts' }));
    await activate(portal.getByRole('button', { name: 'Actions for Nordics' }));
    await activate(portal.getByRole('menuitem', { name: 'Delete' }));
    const confirm = portal.getByRole('alertdialog', { name: 'Delete “Nordics”?' });
    await activate(confirm.getByRole('button', { name: 'Delete account' }));
    await confirm.getByRole('alert').filter({ hasText: 'This account has sub-accounts. Delete or move them first.' }).waitFor();
    await expectAccessible(page, 'the refused delete', true);
    await activate(confirm.getByRole('button', { name: 'Cancel' }));
    await activate(portal.getByRole('button', { name: 'Actions for Nordics' }));
    await activate(portal.getByRole('menuitem', { name: 'Move' }));
    const move = portal.getByRole('dialog', { name: 'Move “Nordics”' });
    const parent = move.getByRole('combobox');
    await parent.fill('Osl');
    await move.getByRole('option', { name: 'Oslo' }).waitFor();
    await parent.press('ArrowDown');
    await parent.press('Enter');
    await activate(move.getByRole('button', { name: 'Move', exact: true }));
    await move.getByRole('alert').filter({ hasText: 'An account cannot be moved under itself or one of its sub-accounts' }).waitFor();
    await context.close();
  });
});
