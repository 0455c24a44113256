import { expect, fixture, html, oneEvent, waitUntil } from '@open-wc/testing';
import type { FeAppElement } from '../elements/fe-app.ts';
import '../elements/fe-login-box.ts';
import '../elements/fe-step-up.ts';
import '../elements/fe-open-app.ts';
import { createApiClient } from '../src/api/index.ts';
import { createFeApp } from '../src/app/app.ts';
import { safeNavigationUrl, UnsafeUrlError } from '../src/auth/safe-url.ts';
import { STEP_UP_FLAG_KEY } from '../src/auth/step-up.ts';
import { PENDING_KEY } from '../src/federation/keys.ts';
import { ADMIN, alertText, input, resetEmulator, signInWithPassword, submit, totp, type, waitForStep } from './helpers/emulator.ts';

/**
 * Issue 11: no `javascript:` (or `data:`, `vbscript:`) navigation from server
 * data or the query string, from any redirect source; the user sees the
 * flow's error (or the authenticated URL), never a blank page, and nothing
 * runs (`window.__pwned` stays unset).
 */
const HOSTILE = [
  'javascript:window.__pwned=1',
  'JaVaScRiPt:window.__pwned=1',
  '  javascript:window.__pwned=1  ',
  '\tjava\nscript:window.__pwned=1',
  '\u0000 javascript:window.__pwned=1',
  'data:text/html,<script>window.__pwned=1</script>',
  'DATA:text/html;base64,PHNjcmlwdD53aW5kb3cuX19wd25lZD0xPC9zY3JpcHQ+',
  'vbscript:msgbox(1)',
  ' VBScript:msgbox(1)',
];
const pwned = () => (window as { __pwned?: unknown }).__pwned;
const b64url = (s: string) =>
  btoa(String.fromCharCode(...new TextEncoder().encode(s)))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
/** An API (tools/wtr-fixture-api.js) that answers `url` wherever the browser is told to go. */
const hostileApi = (url: string) => `${location.origin}/__fixture/hostile/${b64url(url)}`;
const home = () => new URL('/', location.href).href;

