/**
 * Issue 31 item 1 "Self-lock-out", the session half, against the emulator: a session-policy change applies to the
 * saving admin (and everyone) from their next sign-in, so saving a 2-minute idle timeout never signs the admin out
 * while working; a sign-out the admin did not ask for (idle, a call refused for the address) leaves the login box
 * saying why (axe in the light and the dark scheme), and the next sign-in returns to the portal's place; an account
 * locked out by its own IP rules is recovered with the emulator's documented route.
 */
import { expect, waitUntil } from '@open-wc/testing';
import { emulateMedia } from '@web/test-runner-commands';
import '../../elements/admin/fe-admin-security.ts';
import '../../elements/fe-admin-portal.ts';
import '../../elements/fe-login-box.ts';
import type { FeAppElement } from '../../elements/fe-app.ts';
import { ADMIN, alertText, input as boxInput, oneEvent, renderLoginBox, resetEmulator, signInWithPassword, submit, type, waitForStep } from '../helpers/emulator.ts';
import { api, button, callEmulator, input, renderSection, retype, shown, signIn, SLOW, toasts } from './helpers.ts';
import { block, blockReady, openTab, tabOf } from './security-helpers.ts';

const SESSIONS = '/frontegg/identity/resources/configurations/sessions/v1';
const IP = '/frontegg/identity/resources/configurations/v1/restrictions/ip';
const PLACE = '#/admin/security/sessionManagement';
const ELSEWHERE = '198.51.100.7';
const IDLE_TEXT = 'You were signed out because you were inactive for a while. Sign in again to go back to where you were.';
const IP_TEXT =
  'You were signed out: your account’s IP restrictions don’t allow the address you’re using now. Sign in from an allowed network, or ask an administrator to allow this address.';

// the login box's post-auth navigation would leave the test page: keep it (the tests read the event's url)
document.addEventListener('fe-navigate', (e) => e.preventDefault());

/** The app of a section rendered by renderSection. */
const appOf = (el: HTMLElement) => (el.closest('fe-app') as FeAppElement).app!;
/** The login box's informational message (`part="notice"`, a status). */
const noticeOf = (box: HTMLElement) => box.shadowRoot?.querySelector('[part=notice]')?.textContent ?? '';
/** The login box's password field. */
const passwordOf = (box: HTMLElement) => boxInput(box, 'password');
/** Moves the emulator's clock on by `ms`. */
const advance = (ms: number) => callEmulator('PUT', '/_emulator/clock', { advance: ms });

