import { expect, fixture, html, oneEvent, waitUntil } from '@open-wc/testing';
import { createActor, fromPromise, SimulatedClock, waitFor } from 'xstate';
import type { FeAppElement } from '../elements/fe-app.ts';
import '../elements/fe-accept-invitation.ts';
import {
  acceptInvitationMachine,
  acceptInvitationStep,
  acceptInvitationSuccessStep,
  POST_ACTIVATION_DELAY_MS,
  type AcceptInput,
  type AcceptInvitationInput,
  type AcceptOutput,
} from '../machines/accept-invitation.machine.ts';
import type { FlowEmitted } from '../machines/flow.ts';
import { createApiClient } from '../src/api/client.ts';
import { createTenantsApi, tenantNameOf } from '../src/api/tenants.ts';
import type { PublicUser } from '../src/events/user.ts';
import { acceptInvitationStates, acceptInvitationStepShown, type AcceptInvitationStateName } from '../stories/accept-invitation-states.ts';
import '../stories/support/flows.ts';
import { ADMIN, alertText, input, outbox, resetEmulator, stepOf, submit, type, waitForStep } from './helpers/emulator.ts';

const apiError = (message: string, statusCode: number, errorCode?: string) => Object.assign(new Error(message), { statusCode, errorCode });

/** An emitted outcome as a short label (`invitationAccept`, `login:<email>`, `navigate`, `error`). */
function label(e: FlowEmitted): string {
  return e.type === 'login' ? `login:${e.user.email}` : e.type;
}

/** The machine on given `accept` and `activate`, with what the actors were called with and what it emitted (in order, in `calls`). */
function startAccept(
  input: AcceptInvitationInput,
  accept: (input: AcceptInput) => Promise<AcceptOutput>,
  activate: () => Promise<PublicUser | null> = async () => ({ email: 'new@acme.test' }) as PublicUser,
) {
  const calls: string[] = [];
  const emitted: FlowEmitted[] = [];
  const clock = new SimulatedClock();
  const logic = acceptInvitationMachine.provide({
    actors: {
      accept: fromPromise(async ({ input }) => (calls.push(`accept:${input.mode}:${input.code ?? ''}`), accept(input))),
      activate: fromPromise(async ({ input }) => (calls.push(`activate:${input.userId}:${input.token}:${input.password}`), activate())),
    },
  });
  const actor = createActor(logic, { clock, input });
  actor.on('*', (e) => {
    emitted.push(e as FlowEmitted);
    calls.push(label(e as FlowEmitted));
  });
  actor.start();
  return { actor, calls, emitted, clock };
}

const joined = { userId: 'u1', tenantId: 't1', tenantName: 'Acme', shouldSetPassword: false };

