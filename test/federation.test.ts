/**
 * Federation in the browser against the real emulator (through the test
 * server's proxy): the social buttons (src/federation/views.tsx), the start
 * of a social login (authorization code + S256 PKCE) and `runPostLogin`'s
 * checks and calls (src/federation/callback.ts). Providers point at an
 * issuer that is not running (explicit endpoints), so a post-login reaches
 * the emulator and fails there; the successful sign-ins against real
 * identity providers are in test/e2e/federation.e2e.ts and emulator/test/federation.test.ts.
 */
import { expect, fixture, html, waitUntil } from '@open-wc/testing';
import { emulateMedia, executeServerCommand } from '@web/test-runner-commands';
import { createElement } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { createActor, waitFor } from 'xstate';
import type { FlowEmitted } from '../machines/flow.ts';
import { loginActors } from '../machines/login.actors.ts';
import { loginCalls } from '../machines/login-more.actors.ts';
import { loginMachine } from '../machines/login.machine.ts';
import { createFeApp, type FeApp } from '../src/app/index.ts';
import { FeApiError } from '../src/api/errors.ts';
import { FederationError, PENDING_KEY, socialProviders, startSocialLogin } from '../src/federation/index.ts';
import { runPostLogin } from '../src/federation/callback.ts';
import { SocialLoginButtons } from '../src/federation/views.tsx';
import { renderLoginBox, resetEmulator } from './helpers/emulator.ts';
import { renderSocialLogins, socialLoginStates, type SocialLoginStateName } from '../stories/social-logins.stories.ts';

const DEAD = 'http://127.0.0.1:9';
const endpoints = { issuer: DEAD, authorizationUrl: `${DEAD}/auth`, tokenUrl: `${DEAD}/token`, jwksUri: `${DEAD}/jwks` };

async function call(method: string, path: string, body?: unknown): Promise<unknown> {
  const r = await fetch(path, { method, headers: { 'content-type': 'application/json' }, body: body === undefined ? undefined : JSON.stringify(body) });
  const text = await r.text();
  if (!r.ok) throw new Error(`${method} ${path} → ${r.status} ${text}`);
  return text ? JSON.parse(text) : {};
}
const routeProvider = (type: string, extra: Record<string, unknown> = {}) =>
  call('PUT', `/_emulator/social-providers/${type}`, { ...endpoints, clientId: `${type}-client`, clientSecret: 'secret', ...extra });

/** An app whose navigation is recorded instead of leaving the page. */
function recordingApp(): { app: FeApp; visits: string[] } {
  const visits: string[] = [];
  const app = createFeApp({ baseUrl: location.origin, navigate: (url) => visits.push(url), name: `federation-${Math.random()}` });
  return { app, visits };
}

const sha256b64u = async (s: string) =>
  btoa(String.fromCharCode(...new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(s)))))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');

let root: Root | undefined;
async function mount(el: ReturnType<typeof createElement>): Promise<HTMLElement> {
  const host = await fixture<HTMLDivElement>(html`<div></div>`);
  root = createRoot(host);
  root.render(el);
  return host;
}

/** The vendor's providers as buttons (what the login box shows once its `socialProviders` actor answered). */
async function buttonsOf(app: FeApp, started: string | null = null): Promise<HTMLElement> {
  return mount(createElement(SocialLoginButtons, { t: app.i18n.$t.get(), providers: await socialProviders(app), started, onStart: () => {} }));
}

