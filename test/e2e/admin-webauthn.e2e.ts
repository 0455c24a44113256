import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { demoPage, startHarness, type Harness } from './harness.ts';

/**
 * The privacy section's WebAuthn paths end to end (issue "Admin portal" item 3): the demo host's portal page and the
 * emulator, in Chromium with a virtual authenticator (DevTools WebAuthn domain): add a passkey, add a security key
 * as a second factor (its recovery code shown once), remove the passkey. WebAuthn refuses IP addresses as RP ids, so
 * the page is opened at `localhost`.
 */
describe('privacy: passkeys and security keys with a real WebAuthn ceremony', () => {
  let h: Harness;
  let base: string;
  before(async () => {
    h = await startHarness();
    base = h.demoUrl.replace('127.0.0.1', 'localhost');
    await h.api('PUT', '/_emulator/passkeys', { strategy: true, flag: true });
    await h.api('PUT', '/_emulator/mfa-settings', { strategies: { WebAuthnCrossPlatform: true, WebAuthnPlatform: true } });
  });
  after(async () => {
    await h?.close();
  });

  it('add a passkey, add a security key (recovery code once), remove the passkey — the emulator holds what the page shows', async () => {
    const email = `webauthn-${Date.now()}@example.test`;
    const password = 'Correct-Horse-9-Battery';
    const userId = (await h.api('POST', '/_emulator/users', { email, password })).id as string;
    const context = await h.browser.newContext();
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('WebAuthn.enable');
    const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
      options: { protocol: 'ctap2', transport: 'usb', hasResidentKey: true, hasUserVerification: true, isUserVerified: true, automaticPresenceSimulation: true },
    });
    await page.goto(base);
    // signed in through the login box (passkeys are on: its "add a passkey" prompt is declined — the portal adds one)
    const d = demoPage(page);
    await d.email.fill(email);
    await page.keyboard.press('Enter');
    await d.password.fill(password);
    await page.keyboard.press('Enter');
    await d.box.getByRole('button', { name: 'Not now' }).click();
    await d.panel.waitFor({ state: 'visible' });
    await page.getByRole('link', { name: 'Admin portal' }).click();
    await page.locator('fe-admin-portal').getByRole('link', { name: 'Privacy & security' }).click();
    const portal = page.locator('fe-admin-portal');
    const devices = portal.getByRole('list', { name: 'Your sign-in devices' });
    await portal.getByRole('heading', { name: 'Two-factor authentication' }).waitFor();

    await portal.getByRole('button', { name: 'Add passkey' }).click();
    await portal.getByText('Passkey added.').waitFor();
    await devices.getByText('Passkey', { exact: true }).waitFor();
    assert.equal((await h.api('GET', `/_emulator/users/${userId}/passkeys`)).length, 1);

    await portal.getByRole('button', { name: 'Add security key' }).click();
    const recovery = portal.getByRole('dialog').filter({ hasText: 'Save your recovery code' });
    await recovery.waitFor();
    await recovery.getByRole('button', { name: 'I saved it' }).click();
    const mfa = await h.api('GET', `/_emulator/users/${userId}/mfa-devices`);
    assert.equal(mfa.webauthn.length, 1);
    await devices.getByText('Security key').first().waitFor();
    const { credentials } = await cdp.send('WebAuthn.getCredentials', { authenticatorId });
    assert.equal(credentials.length, 2);

    await portal.getByRole('button', { name: 'Remove Passkey' }).click();
    const confirm = portal.getByRole('alertdialog');
    await confirm.getByRole('button', { name: 'Remove', exact: true }).click();
    await portal.getByText('Passkey removed.').waitFor();
    assert.equal((await h.api('GET', `/_emulator/users/${userId}/passkeys`)).length, 0);
    await context.close();
  });
});
