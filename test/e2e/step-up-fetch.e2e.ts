import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { BrowserContext, Page } from 'playwright-core';
import { startEmulator } from '../../tools/emulator-process.js';
import { startDemo } from '../../examples/express/server.mjs';
import { freePort } from '../node/emulator.ts';
import { axeViolations, demoPage, launchChromium, totp } from './harness.ts';

type Json = ReturnType<typeof JSON.parse>;

/**
 * Step-up from the host's own API (issue 35 part 1, Done when), end to end: the Express example (examples/express,
 * server session through fe-elements/server) guards `GET /api/cases` with `requireAuthLevel({ maxAge: 300 })`; its
 * home page calls it through `stepUpFetch(fetch, { dialog: true })` (the built `fe-elements` entry). Users with a TOTP
 * authenticator sign in while the emulator's clock stands 400 s back (so their sign-in is already older than five
 * minutes once the clock is real again); then, in Chromium:
 * - "Open the case files" meets the challenge, `<fe-step-up>` opens in a dialog on the page, the user types a real
 *   TOTP code, and the call answers 200 with the cases — the page never reloaded (axe: no violations with the dialog open);
 * - a cancelled dialog (its Cancel button, or Escape) rejects the call with `StepUpRequiredError` (reason `cancelled`,
 *   the challenge's max_age);
 * - two parallel calls make one step-up (one dialog, one `fe-step-up-required`) and both answer 200.
 * Needs the library built first (`npm run build`).
 */