describe('issue 31 item 1: no self-lock-out by a session policy or IP rules', () => {
  beforeEach(async () => {
    await resetEmulator();
    sessionStorage.clear();
    history.replaceState(null, '', location.pathname + location.search);
  });
  afterEach(() => emulateMedia({ colorScheme: 'light' }));

  it('SI-3.11 issue 31: saving a 2-minute idle timeout does not sign the saving admin out while working; it applies from the next sign-in', async () => {
    await signIn(ADMIN);
    const el = await renderSection('fe-admin-security');
    const app = appOf(el);
    await openTab(el, 'Session management');
    await blockReady(el, 'Sessions');
    const form = block(el, 'Sessions')!;
    expect(shown(el, 'A change applies from each user’s next sign-in, yours too.'), 'the tab says when a change applies').to.equal(true);
    input(form, 'idleActive')!.click();
    await retype(input(form, 'idleTimeout')!, '2');
    button(form, 'Save session settings')!.click();
    await waitUntil(() => toasts(el).includes('Session settings saved.'), 'toast', SLOW);
    // the admin works on: the access token is refreshed 52 s later, and again 2 min 10 s after that (the emulator's clock)
    await advance(52_000);
    expect(await app.refresh(), 'refreshed 52 s after the save').to.not.equal(null);
    await advance(130_000);
    expect(await app.refresh(), 'refreshed 3 min after the save').to.not.equal(null);
    await openTab(el, 'General settings');
    await blockReady(el, 'User lockout');
    expect(app.stores.$session.get().isAuthenticated, 'still signed in').to.equal(true);
    // what the browser's idle tracker reads for this session, and for the next sign-in
    const now = app.stores.$session.get().accessToken!;
    expect(await api(now, 'GET', `${SESSIONS}/me`)).to.deep.equal({ sessionIdleTimeoutConfiguration: { isActive: false, timeout: 1800 } });
    const next = await signIn(ADMIN, 'omit');
    expect(await api(next, 'GET', `${SESSIONS}/me`)).to.deep.equal({ sessionIdleTimeoutConfiguration: { isActive: true, timeout: 120 } });
  });

  it('SI-3.11 issue 31: after an idle sign-out the login box says why (axe light and dark) and the sign-in returns to the portal place', async () => {
    const before = await signIn(ADMIN, 'omit');
    await api(before, 'POST', SESSIONS, { sessionIdleTimeoutConfiguration: { isActive: true, timeout: 120 } });
    await signIn(ADMIN);
    history.replaceState(null, '', location.pathname + location.search + PLACE);
    const el = await renderSection('fe-admin-portal');
    await waitUntil(() => tabOf(el, 'Session management')?.getAttribute('aria-selected') === 'true', 'the deep-linked tab', SLOW);
    const app = appOf(el);
    // two quiet minutes on the server: the page's next refresh is refused for the idle timeout
    await advance(130_000);
    expect(await app.refresh()).to.equal(null);
    expect(app.stores.$session.get().isAuthenticated).to.equal(false);
    // the host shows its login page (another address)
    history.replaceState(null, '', location.pathname + location.search);
    const { box } = await renderLoginBox();
    await waitUntil(() => noticeOf(box) === IDLE_TEXT, `the reason (now "${noticeOf(box)}")`, SLOW);
    expect(box.shadowRoot!.querySelector('[part=notice]')!.getAttribute('role')).to.equal('status');
    await expect(box).to.be.accessible();
    await emulateMedia({ colorScheme: 'dark' });
    await waitUntil(() => getComputedStyle(box).getPropertyValue('--fe-color-scheme').trim() === 'dark', 'dark tokens', SLOW);
    await expect(box).to.be.accessible();
    const navigate = oneEvent(box, 'fe-navigate');
    await signInWithPassword(box, ADMIN.email, ADMIN.password);
    expect(((await navigate) as CustomEvent).detail.url).to.equal(new URL(location.pathname + location.search + PLACE, location.href).href);
    // said once: the next login box has no reason to give
    const again = await renderLoginBox();
    await waitForStep(again.box, 'signedIn');
    await again.app.app!.logout();
    await waitUntil(() => again.box.querySelector('input[name=email]'), 'signed out on request', SLOW);
    expect(noticeOf(again.box)).to.equal('');
  });

  it('AB-9.17 issue 31: a call refused for the address signs the admin out with the reason, not a blank portal; the emulator route lifts the lock-out', async () => {
    const token = await signIn(ADMIN);
    history.replaceState(null, '', location.pathname + location.search + PLACE);
    const el = await renderSection('fe-admin-portal');
    await waitUntil(() => tabOf(el, 'Session management')?.getAttribute('aria-selected') === 'true', 'the deep-linked tab', SLOW);
    const app = appOf(el);
    // an allow list without this browser's address (127.0.0.1), enforced
    await api(token, 'POST', IP, { ip: ELSEWHERE, strategy: 'ALLOW', isActive: true, description: 'Elsewhere' });
    await api(token, 'POST', `${IP}/config`, { isActive: true, strategy: 'ALLOW' });
    // the admin's next click
    const loggedOut = oneEvent(el.closest('fe-app')!, 'fe-logout');
    await openTab(el, 'IP restrictions');
    expect(((await loggedOut) as CustomEvent).detail).to.deep.equal({ reason: 'ipRestricted' });
    await waitUntil(() => !app.stores.$session.get().isAuthenticated, 'signed out', SLOW);
    await waitUntil(() => shown(el, 'Sign in to manage your account.'), 'the portal says to sign in, not blank', SLOW);
    const place = location.hash;
    expect(place).to.equal('#/admin/security/ipRestrictions');
    // the login page says why; the sign-in is refused from here
    history.replaceState(null, '', location.pathname + location.search);
    const { box } = await renderLoginBox();
    await waitUntil(() => noticeOf(box) === IP_TEXT, `the reason (now "${noticeOf(box)}")`, SLOW);
    await expect(box).to.be.accessible();
    await emulateMedia({ colorScheme: 'dark' });
    await waitUntil(() => getComputedStyle(box).getPropertyValue('--fe-color-scheme').trim() === 'dark', 'dark tokens', SLOW);
    await expect(box).to.be.accessible();
    await signInWithPassword(box, ADMIN.email, ADMIN.password);
    await waitUntil(() => alertText(box) === 'IP address is not allowed', 'the sign-in refused', SLOW);
    // the recovery (emulator/README.md "Locked out by IP restrictions"), then the sign-in returns to the portal place
    const { tenantId } = (await callEmulator('GET', '/_emulator')) as { tenantId: string };
    expect(await callEmulator('POST', `/_emulator/tenants/${tenantId}/ip-restrictions/lift`)).to.deep.equal({ isActive: false, strategy: 'ALLOW' });
    const navigate = oneEvent(box, 'fe-navigate');
    type(passwordOf(box)!, ADMIN.password);
    submit(box);
    expect(((await navigate) as CustomEvent).detail.url).to.equal(new URL(location.pathname + location.search + place, location.href).href);
  });
});