/** Records every fe-navigate and keeps the page. */
function navigations(): { urls: string[]; stop: () => void } {
  const urls: string[] = [];
  const on = (e: Event) => {
    e.preventDefault();
    urls.push((e as CustomEvent<{ url: string }>).detail.url);
  };
  document.addEventListener('fe-navigate', on);
  return { urls, stop: () => document.removeEventListener('fe-navigate', on) };
}
const allSafe = (urls: string[]) => urls.every((u) => /^https?:\/\//.test(u));

afterEach(() => {
  expect(pwned(), 'no script ran').to.equal(undefined);
});

describe('safe navigation targets (src/auth/safe-url.ts)', () => {
  it('refuses javascript:, data: and vbscript: in every case and padding', () => {
    for (const url of HOSTILE) expect(safeNavigationUrl(url), JSON.stringify(url)).to.equal(null);
    for (const url of ['blob:https://a.test/x', 'file:///etc/passwd', 'http://evil.example/x', 'ftp://a.test/']) expect(safeNavigationUrl(url), url).to.equal(null);
  });

  it('accepts https anywhere, same-origin paths, and http on loopback hosts', () => {
    expect(safeNavigationUrl('https://idp.example/sso?x=1')).to.equal('https://idp.example/sso?x=1');
    expect(safeNavigationUrl('/account/login?redirectUrl=%2F')).to.equal(new URL('/account/login?redirectUrl=%2F', location.href).href);
    expect(safeNavigationUrl('  https://idp.example/  ')).to.equal('https://idp.example/');
    for (const host of ['localhost:3000', 'app.localhost', '127.0.0.1:9', '127.1.2.3', '[::1]:8080'])
      expect(safeNavigationUrl(`http://${host}/cb`), host).to.equal(`http://${host}/cb`);
  });

  it('app.navigate, the one navigation function, throws UnsafeUrlError and never calls the host navigation', () => {
    const visits: string[] = [];
    const app = createFeApp({ baseUrl: location.origin, navigate: (u) => void visits.push(u), name: `safe-${Math.random()}`, logLevel: 'error' });
    for (const url of HOSTILE) expect(() => app.navigate(url), JSON.stringify(url)).to.throw(UnsafeUrlError);
    app.navigate('/account/login');
    expect(visits).to.deep.equal([new URL('/account/login', location.href).href]);
  });

  it('SI-7.59 a 302 answer whose text is not a safe address rejects with UnsafeUrlError and navigates nowhere', async () => {
    const visits: string[] = [];
    const api = createApiClient({ baseUrl: `${location.origin}/__fixture`, navigate: (u) => void visits.push(u), logLevel: 'error' });
    for (const url of HOSTILE) {
      const error = await api.get('/redirect302', { query: { to: url } }).then(
        () => null,
        (e: unknown) => e,
      );
      expect(error, JSON.stringify(url)).to.be.instanceOf(UnsafeUrlError);
    }
    expect(visits).to.deep.equal([]);
  });
});

describe('redirect sources refuse unsafe URLs', () => {
  beforeEach(async () => {
    await resetEmulator();
    sessionStorage.removeItem(PENDING_KEY);
    sessionStorage.removeItem(STEP_UP_FLAG_KEY);
  });

  it('SI-4.17 an SSO pre-login address that is not http(s) shows loginWithSSOFailed ("Failed to authenticate"), then the authenticated URL', async function () {
    this.timeout(60000);
    for (const url of HOSTILE.slice(0, 7)) {
      const nav = navigations();
      try {
        const app = await fixture<FeAppElement>(html`<fe-app base-url=${hostileApi(url)} log-level="error"><fe-login-box></fe-login-box></fe-app>`);
        const box = app.querySelector('fe-login-box')!;
        await waitUntil(() => input(box, 'email'), 'email input', { timeout: 10000 });
        const failed = oneEvent(box, 'fe-error');
        type(input(box, 'email')!, 'user@sso.test');
        submit(box);
        await waitForStep(box, 'loginWithSSOFailed');
        expect(alertText(box), JSON.stringify(url)).to.contain('Failed to authenticate');
        await failed;
        // SSO_FAILED_DELAY_MS later: the authenticated URL, never the address
        await waitUntil(() => nav.urls.length > 0, 'navigates on', { timeout: 5000 });
        expect(nav.urls).to.deep.equal([home()]);
      } finally {
        nav.stop();
      }
    }
  });

  it('social and custom providers whose authorizationUrl is not http(s): nothing is stored or opened, the box shows the error', async function () {
    this.timeout(60000);
    for (const url of HOSTILE.slice(0, 6)) {
      for (const button of [0, 1]) {
        const nav = navigations();
        try {
          const app = await fixture<FeAppElement>(html`<fe-app base-url=${hostileApi(url)} log-level="error"><fe-login-box></fe-login-box></fe-app>`);
          const box = app.querySelector('fe-login-box')!;
          const buttons = () => box.shadowRoot!.querySelectorAll<HTMLButtonElement>('[part=social-login-button]');
          await waitUntil(() => buttons().length === 2, 'built-in and custom buttons', { timeout: 10000 });
          buttons()[button].click();
          await waitUntil(() => alertText(box) === 'This sign-in method is not available right now.', `error shown (alert "${alertText(box)}")`);
          expect(nav.urls, JSON.stringify(url)).to.deep.equal([]);
          expect(sessionStorage.getItem(PENDING_KEY)).to.equal(null);
        } finally {
          nav.stop();
        }
      }
    }
  });

  it('SI-5.03 a post-login redirectUrl that is not http(s) goes to the authenticated URL, even with enforceRedirectToSameSite off', async () => {
    const app = createFeApp({ baseUrl: location.origin, enforceRedirectToSameSite: false, name: `post-${Math.random()}`, logLevel: 'error' });
    for (const url of HOSTILE) expect(app.resolvePostAuthUrl(url), JSON.stringify(url)).to.equal('/');
    expect(app.resolvePostAuthUrl('https://elsewhere.example/x')).to.equal('https://elsewhere.example/x');

    const nav = navigations();
    try {
      const el = await fixture<FeAppElement>(
        html`<fe-app base-url=${location.origin} log-level="error"><fe-login-box redirect-url="JaVaScRiPt:window.__pwned=1"></fe-login-box></fe-app>`,
      );
      el.options = { enforceRedirectToSameSite: false };
      const box = el.querySelector('fe-login-box')!;
      await signInWithPassword(box, ADMIN.email, ADMIN.password);
      await waitUntil(() => nav.urls.length > 0, 'post-auth navigation', { timeout: 10000 });
      expect(nav.urls).to.deep.equal([home()]);
    } finally {
      nav.stop();
    }
  });

  it('step-up with a redirect-url that is not http(s) returns to the authenticated URL', async function () {
    this.timeout(30000);
    const r = await fetch('/frontegg/identity/resources/auth/v1/user', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(ADMIN) });
    const { userId } = await r.json();
    const { secret } = await (await fetch(`/_emulator/users/${userId}/authenticators`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' })).json();
    sessionStorage.setItem(STEP_UP_FLAG_KEY, '300');
    const nav = navigations();
    try {
      const app = await fixture<FeAppElement>(
        html`<fe-app base-url=${location.origin} log-level="error"><fe-step-up max-age="300" redirect-url=" javascript:window.__pwned=1"></fe-step-up></fe-app>`,
      );
      const el = app.querySelector('fe-step-up')!;
      await waitForStep(el, 'verify');
      type(input(el, 'code')!, totp(secret));
      submit(el);
      await waitUntil(() => nav.urls.length > 0, 'returns', { timeout: 10000 });
      expect(allSafe(nav.urls)).to.equal(true);
      expect(nav.urls).to.deep.equal([home()]);
    } finally {
      nav.stop();
    }
  });

  it('SI-2.20 open app (/account/redirect) with a redirectUrl that is not http(s) sends a signed-in user to the authenticated URL', async () => {
    await fetch('/frontegg/identity/resources/auth/v1/user', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(ADMIN) });
    const before = location.href;
    const nav = navigations();
    try {
      for (const url of HOSTILE.slice(0, 6)) {
        history.replaceState(null, '', `/account/redirect?redirectUrl=${encodeURIComponent(url)}`);
        const app = await fixture<FeAppElement>(html`<fe-app base-url=${location.origin} log-level="error"><fe-open-app></fe-open-app></fe-app>`);
        await waitUntil(() => nav.urls.length > 0, 'navigates', { timeout: 10000 });
        expect(nav.urls.splice(0), JSON.stringify(url)).to.deep.equal([home()]);
        app.remove();
      }
    } finally {
      nav.stop();
      history.replaceState(null, '', before);
    }
  });
});
