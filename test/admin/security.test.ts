/**
 * <fe-admin-security> against the emulator (issue 22 items 1, 2, 5, 7, 8 on the client): each tab loads what the
 * server has; each policy saves with progress, a toast and the server's copy read back through the API; a failed
 * save keeps what was typed and shows the server's message while the other blocks are untouched (AB-4.01); a
 * read-only admin sees no write control; the tabs are deep links; a keyboard alone reaches every control with a
 * visible focus; the security center shows the score and its actions move it; every tab's designed states (preview)
 * have no axe violation, in the light and the dark scheme.
 */
import { expect, waitUntil } from '@open-wc/testing';
import { emulateMedia, sendKeys } from '@web/test-runner-commands';
import '../../elements/admin/fe-admin-security.ts';
import '../../elements/fe-admin-portal.ts';
import '../../stories/support/admin-story.tsx';
import { createApiClient } from '../../src/api/client.ts';
import { createSecurityApi, INSIGHT_CODES, RECOMMENDATION_CODES } from '../../src/api/security.ts';
import { enAdminSecurity } from '../../src/admin/security/messages/en.ts';
import { deAdminSecurity } from '../../src/admin/security/messages/de.ts';
import { heAdminSecurity } from '../../src/admin/security/messages/he.ts';
import { ADMIN, createUser, resetEmulator } from '../helpers/emulator.ts';
import { block, blockReady, mfaRadio, openTab, panel, tabOf } from './security-helpers.ts';
import {
  active,
  alertText,
  api,
  button,
  callEmulator,
  dialog,
  expectAccessibleWhen,
  expectNoAccess,
  input,
  renderSection,
  renderStory,
  retype,
  root,
  rowsOf,
  shown,
  signIn,
  signInAsReader,
  signInWithoutRoles,
  SLOW,
  toasts,
} from './helpers.ts';

const CONFIG = '/frontegg/identity/resources/configurations/v1';
const SESSIONS = '/frontegg/identity/resources/configurations/sessions/v1';
const CENTER = '/frontegg/security-center/resources';

const renderSecurity = () => renderSection('fe-admin-security');
/** Slows the next `method path` (any method when omitted) down by `ms`, so its progress is seen. */
const slowNext = (method: string | undefined, path: string, ms = 600) => callEmulator('PUT', '/_emulator/faults', { faults: [{ method, path, delayMs: ms, times: 1 }] });
/** Makes the next `method path` (any method when omitted) fail with 500 (the emulator's fault text). */
const failNext = (method: string | undefined, path: string) => callEmulator('PUT', '/_emulator/faults', { faults: [{ method, path, status: 500, times: 1 }] });
const FAULT = 'Fault injected by the emulator';