describe('social login buttons (src/federation/views.tsx)', () => {
  beforeEach(async () => {
    await resetEmulator();
    sessionStorage.removeItem(PENDING_KEY);
  });
  afterEach(() => {
    root?.unmount();
    root = undefined;
  });

  it('SI-3.22 SI-3.21 one "Continue with …" button per active provider, brand names from the catalogue, custom by display name', async () => {
    await routeProvider('github');
    await routeProvider('google');
    await routeProvider('slack', { active: false });
    await call('POST', '/_emulator/social-providers/custom', { ...endpoints, clientId: 'acme', clientSecret: 's', displayName: 'Acme ID' });
    const { app } = recordingApp();
    const host = await buttonsOf(app);
    await waitUntil(() => host.querySelectorAll('button').length === 3, 'three buttons');
    const buttons = [...host.querySelectorAll('button')];
    expect(buttons.map((b) => b.textContent)).to.deep.equal(['Continue with GitHub', 'Continue with Google', 'Continue with Acme ID']);
    expect(buttons.map((b) => b.dataset.provider)).to.deep.equal(['github', 'google', `custom:${(await socialProviders(app))[2].key}`]);
    expect(host.querySelector('[role=group]')!.getAttribute('aria-label')).to.equal('Sign in with another account');
    for (const b of buttons) expect(b.getBoundingClientRect().height).to.be.at.least(24);
    await expect(host).to.be.accessible();
  });

  it('renders nothing without providers, when the list fails, and in preview mode', async () => {
    const { app } = recordingApp();
    const host = await buttonsOf(app);
    await new Promise((r) => setTimeout(r, 50));
    expect(host.innerHTML).to.equal('');
    // preview mode: the login box's `socialProviders` actor lists none (nothing to start there)
    const preview = createFeApp({ baseUrl: 'https://preview.invalid', preview: true, name: 'federation-preview' });
    const providers = await loginCalls(preview, { mfa: () => {}, afterSignIn: () => {} }).socialProviders(undefined, new AbortController().signal);
    expect(providers).to.deep.equal([]);
    root!.render(createElement(SocialLoginButtons, { t: preview.i18n.$t.get(), providers, onStart: () => {} }));
    await new Promise((r) => setTimeout(r, 50));
    expect(host.innerHTML).to.equal('');
  });

  it('a click starts authorization code + PKCE (S256, state = nonce) and remembers the flow; the button says Redirecting', async () => {
    await routeProvider('github', { additionalScopes: ['read:user'] });
    const { app, visits } = recordingApp();
    // the login machine on the app's actors: the click (`social.start`) prepares the request, then the machine emits the navigation
    const login = createActor(loginMachine.provide({ actors: loginActors(app) }), { input: {} });
    const emitted: FlowEmitted[] = [];
    login.on('*', (e) => emitted.push(e as FlowEmitted));
    login.start();
    try {
      await waitFor(login, (s) => !!s.context.socialProviders?.length, { timeout: 10000 });
      login.send({ type: 'social.start', provider: 'github' });
      await waitFor(login, () => emitted.some((e) => e.type === 'navigate'), { timeout: 10000 });
    } finally {
      login.stop();
    }
    const navigation = emitted.find((e) => e.type === 'navigate');
    expect(visits, 'the element navigates (after fe-navigate), not the actor').to.deep.equal([]);
    const url = new URL(navigation && 'url' in navigation.to ? navigation.to.url : '');
    expect(url.origin + url.pathname).to.equal(`${DEAD}/auth`);
    const q = Object.fromEntries(url.searchParams);
    const pending = JSON.parse(sessionStorage.getItem(PENDING_KEY)!);
    expect(q).to.include({ response_type: 'code', client_id: 'github-client', code_challenge_method: 'S256', scope: 'openid email profile read:user' });
    expect(q.redirect_uri).to.equal(`${location.origin}/account/social/success`);
    expect(q.state).to.equal(pending.state);
    expect(q.state.length).to.be.at.least(43);
    expect(q.nonce).to.equal(q.state);
    expect(pending.codeVerifier.length).to.be.at.least(43);
    expect(q.code_challenge).to.equal(await sha256b64u(pending.codeVerifier));
    expect(pending).to.include({ provider: 'github', origin: 'social-login', redirectUri: q.redirect_uri });
    // while the browser leaves: the started provider's button says so, every button is disabled
    const host = await buttonsOf(app, 'github');
    await waitUntil(() => host.querySelector('button'), 'button');
    expect(host.querySelector('button')!.textContent).to.equal('Redirecting to GitHub…');
    expect(host.querySelector('button')!.getAttribute('aria-disabled')).to.equal('true');
    // startSocialLogin itself only prepares: it answers the URL and navigates nowhere
    const again = await startSocialLogin(app, (await socialProviders(app))[0]);
    expect(new URL(again).origin + new URL(again).pathname).to.equal(`${DEAD}/auth`);
    expect(visits).to.deep.equal([]);
  });

  it('SocialLoginButtons shows a start failure as an alert', async () => {
    await import('../src/i18n/en-federation.ts');
    const { app } = recordingApp();
    const t = app.i18n.$t.get();
    const p = { key: 'github', type: 'github', origin: 'social-login' as const, clientId: 'c', authorizationUrl: 'https://x.test', redirectUrl: '', scopes: 'openid' };
    const host = await mount(createElement(SocialLoginButtons, { t, providers: [p], error: t('federation.error.unavailable'), onStart: () => {} }));
    await waitUntil(() => host.querySelector('[role=alert]'), 'alert');
    expect(host.querySelector('[role=alert]')!.textContent).to.equal('This sign-in method is not available right now.');
  });
});