describe('accept-invitation machine', () => {
  it('SI-4.22 a link without userId or token is invalid and calls nothing', () => {
    for (const input of [{ token: 't' }, { userId: 'u' }, { userId: '', token: 't' }, { mode: 'code' as const, userId: 'u' }, {}]) {
      const { actor, calls } = startAccept(input, async () => joined);
      expect(acceptInvitationStep(actor.getSnapshot()), JSON.stringify(input)).to.equal('invalid');
      expect(calls).to.deep.equal([]);
    }
  });

  it('SI-4.21 the link variant: validate → pending → success (done: sign in), with the tenant name', async () => {
    const { actor, calls } = startAccept({ userId: 'u1', token: 'tok' }, async () => joined);
    expect(acceptInvitationStep(actor.getSnapshot())).to.equal('pending');
    expect(actor.getSnapshot().hasTag('busy')).to.equal(true);
    await waitFor(actor, (s) => acceptInvitationStep(s) === 'success');
    expect(acceptInvitationSuccessStep(actor.getSnapshot())).to.equal('done');
    expect(actor.getSnapshot().context.tenantName).to.equal('Acme');
    expect(calls).to.deep.equal(['accept:link:', 'invitationAccept']);
  });

  it('SI-4.21 emits invitationAccept with who joined which tenant; "Sign in" and "Back to sign in" emit a navigation to the login route', async () => {
    const { actor, emitted } = startAccept({ userId: 'u1', token: 'tok' }, async () => joined);
    await waitFor(actor, (s) => acceptInvitationSuccessStep(s) === 'done');
    actor.send({ type: 'route.open', route: 'loginUrl' });
    expect(emitted).to.deep.equal([
      { type: 'invitationAccept', detail: { userId: 'u1', tenantId: 't1', tenantName: 'Acme', shouldSetPassword: false } },
      { type: 'navigate', to: { route: 'loginUrl' } },
    ]);
  });

  it('SI-4.21 SI-8.08 a token that cannot be verified fails with "We couldn\'t verify your invitation"', async () => {
    const { actor, calls } = startAccept({ userId: 'u1', token: 'tok' }, async () =>
      Promise.reject(apiError('The invitation link has expired', 400, 'ER-INVITATION-TOKEN-EXPIRED')),
    );
    await waitFor(actor, (s) => acceptInvitationStep(s) === 'failed');
    expect(actor.getSnapshot().context.error).to.include({ key: 'invitation.failed', statusCode: 400 });
    expect(calls).to.deep.equal(['accept:link:', 'error']);
  });

  it('a locked tenant (ER-01239) fails with the server message; an unreachable server with the network message', async () => {
    const locked = startAccept({ userId: 'u1', token: 'tok' }, async () => Promise.reject(apiError('The tenant of this invitation is locked', 400, 'ER-01239')));
    await waitFor(locked.actor, (s) => acceptInvitationStep(s) === 'failed');
    expect(locked.actor.getSnapshot().context.error).to.include({ message: 'The tenant of this invitation is locked' });
    const offline = startAccept({ userId: 'u1', token: 'tok' }, async () => Promise.reject(apiError('Unable to reach the server', 0)));
    await waitFor(offline.actor, (s) => acceptInvitationStep(s) === 'failed');
    expect(offline.actor.getSnapshot().context.error).to.deep.equal({ key: 'error.network', statusCode: 0 });
  });

  it('SI-4.23 the code variant waits in validate for the code; a blank code is invalid', () => {
    const { actor, calls } = startAccept({ mode: 'code', userId: 'u1', token: 'tok' }, async () => joined);
    expect(acceptInvitationStep(actor.getSnapshot())).to.equal('validate');
    actor.send({ type: 'code.submit', code: '   ' });
    expect(acceptInvitationStep(actor.getSnapshot())).to.equal('invalid');
    expect(calls).to.deep.equal([]);
  });

  it('SI-4.24 a wrong code returns to validate with the server message; the right code succeeds', async () => {
    const { actor, calls } = startAccept({ mode: 'code', userId: 'u1', token: 'tok' }, async ({ code }) => {
      if (code !== '123456') throw apiError('Invalid code', 400, 'ER-INVALID-CODE');
      return joined;
    });
    actor.send({ type: 'code.submit', code: ' 000000 ' });
    expect(acceptInvitationStep(actor.getSnapshot())).to.equal('pending');
    await waitFor(actor, (s) => acceptInvitationStep(s) === 'validate');
    expect(actor.getSnapshot().context).to.include({ code: '' });
    expect(actor.getSnapshot().context.error).to.include({ message: 'Invalid code' });
    actor.send({ type: 'code.submit', code: '123456' });
    await waitFor(actor, (s) => acceptInvitationStep(s) === 'success');
    expect(actor.getSnapshot().context.error).to.equal(null);
    expect(calls).to.deep.equal(['accept:code:000000', 'error', 'accept:code:123456', 'invitationAccept']);
  });

  it('the code variant starts at once when the page already has the code; an expired token there fails (not back to validate)', async () => {
    const { actor, calls } = startAccept({ mode: 'code', userId: 'u1', token: 'tok', code: '123456' }, async () =>
      Promise.reject(apiError('The invitation link has expired', 400, 'ER-INVITATION-TOKEN-EXPIRED')),
    );
    await waitFor(actor, (s) => acceptInvitationStep(s) === 'failed');
    expect(calls).to.deep.equal(['accept:code:123456', 'error']);
  });

  it('SI-4.29 a new invitee sets a password with the activation token, is signed in, and leaves after 1000 ms', async () => {
    const { actor, calls, emitted, clock } = startAccept({ userId: 'u1', token: 'tok', redirectUrl: '/welcome' }, async () => ({
      ...joined,
      shouldSetPassword: true,
      activationToken: 'act-1',
      passwordConfig: { minLength: 10 },
    }));
    await waitFor(actor, (s) => acceptInvitationSuccessStep(s) === 'setPassword');
    expect(actor.getSnapshot().context.passwordConfig).to.deep.equal({ minLength: 10 });
    actor.send({ type: 'password.submit', password: 'Secret-Pass-1' });
    expect(actor.getSnapshot().hasTag('busy')).to.equal(true);
    await waitFor(actor, (s) => acceptInvitationSuccessStep(s) === 'signedIn');
    expect(calls).to.deep.equal(['accept:link:', 'invitationAccept', 'activate:u1:act-1:Secret-Pass-1', 'login:new@acme.test']);
    clock.increment(POST_ACTIVATION_DELAY_MS - 1);
    expect(calls.at(-1)).to.equal('login:new@acme.test');
    clock.increment(1);
    expect(calls.at(-1)).to.equal('navigate');
    expect(actor.getSnapshot().matches({ success: { signedIn: 'left' } })).to.equal(true);
    expect(emitted.at(-1)).to.deep.equal({ type: 'navigate', to: { redirectUrl: '/welcome' } });
    // neither the password nor a session token is in the machine's context
    expect(JSON.stringify(actor.getSnapshot().context)).not.to.contain('Secret-Pass-1');
  });

  it('a refused password keeps the form with the server message; no session back (MFA) ends in done', async () => {
    let attempt = 0;
    const { actor, calls } = startAccept(
      { userId: 'u1', token: 'tok' },
      async () => ({ ...joined, shouldSetPassword: true, activationToken: 'act-1' }),
      async () => {
        attempt += 1;
        if (attempt === 1) throw apiError('The password is too common', 400);
        return null;
      },
    );
    await waitFor(actor, (s) => acceptInvitationSuccessStep(s) === 'setPassword');
    actor.send({ type: 'password.submit', password: 'password1' });
    await waitFor(actor, (s) => s.matches({ success: { setPassword: 'idle' } }) && !!s.context.error);
    expect(actor.getSnapshot().context.error).to.include({ message: 'The password is too common' });
    actor.send({ type: 'password.submit', password: 'Better-Pass-1' });
    await waitFor(actor, (s) => acceptInvitationSuccessStep(s) === 'done');
    expect(calls.filter((c) => c === 'error')).to.have.length(1);
    expect(calls).to.not.include('navigate');
  });

  it('shouldSetPassword without an activation token goes to done', async () => {
    const { actor } = startAccept({ userId: 'u1', token: 'tok' }, async () => ({ ...joined, shouldSetPassword: true }));
    await waitFor(actor, (s) => acceptInvitationSuccessStep(s) === 'done');
  });
});