describe('stepUpFetch against the Express example’s requireAuthLevel({ maxAge: 300 }) route', () => {
  let emulator: { url: string; stop(): Promise<void> };
  let demo: { url: string; stop(): Promise<void> };
  let browser: Awaited<ReturnType<typeof launchChromium>>;
  const users: { email: string; password: string; secret: string; context?: BrowserContext; page?: Page }[] = [];

  async function api(method: string, path: string, body?: unknown): Promise<Json> {
    const r = await fetch(emulator.url + path, { method, headers: { 'content-type': 'application/json' }, body: body === undefined ? undefined : JSON.stringify(body) });
    const text = await r.text();
    if (!r.ok) throw new Error(`${method} ${path} → ${r.status} ${text}`);
    return text ? JSON.parse(text) : {};
  }

  /** Signs `user` in on the example's login box (password, then a TOTP code): the server-rendered home page. */
  async function signIn(user: (typeof users)[number]) {
    user.context = await browser.newContext();
    const page = (user.page = await user.context.newPage());
    await page.goto(demo.url);
    const d = demoPage(page);
    await d.email.fill(user.email);
    await page.keyboard.press('Enter');
    await d.password.fill(user.password);
    await page.keyboard.press('Enter');
    await d.code.fill(totp(user.secret));
    await page.keyboard.press('Enter');
    await page.getByTestId('email').waitFor();
    assert.equal(await page.getByTestId('email').textContent(), user.email);
    // a page that reloads loses this
    await page.evaluate(() => ((window as unknown as { e2eMarker: number }).e2eMarker = 35));
  }

  const stillSamePage = (page: Page) => page.evaluate(() => (window as unknown as { e2eMarker?: number }).e2eMarker === 35);
  const dialog = (page: Page) => page.locator('dialog.fe-step-up-dialog');

  before(async () => {
    emulator = await startEmulator({ port: await freePort(), dataDir: 'memory://' });
    demo = await startDemo({ port: await freePort(), env: { FE_BASE_URL: emulator.url, FE_HOSTED_LOGIN: 'false' } });
    browser = await launchChromium();
    // the access tokens outlive the clock's move (the server checks them on real time)
    await api('PUT', '/_emulator/token-settings', { accessTokenExpiresIn: 3600 });
    for (const name of ['cancel-then-confirm', 'parallel']) {
      const user = { email: `${name}-${Date.now()}@acme.test`, password: 'Step-Up-Passw0rd!', secret: '' };
      const { id } = await api('POST', '/_emulator/users', { email: user.email, password: user.password });
      user.secret = (await api('POST', `/_emulator/users/${id}/authenticators`, {})).secret;
      users.push(user);
    }
    // signed in 400 s ago, as far as the tokens' auth_time tells
    await api('PUT', '/_emulator/clock', { offsetSeconds: -400 });
    for (const user of users) await signIn(user);
    await api('PUT', '/_emulator/clock', { offsetSeconds: 0 });
  });
  after(async () => {
    await browser?.close();
    await demo?.stop();
    await emulator?.stop();
  });

  it('a cancelled step-up (Cancel, Escape) rejects the call with StepUpRequiredError carrying the challenge (max_age 300); the page stays', async () => {
    const page = users[0].page!;
    const outcome = page.evaluate(async () => {
      const { stepUpFetch, StepUpRequiredError } = await import('/dist/fe-elements.js' as string);
      try {
        const res = await stepUpFetch(fetch, { dialog: true })('/api/cases');
        return { status: res.status };
      } catch (e) {
        return {
          isStepUpError: e instanceof StepUpRequiredError,
          name: (e as Error).name,
          reason: (e as { reason: string }).reason,
          maxAge: (e as { challenge: { maxAge?: number } }).challenge.maxAge,
        };
      }
    });
    await dialog(page).waitFor();
    await dialog(page).getByRole('button', { name: 'Cancel' }).click();
    assert.deepEqual(await outcome, { isStepUpError: true, name: 'StepUpRequiredError', reason: 'cancelled', maxAge: 300 });
    assert.equal(await dialog(page).count(), 0, 'the dialog is gone');
    // the page's own button, cancelled with Escape: its message
    await page.getByRole('button', { name: 'Open the case files' }).click();
    await dialog(page).getByLabel('Authentication code').waitFor();
    await page.keyboard.press('Escape');
    await page.locator('#cases', { hasText: 'You did not confirm it’s you: the case files stay closed.' }).waitFor();
    assert.equal(await dialog(page).count(), 0, 'Escape closed the dialog');
    assert.equal(await stillSamePage(page), true);
  });

  it('the page’s "Open the case files" opens <fe-step-up> in a dialog, a real TOTP code confirms, the call answers 200 without a reload', async () => {
    const { page, secret } = users[0];
    await page!.getByRole('button', { name: 'Open the case files' }).click();
    await dialog(page!).waitFor();
    const code = dialog(page!).getByLabel('Authentication code');
    await code.waitFor();
    assert.deepEqual(await axeViolations(page!), [], 'the page with the dialog open has no axe violations');
    await code.fill(totp(secret, 1));
    await page!.keyboard.press('Enter');
    await page!.locator('#cases', { hasText: 'The Pilot · Squeeze · Ice' }).waitFor();
    assert.equal(await dialog(page!).count(), 0, 'the dialog closed');
    assert.equal(await stillSamePage(page!), true, 'no reload');
    // stepped up: the next call answers at once
    const status = await page!.evaluate(() => fetch('/api/cases').then((r) => r.status));
    assert.equal(status, 200);
  });

  it('two parallel calls that meet the challenge make one step-up (one dialog, one fe-step-up-required) and both answer 200', async () => {
    const { page, secret } = users[1];
    const both = page!.evaluate(async () => {
      const { stepUpFetch } = await import('/dist/fe-elements.js' as string);
      const events: string[] = [];
      for (const type of ['fe-step-up-required', 'fe-step-up-completed']) document.addEventListener(type, () => events.push(type));
      const call = stepUpFetch(fetch, { dialog: true });
      const answers = await Promise.all([call('/api/cases'), call('/api/cases?page=2')]);
      return { statuses: answers.map((r: Response) => r.status), events };
    });
    await dialog(page!).waitFor();
    // give the second call time to meet the challenge too: still one dialog
    await page!.waitForTimeout(300);
    assert.equal(await dialog(page!).count(), 1);
    await dialog(page!).getByLabel('Authentication code').fill(totp(secret, 1));
    await page!.keyboard.press('Enter');
    assert.deepEqual(await both, { statuses: [200, 200], events: ['fe-step-up-required', 'fe-step-up-completed'] });
    assert.equal(await stillSamePage(page!), true);
  });
});