describe('runPostLogin (src/federation/callback.ts)', () => {
  beforeEach(async () => {
    await resetEmulator();
    sessionStorage.removeItem(PENDING_KEY);
  });

  async function started(app: FeApp) {
    const [github] = await socialProviders(app);
    await startSocialLogin(app, github);
    return JSON.parse(sessionStorage.getItem(PENDING_KEY)!);
  }

  it("SI-8.09 social: a state that is not this tab's, or no login started, fails without a call (and the pending login is spent)", async () => {
    await routeProvider('github');
    const { app } = recordingApp();
    const pending = await started(app);
    const wrong = await runPostLogin(app, { kind: 'social', params: { code: 'c', state: 'other' } }).catch((e) => e);
    expect(wrong).to.be.instanceOf(FederationError);
    expect(wrong.key).to.equal('federation.error.stale');
    expect(sessionStorage.getItem(PENDING_KEY)).to.equal(null);
    const again = await runPostLogin(app, { kind: 'social', params: { code: 'c', state: pending.state } }).catch((e) => e);
    expect(again.key).to.equal('federation.error.stale');
  });

  it('social: a cancelled sign-in (error=access_denied) fails with the cancelled message', async () => {
    await routeProvider('github');
    const { app } = recordingApp();
    const pending = await started(app);
    const e = await runPostLogin(app, { kind: 'social', params: { error: 'access_denied', state: pending.state } }).catch((x) => x);
    expect(e.key).to.equal('federation.error.cancelled');
    expect(e.message).to.equal('The sign-in was cancelled at the identity provider.');
  });

  it('SI-7.37 social: the right state posts code, redirectUri, code_verifier and state to user/sso/{provider}/postlogin (the emulator refuses: the issuer is down)', async () => {
    await routeProvider('github');
    const { app } = recordingApp();
    const pending = await started(app);
    const sent: string[] = [];
    const orig = window.fetch;
    window.fetch = (input, init) => {
      sent.push(String(input instanceof Request ? input.url : input));
      return orig(input, init);
    };
    try {
      const e = await runPostLogin(app, { kind: 'social', params: { code: 'the-code', state: pending.state } }).catch((x) => x);
      expect(e).to.be.instanceOf(FeApiError);
      expect(e.statusCode).to.equal(401);
    } finally {
      window.fetch = orig;
    }
    const url = new URL(sent.find((u) => u.includes('/postlogin'))!);
    expect(url.pathname).to.equal('/frontegg/identity/resources/auth/v1/user/sso/github/postlogin');
    expect(Object.fromEntries(url.searchParams)).to.deep.equal({
      code: 'the-code',
      redirectUri: pending.redirectUri,
      code_verifier: pending.codeVerifier,
      state: pending.state,
    });
  });

  it('SI-7.35 SI-4.16 oidc: without code fails at once; an unknown state is refused by the emulator (400)', async () => {
    const { app } = recordingApp();
    expect((await runPostLogin(app, { kind: 'oidc', params: { state: 's' } }).catch((e) => e)).key).to.equal('federation.error.stale');
    expect((await runPostLogin(app, { kind: 'oidc', params: { error: 'sso_disabled' } }).catch((e) => e)).key).to.equal('federation.failed');
    const e = await runPostLogin(app, { kind: 'oidc', params: { code: 'c', state: 'unknown' } }).catch((x) => x);
    expect(e).to.be.instanceOf(FeApiError);
    expect(e.statusCode).to.equal(400);
    expect(e.errorCode).to.equal('ER-SSO-STATE-INVALID');
  });

  it('SI-7.34 saml: RelayState and a one-time code are posted; an unknown RelayState is refused (400); a failed ACS (error) fails at once', async () => {
    const { app } = recordingApp();
    const e = await runPostLogin(app, { kind: 'saml', params: { RelayState: 'unknown', code: 'c' } }).catch((x) => x);
    expect(e).to.be.instanceOf(FeApiError);
    expect(e.statusCode).to.equal(400);
    const acs = await runPostLogin(app, { kind: 'saml', params: { RelayState: 'r', error: 'saml_invalid' } }).catch((x) => x);
    expect(acs).to.be.instanceOf(FederationError);
    expect(acs.message).to.equal('Failed to authenticate');
  });
});

