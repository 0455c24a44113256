/**
 * The admin elements and the session (issue 31 item 9), against the emulator: signing out sends no request without a
 * session (a section's data was fetched again, without a bearer: a red 401 in the console), and the next user to sign
 * in gets the data fetched afresh for them.
 */
import { expect, waitUntil } from '@open-wc/testing';
import '../../elements/admin/fe-admin-users.ts';
import type { FeAppElement } from '../../elements/fe-app.ts';
import { ADMIN, resetEmulator } from '../helpers/emulator.ts';
import { renderSection, rowOf, shown, signIn, signInAsReader, SLOW } from './helpers.ts';

/** The identity API requests answered while `run` runs and for `settleMs` after: `<path> <status> at <ms>`. */
async function requestsDuring(run: () => Promise<void>, settleMs = 1500): Promise<string[]> {
  const seen: string[] = [];
  const started = performance.now();
  const observer = new PerformanceObserver((list) => {
    for (const e of list.getEntries() as PerformanceResourceTiming[]) {
      if (e.name.includes('/frontegg/')) seen.push(`${new URL(e.name).pathname} ${e.responseStatus} at ${Math.round(e.startTime - started)}`);
    }
  });
  observer.observe({ type: 'resource' });
  await run();
  await new Promise((resolve) => setTimeout(resolve, settleMs));
  observer.disconnect();
  return seen;
}

describe('admin elements across a sign-out (issue 31 item 9)', () => {
  beforeEach(() => resetEmulator());

  it('signing out asks for nothing more (no request without a session); the next user’s data is fetched for them', async () => {
    await signIn(ADMIN);
    const el = await renderSection('fe-admin-users');
    await waitUntil(() => rowOf(el, 'Acme Admin'), 'the admin’s users', SLOW);
    const app = el.closest<FeAppElement>('fe-app')!.app!;
    // what the section loads on its own first (the sub-accounts, …) has arrived
    while ((await requestsDuring(async () => {}, 700)).length) continue;

    const after = await requestsDuring(async () => {
      await app.logout();
      await waitUntil(() => shown(el, 'Sign in to manage your account.'), 'signed out', SLOW);
    });
    expect(after.filter((request) => !request.startsWith('/frontegg/identity/resources/auth/v1/logout '))).to.deep.equal([]);

    const next = await requestsDuring(async () => {
      await signInAsReader();
      await app.refresh();
      await waitUntil(() => rowOf(el, 'Acme Admin'), 'the users again, for the reader', SLOW);
    });
    expect(
      next.some((request) => request.startsWith('/frontegg/identity/resources/users/v3 ')),
      `fetched afresh: ${next.join(', ')}`,
    ).to.equal(true);
  });
});
