/**
 * Issue 22 "Done when": each policy is set in the portal's security section, then shown ENFORCED by the emulator, with
 * the audit row of the refusal carrying the client address. The browser's calls reach the emulator through the test
 * server's proxy (a loopback peer), so a call that sends `X-Forwarded-For` comes "from" that address
 * (emulator/README.md "The client address"); calls without it come from 127.0.0.1.
 */
import { expect, waitUntil } from '@open-wc/testing';
import '../../elements/admin/fe-admin-security.ts';
import '../../elements/admin/fe-admin-users.ts';
import { ADMIN, createUser, outbox, resetEmulator } from '../helpers/emulator.ts';
import { api, button, dialog, input, renderSection, retype, root, signIn, SLOW, toasts } from './helpers.ts';
import { block, blockReady, mfaRadio, openTab } from './security-helpers.ts';

const AUTH = '/frontegg/identity/resources/auth/v1/user';
const IP = '/frontegg/identity/resources/configurations/v1/restrictions/ip';
const ELSEWHERE = '198.51.100.7';
const USER = { email: 'casey@acme.test', password: 'Casey-Passw0rd!' };

type Audit = { action: string; severity: string; ip: string; json: Record<string, unknown>[] };

/** The account's audit rows of `action`, newest first (read as the admin). */
async function auditsOf(token: string, action: string): Promise<Audit[]> {
  const page = await api<{ data: Audit[] }>(token, 'GET', `/frontegg/audits?count=200&offset=0`);
  return page.data.filter((a) => a.action === action);
}

/** A password sign-in as the API answers it (not asserted): status and parsed body. */
async function tryPassword(email: string, password: string, from?: string): Promise<{ status: number; body: Record<string, unknown> }> {
  const r = await fetch(AUTH, {
    method: 'POST',
    credentials: 'omit',
    headers: { 'content-type': 'application/json', ...(from ? { 'x-forwarded-for': from } : {}) },
    body: JSON.stringify({ email, password }),
  });
  const text = await r.text();
  return { status: r.status, body: text ? (JSON.parse(text) as Record<string, unknown>) : {} };
}

/** The section with the admin signed in, on `tab`. */
async function securityOn(tab: string): Promise<HTMLElement> {
  const el = await renderSection('fe-admin-security');
  await openTab(el, tab);
  return el;
}

