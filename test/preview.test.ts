/**
 * Preview (builder) mode, sign-in §1: every call answered by canned data
 * (SI-1.09) and the fixed feature flags all on (SI-1.10). The elements run in
 * real Chromium against src/preview/transport.ts; the base URL is an
 * `.invalid` host, so any real request would fail (and show up in the
 * resource timing entries checked below).
 */
import { expect, fixture, html, oneEvent, waitUntil } from '@open-wc/testing';
import { decodeJwt } from 'jose';
import type { FeAppElement } from '../elements/fe-app.ts';
import '../elements/fe-login-box.ts';
import type { StateSpec } from '../stories/support/flow-story.tsx';
import '../stories/support/flows.ts';
import { loadPreviewAnswers } from '../src/admin/shell/SectionHost.tsx';
import { AUTH_PATHS } from '../src/api/auth.ts';
import { PREVIEW_FEATURE_FLAGS, PREVIEW_MFA_ENROLLMENT, PREVIEW_RECOVERY_CODE } from '../src/preview/data.ts';
import { NOT_IN_PREVIEW, previewFetch } from '../src/preview/transport.ts';
import { isBusySpec, loginStates, mfaStates, stepShown } from '../stories/login-states.ts';
import { alertText, input, stepOf, submit, type, waitForStep } from './helpers/emulator.ts';

const BASE = 'https://preview.invalid';
const API = `${BASE}/frontegg`;
const keepPage = (e: Event) => e.preventDefault();
const networkHits = () => performance.getEntriesByType('resource').filter((e) => e.name.includes('preview.invalid'));

/** `<fe-login-box>` in preview mode, or (a state) its view on that state's snapshot (`<fe-login-box-story>`, stories/support/flows.ts). */
async function renderPreview(initialState?: StateSpec) {
  const app = await fixture<FeAppElement>(
    initialState
      ? html`<fe-app preview base-url=${BASE}><fe-login-box-story state=${JSON.stringify(initialState)}></fe-login-box-story></fe-app>`
      : html`<fe-app preview base-url=${BASE}><fe-login-box></fe-login-box></fe-app>`,
  );
  const box = (app.querySelector('fe-login-box') ?? app.querySelector('fe-login-box-story')) as HTMLElement;
  await waitUntil(() => app.app?.stores.$loading.get().phase === 'ready', 'app ready', { timeout: 10000 });
  // later steps load on demand (a "loading" card shows meanwhile): wait for the real one
  const step = initialState ? stepShown(initialState) : 'preLogin';
  await waitUntil(() => stepOf(box) === step, `step ${step} (now ${stepOf(box)})`, { timeout: 10000 });
  return { app, box };
}