describe('<fe-admin-security> against the emulator', () => {
  beforeEach(async () => {
    await resetEmulator();
    history.replaceState(null, '', location.pathname + location.search);
  });

  it('AB-3.24 AB-7.29 the MFA policy: the server’s value is checked; choosing another shows progress, then a toast, and the server has it', async () => {
    const token = await signIn(ADMIN);
    await api(token, 'POST', `${CONFIG}/mfa-policy`, { enforceMFAType: 'Force' });
    const el = await renderSecurity();
    await openTab(el, 'General settings');
    await blockReady(el, 'Multi-factor authentication (MFA)');
    expect(mfaRadio(el, 'Force').checked).to.equal(true);
    // each choice explains itself (its hint describes the radio)
    const hint = root(el).getElementById(mfaRadio(el, 'ForceExceptSAML').getAttribute('aria-describedby')!)!;
    expect(hint.textContent).to.contain('SAML single sign-on');
    mfaRadio(el, 'ForceExceptSAML').click();
    await slowNext(undefined, `${CONFIG}/mfa-policy`);
    button(block(el, 'Multi-factor authentication (MFA)')!, 'Save MFA policy')!.click();
    await waitUntil(() => button(block(el, 'Multi-factor authentication (MFA)')!, 'Saving…'), 'progress');
    await waitUntil(() => toasts(el).includes('MFA policy saved.'), 'toast', SLOW);
    const stored = await api<{ enforceMFAType: string }>(token, 'GET', `${CONFIG}/mfa-policy`);
    expect(stored.enforceMFAType).to.equal('ForceExceptSAML');
    expect(mfaRadio(el, 'ForceExceptSAML').checked).to.equal(true);
  });

  it('AB-3.24 remembered devices: switched on with their days, sent in seconds, read back', async () => {
    const token = await signIn(ADMIN);
    const el = await renderSecurity();
    await openTab(el, 'General settings');
    await blockReady(el, 'Multi-factor authentication (MFA)');
    const form = block(el, 'Multi-factor authentication (MFA)')!;
    await waitUntil(() => input(form, 'allowRememberMyDevice'), 'remember device offered', SLOW);
    if (!input(form, 'allowRememberMyDevice')!.checked) input(form, 'allowRememberMyDevice')!.click();
    await waitUntil(() => input(form, 'mfaDeviceExpiration'), 'days field');
    await retype(input(form, 'mfaDeviceExpiration')!, '0');
    button(form, 'Save MFA policy')!.click();
    await waitUntil(() => shown(el, 'Enter a whole number of days from 1 to 365.'), 'range message');
    await retype(input(form, 'mfaDeviceExpiration')!, '7');
    button(form, 'Save MFA policy')!.click();
    await waitUntil(() => toasts(el).includes('MFA policy saved.'), 'toast', SLOW);
    const stored = await api<{ allowRememberMyDevice: boolean; mfaDeviceExpiration: number }>(token, 'GET', `${CONFIG}/mfa-policy`);
    expect([stored.allowRememberMyDevice, stored.mfaDeviceExpiration]).to.deep.equal([true, 7 * 86_400]);
  });

  it('AB-3.25 the lockout policy: loaded, switched and saved with its attempts, read back from the server', async () => {
    const token = await signIn(ADMIN);
    await api(token, 'POST', `${CONFIG}/lockout-policy`, { enabled: false, maxAttempts: 5 });
    const el = await renderSecurity();
    await openTab(el, 'General settings');
    await blockReady(el, 'User lockout');
    const form = block(el, 'User lockout')!;
    const attempts = input(form, 'maxAttempts')!;
    expect(attempts.value).to.equal('5');
    const enabled = input(form, 'enabled')!;
    expect(enabled.checked).to.equal(false);
    expect(enabled.getAttribute('role')).to.equal('switch');
    enabled.click();
    await retype(attempts, '7');
    await slowNext(undefined, `${CONFIG}/lockout-policy`);
    button(form, 'Save lockout policy')!.click();
    await waitUntil(() => form.getAttribute('aria-busy') === 'true', 'busy');
    await waitUntil(() => toasts(el).includes('Lockout policy saved.'), 'toast', SLOW);
    const stored = await api<{ enabled: boolean; maxAttempts: number }>(token, 'GET', `${CONFIG}/lockout-policy`);
    expect([stored.enabled, stored.maxAttempts]).to.deep.equal([true, 7]);
  });

  it('AB-3.26 the password history: loaded, switched on with its size and saved (POST without an id, PATCH with one), read back', async () => {
    const token = await signIn(ADMIN);
    const el = await renderSecurity();
    await openTab(el, 'General settings');
    await blockReady(el, 'Password history');
    const form = block(el, 'Password history')!;
    const size = input(form, 'historySize')!;
    input(form, 'enabled')!.click();
    await retype(size, '11');
    button(form, 'Save password history')!.click();
    await waitUntil(() => shown(el, 'Enter a whole number from 1 to 10.'), 'range message');
    await retype(size, '6');
    button(form, 'Save password history')!.click();
    await waitUntil(() => toasts(el).includes('Password history policy saved.'), 'toast', SLOW);
    const stored = await api<{ enabled: boolean; historySize: number }>(token, 'GET', `${CONFIG}/password-history-policy`);
    expect([stored.enabled, stored.historySize]).to.deep.equal([true, 6]);
    expect(input(form, 'historySize')!.value).to.equal('6');
  });

  it('AB-4.01 a failed save keeps what was typed and shows the server’s message in its own block; out-of-range attempts are refused before any call', async () => {
    await signIn(ADMIN);
    const el = await renderSecurity();
    await openTab(el, 'General settings');
    await blockReady(el, 'User lockout');
    const form = block(el, 'User lockout')!;
    const attempts = input(form, 'maxAttempts')!;
    await retype(attempts, '101');
    button(form, 'Save lockout policy')!.click();
    await waitUntil(() => shown(el, 'Enter a whole number from 1 to 100.'), 'range message');
    expect(attempts.getAttribute('aria-invalid')).to.equal('true');
    await retype(attempts, '9');
    await failNext(undefined, `${CONFIG}/lockout-policy`);
    button(form, 'Save lockout policy')!.click();
    await waitUntil(() => form.querySelector('[role=alert]')?.textContent?.includes(FAULT), 'server message', SLOW);
    expect(attempts.value).to.equal('9');
    expect(toasts(el)).to.not.contain('Lockout policy saved.');
    // the other blocks have their own state: no error there, their save still offered
    expect(block(el, 'Multi-factor authentication (MFA)')!.querySelector('[role=alert]')).to.equal(null);
    expect(button(block(el, 'Multi-factor authentication (MFA)')!, 'Save MFA policy')).to.not.equal(undefined);
  });

  it('SI-3.11 session management: the server’s seconds shown in minutes, hours or days; saved in seconds in Frontegg’s body shape', async () => {
    const token = await signIn(ADMIN);
    await api(token, 'POST', SESSIONS, { sessionIdleTimeoutConfiguration: { isActive: true, timeout: 1800 } });
    const el = await renderSecurity();
    await openTab(el, 'Session management');
    await blockReady(el, 'Sessions');
    const form = block(el, 'Sessions')!;
    expect(input(form, 'idleActive')!.checked).to.equal(true);
    expect(input(form, 'idleTimeout')!.value).to.equal('30');
    expect(form.querySelector<HTMLSelectElement>('select[name=idleUnit]')!.value).to.equal('minutes');
    expect(input(form, 'reloginTimeout')!.value).to.equal('1');
    expect(form.querySelector<HTMLSelectElement>('select[name=reloginUnit]')!.value).to.equal('days');
    // force re-login every 2 hours, at most 3 sessions
    input(form, 'reloginActive')!.click();
    await retype(input(form, 'reloginTimeout')!, '2');
    const unit = form.querySelector<HTMLSelectElement>('select[name=reloginUnit]')!;
    unit.focus();
    unit.value = 'hours';
    unit.dispatchEvent(new Event('change', { bubbles: true }));
    input(form, 'concurrentActive')!.click();
    await retype(input(form, 'maxSessions')!, '3');
    await slowNext('POST', SESSIONS);
    button(form, 'Save session settings')!.click();
    await waitUntil(() => button(form, 'Saving…'), 'progress');
    await waitUntil(() => toasts(el).includes('Session settings saved.'), 'toast', SLOW);
    const stored = await api(token, 'GET', SESSIONS);
    expect(stored).to.deep.equal({
      sessionTimeoutConfiguration: { isActive: true, timeout: 7200 },
      sessionIdleTimeoutConfiguration: { isActive: true, timeout: 1800 },
      sessionConcurrentConfiguration: { isActive: true, maxSessions: 3 },
    });
  });

  it('SI-3.11 a timeout under a minute or sessions out of range are refused with the catalogue’s message, nothing sent; a refused save keeps the input', async () => {
    const token = await signIn(ADMIN);
    const el = await renderSecurity();
    await openTab(el, 'Session management');
    await blockReady(el, 'Sessions');
    const form = block(el, 'Sessions')!;
    input(form, 'idleActive')!.click();
    await retype(input(form, 'idleTimeout')!, '0');
    input(form, 'concurrentActive')!.click();
    await retype(input(form, 'maxSessions')!, '1001');
    button(form, 'Save session settings')!.click();
    await waitUntil(() => shown(el, 'Enter a whole number: at least 1 minute, at most 365 days.'), 'duration message');
    expect(shown(el, 'Enter a whole number from 1 to 1,000.')).to.equal(true);
    const untouched = await api<{ sessionIdleTimeoutConfiguration: { isActive: boolean } }>(token, 'GET', SESSIONS);
    expect(untouched.sessionIdleTimeoutConfiguration.isActive).to.equal(false);
    await retype(input(form, 'idleTimeout')!, '15');
    await retype(input(form, 'maxSessions')!, '4');
    await failNext('POST', SESSIONS);
    button(form, 'Save session settings')!.click();
    await waitUntil(() => alertText(el).includes(FAULT), 'server message', SLOW);
    expect([input(form, 'idleTimeout')!.value, input(form, 'maxSessions')!.value]).to.deep.equal(['15', '4']);
  });

  it('a read-only admin (the read key, no write key) sees every setting and no write control', async () => {
    await signInAsReader();
    const el = await renderSecurity();
    await openTab(el, 'General settings');
    await blockReady(el, 'User lockout');
    expect(shown(el, 'You can view these settings.')).to.equal(true);
    expect([...panel(el)!.querySelectorAll('button[type=submit]')]).to.have.length(0);
    expect(mfaRadio(el, 'DontForce').disabled).to.equal(true);
    expect(input(block(el, 'User lockout')!, 'maxAttempts')!.readOnly).to.equal(true);
    await openTab(el, 'Session management');
    await blockReady(el, 'Sessions');
    expect(button(panel(el)!, 'Save session settings')).to.equal(undefined);
    expect(input(panel(el)!, 'idleActive')!.disabled).to.equal(true);
  });

  it('SI-6.01 a user without the read key sees "You don’t have access to this section." and no form', async () => {
    await signInWithoutRoles();
    await expectNoAccess(await renderSecurity(), 'form');
  });

  it('SI-2.33 each tab is a deep link (#/admin/security/<tab>: sessionManagement, generalSettings, ipRestrictions, domainRestrictions) and choosing a tab rewrites the link', async () => {
    await signIn(ADMIN);
    history.replaceState(null, '', '#/admin/security/sessionManagement');
    const portal = await renderSection('fe-admin-portal');
    await waitUntil(() => tabOf(portal, 'Session management')?.getAttribute('aria-selected') === 'true', 'deep-linked tab', SLOW);
    await blockReady(portal, 'Sessions');
    await openTab(portal, 'General settings');
    expect(location.hash).to.equal('#/admin/security/generalSettings');
    await blockReady(portal, 'User lockout');
    // a link to another tab (the hash moves, the section stays) selects it, and a link back to the first one too
    location.hash = '#/admin/security/ipRestrictions';
    await waitUntil(() => tabOf(portal, 'IP restrictions')?.getAttribute('aria-selected') === 'true', 'linked tab', SLOW);
    location.hash = '#/admin/security/domainRestrictions';
    await waitUntil(() => tabOf(portal, 'Email domains')?.getAttribute('aria-selected') === 'true', 'domain tab linked', SLOW);
    location.hash = '#/admin/security/sessionManagement';
    await waitUntil(() => tabOf(portal, 'Session management')?.getAttribute('aria-selected') === 'true', 'linked back', SLOW);
  });

  it('SI-3.12 the general settings are MFA, user lockout and password history, one block each', async () => {
    await signIn(ADMIN);
    const el = await renderSecurity();
    await openTab(el, 'General settings');
    await blockReady(el, 'Password history');
    const titles = [...panel(el)!.querySelectorAll<HTMLFormElement>('form[aria-labelledby]')].map((f) => root(el).getElementById(f.getAttribute('aria-labelledby')!)?.textContent);
    expect(titles).to.deep.equal(['Multi-factor authentication (MFA)', 'User lockout', 'Password history']);
  });

  it('AB-2.02 AB-9.05 the users without MFA are listed 10 a page, with the next page a click away', async () => {
    await signIn(ADMIN);
    for (let i = 0; i < 11; i++) await createUser(`nomfa${i}@acme.test`, 'Nomfa-Passw0rd!');
    const el = await renderSecurity();
    const table = () => root(el).querySelector<HTMLElement>('[data-table=mfaUnenrolled]')!;
    // the rows in view are rendered (the tables are virtualised): the table is brought into view as a user scrolls to it
    await waitUntil(() => (table()?.scrollIntoView(), table()?.querySelectorAll('tbody tr[data-row-id]').length === 10), 'first page of 10', SLOW);
    const total = table().querySelector('nav')!.textContent!;
    expect(total).to.match(/Page 1 of 2/);
    button(table(), 'Next')!.click();
    await waitUntil(() => table().querySelector('nav')?.textContent?.includes('Page 2 of 2'), 'second page', SLOW);
    await waitUntil(() => table().querySelectorAll('tbody tr[data-row-id]').length >= 1 && !table().querySelector('[aria-busy=true]'), 'rows', SLOW);
  });

  it('keyboard only: arrow keys move between the tabs, Tab reaches every control of every tab (security center, settings, sessions, IP, email domains), each with a visible focus', async () => {
    await signIn(ADMIN);
    const el = await renderSecurity();
    await waitUntil(() => tabOf(el, 'Security center'), 'tabs', SLOW);
    await waitUntil(
      () => panel(el)?.querySelector('meter') && panel(el)!.querySelectorAll('table').length === 3 && !panel(el)!.querySelector('[role=status]'),
      'center answered',
      SLOW,
    );
    tabOf(el, 'Security center')!.focus();
    await walk(el);
    tabOf(el, 'Security center')!.focus();
    await sendKeys({ press: 'ArrowRight' });
    expect(active(el)?.textContent).to.equal('General settings');
    await waitUntil(() => tabOf(el, 'General settings')!.getAttribute('aria-selected') === 'true', 'selected by arrow');
    await blockReady(el, 'User lockout');
    // every block has answered (its fields, or its failure with a retry): nothing is still loading
    await waitUntil(() => !panel(el)!.querySelector('[role=status]'), 'every block answered', SLOW);
    await walk(el);
    tabOf(el, 'General settings')!.focus();
    await sendKeys({ press: 'ArrowRight' });
    await waitUntil(() => tabOf(el, 'Session management')!.getAttribute('aria-selected') === 'true', 'session tab');
    await blockReady(el, 'Sessions');
    await walk(el);
    tabOf(el, 'Session management')!.focus();
    await sendKeys({ press: 'ArrowRight' });
    await waitUntil(() => tabOf(el, 'IP restrictions')!.getAttribute('aria-selected') === 'true', 'IP tab');
    await waitUntil(() => panel(el)?.querySelector('input[name=ipActive]') && panel(el)!.querySelector('table'), 'IP rules answered', SLOW);
    await walk(el);
    tabOf(el, 'IP restrictions')!.focus();
    await sendKeys({ press: 'ArrowRight' });
    await waitUntil(() => tabOf(el, 'Email domains')!.getAttribute('aria-selected') === 'true', 'domains tab');
    await waitUntil(() => panel(el)?.querySelector('input[name=domainActive]') && panel(el)!.querySelector('table'), 'domains answered', SLOW);
    await walk(el);
  });
});

