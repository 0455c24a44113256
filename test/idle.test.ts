/**
 * Idle sign-out of `<fe-app>` (issue 22 item 2 "In the browser"; SI-3.11 idleSessionTimeout) against the real
 * emulator: an admin sets a 2-minute idle timeout through the API, the user signs in, and a fake clock (the tracker's
 * `idleClock`, src/app/idle.ts; the page's other timers keep running) stands for two quiet minutes.
 */
import { expect, fixture, html, oneEvent, waitUntil } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import type { FeAppElement } from '../elements/fe-app.ts';
import '../elements/fe-app.ts';
import { idleClock } from '../src/app/idle.ts';
import { signOutStorageKey } from '../src/app/signed-out.ts';
import { ADMIN, resetEmulator } from './helpers/emulator.ts';

const API = '/frontegg/identity/resources';

/** A fake time source for the idle tracker: `tick(ms)` runs its due timers in order. */
function installFakeClock() {
  const saved = { ...idleClock };
  let now = Date.now();
  let nextId = 1;
  const timers = new Map<number, { at: number; run: () => void }>();
  idleClock.now = () => now;
  idleClock.setTimeout = (run, ms) => {
    timers.set(nextId, { at: now + ms, run });
    return nextId++;
  };
  idleClock.clearTimeout = (id) => void timers.delete(id as number);
  return {
    tick(ms: number) {
      const end = now + ms;
      for (;;) {
        const due = [...timers].filter(([, t]) => t.at <= end).sort((a, b) => a[1].at - b[1].at)[0];
        if (!due) break;
        timers.delete(due[0]);
        now = due[1].at;
        due[1].run();
      }
      now = end;
    },
    /** Moves the time without running the timers (a background tab's timers run late). */
    jump(ms: number) {
      now += ms;
    },
    restore: () => Object.assign(idleClock, saved),
  };
}

