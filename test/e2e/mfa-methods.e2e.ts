import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { BrowserContext, Page } from 'playwright-core';
import { demoPage, startHarness, type Harness } from './harness.ts';

/**
 * Every MFA method at sign-in, end to end (issue 3 "MFA methods"; sign-in §4
 * MFA steps): the demo host (built bundle, same-origin proxy), the emulator
 * and Chromium. SMS and email codes are read from the emulator's outbox;
 * WebAuthn runs against Chromium's virtual authenticator (DevTools protocol),
 * so pages are opened at `localhost` (WebAuthn refuses IP addresses as RP ids).
 */
describe('MFA methods at sign-in: SMS, email, WebAuthn, device choice, remember device, forced enrolment', () => {
  let h: Harness;
  let base: string;
  const password = 'Correct-Horse-9-Battery';

  before(async () => {
    h = await startHarness();
    base = h.demoUrl.replace('127.0.0.1', 'localhost');
    // no passkey prompt after sign-in here (passkeys have their own e2e); every MFA strategy active
    await h.api('PUT', '/_emulator/passkeys', { flag: false });
    await h.api('PUT', '/_emulator/mfa-settings', {
      strategies: { AuthenticatorApp: true, SMS: true, EmailCode: true, WebAuthnPlatform: true, WebAuthnCrossPlatform: true },
      resendIntervalSeconds: 0,
    });
  });
  after(async () => {
    await h?.close();
  });

  let n = 0;
  const newUser = async (prefix: string) => {
    const email = `${prefix}-${Date.now()}-${++n}@example.test`;
    const { id } = await h.api('POST', '/_emulator/users', { email, password });
    return { id: id as string, email };
  };

  /** A fresh browser context (own cookies) on the demo page; `webauthn` adds a virtual security key. */
  async function browse(opts: { webauthn?: boolean; clock?: boolean } = {}): Promise<{ context: BrowserContext; page: Page }> {
    const context = await h.browser.newContext();
    const page = await context.newPage();
    if (opts.clock) await page.clock.install();
    if (opts.webauthn) {
      const cdp = await context.newCDPSession(page);
      await cdp.send('WebAuthn.enable');
      await cdp.send('WebAuthn.addVirtualAuthenticator', {
        options: { protocol: 'ctap2', transport: 'usb', hasResidentKey: false, hasUserVerification: true, isUserVerified: true, automaticPresenceSimulation: true },
      });
    }
    await page.goto(base);
    return { context, page };
  }

  async function signIn(page: Page, email: string) {
    const d = demoPage(page);
    await d.email.fill(email);
    await page.keyboard.press('Enter');
    await d.password.fill(password);
    await page.keyboard.press('Enter');
  }

  /** The newest outbox code sent to `to` on `channel`, waiting for a new one when `after` names the previous. */
  async function codeFor(to: string, channel: 'sms' | 'email', previous?: string): Promise<string> {
    for (let i = 0; i < 50; i++) {
      const items = (await h.api('GET', '/_emulator/outbox')) as { to: string; channel: string; code?: string; id: string }[];
      const m = items.find((x) => x.to === to && x.channel === channel && x.code);
      if (m && m.id !== previous) return `${m.code}|${m.id}`;
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error(`no ${channel} code for ${to}`);
  }
  const code = (s: string) => s.split('|')[0];

  async function signedIn(page: Page, email: string) {
    const d = demoPage(page);
    await d.panel.waitFor({ state: 'visible' });
    assert.equal(await page.locator('#signed-in-email').textContent(), email);
  }

  it('SI-1.03 SI-4.07 SI-7.42 one phone enrolled: the SMS step comes directly; the texted code (outbox) signs in', async () => {
    const u = await newUser('sms');
    await h.api('POST', `/_emulator/users/${u.id}/mfa-phones`, { phoneNumber: '+15551230001' });
    const { context, page } = await browse();
    const d = demoPage(page);
    await signIn(page, u.email);
    await d.box.locator('[data-step=smsVerifyCode]').getByText('+1******0001').waitFor();
    assert.equal(await d.code.getAttribute('autocomplete'), 'one-time-code');
    // the resend link counts down (30 s cooldown)
    await d.box.getByText(/You can send a new code in \d+ s/).waitFor();
    await d.code.fill(code(await codeFor('+15551230001', 'sms')));
    await page.keyboard.press('Enter');
    await signedIn(page, u.email);
    await context.close();
  });

  it('SI-7.56 one email device: the email code step; a pasted code with a space works', async () => {
    const u = await newUser('email');
    await h.api('POST', `/_emulator/users/${u.id}/mfa-emails`, {});
    const { context, page } = await browse();
    const d = demoPage(page);
    await signIn(page, u.email);
    await d.box.locator('[data-step=emailVerifyCode]').getByText(u.email).waitFor();
    const c = code(await codeFor(u.email, 'email'));
    await d.code.fill(`${c.slice(0, 3)} ${c.slice(3)}`);
    await page.keyboard.press('Enter');
    await signedIn(page, u.email);
    await context.close();
  });

  it('SI-4.07 two devices: the user picks one from the list (email), and can switch back to the list', async () => {
    const u = await newUser('choice');
    await h.api('POST', `/_emulator/users/${u.id}/mfa-phones`, { phoneNumber: '+15551230002' });
    await h.api('POST', `/_emulator/users/${u.id}/mfa-emails`, {});
    const { context, page } = await browse();
    const d = demoPage(page);
    await signIn(page, u.email);
    const list = d.box.getByRole('list', { name: 'Ways to confirm it’s you' });
    await list.waitFor();
    assert.deepEqual(await list.getByRole('button').allTextContents(), ['Text message to +1******0002', `Email to ${u.email}`]);
    await list.getByRole('button', { name: 'Text message to +1******0002' }).click();
    await d.box.locator('[data-step=smsVerifyCode]').waitFor();
    await d.box.getByRole('button', { name: 'Use another method' }).click();
    await list.getByRole('button', { name: `Email to ${u.email}` }).click();
    await d.code.fill(code(await codeFor(u.email, 'email')));
    await page.keyboard.press('Enter');
    await signedIn(page, u.email);
    await context.close();
  });

  it('SI-7.56 remember this device: checked at MFA, the next sign-in from that browser skips MFA; another browser still gets it', async () => {
    await h.api('PUT', '/_emulator/mfa-policy', { allowRememberMyDevice: true, mfaDeviceExpiration: 30 * 86400 });
    try {
      const u = await newUser('remember');
      await h.api('POST', `/_emulator/users/${u.id}/mfa-phones`, { phoneNumber: '+15551230003' });
      const { context, page } = await browse();
      const d = demoPage(page);
      await signIn(page, u.email);
      const remember = d.box.getByLabel('Remember this device for 30 days');
      await remember.check();
      await d.code.fill(code(await codeFor('+15551230003', 'sms')));
      await page.keyboard.press('Enter');
      await signedIn(page, u.email);
      const cookie = (await context.cookies()).find((c) => c.name.startsWith('fe_mfa_device_'));
      assert.ok(cookie?.httpOnly, 'httpOnly remember-device cookie');
      await d.signOut.click();
      await d.box.waitFor({ state: 'visible' });
      await signIn(page, u.email);
      await signedIn(page, u.email);
      await context.close();

      const other = await browse();
      await signIn(other.page, u.email);
      await demoPage(other.page).box.locator('[data-step=smsVerifyCode]').waitFor();
      await other.context.close();
    } finally {
      await h.api('PUT', '/_emulator/mfa-policy', { allowRememberMyDevice: false });
    }
  });

  it('SI-4.10 forced enrolment, SMS: choose "Text message (SMS)", a number, the texted code, the recovery code → signed in', async () => {
    await h.api('PUT', '/_emulator/mfa-policy', { enforceMFAType: 'Force' });
    try {
      const u = await newUser('enrol-sms');
      const { context, page } = await browse();
      const d = demoPage(page);
      await signIn(page, u.email);
      await d.box.getByRole('list', { name: 'Two-factor methods' }).getByRole('button', { name: 'Text message (SMS)' }).click();
      const phone = d.box.getByLabel('Phone number');
      await phone.fill('555-1234');
      await page.keyboard.press('Enter');
      await d.box.getByText('Enter the number with its country code, like +15551234567.').waitFor();
      await phone.fill('+1 555 123 0004');
      await page.keyboard.press('Enter');
      await d.box.locator('[data-step=smsVerifyCode]').getByText('+1******0004').waitFor();
      await d.code.fill(code(await codeFor('+15551230004', 'sms')));
      await page.keyboard.press('Enter');
      await d.box.getByTestId('recovery-code').waitFor();
      await d.box.getByRole('button', { name: 'I saved it, continue' }).click();
      await signedIn(page, u.email);
      const devices = await h.api('GET', `/_emulator/users/${u.id}/mfa-devices`);
      assert.equal(devices.phones.length, 1);
      await context.close();
    } finally {
      await h.api('PUT', '/_emulator/mfa-policy', { enforceMFAType: 'DontForce' });
    }
  });

  it('SI-4.10 SI-7.42 forced enrolment, WebAuthn (virtual security key) → recovery code → signed in; the next sign-in verifies with the key', async () => {
    await h.api('PUT', '/_emulator/mfa-policy', { enforceMFAType: 'Force' });
    try {
      const u = await newUser('enrol-key');
      const { context, page } = await browse({ webauthn: true });
      const d = demoPage(page);
      await signIn(page, u.email);
      await d.box.getByRole('list', { name: 'Two-factor methods' }).getByRole('button', { name: 'Security key' }).click();
      await d.box.getByRole('button', { name: 'Set up my key' }).click();
      await d.box.getByTestId('recovery-code').waitFor();
      await d.box.getByRole('button', { name: 'I saved it, continue' }).click();
      await signedIn(page, u.email);
      const devices = await h.api('GET', `/_emulator/users/${u.id}/mfa-devices`);
      assert.deepEqual(
        devices.webauthn.map((k: { deviceType: string }) => k.deviceType),
        ['CrossPlatform'],
      );

      await d.signOut.click();
      await d.box.waitFor({ state: 'visible' });
      await signIn(page, u.email);
      await d.box.locator('[data-step=webauthnVerify]').waitFor();
      await d.box.getByRole('button', { name: 'Continue with my key' }).click();
      await signedIn(page, u.email);
      await context.close();
    } finally {
      await h.api('PUT', '/_emulator/mfa-policy', { enforceMFAType: 'DontForce' });
    }
  });

  it('a wrong code and an expired code each show their error; the user recovers (types the right code / sends a new one)', async () => {
    const u = await newUser('errors');
    await h.api('POST', `/_emulator/users/${u.id}/mfa-phones`, { phoneNumber: '+15551230005' });
    const { context, page } = await browse({ clock: true });
    const d = demoPage(page);
    await h.api('PUT', '/_emulator/mfa-settings', { codeTtlSeconds: 1 });
    let sent: string;
    try {
      await signIn(page, u.email);
      sent = await codeFor('+15551230005', 'sms');
    } finally {
      await h.api('PUT', '/_emulator/mfa-settings', { codeTtlSeconds: 300 });
    }
    // wrong first: the error is announced (role=alert), the form stays
    await d.code.fill(code(sent) === '000000' ? '111111' : '000000');
    await page.keyboard.press('Enter');
    await d.alert.filter({ hasText: 'Invalid code' }).waitFor();
    // then the right code, too late: expired, with the way on
    await new Promise((r) => setTimeout(r, 1200));
    await d.code.fill(code(sent));
    await page.keyboard.press('Enter');
    await d.alert.filter({ hasText: 'This code has expired. Send a new code.' }).waitFor();
    // the resend link is available after the 30 s cooldown (the page's clock is moved on)
    await page.clock.fastForward(31_000);
    await d.box.getByRole('button', { name: 'Send a new code' }).click();
    const fresh = await codeFor('+15551230005', 'sms', sent.split('|')[1]);
    await d.code.fill(code(fresh));
    await page.keyboard.press('Enter');
    await signedIn(page, u.email);
    await context.close();
  });
});