/**
 * Presses Tab from the selected tab until the focus leaves the panel: every enabled control of the panel must be
 * reached (each radio group once), each with a visible focus indicator.
 */
async function walk(el: HTMLElement): Promise<void> {
  const p = panel(el)!;
  const controls = [...p.querySelectorAll<HTMLElement>('input, select, button')].filter(
    (c) => !(c as HTMLInputElement).disabled && !(c instanceof HTMLInputElement && c.type === 'radio' && !c.checked),
  );
  const reached = new Set<Element>();
  for (let i = 0; i < controls.length + 5; i++) {
    await sendKeys({ press: 'Tab' });
    const a = active(el);
    if (!a || !p.contains(a)) {
      if (reached.size) break;
      continue;
    }
    reached.add(a);
    const style = getComputedStyle(a);
    expect(style.outlineStyle !== 'none' && style.outlineWidth !== '0px', `focus visible on ${a.outerHTML.slice(0, 80)}`).to.equal(true);
  }
  expect(controls.filter((c) => !reached.has(c)).map((c) => c.outerHTML.slice(0, 80))).to.deep.equal([]);
}

describe('<fe-admin-security> calls as Frontegg’s client makes them', () => {
  beforeEach(async () => {
    await resetEmulator();
  });
  const securityApi = (token: string) =>
    createSecurityApi(createApiClient({ baseUrl: location.origin, getAccessToken: () => token, fetch: (i, init) => fetch(i, init), requestSource: 'admin-portal' }));

  it('AB-7.29 a policy with an id is saved with PATCH, one without with POST', async () => {
    const token = await signIn(ADMIN);
    const calls = securityApi(token);
    // a PATCH refused by a fault switch shows which method each save used
    await callEmulator('PUT', '/_emulator/faults', { faults: [{ method: 'PATCH', path: `${CONFIG}/lockout-policy`, status: 500 }] });
    const loaded = await calls.getLockoutPolicy();
    expect(loaded.id).to.be.a('string');
    let patched: unknown = null;
    await calls.saveLockoutPolicy({ id: loaded.id, enabled: true, maxAttempts: 4 }).catch((e: unknown) => (patched = e));
    expect((patched as { statusCode?: number } | null)?.statusCode).to.equal(500);
    const posted = await calls.saveLockoutPolicy({ enabled: true, maxAttempts: 4 });
    expect(posted.maxAttempts).to.equal(4);
  });

  it('AB-7.31 the captcha policy is null when its call fails', async () => {
    const token = await signIn(ADMIN);
    const calls = securityApi(token);
    expect(await calls.getCaptchaPolicy()).to.include({ enabled: false });
    await failNext('GET', `${CONFIG}/captcha-policy/public`);
    expect(await calls.getCaptchaPolicy()).to.equal(null);
  });

  it('AB-3.32 every recommendation and insight code of Frontegg’s client types has a title (and a description) in en, de and he', () => {
    const catalogues = [enAdminSecurity, deAdminSecurity, heAdminSecurity] as Record<string, string>[];
    for (const messages of catalogues) {
      for (const code of RECOMMENDATION_CODES) {
        expect(messages[`admin.security.rec.${code}`], code).to.be.a('string').and.not.equal('');
        expect(messages[`admin.security.rec.${code}.text`], code).to.be.a('string').and.not.equal('');
      }
      for (const code of INSIGHT_CODES) expect(messages[`admin.security.insight.${code}`], code).to.be.a('string').and.not.equal('');
    }
    expect(RECOMMENDATION_CODES).to.have.length(18);
    expect(INSIGHT_CODES).to.have.length(17);
  });
});

