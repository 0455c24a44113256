import { after, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { demoPage, startHarness, type Harness } from './harness.ts';

/**
 * Issue 31 item 9: the demo's console stays free of errors. An expected outcome is not an error: a signed-out page's
 * start-up refresh (no session yet) and the SSO check of an email without SSO used to log a red 401 and 404 on every
 * load and every sign-in. Loads the demo signed out, signs in, and loads it again signed in, collecting every console
 * error and uncaught exception, and every answer of 400 or more (the browser logs those as errors). Needs
 * `npm run build` first.
 */
const ADMIN = { email: 'admin@acme.test', password: 'Admin-Passw0rd!' };

/** Collects what the page logs as an error: console errors, uncaught exceptions, failed answers. */
function watch(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(`console: ${m.text()}`);
  });
  page.on('pageerror', (e) => errors.push(`exception: ${e.message}`));
  page.on('response', (r) => {
    if (r.status() >= 400) errors.push(`${r.status()} ${r.request().method()} ${r.url()} (after ${r.request().headers()['authorization'] ? 'a bearer' : 'no bearer'})`);
  });
  return errors;
}

describe('the demo’s console (issue 31 item 9)', () => {
  let h: Harness | undefined;
  after(() => h?.close());

  it('signed out, signing in and signed in: no console error and no error answer', async () => {
    h = await startHarness();
    const context = await h.browser.newContext();
    const page = await context.newPage();
    const errors = watch(page);
    const d = demoPage(page);

    // signed out: the start-up refresh finds no session
    const startUp = page.waitForResponse((r) => r.url().endsWith('/auth/v1/user/token/refresh'));
    await page.goto(h.demoUrl);
    await startUp;
    await d.email.waitFor();
    assert.deepEqual(errors, [], 'signed out');

    // signing in: the SSO check of an email without SSO, then the password
    const ssoCheck = page.waitForResponse((r) => r.url().endsWith('/auth/v2/user/sso/prelogin'));
    await d.email.fill(ADMIN.email);
    await page.keyboard.press('Enter');
    await ssoCheck;
    await d.password.fill(ADMIN.password);
    await page.keyboard.press('Enter');
    await d.panel.waitFor({ state: 'visible' });
    assert.deepEqual(errors, [], 'signing in');

    // signed in: a reload restores the session
    const restored = page.waitForResponse((r) => r.url().endsWith('/auth/v1/user/token/refresh'));
    await page.reload();
    assert.equal((await restored).status(), 200);
    await d.panel.waitFor({ state: 'visible' });
    assert.deepEqual(errors, [], 'signed in');

    // signed out again: the next load finds no session, quietly
    await d.signOut.click();
    await d.email.waitFor();
    const again = page.waitForResponse((r) => r.url().endsWith('/auth/v1/user/token/refresh'));
    await page.reload();
    await again;
    await d.email.waitFor();
    assert.deepEqual(errors, [], 'signed out again');
    await context.close();
  });
});