describe('security policies set in the portal are enforced by the emulator (issue 22)', () => {
  beforeEach(async () => {
    await resetEmulator();
    history.replaceState(null, '', location.pathname + location.search);
  });

  it('AB-3.25 lockout set to 3 attempts: the third wrong password locks the account, the unlock email is sent, the SEVERE row has the address', async () => {
    await createUser(USER.email, USER.password);
    const token = await signIn(ADMIN);
    const el = await securityOn('General settings');
    await blockReady(el, 'User lockout');
    const form = block(el, 'User lockout')!;
    if (!input(form, 'enabled')!.checked) input(form, 'enabled')!.click();
    await retype(input(form, 'maxAttempts')!, '3');
    button(form, 'Save lockout policy')!.click();
    await waitUntil(() => toasts(el).includes('Lockout policy saved.'), 'saved', SLOW);

    for (let i = 0; i < 3; i++) expect((await tryPassword(USER.email, 'Wrong-Passw0rd!', ELSEWHERE)).status).to.equal(401);
    const right = await tryPassword(USER.email, USER.password, ELSEWHERE);
    expect([right.status, JSON.stringify(right.body)]).to.deep.equal([401, JSON.stringify(right.body)]);
    expect(JSON.stringify(right.body)).to.contain('User is locked');
    const mail = (await outbox()) as { to: string; subject: string }[];
    expect(mail.some((m) => m.to === USER.email && m.subject === 'Your account has been locked')).to.equal(true);
    const [row] = await auditsOf(token, 'user.locked');
    expect([row?.severity, row?.ip]).to.deep.equal(['SEVERE', ELSEWHERE]);
  });

  it('AB-3.26 password history of 3: going back to a recent password is refused with the catalogue text; an older one is accepted', async () => {
    await createUser(USER.email, USER.password);
    await signIn(ADMIN);
    const el = await securityOn('General settings');
    await blockReady(el, 'Password history');
    const form = block(el, 'Password history')!;
    if (!input(form, 'enabled')!.checked) input(form, 'enabled')!.click();
    await retype(input(form, 'historySize')!, '2');
    button(form, 'Save password history')!.click();
    await waitUntil(() => toasts(el).includes('Password history policy saved.'), 'saved', SLOW);

    const userToken = await signIn(USER, 'omit');
    const change = (password: string, newPassword: string) =>
      fetch('/frontegg/identity/resources/users/v1/passwords/change', {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${userToken}` },
        body: JSON.stringify({ password, newPassword }),
      });
    expect((await change(USER.password, 'Second-Passw0rd!')).status).to.equal(200);
    const again = await change('Second-Passw0rd!', USER.password);
    expect(again.status).to.equal(400);
    expect(await again.text()).to.contain('Password was used recently. Choose a different password.');
    expect((await change('Second-Passw0rd!', 'Third-Passw0rd!')).status).to.equal(200);
    // two remembered: the current (third) and the second; the first is old enough again
    expect((await change('Third-Passw0rd!', USER.password)).status).to.equal(200);
  });

  it('AB-3.24 MFA set to Force: the next sign-in of a user without MFA must enrol', async () => {
    await createUser(USER.email, USER.password);
    expect((await tryPassword(USER.email, USER.password)).body.mfaRequired).not.to.equal(true);
    await signIn(ADMIN);
    const el = await securityOn('General settings');
    await blockReady(el, 'Multi-factor authentication (MFA)');
    mfaRadio(el, 'Force').click();
    button(block(el, 'Multi-factor authentication (MFA)')!, 'Save MFA policy')!.click();
    await waitUntil(() => toasts(el).includes('MFA policy saved.'), 'saved', SLOW);
    const next = await tryPassword(USER.email, USER.password);
    expect([next.status, next.body.mfaRequired, next.body.mfaEnrolled]).to.deep.equal([200, true, false]);
    expect(next.body.accessToken).to.equal(undefined);
  });

  it('SI-3.11 at most 2 sessions: the third sign-in ends the first (audited with the address)', async () => {
    await createUser(USER.email, USER.password);
    const token = await signIn(ADMIN);
    const el = await securityOn('Session management');
    await blockReady(el, 'Sessions');
    const form = block(el, 'Sessions')!;
    if (!input(form, 'concurrentActive')!.checked) input(form, 'concurrentActive')!.click();
    await retype(input(form, 'maxSessions')!, '2');
    button(form, 'Save session settings')!.click();
    await waitUntil(() => toasts(el).includes('Session settings saved.'), 'saved', SLOW);

    const first = await signIn(USER, 'omit');
    await signIn(USER, 'omit');
    const third = await tryPassword(USER.email, USER.password, ELSEWHERE);
    expect(third.status).to.equal(200);
    const mine = await api<{ id: string }[]>(third.body.accessToken as string, 'GET', '/frontegg/identity/resources/users/sessions/v1/me');
    expect(mine).to.have.length(2);
    const firstSid = JSON.parse(atob(first.split('.')[1].replace(/-/g, '+').replace(/_/g, '/'))).sid as string | undefined;
    if (firstSid) expect(mine.map((s) => s.id)).not.to.include(firstSid);
    const [row] = await auditsOf(token, 'session.revoked');
    expect([row?.severity, row?.ip]).to.deep.equal(['WARNING', ELSEWHERE]);
  });

  it('AB-3.16 AB-9.17 an allow list (the admin warned first, "Add my IP"): a sign-in from another address gets 403, the row has the address', async () => {
    await createUser(USER.email, USER.password);
    const token = await signIn(ADMIN);
    await api(token, 'POST', IP, { ip: '203.0.113.0/24', strategy: 'ALLOW', description: 'Office' });
    const el = await securityOn('IP restrictions');
    // the tab tells the admin the address the emulator sees for this session
    await waitUntil(() => root(el).textContent?.includes('Your current address: 127.0.0.1'), 'current address', SLOW);
    input(root(el), 'ipActive')!.click();
    button(root(el), 'Save IP restrictions')!.click();
    await waitUntil(() => dialog(el)?.getAttribute('role') === 'alertdialog', 'warned first');
    button(dialog(el)!, 'Add my IP')!.click();
    await waitUntil(() => !dialog(el) && input(root(el), 'ipActive')!.checked, 'list active', SLOW);

    const refused = await tryPassword(USER.email, USER.password, ELSEWHERE);
    expect(refused.status).to.equal(403);
    expect(JSON.stringify(refused.body)).to.contain('IP address is not allowed');
    expect((await tryPassword(USER.email, USER.password, '203.0.113.9')).status).to.equal(200);
    const [row] = await auditsOf(token, 'user.ip-restriction.refused');
    expect([row?.severity, row?.ip]).to.deep.equal(['WARNING', ELSEWHERE]);
  });

  it('AB-3.18 a blocked email domain: add user in the users section is refused with the reason, and so is an invitation', async () => {
    const token = await signIn(ADMIN);
    const el = await securityOn('Email domains');
    await waitUntil(() => input(root(el), 'domainActive') && root(el).querySelector('table'), 'domain tab', SLOW);
    await retype(input(root(el), 'domain')!, 'blocked.test');
    button(root(el), 'Add domain')!.click();
    await waitUntil(() => toasts(el).includes('blocked.test added.'), 'added', SLOW);
    input(root(el), 'domainActive')!.click();
    button(root(el), 'Save email-domain restrictions')!.click();
    await waitUntil(() => toasts(el).includes('Email-domain restrictions saved.'), 'enforced', SLOW);
    await waitUntil(
      async () => (await api<{ active: boolean }>(token, 'GET', '/frontegg/identity/resources/configurations/restrictions/v1/email-domain/config')).active,
      'enforced',
      SLOW,
    );

    const users = await renderSection('fe-admin-users');
    await waitUntil(() => button(root(users), 'Add user'), 'users', SLOW);
    button(root(users), 'Add user')!.click();
    await waitUntil(() => dialog(users) && input(dialog(users)!, 'email'), 'add user dialog', SLOW);
    await retype(input(dialog(users)!, 'name')!, 'Blocked Person');
    await retype(input(dialog(users)!, 'email')!, 'someone@blocked.test');
    dialog(users)!.querySelector('form')!.requestSubmit();
    await waitUntil(() => dialog(users)?.querySelector('[role=alert]')?.textContent?.includes('blocked.test'), 'refused with the reason', SLOW);
    expect(input(dialog(users)!, 'email')!.value).to.equal('someone@blocked.test');
    // an invitation by the API (the bulk invite's call) is refused the same way
    const invite = await fetch('/frontegg/identity/resources/users/v2', {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}`, 'frontegg-source': 'admin-portal' },
      body: JSON.stringify({ email: 'other@blocked.test', name: 'Other', roleIds: [], provider: 'local' }),
    });
    expect(invite.status).to.equal(403);
    const [row] = await auditsOf(token, 'user.email-domain.refused');
    expect([row?.severity, row?.ip]).to.deep.equal(['WARNING', '127.0.0.1']);
  });
});