describe('<fe-admin-security> the security center against the emulator', () => {
  beforeEach(async () => {
    await resetEmulator();
  });

  /** The score the meter shows. */
  const score = (el: HTMLElement) => Number(root(el).querySelector('meter')?.getAttribute('value') ?? NaN);

  it('AB-3.29 AB-3.30 AB-7.37 the score is a labelled meter; the recommendations come most severe first, each with its badges and human text; insights listed', async () => {
    const token = await signIn(ADMIN);
    const recs = await api<{ scoring: { score: number }; recommendations: { items: { code: string; severity: string }[] } }>(token, 'GET', `${CENTER}/recommendations/v1`);
    const el = await renderSecurity();
    await waitUntil(() => root(el).querySelector('meter'), 'score', SLOW);
    const meter = root(el).querySelector('meter')!;
    expect(score(el)).to.equal(recs.scoring.score);
    expect(root(el).querySelector(`label[for="${meter.id}"]`)?.textContent).to.equal('Security score');
    expect(shown(el, `${recs.scoring.score} of 100`)).to.equal(true);
    const order = ['SEVERE', 'WARNING', 'INFO'];
    const shownCodes = [...root(el).querySelectorAll<HTMLElement>('li[data-code]')].map((li) => li.dataset.code);
    expect(shownCodes).to.have.members(recs.recommendations.items.map((r) => r.code));
    const severities = shownCodes.map((c) => order.indexOf(recs.recommendations.items.find((r) => r.code === c)!.severity));
    expect(severities).to.deep.equal([...severities].sort((a, b) => a - b));
    for (const li of root(el).querySelectorAll('li[data-code]')) expect(li.textContent).to.not.match(/admin\.security\./);
    await waitUntil(() => root(el).querySelector('#fe-security-insights')?.parentElement?.querySelector('li'), 'insights', SLOW);
  });

  it('AB-3.33 ADJUST_IDLE_TIMEOUT applies the recommended idle timeout through the session configurations, and the score moves', async () => {
    const token = await signIn(ADMIN);
    const el = await renderSecurity();
    await waitUntil(() => root(el).querySelector('li[data-code=ENABLE_IDLE_SESSION] button'), 'idle recommendation', SLOW);
    const before = score(el);
    const action = root(el).querySelector<HTMLButtonElement>('li[data-code=ENABLE_IDLE_SESSION] button')!;
    expect(action.textContent).to.match(/^Set the idle timeout to /);
    action.click();
    await waitUntil(() => toasts(el).includes('Idle timeout set to'), 'toast', SLOW);
    const stored = await api<{ sessionIdleTimeoutConfiguration: { isActive: boolean; timeout: number } }>(token, 'GET', SESSIONS);
    expect(stored.sessionIdleTimeoutConfiguration.isActive).to.equal(true);
    await waitUntil(() => score(el) > before, 'score moved', SLOW);
    expect(root(el).querySelector('li[data-code=ENABLE_IDLE_SESSION]')).to.equal(null);
  });

  it('AB-3.33 "Send reset emails" asks first, shows progress, then "Reset emails sent to N users"', async () => {
    await signIn(ADMIN);
    // two users whose password is in the emulator's common-password dictionary (its stand-in for a breach corpus)
    for (const email of ['weak1@acme.test', 'weak2@acme.test']) {
      await createUser(email, 'password123');
      await signIn({ email, password: 'password123' }, 'omit');
    }
    const el = await renderSecurity();
    const table = () => root(el).querySelector<HTMLElement>('[data-table=breachedPasswords]')!;
    await waitUntil(() => (table()?.scrollIntoView(), table()?.querySelectorAll('tbody tr[data-row-id]').length === 2), 'breached users', SLOW);
    await waitUntil(() => button(root(el), 'Send reset emails'), 'action', SLOW);
    button(root(el), 'Send reset emails')!.click();
    await waitUntil(() => dialog(el), 'confirmation');
    expect(dialog(el)!.textContent).to.contain('2 users have a password found in a data breach');
    await slowNext('POST', '/frontegg/identity/resources/users/v1/passwords/breached/reset/bulk');
    button(dialog(el)!, 'Send reset emails')!.click();
    await waitUntil(() => dialog(el) && button(dialog(el)!, 'Sending…'), 'progress');
    await waitUntil(() => toasts(el).includes('Reset emails sent to 2 users.'), 'toast', SLOW);
    expect(dialog(el)).to.equal(null);
  });
});