describe('<fe-login-box> with social providers', () => {
  const keepPage = (e: Event) => e.preventDefault();
  before(() => document.addEventListener('fe-navigate', keepPage));
  after(() => document.removeEventListener('fe-navigate', keepPage));
  beforeEach(resetEmulator);

  it("SI-1.02 shows the vendor's social buttons on the first step, accessibly", async () => {
    await routeProvider('github');
    await routeProvider('microsoft');
    const { box } = await renderLoginBox();
    await waitUntil(() => box.shadowRoot!.querySelectorAll('[part=social-login-button]').length === 2, 'social buttons', { timeout: 10000 });
    const names = [...box.shadowRoot!.querySelectorAll('[part=social-login-button]')].map((b) => b.textContent);
    expect(names).to.deep.equal(['Continue with GitHub', 'Continue with Microsoft']);
    await expect(box).to.be.accessible();
  });
});

describe('social login buttons: accessibility (axe-core) in every story state', () => {
  for (const name of Object.keys(socialLoginStates) as SocialLoginStateName[]) {
    it(`SI-3.22 ${name} has no axe violations and targets of at least 24 px`, async () => {
      const wrapper = await fixture<HTMLDivElement>(html`<div></div>`);
      const host = renderSocialLogins(name);
      wrapper.append(host);
      await waitUntil(() => host.shadowRoot!.querySelector('button'), 'buttons');
      for (const b of host.shadowRoot!.querySelectorAll('button')) {
        expect(b.getBoundingClientRect().height).to.be.at.least(24);
        expect(b.getBoundingClientRect().width).to.be.at.least(24);
      }
      await expect(host).to.be.accessible();
    });
  }
});