async function call(method: string, path: string, token?: string, body?: unknown): Promise<Response> {
  return fetch(path, {
    method,
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

/**
 * The admin sets the account's idle timeout through the API, then signs in again (the refresh cookie is set): a
 * session keeps the policy of its sign-in (issue 31), so the page's session is one begun under the new policy.
 */
async function adminSetsIdleTimeout(isActive: boolean, timeoutSeconds = 120): Promise<void> {
  const signIn = await call('POST', `${API}/auth/v1/user`, undefined, { email: ADMIN.email, password: ADMIN.password });
  const { accessToken } = (await signIn.json()) as { accessToken: string };
  const saved = await call('POST', `${API}/configurations/sessions/v1`, accessToken, { sessionIdleTimeoutConfiguration: { isActive, timeout: timeoutSeconds } });
  expect(saved.status, await saved.clone().text()).to.equal(200);
  const again = await call('POST', `${API}/auth/v1/user`, undefined, { email: ADMIN.email, password: ADMIN.password });
  expect(again.status).to.equal(200);
}

/** The policy the tracker read (after `since`), and a moment for it to act on it. */
async function policyRead(since: number): Promise<void> {
  await waitUntil(
    () =>
      (performance.getEntriesByType('resource') as PerformanceResourceTiming[]).some(
        (e) => e.startTime >= since && e.name.endsWith('/configurations/sessions/v1/me') && e.responseEnd > 0,
      ),
    'idle policy read',
    { timeout: 10000 },
  );
  await new Promise((r) => setTimeout(r, 50));
}

/** The warning's dialog, when shown. */
const dialogOf = (app: HTMLElement) => app.querySelector('[data-fe-idle-warning]')?.shadowRoot?.querySelector<HTMLDialogElement>('dialog[role=alertdialog]') ?? null;
const buttonOf = (app: HTMLElement, action: 'stay' | 'signOut') => dialogOf(app)!.querySelector<HTMLButtonElement>(`button[data-action=${action}]`)!;

let names = 0;

describe('<fe-app> idle sign-out (issue 22)', () => {
  let clock: ReturnType<typeof installFakeClock>;
  let el: FeAppElement;
  let name: string;

  /** Signs the admin in through `<fe-app>` (the start-up refresh) with the account's idle policy read. */
  async function signedInApp(): Promise<FeAppElement> {
    const since = performance.now();
    name = `idle-${Date.now()}-${names++}`;
    el = await fixture<FeAppElement>(html`<fe-app base-url=${location.origin} name=${name}></fe-app>`);
    await waitUntil(() => el.app?.stores.$session.get().isAuthenticated, 'signed in', { timeout: 10000 });
    await policyRead(since);
    return el;
  }

  beforeEach(async () => {
    await resetEmulator();
    performance.clearResourceTimings();
    clock = installFakeClock();
  });
  afterEach(() => clock.restore());

  it('SI-3.11 issue 22: no activity → the warning one minute before; "Stay signed in" keeps the session and refreshes it', async () => {
    await adminSetsIdleTimeout(true, 120);
    const app = await signedInApp();
    clock.tick(59_000);
    expect(dialogOf(app), 'no warning before the last minute').to.equal(null);
    clock.tick(1_000);
    await waitUntil(() => dialogOf(app)?.open, 'warning shown', { timeout: 10000 });
    const dialog = dialogOf(app)!;
    const root = dialog.getRootNode() as ShadowRoot;
    expect(root.getElementById(dialog.getAttribute('aria-labelledby')!)!.textContent).to.equal('Are you still there?');
    expect(root.getElementById(dialog.getAttribute('aria-describedby')!)!.textContent).to.equal(
      'You haven’t been active for a while. For your security, you’ll be signed out in 1:00.',
    );
    expect(root.activeElement, 'focus on "Stay signed in"').to.equal(buttonOf(app, 'stay'));
    expect(buttonOf(app, 'stay').textContent).to.equal('Stay signed in');
    // the countdown, once a second
    clock.tick(1_000);
    await waitUntil(() => dialogOf(app)!.textContent!.includes('0:59'), 'countdown 0:59');
    const refreshed = performance.now();
    buttonOf(app, 'stay').click();
    await waitUntil(() => !dialogOf(app), 'warning gone');
    await waitUntil(
      () =>
        (performance.getEntriesByType('resource') as PerformanceResourceTiming[]).some(
          (e) => e.startTime >= refreshed && e.name.endsWith('/user/token/refresh') && e.responseEnd > 0,
        ),
      'the session refreshed (the server idle clock resets too)',
      { timeout: 10000 },
    );
    expect(app.app!.stores.$session.get().isAuthenticated).to.equal(true);
    // a new minute of quiet from "Stay", not from the sign-in
    clock.tick(59_000);
    expect(dialogOf(app)).to.equal(null);
    clock.tick(60_000);
    await waitUntil(() => dialogOf(app)?.open, 'warning shown again');
  });

  it('SI-3.11 issue 22: no answer → signed out, fe-logout { reason: "idle" }, and the emulator ends the session', async () => {
    await adminSetsIdleTimeout(true, 120);
    const app = await signedInApp();
    const token = app.app!.stores.$session.get().accessToken!;
    expect((await call('GET', `${API}/users/sessions/v1/me/current`, token)).status).to.equal(200);
    const logouts: CustomEvent[] = [];
    app.addEventListener('fe-logout', (e) => logouts.push(e as CustomEvent));
    clock.tick(60_000);
    await waitUntil(() => dialogOf(app)?.open, 'warning shown', { timeout: 10000 });
    // the emulator's clock moves with the page's: two quiet minutes
    await call('PUT', '/_emulator/clock', undefined, { advance: 120_000 });
    const loggedOut = oneEvent(app, 'fe-logout');
    clock.tick(60_000);
    expect(((await loggedOut) as CustomEvent).detail).to.deep.equal({ reason: 'idle' });
    expect(app.app!.stores.$session.get().isAuthenticated).to.equal(false);
    await waitUntil(() => !dialogOf(app), 'warning gone');
    expect(logouts.map((e) => e.detail)).to.deep.equal([{ reason: 'idle' }], 'one fe-logout, not also a remote one');
    // noted for the login box: it says why, and the next sign-in returns here (issue 31)
    expect(JSON.parse(sessionStorage.getItem(signOutStorageKey(name))!)).to.include({ reason: 'idle', returnTo: location.pathname + location.search + location.hash });
    // the refresh token is revoked: the old session is gone and a refresh is refused
    expect((await call('GET', `${API}/users/sessions/v1/me/current`, token)).status).to.equal(404);
    const refreshed = (await (await call('POST', `${API}/auth/v1/user/token/refresh`)).json()) as { accessToken?: string };
    expect(refreshed.accessToken, 'no session').to.equal(undefined);
  });

  it('SI-3.11 issue 22: activity in another tab (a BroadcastChannel peer) postpones the sign-out; this tab tells the others of its own', async () => {
    await adminSetsIdleTimeout(true, 120);
    const app = await signedInApp();
    const peer = new BroadcastChannel(`fe-idle:${name}`);
    const heard: unknown[] = [];
    peer.onmessage = (e) => heard.push(e.data);
    try {
      clock.tick(61_000);
      await waitUntil(() => dialogOf(app)?.open, 'warning shown', { timeout: 10000 });
      // the user is busy in another tab
      peer.postMessage({ type: 'activity' });
      await waitUntil(() => !dialogOf(app), 'warning gone after activity elsewhere');
      // two minutes after the sign-in, but only 100 s after the other tab's activity: still signed in
      clock.tick(100_000);
      expect(app.app!.stores.$session.get().isAuthenticated).to.equal(true);
      await waitUntil(() => dialogOf(app)?.open, 'warning again, a minute before the postponed sign-out');
      const loggedOut = oneEvent(app, 'fe-logout');
      clock.tick(20_000);
      expect(((await loggedOut) as CustomEvent).detail).to.deep.equal({ reason: 'idle' });
      // a new sign-in; a key pressed in this tab is told to the other tabs
      await adminSetsIdleTimeout(true, 120);
      const since = performance.now();
      await app.app!.refresh();
      await policyRead(since);
      clock.tick(5_000);
      await sendKeys({ press: 'Shift' });
      await waitUntil(() => heard.length > 0, 'activity told to the other tabs');
      expect(heard[0]).to.deep.equal({ type: 'activity' });
    } finally {
      peer.close();
    }
  });

  it('SI-3.11 issue 22: activity in this tab keeps the server session alive (a refresh once half the idle timeout has passed)', async () => {
    await adminSetsIdleTimeout(true, 120);
    const app = await signedInApp();
    const refreshes = (since: number) =>
      (performance.getEntriesByType('resource') as PerformanceResourceTiming[]).filter((e) => e.startTime >= since && e.name.endsWith('/user/token/refresh')).length;
    clock.tick(50_000);
    const early = performance.now();
    await sendKeys({ press: 'Shift' });
    await new Promise((r) => setTimeout(r, 300));
    expect(refreshes(early), 'no refresh before half the idle timeout').to.equal(0);
    clock.tick(15_000);
    const later = performance.now();
    await sendKeys({ press: 'Shift' });
    await waitUntil(() => refreshes(later) === 1, 'a refresh after half the idle timeout', { timeout: 10000 });
    expect(app.app!.stores.$session.get().isAuthenticated).to.equal(true);
  });

  it('SI-3.11 issue 22: back to a tab whose timer ran late, past the idle timeout: signed out, not kept', async () => {
    await adminSetsIdleTimeout(true, 120);
    const app = await signedInApp();
    clock.jump(125_000);
    const loggedOut = oneEvent(app, 'fe-logout');
    document.dispatchEvent(new Event('visibilitychange'));
    expect(((await loggedOut) as CustomEvent).detail).to.deep.equal({ reason: 'idle' });
    expect(app.app!.stores.$session.get().isAuthenticated).to.equal(false);
  });

  it('SI-3.11 issue 22: an inactive idle policy → no warning, no sign-out', async () => {
    await adminSetsIdleTimeout(false, 120);
    const app = await signedInApp();
    const logouts: Event[] = [];
    app.addEventListener('fe-logout', (e) => logouts.push(e));
    clock.tick(30 * 60_000);
    await new Promise((r) => setTimeout(r, 200));
    expect(dialogOf(app)).to.equal(null);
    expect(logouts).to.deep.equal([]);
    expect(app.app!.stores.$session.get().isAuthenticated).to.equal(true);
  });

  it('SI-3.11 issue 22: keyboard: focus starts on "Stay signed in", Shift+Tab reaches "Sign out", Escape stays signed in', async () => {
    await adminSetsIdleTimeout(true, 120);
    const app = await signedInApp();
    clock.tick(61_000);
    await waitUntil(() => dialogOf(app)?.open, 'warning shown', { timeout: 10000 });
    const root = dialogOf(app)!.getRootNode() as ShadowRoot;
    expect(root.activeElement).to.equal(buttonOf(app, 'stay'));
    await sendKeys({ down: 'Shift' });
    await sendKeys({ press: 'Tab' });
    await sendKeys({ up: 'Shift' });
    expect(root.activeElement).to.equal(buttonOf(app, 'signOut'));
    await sendKeys({ press: 'Escape' });
    await waitUntil(() => !dialogOf(app), 'Escape closes the warning');
    expect(app.app!.stores.$session.get().isAuthenticated).to.equal(true);
    // Escape counted as activity: the next warning is a full minute later
    clock.tick(59_000);
    expect(dialogOf(app)).to.equal(null);
  });

  it('SI-3.11 issue 22: "Sign out" in the warning signs out at once (fe-logout without a reason)', async () => {
    await adminSetsIdleTimeout(true, 120);
    const app = await signedInApp();
    clock.tick(61_000);
    await waitUntil(() => dialogOf(app)?.open, 'warning shown', { timeout: 10000 });
    const loggedOut = oneEvent(app, 'fe-logout');
    buttonOf(app, 'signOut').click();
    expect(((await loggedOut) as CustomEvent).detail).to.deep.equal({});
    expect(app.app!.stores.$session.get().isAuthenticated).to.equal(false);
    await waitUntil(() => !dialogOf(app), 'warning gone');
  });

  it('SI-3.11 issue 22: the warning dialog has no axe violations', async () => {
    await adminSetsIdleTimeout(true, 120);
    const app = await signedInApp();
    clock.tick(61_000);
    await waitUntil(() => dialogOf(app)?.open, 'warning shown', { timeout: 10000 });
    await expect(app.querySelector('[data-fe-idle-warning]')).to.be.accessible();
  });
});