describe('<fe-admin-security> designed states (preview), light and dark', () => {
  const tabs: [string, (el: HTMLElement) => unknown][] = [
    ['securityCenter', (el) => root(el).querySelector('meter') && rowsOf(el).length > 0],
    ['generalSettings', (el) => root(el).querySelectorAll('form input').length > 5],
    ['sessionManagement', (el) => root(el).querySelector('input[name=maxSessions]')],
  ];
  const states: [string, (el: HTMLElement) => unknown][] = [
    ['loading', (el) => root(el).querySelector('[role=status]')?.textContent?.includes('Loading…')],
    ['error', (el) => alertText(el).includes('Service temporarily unavailable')],
    [
      'readOnly',
      (el) =>
        shown(el, 'You can view these settings.') &&
        root(el).querySelector('[role=tabpanel] input, [role=tabpanel] meter') &&
        !root(el).querySelector('[role=tabpanel] button[type=submit], li[data-code] button'),
    ],
  ];
  afterEach(async () => {
    await emulateMedia({ colorScheme: 'light' });
  });
  for (const [tab, ready] of tabs) {
    for (const [scenario, check] of [['filled', ready], ...states] as [string, (el: HTMLElement) => unknown][]) {
      it(`${tab} ${scenario} has no axe violations in the light and the dark scheme`, async () => {
        const el = await renderStory('security', scenario, tab);
        await expectAccessibleWhen(el, check, `${tab} ${scenario}`);
        await emulateMedia({ colorScheme: 'dark' });
        await waitUntil(() => getComputedStyle(el).getPropertyValue('--fe-color-scheme').trim() === 'dark', 'dark tokens', SLOW);
        await expect(el).to.be.accessible();
      });
    }
  }
  it('securityCenter empty: the tables say who is not there', async () => {
    const el = await renderStory('security', 'empty', 'securityCenter');
    await expectAccessibleWhen(el, (x) => shown(x, 'No user has a breached password.') && shown(x, 'Every user has set up MFA.'), 'empty tables');
  });
});