describe('<fe-routes> callback routes → <fe-login-box> finishing the sign-in', () => {
  const keepPage = (e: Event) => e.preventDefault();
  let before = '';
  beforeEach(async () => {
    await resetEmulator();
    before = location.pathname + location.search;
    document.addEventListener('fe-navigate', keepPage);
  });
  afterEach(() => {
    document.removeEventListener('fe-navigate', keepPage);
    history.replaceState(null, '', before);
  });

  async function open(pathAndQuery: string) {
    history.replaceState(null, '', pathAndQuery);
    const app = await fixture(html`<fe-app base-url=${location.origin}><fe-routes no-history></fe-routes></fe-app>`);
    const routes = app.querySelector('fe-routes')!;
    await waitUntil(() => routes.querySelector('fe-login-box'), 'login box', { timeout: 10000 });
    const box = routes.querySelector('fe-login-box')!;
    return { routes, box };
  }
  const step = (box: Element) => box.shadowRoot?.querySelector('[data-step]')?.getAttribute('data-step');

  it('SI-2.14 SI-8.09 /account/social/success: a callback this tab did not start → preLogin with "Failed to authenticate"', async () => {
    await import('../elements/fe-routes.ts');
    const { routes, box } = await open('/account/social/success?code=c&state=s');
    expect(routes.getAttribute('route')).to.equal('socialLoginCallbackUrl');
    await waitUntil(() => box.shadowRoot?.querySelector('[role=alert]')?.textContent?.includes('Failed to authenticate'), 'alert', { timeout: 10000 });
    expect(step(box)).to.equal('preLogin');
  });

  it('SI-2.16 SI-4.16 /account/oidc/callback: a state the emulator does not know → loginWithSSOFailed', async () => {
    await import('../elements/fe-routes.ts');
    const { routes, box } = await open('/account/oidc/callback?code=c&state=unknown');
    expect(routes.getAttribute('route')).to.equal('oidcRedirectUrl');
    await waitUntil(() => step(box) === 'loginWithSSOFailed', 'loginWithSSOFailed', { timeout: 10000 });
  });

  it("issue 31 item 5 /account/oidc/callback of an administrator's OIDC test sign-in: the IdP's answer (here Cancel: error=access_denied) is handed to the emulator, the box says the test is over and signs nobody in; the portal's result is the failure as a sentence", async () => {
    const { issuer } = (await executeServerCommand('idp-oidc-start', {})) as { issuer: string };
    const cfg = (await call('POST', '/_emulator/sso-configurations', {
      type: 'oidc',
      domains: ['corp.test'],
      enabled: false,
      oidc: { issuer, clientId: 'corp-client', clientSecret: 'corp-secret' },
    })) as { id: string };
    // the administrator (no session cookie here: the box must not make one)
    const login = (await (
      await fetch('/frontegg/identity/resources/auth/v1/user', {
        method: 'POST',
        credentials: 'omit',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'admin@acme.test', password: 'Admin-Passw0rd!' }),
      })
    ).json()) as { accessToken: string };
    const auth = { authorization: `Bearer ${login.accessToken}`, 'content-type': 'application/json' };
    const configs = `/frontegg/team/resources/sso/v1/configurations/${cfg.id}/test`;
    const test = (await (await fetch(configs, { method: 'POST', headers: auth, body: '{}' })).json()) as { id: string; url: string };
    const state = new URL(test.url).searchParams.get('state')!;
    expect(state.startsWith('sso-test.')).to.equal(true);
    await import('../elements/fe-routes.ts');
    const query = new URLSearchParams({ error: 'access_denied', error_description: 'The user cancelled', state });
    const { box } = await open(`/account/oidc/callback?${query}`);
    await waitUntil(() => step(box) === 'ssoTestFinished', 'ssoTestFinished', { timeout: 10000 });
    expect(box.shadowRoot!.textContent).to.include('Test sign-in finished').and.include('You can close this window.');
    await expect(box.shadowRoot!.querySelector('[data-step]')).to.be.accessible();
    await emulateMedia({ colorScheme: 'dark' });
    try {
      await expect(box.shadowRoot!.querySelector('[data-step]')).to.be.accessible();
    } finally {
      await emulateMedia({ colorScheme: 'light' });
    }
    const result = (await (await fetch(`${configs}/${test.id}`, { headers: auth })).json()) as { status: string; reason: string };
    expect(result).to.deep.include({ status: 'failed', reason: 'The identity provider answered an error (access_denied: The user cancelled)' });
    const refresh = await fetch('/frontegg/identity/resources/auth/v1/user/token/refresh', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
    expect(((await refresh.json()) as { accessToken?: string }).accessToken, 'nobody signed in').to.equal(undefined);
    await executeServerCommand('idp-stop-all');
  });

  it('SI-2.17 SI-4.16 /account/saml/callback: the ACS refused the response (error) → loginWithSSOFailed', async () => {
    await import('../elements/fe-routes.ts');
    const { routes, box } = await open('/account/saml/callback?RelayState=r&error=saml_invalid');
    expect(routes.getAttribute('route')).to.equal('samlCallbackUrl');
    await waitUntil(() => step(box) === 'loginWithSSOFailed', 'loginWithSSOFailed', { timeout: 10000 });
  });
});
