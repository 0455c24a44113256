import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { demoPage, startHarness, type Harness } from './harness.ts';

/**
 * Two tabs of one browser share the refresh cookie; the emulator rotates the
 * refresh token on every use and revokes the session when a spent one comes
 * back. With a 3-second access token both tabs refresh many times.
 */
describe('sessions across tabs', () => {
  let h: Harness;
  before(async () => {
    h = await startHarness();
    await h.api('PUT', '/_emulator/token-settings', { accessTokenExpiresIn: 3 });
  });
  after(async () => {
    await h?.close();
  });

  it('both tabs stay signed in through several refresh rotations; logging out in one signs out the other', async () => {
    const context = await h.browser.newContext();
    const one = await context.newPage();
    await one.goto(h.demoUrl);
    const a = demoPage(one);
    await a.email.fill('admin@acme.test');
    await one.keyboard.press('Enter');
    await a.password.fill('Admin-Passw0rd!');
    await one.keyboard.press('Enter');
    await a.panel.waitFor({ state: 'visible' });

    const two = await context.newPage();
    await two.goto(h.demoUrl);
    const b = demoPage(two);
    await b.panel.waitFor({ state: 'visible' });

    // about four rotations per tab: each refreshes at 80 % of 3 s
    const signedIn = (p: typeof one) => p.evaluate(() => document.querySelector('fe-app')!.app!.stores.$session.get().isAuthenticated);
    const tokenOf = (p: typeof one) => p.evaluate(() => document.querySelector('fe-app')!.app!.stores.$session.get().accessToken);
    const first = await tokenOf(two);
    // both tabs refresh at the very same moment, several times: one spends the cookie, the other must not
    const refreshBoth = () =>
      Promise.all(
        [one, two].map((p) =>
          p.evaluate(() =>
            document
              .querySelector('fe-app')!
              .app!.refresh()
              .then((r) => !!r),
          ),
        ),
      );
    for (let i = 0; i < 3; i++) assert.deepEqual(await refreshBoth(), [true, true], `simultaneous refresh ${i + 1}`);
    await one.waitForTimeout(8_000);
    assert.equal(await signedIn(one), true, 'tab one still signed in');
    assert.equal(await signedIn(two), true, 'tab two still signed in');
    assert.notEqual(await tokenOf(two), first, 'tab two has a newer token');
    await a.panel.waitFor({ state: 'visible' });
    await b.panel.waitFor({ state: 'visible' });
    // the current token works against the API
    const me = await two.evaluate(async () => {
      const token = document.querySelector('fe-app')!.app!.stores.$session.get().accessToken;
      return (await fetch('/frontegg/identity/resources/users/v2/me', { headers: { authorization: `Bearer ${token}` } })).status;
    });
    assert.equal(me, 200);

    await a.signOut.click();
    await b.panel.waitFor({ state: 'hidden' });
    await b.email.waitFor();
    assert.equal(await signedIn(two), false);
    await context.close();
  });
});