const ACME = '5e6d0f7a-1c2b-4d3e-8f90-0a1b2c3d4e02';
const NOT_VERIFIED = "We couldn't verify your invitation";
const keepPage = (e: Event) => e.preventDefault();

async function api(method: string, path: string, body?: unknown, bearer?: string) {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (bearer) headers.authorization = `Bearer ${bearer}`;
  const r = await fetch(path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  const text = await r.text();
  expect(r.ok, `${method} ${path}: ${r.status} ${text}`).to.equal(true);
  return text ? JSON.parse(text) : {};
}

/** The admin signs in through the API and invites `email` (POST users/v2), then signs out; answers the emailed link and code. */
async function invite(email: string): Promise<{ userId: string; token: string; code: string; link: URL }> {
  const { accessToken } = await api('POST', '/frontegg/identity/resources/auth/v1/user', ADMIN);
  await api('POST', '/frontegg/identity/resources/users/v2', { email }, accessToken);
  await fetch('/frontegg/identity/resources/auth/v1/logout', { method: 'POST' });
  const mail = (await outbox()).find((m: { to: string; subject: string }) => m.to === email && /invited/i.test(m.subject));
  expect(mail, 'invitation email').to.exist;
  const link = new URL(mail.link);
  expect(link.pathname).to.equal('/account/invitation/accept');
  expect(mail.text).to.contain(`/account/invitation/code?userId=`);
  expect(mail.code).to.match(/^\d{6}$/);
  return { userId: link.searchParams.get('userId')!, token: link.searchParams.get('token')!, code: mail.code, link };
}

async function render(tpl: ReturnType<typeof html>, baseUrl = location.origin) {
  const app = await fixture<FeAppElement>(html`<fe-app base-url=${baseUrl}>${tpl}</fe-app>`);
  const el = app.querySelector('fe-accept-invitation')!;
  await waitUntil(() => stepOf(el), 'fe-accept-invitation rendered', { timeout: 10000 });
  return { app, el };
}

const title = (el: HTMLElement) => el.shadowRoot?.querySelector('[part=title]')?.textContent ?? '';
const subtitle = (el: HTMLElement) => el.shadowRoot?.querySelector('[part=subtitle]')?.textContent ?? '';

describe('<fe-accept-invitation> against the emulator', () => {
  before(() => document.addEventListener('fe-navigate', keepPage));
  after(() => document.removeEventListener('fe-navigate', keepPage));
  beforeEach(() => resetEmulator());

  it('SI-1.04 SI-4.21 SI-7.24 the emailed link: validate → pending → success; a new invitee sets a password, is signed in (fe-login) and leaves after 1000 ms', async function () {
    this.timeout(30000);
    const email = 'new.invitee@acme.test';
    const { userId, token } = await invite(email);
    const accepted = oneEvent(document, 'fe-invitation-accept');
    const { app, el } = await render(html`<fe-accept-invitation user-id=${userId} token=${token} redirect-url="/welcome"></fe-accept-invitation>`);
    await waitForStep(el, 'setPassword');
    const { detail } = (await accepted) as CustomEvent;
    expect(detail).to.include({ userId, tenantId: ACME, tenantName: 'Acme', shouldSetPassword: true });
    expect(subtitle(el)).to.contain('Acme');

    // the vendor's password rules first
    type(input(el, 'password')!, 'short');
    submit(el);
    await waitUntil(() => input(el, 'password')!.getAttribute('aria-invalid') === 'true', 'rules enforced');
    type(input(el, 'password')!, 'Invited-Pass-42');
    type(input(el, 'confirmPassword')!, 'Invited-Pass-4');
    submit(el);
    await waitUntil(() => input(el, 'confirmPassword')!.getAttribute('aria-invalid') === 'true', 'mismatch shown');
    type(input(el, 'confirmPassword')!, 'Invited-Pass-42');
    const login = oneEvent(el, 'fe-login');
    const navigate = oneEvent(el, 'fe-navigate');
    submit(el);
    const { detail: loginDetail } = (await login) as CustomEvent;
    const signedInAt = performance.now();
    expect(loginDetail.user.email).to.equal(email);
    expect(app.app!.stores.$session.get().user?.email).to.equal(email);
    await waitForStep(el, 'signedIn');
    const { detail: nav } = (await navigate) as CustomEvent;
    expect(performance.now() - signedInAt, 'post-activation delay').to.be.greaterThan(900);
    expect(nav.url).to.equal(new URL('/welcome', location.href).href);

    // the new password signs in; the invitation link is spent
    const r = await fetch('/frontegg/identity/resources/auth/v1/user', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password: 'Invited-Pass-42' }),
    });
    expect(r.status).to.equal(200);
    const again = await render(html`<fe-accept-invitation user-id=${userId} token=${token}></fe-accept-invitation>`);
    await waitForStep(again.el, 'failed');
    expect(alertText(again.el), 'SI-8.08 reused link').to.equal(NOT_VERIFIED);
  });

  it('SI-4.24 the code variant: a wrong code returns to validate with the server message, the right one succeeds; a user with a password gets "Sign in"', async function () {
    this.timeout(30000);
    const globex = await api('POST', '/_emulator/tenants', { name: 'Globex' });
    const email = 'member@globex.test';
    await api('POST', '/_emulator/users', { email, password: 'Globex-Pass-42', tenantId: globex.tenantId });
    const { userId, token, code } = await invite(email);
    const { el } = await render(html`<fe-accept-invitation mode="code" user-id=${userId} token=${token}></fe-accept-invitation>`);
    await waitForStep(el, 'validate');
    expect(input(el, 'code'), 'the code field').to.exist;

    // a malformed code is caught before the call
    type(input(el, 'code')!, '12');
    submit(el);
    await waitUntil(() => input(el, 'code')!.getAttribute('aria-invalid') === 'true', 'code format checked');

    const wrong = code === '000000' ? '111111' : '000000';
    const error = oneEvent(el, 'fe-error');
    type(input(el, 'code')!, wrong);
    submit(el);
    expect(((await error) as CustomEvent).detail.message).to.equal('Invalid code');
    await waitForStep(el, 'validate');
    await waitUntil(() => alertText(el) === 'Invalid code', 'server message shown');

    type(input(el, 'code')!, code);
    submit(el);
    await waitForStep(el, 'success');
    expect(subtitle(el)).to.contain('Acme');
    const nav = oneEvent(el, 'fe-navigate');
    (el.shadowRoot!.querySelector('button') as HTMLButtonElement).click();
    expect(((await nav) as CustomEvent).detail.url).to.equal(new URL('/account/login', location.href).href);
  });

  it('on the code route (acceptInvitationWithOTCUrl) without a mode attribute it asks for the code, parameters from the page URL', async () => {
    const { userId, token, code } = await invite('routed@acme.test');
    const before = location.href;
    history.replaceState(null, '', `/account/invitation/code?userId=${encodeURIComponent(userId)}&token=${encodeURIComponent(token)}`);
    try {
      const { el } = await render(html`<fe-accept-invitation></fe-accept-invitation>`);
      await waitForStep(el, 'validate');
      type(input(el, 'code')!, code);
      submit(el);
      await waitForStep(el, 'setPassword');
    } finally {
      history.replaceState(null, '', before);
    }
  });

  it('SI-4.22 SI-4.23 a link without userId or token is invalid, in both variants', async () => {
    for (const tpl of [
      html`<fe-accept-invitation user-id="u-1"></fe-accept-invitation>`,
      html`<fe-accept-invitation token="t-1"></fe-accept-invitation>`,
      html`<fe-accept-invitation mode="code" token="t-1"></fe-accept-invitation>`,
    ]) {
      const { el } = await render(tpl);
      await waitForStep(el, 'invalid');
      const nav = oneEvent(el, 'fe-navigate');
      (el.shadowRoot!.querySelector('button') as HTMLButtonElement).click();
      expect(((await nav) as CustomEvent).detail.url).to.equal(new URL('/account/login', location.href).href);
    }
  });

  it('SI-8.08 an expired invitation (lifecycle settings) fails with "We couldn\'t verify your invitation"', async () => {
    await api('PUT', '/_emulator/lifecycle-settings', { invitationTtlSeconds: 0 });
    const { userId, token } = await invite('late@acme.test');
    const error = oneEvent(document, 'fe-error');
    const { el } = await render(html`<fe-accept-invitation user-id=${userId} token=${token}></fe-accept-invitation>`);
    await waitForStep(el, 'failed');
    expect(((await error) as CustomEvent).detail.message).to.equal(NOT_VERIFIED);
    expect(alertText(el)).to.equal(NOT_VERIFIED);
    expect(title(el)).to.equal('Invitation not accepted');
  });

  it('SI-8.08 an expired invitation fails in the code variant too (not back to validate)', async () => {
    await api('PUT', '/_emulator/lifecycle-settings', { invitationTtlSeconds: 0 });
    const { userId, token, code } = await invite('late2@acme.test');
    const { el } = await render(html`<fe-accept-invitation mode="code" user-id=${userId} token=${token}></fe-accept-invitation>`);
    await waitForStep(el, 'validate');
    type(input(el, 'code')!, code);
    submit(el);
    await waitForStep(el, 'failed');
    expect(alertText(el)).to.equal(NOT_VERIFIED);
  });

  it('a locked tenant (ER-01239) shows the server message', async () => {
    const { userId, token } = await invite('locked@acme.test');
    await api('PUT', `/_emulator/tenants/${ACME}/lock`, { locked: true });
    const { el } = await render(html`<fe-accept-invitation user-id=${userId} token=${token}></fe-accept-invitation>`);
    await waitForStep(el, 'failed');
    expect(alertText(el)).to.equal('The tenant of this invitation is locked');
  });

  it('SI-7.50 verifying an invite-link token reads the tenant name (a string or { name }); a locked tenant answers ER-01239', async () => {
    expect(tenantNameOf('Acme')).to.equal('Acme');
    expect(tenantNameOf({ name: 'Acme' })).to.equal('Acme');
    expect(tenantNameOf(null)).to.equal(undefined);
    const { accessToken } = await api('POST', '/frontegg/identity/resources/auth/v1/user', ADMIN);
    const link = await api('POST', '/frontegg/identity/resources/tenants/invites/v1/user', { shouldSendEmail: false }, accessToken);
    const invitations = createTenantsApi(createApiClient({ baseUrl: location.origin }));
    expect(await invitations.verifyInviteToken({ token: link.token })).to.equal('Acme');
    await api('PUT', `/_emulator/tenants/${ACME}/lock`, { locked: true });
    const error = await invitations.verifyInviteToken({ token: link.token }).catch((e) => e);
    expect(error.errorCode).to.equal('ER-01239');
    expect(error.message).to.equal('The tenant of this invitation is locked');
  });
});

describe('<fe-accept-invitation> accessibility (axe-core) in every state', () => {
  before(() => document.addEventListener('fe-navigate', keepPage));
  after(() => document.removeEventListener('fe-navigate', keepPage));
  for (const [name, spec] of Object.entries(acceptInvitationStates)) {
    it(`SI-4.21 ${name} has no axe violations and shows its step`, async () => {
      const app = await fixture<FeAppElement>(
        html`<fe-app preview base-url="https://preview.invalid"><fe-accept-invitation-story state=${JSON.stringify(spec)}></fe-accept-invitation-story></fe-app>`,
      );
      const el = app.querySelector('fe-accept-invitation-story') as HTMLElement;
      const step = acceptInvitationStepShown(name as AcceptInvitationStateName);
      await waitUntil(() => stepOf(el) === step, `step ${step} (now ${stepOf(el)})`, { timeout: 10000 });
      await expect(el).to.be.accessible();
    });
  }
});
