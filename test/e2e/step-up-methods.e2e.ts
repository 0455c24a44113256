import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { BrowserContext, Page } from 'playwright-core';
import { demoPage, startHarness, type Harness } from './harness.ts';

/**
 * WebAuthn PLATFORM authenticators for MFA, and step-up with a WebAuthn
 * device, end to end (sign-in §4 "MFA steps" and "Step-up"; api-contract B, C):
 * the demo host (built bundle, same-origin proxy, `<fe-routes>` serving
 * `/account/step-up`), the emulator and Chromium with a virtual platform
 * authenticator (DevTools protocol WebAuthn domain, transport `internal`, as a
 * laptop's fingerprint reader or a phone's screen lock). WebAuthn refuses IP
 * addresses as RP ids, so pages are opened at `localhost`.
 *
 * One user and one browser go through it in order: forced enrolment of "this
 * device" → sign-in verified with it (and the browser remembered) → a
 * password-only sign-in (remembered browser: no MFA) → the host's protected
 * action calls `stepUp({ maxAge })` → `<fe-step-up>` verifies with the platform
 * authenticator → back on the host page with `isSteppedUp` true.
 */
describe('WebAuthn platform authenticator: forced enrolment, sign-in, and step-up with it', () => {
  let h: Harness;
  let base: string;
  let context: BrowserContext;
  let page: Page;
  const password = 'Correct-Horse-9-Battery';
  const email = `platform-${Date.now()}@example.test`;
  let userId: string;

  before(async () => {
    h = await startHarness();
    base = h.demoUrl.replace('127.0.0.1', 'localhost');
    // no passkey sign-in or prompt here (passkeys have their own e2e); every MFA strategy active, the browser may be remembered
    await h.api('PUT', '/_emulator/passkeys', { strategy: false, flag: false });
    await h.api('PUT', '/_emulator/mfa-settings', {
      strategies: { AuthenticatorApp: true, SMS: true, EmailCode: true, WebAuthnPlatform: true, WebAuthnCrossPlatform: true },
    });
    await h.api('PUT', '/_emulator/mfa-policy', { enforceMFAType: 'Force', allowRememberMyDevice: true, mfaDeviceExpiration: 30 * 86400 });
    userId = (await h.api('POST', '/_emulator/users', { email, password })).id;

    context = await h.browser.newContext();
    page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('WebAuthn.enable');
    await cdp.send('WebAuthn.addVirtualAuthenticator', {
      options: { protocol: 'ctap2', transport: 'internal', hasResidentKey: true, hasUserVerification: true, isUserVerified: true, automaticPresenceSimulation: true },
    });
    // what the host hears from <fe-step-up> (kept across the full-page navigations of this page)
    await page.addInitScript(() => {
      document.addEventListener('fe-step-up', (e) => sessionStorage.setItem('e2e-step-up', JSON.stringify((e as CustomEvent).detail)));
    });
    await page.goto(base);
  });
  after(async () => {
    await context?.close();
    await h?.close();
  });

  async function signIn() {
    const d = demoPage(page);
    await d.email.fill(email);
    await page.keyboard.press('Enter');
    await d.password.fill(password);
    await page.keyboard.press('Enter');
  }

  async function signedIn() {
    await demoPage(page).panel.waitFor({ state: 'visible' });
    assert.equal(await page.locator('#signed-in-email').textContent(), email);
  }

  /** The signed-in user's claims as the page's session store holds them. */
  const claims = () =>
    page.evaluate(() => {
      const user = (
        document.querySelector('fe-app') as unknown as { app: { stores: { $session: { get(): { user: { amr?: string[]; acr?: string } | null } } } } }
      ).app.stores.$session.get().user;
      return { amr: user?.amr, acr: user?.acr };
    });

  it('SI-4.10 SI-7.42 forced enrolment with "This device" (platform authenticator) → recovery code → signed in with amr hwk', async () => {
    const d = demoPage(page);
    await signIn();
    await d.box.getByRole('list', { name: 'Two-factor methods' }).getByRole('button', { name: 'This device (fingerprint, face or screen lock)' }).click();
    await d.box.locator('[data-step=webauthnEnroll]').getByText('Use this device’s fingerprint, face or screen lock as your second step.').waitFor();
    await d.box.getByRole('button', { name: 'Use this device' }).click();
    await d.box.getByTestId('recovery-code').waitFor();
    await d.box.getByRole('button', { name: 'I saved it, continue' }).click();
    await signedIn();
    const devices = await h.api('GET', `/_emulator/users/${userId}/mfa-devices`);
    assert.deepEqual(
      devices.webauthn.map((k: { deviceType: string }) => k.deviceType),
      ['Platform'],
    );
    const c = await claims();
    assert.ok(c.amr?.includes('mfa') && c.amr.includes('hwk'), JSON.stringify(c));
  });

  it('SI-4.07 SI-7.56 the next sign-in goes straight to the platform authenticator; "remember this device" is offered and kept', async () => {
    const d = demoPage(page);
    await d.signOut.click();
    await d.box.waitFor({ state: 'visible' });
    await signIn();
    await d.box.locator('[data-step=webauthnVerify]').getByText('Confirm it’s you with this device’s fingerprint, face or screen lock.').waitFor();
    await d.box.getByLabel('Remember this device for 30 days').check();
    await d.box.getByRole('button', { name: 'Continue with this device' }).click();
    await signedIn();
    assert.ok(
      (await context.cookies()).some((c) => c.name.startsWith('fe_mfa_device_') && c.httpOnly),
      'remembered browser',
    );
  });

  it('SI-4.32 SI-4.34 SI-7.40 step-up with the WebAuthn device: a password-only session → stepUp({ maxAge: 300 }) → <fe-step-up> → hwk → back, stepped up', async () => {
    const d = demoPage(page);
    await d.signOut.click();
    await d.box.waitFor({ state: 'visible' });
    await signIn(); // the remembered browser skips MFA: not stepped up
    await signedIn();
    assert.deepEqual((await claims()).amr, ['pwd']);

    // the host's protected action (script API): sets the flag and goes to the step-up route
    const home = page.url();
    const proceeded = await page.evaluate(async () => {
      const lib = (await import(`${location.origin}/dist/fe-elements.js`)) as {
        stepUp(o: { maxAge?: number }, app: unknown): Promise<boolean>;
      };
      return lib.stepUp({ maxAge: 300 }, (document.querySelector('fe-app') as unknown as { app: unknown }).app);
    });
    assert.equal(proceeded, false, 'not stepped up yet: the browser goes to the step-up page');
    await page.waitForURL((u) => u.pathname === '/account/step-up');
    assert.equal(new URL(page.url()).searchParams.get('maxAge'), '300');

    const stepUpEl = page.locator('fe-step-up');
    await stepUpEl.locator('[data-step=webauthnVerify]').waitFor();
    assert.equal(await stepUpEl.getByLabel(/Remember this device/).count(), 0, 'no remember-device offer at step-up');
    await stepUpEl.getByRole('button', { name: 'Continue with this device' }).click();

    // fe-step-up, then back to redirectUrl after 200 ms
    await page.waitForURL((u) => u.pathname === new URL(home).pathname && !u.pathname.startsWith('/account'));
    const detail = JSON.parse((await page.evaluate(() => sessionStorage.getItem('e2e-step-up'))) ?? 'null');
    assert.ok(detail?.user, 'fe-step-up fired');
    const c = await claims();
    assert.equal(c.acr, 'http://schemas.openid.net/pape/policies/2007/06/multi-factor');
    assert.deepEqual(c.amr, ['pwd', 'mfa', 'hwk']);
    const again = await page.evaluate(async () => {
      const lib = (await import(`${location.origin}/dist/fe-elements.js`)) as { stepUp(o: { maxAge?: number }, app: unknown): Promise<boolean> };
      return lib.stepUp({ maxAge: 300 }, (document.querySelector('fe-app') as unknown as { app: unknown }).app);
    });
    assert.equal(again, true, 'stepped up: the protected action proceeds at once');
    assert.equal(await page.evaluate(() => sessionStorage.getItem('fe-step-up')), null, 'the step-up flag is cleared');
  });
});
