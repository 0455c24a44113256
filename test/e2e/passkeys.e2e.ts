import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { BrowserContext, CDPSession, Page } from 'playwright-core';
import { demoPage, startHarness, type Harness } from './harness.ts';

/**
 * Passkeys end to end (issue 3 "How it is shown"): the demo host (built
 * bundle, same-origin proxy) and the emulator, in Chromium with a virtual
 * authenticator (DevTools protocol WebAuthn domain). WebAuthn refuses IP
 * addresses as RP ids, so the page is opened at `localhost`.
 */
describe('passkeys: register after sign-in, sign in with a passkey, the prompt conditions', () => {
  let h: Harness;
  let base: string;
  before(async () => {
    h = await startHarness();
    base = h.demoUrl.replace('127.0.0.1', 'localhost');
    await h.api('PUT', '/_emulator/passkeys', { strategy: true, flag: true });
  });
  after(async () => {
    await h?.close();
  });

  async function browse(): Promise<{ context: BrowserContext; page: Page; cdp: CDPSession; authenticatorId: string }> {
    const context = await h.browser.newContext();
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('WebAuthn.enable');
    const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
      options: { protocol: 'ctap2', transport: 'internal', hasResidentKey: true, hasUserVerification: true, isUserVerified: true, automaticPresenceSimulation: true },
    });
    await page.goto(base);
    return { context, page, cdp, authenticatorId };
  }

  async function signInWithPassword(page: Page, email: string, password: string) {
    const d = demoPage(page);
    await d.email.fill(email);
    await page.keyboard.press('Enter');
    await d.password.fill(password);
    await page.keyboard.press('Enter');
  }

  const newUser = async (email: string, password: string) => (await h.api('POST', '/_emulator/users', { email, password })).id as string;

  it('SI-1.02 SI-4.42 SI-4.44 SI-7.39 password sign-in → promptPasskeys → add a passkey → sign out → "Sign in with a passkey" → signed in; then no prompt (device exists)', async () => {
    const email = `pk-${Date.now()}@example.test`;
    const password = 'Correct-Horse-9-Battery';
    const userId = await newUser(email, password);
    const { context, page, cdp, authenticatorId } = await browse();
    const d = demoPage(page);

    // the email field offers passkeys from browser autofill (conditional mediation)
    await d.email.waitFor();
    assert.equal(await d.email.getAttribute('autocomplete'), 'username webauthn');
    const passkeyButton = d.box.getByRole('button', { name: 'Sign in with a passkey' });
    await passkeyButton.waitFor();

    await signInWithPassword(page, email, password);
    const prompt = d.box.locator('[data-step=promptPasskeys]');
    await prompt.getByRole('button', { name: 'Add a passkey' }).click();
    // registered → post-auth navigation → the host's signed-in panel
    await d.panel.waitFor({ state: 'visible' });
    assert.equal(await page.locator('#signed-in-email').textContent(), email);
    const stored = await h.api('GET', `/_emulator/users/${userId}/passkeys`);
    assert.equal(stored.length, 1);
    const { credentials } = await cdp.send('WebAuthn.getCredentials', { authenticatorId });
    assert.equal(credentials.length, 1);
    assert.equal(credentials[0].isResidentCredential, true);
    assert.equal(credentials[0].rpId, 'localhost');
    assert.equal(Buffer.from(credentials[0].credentialId, 'base64').toString('base64url'), stored[0].id);

    // sign out → the passkey button (the autofill request pending on the email field is cancelled by it)
    await d.signOut.click();
    await d.box.waitFor({ state: 'visible' });
    // the virtual authenticator may answer the pending autofill request by itself (it now holds a credential
    // for this site) before the button is clicked: either way the sign-in is a passkey sign-in
    await Promise.race([d.panel.waitFor({ state: 'visible' }), passkeyButton.click({ timeout: 15_000 }).catch(() => {})]);
    await d.panel.waitFor({ state: 'visible' });
    assert.equal(await page.locator('#signed-in-email').textContent(), email);
    const after1 = await h.api('GET', `/_emulator/users/${userId}/passkeys`);
    assert.ok(after1[0].counter >= 1 || after1[0].lastUsedAt, 'the sign-in used the stored passkey');
    assert.ok(after1[0].lastUsedAt);

    // with a passkey device, a password sign-in goes straight through (no prompt, nothing clicked)
    await d.signOut.click();
    await d.box.waitFor({ state: 'visible' });
    await signInWithPassword(page, email, password);
    await d.panel.waitFor({ state: 'visible' });
    assert.equal(await page.locator('#signed-in-email').textContent(), email);
    await d.signOut.click();
    await context.close();
  });

  it('SI-4.46 "Not now" is remembered for that user: the next sign-in shows no prompt', async () => {
    const email = `pk-dismiss-${Date.now()}@example.test`;
    const password = 'Correct-Horse-9-Battery';
    const userId = await newUser(email, password);
    const { context, page } = await browse();
    const d = demoPage(page);
    await signInWithPassword(page, email, password);
    const prompt = d.box.locator('[data-step=promptPasskeys]');
    await prompt.getByRole('button', { name: 'Not now' }).click();
    await d.panel.waitFor({ state: 'visible' });
    const stored = await page.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith('fe-passkeys-prompt-dismissed:')));
    assert.deepEqual(stored, [`fe-passkeys-prompt-dismissed:${userId}`]);
    await d.signOut.click();
    await d.box.waitFor({ state: 'visible' });
    await signInWithPassword(page, email, password);
    await d.panel.waitFor({ state: 'visible' });
    assert.deepEqual(await h.api('GET', `/_emulator/users/${userId}/passkeys`), []);
    await d.signOut.click();
    await context.close();
  });

  it('SI-4.42 SI-4.43 with the flag off there is no prompt; with the strategy off no passkey button either', async () => {
    const email = `pk-off-${Date.now()}@example.test`;
    const password = 'Correct-Horse-9-Battery';
    await newUser(email, password);
    await h.api('PUT', '/_emulator/passkeys', { flag: false });
    const { context, page } = await browse();
    const d = demoPage(page);
    await d.box.getByRole('button', { name: 'Sign in with a passkey' }).waitFor();
    await signInWithPassword(page, email, password);
    await d.panel.waitFor({ state: 'visible' });
    await d.signOut.click();
    await context.close();

    await h.api('PUT', '/_emulator/passkeys', { strategy: false, flag: true });
    const second = await browse();
    const d2 = demoPage(second.page);
    await d2.email.waitFor();
    // the strategy answer has arrived when the network is idle
    await second.page.waitForLoadState('networkidle');
    assert.equal(await d2.box.getByRole('button', { name: 'Sign in with a passkey' }).count(), 0);
    await signInWithPassword(second.page, email, password);
    await d2.panel.waitFor({ state: 'visible' });
    await second.context.close();
    await h.api('PUT', '/_emulator/passkeys', { strategy: true, flag: true });
  });
});