async function call(method: string, path: string, body?: unknown, headers: Record<string, string> = {}) {
  const r = await previewFetch(`${API}${path}`, {
    method,
    headers: { 'content-type': 'application/json', ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: r.status, traceId: r.headers.get('frontegg-trace-id'), type: r.headers.get('content-type'), json: await r.json() };
}

describe('preview mode (<fe-app preview>)', () => {
  before(() => document.addEventListener('fe-navigate', keepPage));
  after(() => document.removeEventListener('fe-navigate', keepPage));

  it('SI-1.09 signs in through the UI with canned data and no network', async () => {
    performance.clearResourceTimings();
    const { app, box } = await renderPreview();
    expect(app.app!.stores.$session.get().isAuthenticated, 'starts signed out (refresh → 401)').to.equal(false);
    await waitUntil(() => input(box, 'email'), 'email input');
    const login = oneEvent(box, 'fe-login');
    type(input(box, 'email')!, 'ada@example.com');
    submit(box);
    await waitUntil(() => input(box, 'password'), 'password step');
    type(input(box, 'password')!, 'anything');
    submit(box);
    const { detail } = (await login) as CustomEvent;
    expect(detail.user.email).to.equal('ada@example.com');
    expect(detail.user).to.not.have.property('accessToken');
    expect(detail.user.permissions.map((p: { key: string }) => p.key)).to.include('fe.secure.read.users');
    const session = app.app!.stores.$session.get();
    expect(session.isAuthenticated).to.equal(true);
    expect(decodeJwt(session.accessToken!).email).to.equal('ada@example.com');
    expect(app.app!.stores.$tenants.get().activeTenant?.name).to.equal('Acme (preview)');
    expect(app.app!.stores.$vendor.get().name).to.equal('Acme (preview)');
    await waitForStep(box, 'signedIn');
    expect(networkHits(), 'requests to the base URL').to.deep.equal([]);
  });

  it('SI-1.10 uses the fixed preview feature flags, all on', async () => {
    const { app } = await renderPreview();
    const flags = app.app!.stores.$featureFlags.get();
    expect(Object.keys(flags).sort()).to.deep.equal([...PREVIEW_FEATURE_FLAGS].sort());
    expect(Object.values(flags).every((v) => v === 'on')).to.equal(true);
    expect(PREVIEW_FEATURE_FLAGS).to.include.members([
      'admin_portal_ip_restrictions',
      'admin_portal_domain_restrictions',
      'admin_portal_new_mfa_pages',
      'admin_portal_passkeys',
      'admin_portal_groups',
      'admin_portal_msp_all_accounts',
      'admin_portal_temporary_users',
    ]);
  });

  it('SI-1.09 two-factor verify works in preview (+mfa demo email), wrong code shows the server error', async () => {
    const { box } = await renderPreview();
    await waitUntil(() => input(box, 'email'), 'email input');
    type(input(box, 'email')!, 'demo+mfa@preview.invalid');
    submit(box);
    await waitUntil(() => input(box, 'password'), 'password step');
    type(input(box, 'password')!, 'anything');
    submit(box);
    await waitForStep(box, 'verify');
    type(input(box, 'code')!, '000000');
    submit(box);
    await waitUntil(() => alertText(box) === 'Invalid authentication code', 'wrong code refused');
    const login = oneEvent(box, 'fe-login');
    type(input(box, 'code')!, '123456');
    submit(box);
    const { detail } = (await login) as CustomEvent;
    expect(detail.user.email).to.equal('demo+mfa@preview.invalid');
    expect(detail.user.amr).to.include('mfa');
  });

  it('SI-1.09 forced enrolment works in preview (+enroll): QR code, secret, recovery code', async () => {
    const { box } = await renderPreview();
    await waitUntil(() => input(box, 'email'), 'email input');
    type(input(box, 'email')!, 'demo+enroll@preview.invalid');
    submit(box);
    await waitUntil(() => input(box, 'password'), 'password step');
    type(input(box, 'password')!, 'anything');
    submit(box);
    await waitForStep(box, 'authenticatorApp');
    await waitUntil(() => input(box, 'code'), 'enrolment code form');
    const img = box.shadowRoot!.querySelector<HTMLImageElement>('img[part=qr-code]')!;
    await waitUntil(() => img.complete && img.naturalWidth > 0, 'QR code PNG decodes');
    expect(box.shadowRoot!.querySelector('[data-testid=totp-secret]')!.textContent).to.equal(PREVIEW_MFA_ENROLLMENT.secret);
    type(input(box, 'code')!, '123456');
    submit(box);
    await waitForStep(box, 'recoveryCode');
    expect(box.shadowRoot!.querySelector('[data-testid=recovery-code]')!.textContent).to.equal(PREVIEW_RECOVERY_CODE);
  });

  it('SI-1.09 answers every path the client calls, never 404', async () => {
    const token = (await call('POST', AUTH_PATHS.login, { email: 'a@b.test', password: 'x' })).json.accessToken as string;
    const auth = { authorization: `Bearer ${token}` };
    const mfaToken = (await call('POST', AUTH_PATHS.login, { email: 'a+mfa@b.test', password: 'x' })).json.mfaToken as string;
    const calls: [string, string, unknown?][] = [
      ['GET', AUTH_PATHS.flags],
      ['GET', `${AUTH_PATHS.metadata}?entityName=adminBox`],
      ['GET', AUTH_PATHS.vendorPublic],
      ['GET', AUTH_PATHS.vendorConfig],
      ['GET', AUTH_PATHS.publicAuthStrategies],
      ['GET', AUTH_PATHS.passwordConfig],
      ['GET', AUTH_PATHS.me],
      ['GET', AUTH_PATHS.authorization],
      ['GET', AUTH_PATHS.tenants],
      ['GET', AUTH_PATHS.entitlements],
      ['POST', AUTH_PATHS.preLogin, { email: 'a@b.test' }],
      ['POST', AUTH_PATHS.mfaVerify, { mfaToken, value: '123456' }],
      ['POST', AUTH_PATHS.authenticatorVerify('dev-1'), { mfaToken, value: '123456' }],
      ['POST', AUTH_PATHS.authenticatorEnroll, { mfaToken }],
      ['POST', AUTH_PATHS.authenticatorEnrollVerify, { mfaToken, token: '123456' }],
      ['POST', AUTH_PATHS.mfaRecover, { email: 'a@b.test', recoveryCode: 'x' }],
      ['POST', AUTH_PATHS.forgotPassword, { email: 'a@b.test' }],
      ['POST', AUTH_PATHS.signUp, { email: 'a@b.test', password: 'x' }],
      ['POST', AUTH_PATHS.logout],
    ];
    for (const [method, path, body] of calls) {
      const r = await call(method, path, body, auth);
      expect(r.status, `${method} ${path}`).to.equal(200);
      expect(r.traceId, `${method} ${path} trace id`).to.match(/^preview-[0-9a-f]{8}$/);
      expect(r.type).to.equal('application/json');
    }
    const metadata = await call('GET', `${AUTH_PATHS.metadata}?entityName=adminBox`);
    expect(metadata.json.rows[0].configuration).to.be.an('object');
    expect((await call('GET', AUTH_PATHS.me, undefined, auth)).json.email).to.equal('a@b.test');
    expect((await call('POST', AUTH_PATHS.preLogin, { email: 'a@b.test' })).json).to.not.have.property('address');
    const mfa = await call('POST', AUTH_PATHS.mfaVerify, { mfaToken, value: '123456' });
    expect(decodeJwt(mfa.json.accessToken).email).to.equal('a+mfa@b.test');
    expect((await call('GET', AUTH_PATHS.tenants)).json.tenants).to.have.length(1);
  });

  it('SI-1.09 login answers a decodable unsigned JWT; refresh is 401; unknown paths are 404 with a trace id', async () => {
    const login = await call('POST', AUTH_PATHS.login, { email: 'ada@example.com', password: 'x' });
    const parts = (login.json.accessToken as string).split('.');
    expect(parts).to.have.length(3);
    parts.forEach((p) => expect(p).to.match(/^[A-Za-z0-9_-]+$/));
    const claims = decodeJwt(login.json.accessToken);
    expect(claims.email).to.equal('ada@example.com');
    expect(claims.exp! - claims.iat!).to.equal(login.json.expiresIn);
    expect(login.json.mfaRequired).to.equal(false);

    const refresh = await call('POST', AUTH_PATHS.refreshToken, { tenantId: null });
    expect(refresh.status).to.equal(401);
    expect(refresh.traceId).to.match(/^preview-/);

    const unknown = await call('GET', '/identity/resources/users/v1/nothing-here');
    expect(unknown.status).to.equal(404);
    expect(unknown.json).to.deep.equal({ errors: [NOT_IN_PREVIEW] });
    expect(unknown.traceId).to.match(/^preview-/);

    const wrong = await call('POST', AUTH_PATHS.login, { email: 'ada@example.com', password: 'wrong' });
    expect(wrong.status).to.equal(401);
    expect(wrong.json.errors).to.deep.equal(['Invalid authentication']);
  });

  it('AB-5.09 the demo password configuration: min length 6, max 128, passphrases allowed, min phrase length 6, min optional tests 1', async () => {
    const config = await call('GET', AUTH_PATHS.passwordConfig);
    expect(config.status).to.equal(200);
    expect(config.json).to.include({ minLength: 6, maxLength: 128, allowPassphrases: true, minPhraseLength: 6, minOptionalTestsToPass: 1 });
  });

  it('SI-1.09 an admin section’s preview answers load apart from its chunk, by the shell: its reads, and {} for a write in its own API areas; a write preview does not know stays 404', async () => {
    const groups = '/identity/resources/groups/v1';
    // nothing of the portal loaded yet: the groups answers are not there
    expect((await call('GET', groups)).status).to.equal(404);
    // the section's chunk alone brings no canned data (outside preview mode it never loads any)
    await import('../src/admin/groups/index.ts');
    expect((await call('GET', groups)).status).to.equal(404);
    // what the shell does in preview mode before the first section renders
    await loadPreviewAnswers();
    const list = await call('GET', groups);
    expect(list.status).to.equal(200);
    expect(list.json.map((g: { name: string }) => g.name)).to.include('Engineering');
    const write = await call('POST', `${groups}/group-eng/users`, { userIds: ['user-01'] });
    expect([write.status, write.json]).to.deep.equal([200, {}]);
    // a sign-in call preview does not know: the login box reads 404 as "not configured"
    const unknown = await call('POST', '/identity/resources/auth/v1/user/nothing-here', {});
    expect([unknown.status, unknown.json]).to.deep.equal([404, { errors: [NOT_IN_PREVIEW] }]);
  });

  it('AB-9.16 the demo session lasts 86400 seconds: the token and the login answer agree', async () => {
    const login = await call('POST', AUTH_PATHS.login, { email: 'ada@example.com', password: 'x' });
    const claims = decodeJwt(login.json.accessToken);
    expect(login.json.expiresIn).to.equal(86400);
    expect(claims.exp! - claims.iat!).to.equal(86400);
  });

  it('SI-1.09 the enrolment QR code is a valid PNG data URL', async () => {
    const { json } = await call('POST', AUTH_PATHS.authenticatorEnroll, { mfaToken: 'x' });
    expect(json.qrCode).to.match(/^data:image\/png;base64,iVBORw0KGgo/);
    const img = new Image();
    img.src = json.qrCode;
    await img.decode();
    expect(img.naturalWidth).to.be.greaterThan(20);
    expect(json.secret).to.match(/^[A-Z2-7]+$/);
  });

  // Story states restored from a snapshot: does a busy state re-run its invoked call?
  // (the MFA specs are the same objects as the login machine's two-factor ones: each tested once)
  const seen = new Set<unknown>();
  const busy = Object.entries({ ...loginStates, ...mfaStates }).filter(([, spec]) => isBusySpec(spec) && !seen.has(spec) && !!seen.add(spec));
  for (const [name, spec] of busy) {
    it(`restored busy state ${name} does not re-run its invoke (stays busy, no call)`, async () => {
      const { box } = await renderPreview(spec);
      expect(stepOf(box)).to.equal(stepShown(spec));
      await new Promise((r) => setTimeout(r, 800));
      expect(stepOf(box)).to.equal(stepShown(spec));
      expect(alertText(box)).to.equal('');
      const busyUi = box.querySelector('form[aria-busy="true"]') ?? box.shadowRoot!.querySelector('[part=status]');
      expect(busyUi, 'busy UI').to.exist;
    });
  }
});
