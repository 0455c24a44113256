import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { demoPage, startHarness, totp, type Harness } from './harness.ts';

/**
 * The product end to end: the plain-HTML demo host (built bundle, same-origin
 * proxy) and the emulator with its real database, driven in Chromium.
 */
describe('demo host: sign up, sign in, TOTP, reload, sign out', () => {
  let h: Harness;
  before(async () => {
    h = await startHarness();
  });
  after(async () => {
    await h?.close();
  });

  it('SI-1.01 SI-1.02 SI-1.03 a new user signs up, enrols TOTP, signs out, signs in with a code, stays signed in across a reload, signs out', async () => {
    const email = `e2e-${Date.now()}@example.test`;
    const password = 'Correct-Horse-9-Battery';
    const context = await h.browser.newContext();
    const page = await context.newPage();
    await page.goto(h.demoUrl);
    const d = demoPage(page);

    // sign up through the UI: the login box links to <fe-sign-up> (sign-ups are allowed)
    await d.box.getByRole('button', { name: 'Sign up' }).click();
    const signUp = page.locator('fe-sign-up');
    await signUp.getByLabel('Full name').fill('E2E User');
    await signUp.getByLabel('Work email').fill(email);
    await signUp.getByLabel('Company name').fill('E2E Co');
    await signUp.getByLabel('Password').fill(password);
    await page.keyboard.press('Enter');
    // signed in at once
    await d.panel.waitFor({ state: 'visible' });
    assert.equal(await page.locator('#signed-in-email').textContent(), email);
    await d.signOut.click();
    await d.box.waitFor({ state: 'visible' });
    await h.api('PUT', '/_emulator/mfa-policy', { enforceMFAType: 'Force' });

    // sign in → forced TOTP enrolment from the shown secret
    await d.email.fill(email);
    await page.keyboard.press('Enter');
    await d.password.fill(password);
    await page.keyboard.press('Enter');
    const secretEl = d.box.getByTestId('totp-secret');
    await secretEl.waitFor();
    const secret = (await secretEl.textContent())!.trim();
    await d.code.fill(totp(secret));
    await page.keyboard.press('Enter');
    await d.box.getByTestId('recovery-code').waitFor();
    await d.box.getByRole('button', { name: 'I saved it, continue' }).click();
    await d.panel.waitFor({ state: 'visible' });
    assert.equal(await page.locator('#signed-in-email').textContent(), email);

    // sign out (host button → <fe-app>.logout() → fe-logout)
    await d.signOut.click();
    await d.box.waitFor({ state: 'visible' });
    assert.equal(await d.panel.isHidden(), true);

    // sign in again with a TOTP code (next period: the first code is spent)
    await d.email.fill(email);
    await page.keyboard.press('Enter');
    await d.password.fill(password);
    await page.keyboard.press('Enter');
    await d.code.waitFor();
    // a wrong code first: visible and announced (role=alert)
    await d.code.fill(totp(secret, 1) === '000000' ? '111111' : '000000');
    await page.keyboard.press('Enter');
    await d.alert.filter({ hasText: /code/i }).waitFor();
    await d.code.fill(totp(secret, 1));
    await page.keyboard.press('Enter');
    await d.panel.waitFor({ state: 'visible' });

    // reload: still signed in (refresh cookie through the same-origin proxy)
    await page.reload();
    await d.panel.waitFor({ state: 'visible' });
    assert.equal(await page.locator('#signed-in-email').textContent(), email);
    const cookies = await context.cookies();
    const refresh = cookies.find((c) => c.name.startsWith('fe_refresh_'));
    assert.ok(refresh, 'refresh cookie set');
    assert.equal(refresh.httpOnly, true);
    assert.equal(new URL(h.demoUrl).hostname, refresh.domain.replace(/^\./, ''), 'first-party cookie on the host origin');
    const tokenInStorage = await page.evaluate(() => JSON.stringify({ ...localStorage }) + JSON.stringify({ ...sessionStorage }));
    assert.doesNotMatch(tokenInStorage, /eyJ/, 'no token in web storage');

    // sign out again
    await d.signOut.click();
    await d.box.waitFor({ state: 'visible' });
    await page.reload();
    await d.email.waitFor();
    assert.equal(await d.panel.isHidden(), true);
    await h.api('PUT', '/_emulator/mfa-policy', { enforceMFAType: 'DontForce' });
    await context.close();
  });

  it('SI-1.05 forgot password: the emailed link opens the reset page and the new password signs in', async () => {
    const page = await h.browser.newPage();
    await page.goto(h.demoUrl);
    const d = demoPage(page);
    await d.email.fill('admin@acme.test');
    await page.keyboard.press('Enter');
    await d.password.waitFor();
    await d.box.getByRole('button', { name: 'Forgot password?' }).click();
    const forgot = page.locator('fe-forgot-password');
    await forgot.getByLabel('Email').fill('admin@acme.test');
    await page.keyboard.press('Enter');
    await forgot.getByText('Check your email').waitFor();
    const mail = (await h.api('GET', '/_emulator/outbox')).find((m: { subject: string }) => /reset/i.test(m.subject));
    assert.equal(new URL(mail.link).origin, h.demoUrl, 'the link points at the host');
    await page.goto(mail.link);
    const reset = page.locator('fe-reset-password');
    await reset.getByLabel('New password', { exact: true }).fill('Fresh-Start-2026');
    await reset.getByLabel('Confirm new password').fill('Fresh-Start-2026');
    await page.keyboard.press('Enter');
    await reset.getByRole('button', { name: 'Sign in' }).click();
    await d.email.fill('admin@acme.test');
    await page.keyboard.press('Enter');
    await d.password.fill('Fresh-Start-2026');
    await page.keyboard.press('Enter');
    await d.panel.waitFor({ state: 'visible' });
    await d.signOut.click();
    await page.close();
  });

  it('a wrong password gives a visible, announced error and keeps the email', async () => {
    const page = await h.browser.newPage();
    await page.goto(h.demoUrl);
    const d = demoPage(page);
    await d.email.fill('admin@acme.test');
    await page.keyboard.press('Enter');
    await d.password.fill('wrong-password');
    await page.keyboard.press('Enter');
    await d.alert.filter({ hasText: 'Invalid authentication' }).waitFor();
    assert.equal(await d.email.inputValue(), 'admin@acme.test');
    await page.close();
  });

  it('an unreachable emulator gives a visible, announced error', async () => {
    const page = await h.browser.newPage();
    await page.goto(h.demoUrl);
    const d = demoPage(page);
    await d.email.waitFor();
    await h.stopEmulator();
    await d.email.fill('admin@acme.test');
    await page.keyboard.press('Enter');
    await d.password.fill('whatever');
    await page.keyboard.press('Enter');
    await d.alert.filter({ hasText: /reach|difficulties|not reachable/i }).waitFor();
    assert.notEqual((await d.alert.textContent())!.trim(), '');
    await page.close();
  });
});
