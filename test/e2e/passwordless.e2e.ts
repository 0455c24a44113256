import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { demoPage, startHarness, type Harness } from './harness.ts';

/**
 * Passwordless sign-in end to end (sign-in §3 auth strategies, §4 login
 * steps, §7 SI-7.38): the plain-HTML demo host (`<fe-routes>`, built bundle,
 * same-origin proxy), the emulator and its outbox, in Chromium. The vendor's
 * strategy is switched with `/_emulator/auth-strategies`.
 */
describe('demo host: magic link, email code, SMS code, quick SMS login', () => {
  const ADMIN = { email: 'admin@acme.test', password: 'Admin-Passw0rd!' };
  let h: Harness;
  before(async () => {
    h = await startHarness();
  });
  after(async () => {
    await h?.close();
  });

  /** The newest outbox message of `channel` (waits for it). */
  async function newest(channel: 'email' | 'sms', since = 0): Promise<{ to: string; link?: string; code?: string }> {
    for (let i = 0; i < 50; i++) {
      const items = (await h.api('GET', '/_emulator/outbox?format=json')) as { channel: string; to: string; link?: string; code?: string }[];
      if (items.length > since && items[0].channel === channel) return items[0];
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error(`no ${channel} message arrived`);
  }
  const outboxSize = async () => ((await h.api('GET', '/_emulator/outbox?format=json')) as unknown[]).length;

  async function open(strategy: string): Promise<{ page: Page; d: ReturnType<typeof demoPage>; close: () => Promise<void> }> {
    await h.api('PUT', '/_emulator/auth-strategies', { strategy });
    const context = await h.browser.newContext();
    const page = await context.newPage();
    await page.goto(h.demoUrl);
    return { page, d: demoPage(page), close: () => context.close() };
  }

  it('SI-1.02 SI-2.18 magic link: "Check your email", the link from the outbox opens /account/login/magic-link and signs in', async () => {
    const { page, d, close } = await open('MagicLink');
    const before = await outboxSize();
    await d.email.fill(ADMIN.email);
    await page.keyboard.press('Enter');
    await d.box.getByRole('heading', { name: 'Check your email' }).waitFor();
    assert.equal(await d.password.count(), 0, 'no password field');
    const mail = await newest('email', before);
    assert.equal(mail.to, ADMIN.email);
    const link = new URL(mail.link!);
    assert.equal(link.pathname, '/account/login/magic-link');
    assert.equal(link.origin, new URL(h.demoUrl).origin, 'the link points at the host page');
    await page.goto(link.href);
    await d.panel.waitFor({ state: 'visible' });
    assert.equal(await page.locator('#signed-in-email').textContent(), ADMIN.email);
    // the link works once
    await d.signOut.click();
    await d.box.waitFor({ state: 'visible' });
    await page.goto(link.href);
    await d.alert.filter({ hasText: 'Failed to authenticate' }).waitFor();
    await close();
  });

  it('SI-1.02 SI-7.38 email code: the code from the outbox signs in; a wrong one is refused with "Failed to authenticate"', async () => {
    const { page, d, close } = await open('Code');
    const before = await outboxSize();
    await d.email.fill(ADMIN.email);
    await page.keyboard.press('Enter');
    const code = d.box.getByLabel('Code', { exact: true });
    await code.waitFor();
    assert.equal(await code.getAttribute('autocomplete'), 'one-time-code');
    await d.box.getByText(/Send again in \d+ s/).waitFor();
    const mail = await newest('email', before);
    await code.fill(mail.code === '000000' ? '111111' : '000000');
    await page.keyboard.press('Enter');
    await d.alert.filter({ hasText: 'Failed to authenticate: Invalid code' }).waitFor();
    await code.fill(mail.code!);
    await page.keyboard.press('Enter');
    await d.panel.waitFor({ state: 'visible' });
    assert.equal(await page.locator('#signed-in-email').textContent(), ADMIN.email);
    await d.signOut.click();
    await close();
  });

  it("SI-1.02 SI-7.38 SMS code: the code texted to the user's phone signs in", async () => {
    await h.api('PUT', '/_emulator/user-phone', { email: ADMIN.email, phoneNumber: '+14155550100' });
    const { page, d, close } = await open('SmsCode');
    const before = await outboxSize();
    await d.email.fill(ADMIN.email);
    await page.keyboard.press('Enter');
    await d.box.getByRole('heading', { name: 'Enter the code from your text message' }).waitFor();
    const sms = await newest('sms', before);
    assert.equal(sms.to, '+14155550100');
    await d.box.getByLabel('Code', { exact: true }).fill(sms.code!);
    await page.keyboard.press('Enter');
    await d.panel.waitFor({ state: 'visible' });
    await d.signOut.click();
    await close();
  });

  it('SI-3.20 registerQuickLogin: after a password sign-in the phone is verified by SMS; the next visit offers "Text me a sign-in code"', async () => {
    // the SMS sign-in of the previous test was moments ago: lift the 30 s resend limit
    await h.api('PUT', '/_emulator/lifecycle-settings', { codeResendIntervalSeconds: 0 });
    const { page, d, close } = await open('EmailAndPassword');
    await page.evaluate(() => localStorage.setItem('fe-register-quick-login', 'sms'));
    await page.reload();
    await d.email.fill(ADMIN.email);
    await page.keyboard.press('Enter');
    await d.password.fill(ADMIN.password);
    await page.keyboard.press('Enter');
    const phone = d.box.getByLabel('Mobile number');
    await phone.waitFor();
    let before = await outboxSize();
    await phone.fill('+1 415 555 0177');
    await page.keyboard.press('Enter');
    const verify = await newest('sms', before);
    assert.equal(verify.to, '+14155550177');
    await d.box.getByLabel('Code', { exact: true }).fill(verify.code!);
    await page.keyboard.press('Enter');
    await d.panel.waitFor({ state: 'visible' });
    await d.signOut.click();
    await d.box.waitFor({ state: 'visible' });

    await page.reload();
    before = await outboxSize();
    await d.box.getByRole('button', { name: 'Text me a sign-in code' }).click();
    const sms = await newest('sms', before);
    assert.equal(sms.to, '+14155550177');
    await d.box.getByLabel('Code', { exact: true }).fill(sms.code!);
    await page.keyboard.press('Enter');
    await d.panel.waitFor({ state: 'visible' });
    assert.equal(await page.locator('#signed-in-email').textContent(), ADMIN.email);
    await close();
  });
});
