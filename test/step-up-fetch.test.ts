import { expect, fixture, html, waitUntil } from '@open-wc/testing';
import { ofetch } from 'ofetch';
import type { FeAppElement } from '../elements/fe-app.ts';
import '../elements/fe-step-up.ts';
import { stepUpFetch, stepUpInterceptor, StepUpRequiredError, type StepUpFetchOptions } from '../src/app/step-up-fetch.ts';
import type { StepUpChallenge } from '../src/auth/www-authenticate.ts';
import { createServerSession, requireAuthLevel } from '../src/server/index.ts';
import { ADMIN, resetEmulator } from './helpers/emulator.ts';

/**
 * `stepUpFetch` and `stepUpInterceptor` (src/app/step-up-fetch.ts, issue 35 part 1) in Chromium against a host API
 * that is the real `requireAuthLevel({ maxAge: 300 })` of fe-elements/server (Web Crypto: it runs in the page too),
 * verifying the emulator's real access tokens on its JWKS. The guard's clock starts 400 s ahead (the sign-in is then
 * too old); the host's own step-up (`options.stepUp`) sets it back. The dialog path is the end-to-end test's
 * (test/e2e/step-up-fetch.e2e.ts).
 */
describe('stepUpFetch against requireAuthLevel', () => {
  let app: FeAppElement;
  let ahead: number;
  let calls: { method: string; authorization: string | null; body?: string }[];
  let hostApi: typeof fetch;
  let stepUps: StepUpChallenge[];
  /** The host's own step-up: a fresh sign-in as far as the guard's clock tells. */
  const hostStepUp = async (challenge: StepUpChallenge) => {
    stepUps.push(challenge);
    await new Promise((r) => setTimeout(r, 50));
    ahead = 0;
    return true;
  };
  const token = () => app.app!.stores.$session.get().accessToken!;
  const withToken = (init: RequestInit = {}): RequestInit => ({ ...init, headers: { authorization: `Bearer ${token()}` } });

  beforeEach(async () => {
    await resetEmulator();
    await fetch('/frontegg/identity/resources/auth/v1/user', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(ADMIN) });
    app = await fixture<FeAppElement>(html`<fe-app base-url=${location.origin}></fe-app>`);
    await waitUntil(() => app.app?.stores.$session.get().isAuthenticated, 'signed in', { timeout: 10000 });
    ahead = 400;
    calls = [];
    stepUps = [];
    const server = createServerSession({ baseUrl: location.origin, clientId: 'demo-client', encryptionPassword: 'ab'.repeat(32), issuer: false, env: {} });
    const guard = requireAuthLevel({ maxAge: 300, server, now: () => Date.now() + ahead * 1000 });
    const handler = guard.handle(async (request) => Response.json({ ok: true, method: request.method, ...(request.method === 'POST' ? { body: await request.json() } : {}) }));
    hostApi = async (input, init) => {
      const request = new Request(input, init);
      calls.push({ method: request.method, authorization: request.headers.get('authorization'), ...(request.method === 'POST' ? { body: await request.clone().text() } : {}) });
      return handler(request);
    };
  });

  const api = (options: Partial<StepUpFetchOptions> = {}) => stepUpFetch(hostApi, { app: app.app!, stepUp: hostStepUp, ...options });
  const rejection = async (p: Promise<unknown>) => {
    try {
      await p;
    } catch (e) {
      return e;
    }
    throw new Error('resolved');
  };

  it('a GET that meets the challenge runs the step-up with its max_age, then is sent once more and answers 200', async () => {
    const res = await api()('/api/cases', withToken());
    expect(res.status).to.equal(200);
    expect(await res.json()).to.deep.equal({ ok: true, method: 'GET' });
    expect(stepUps.map((c) => c.maxAge)).to.deep.equal([300]);
    expect(calls.length).to.equal(2);
  });

  it('the retry carries the session’s new access token when the request carried a bearer (getAccessToken overrides it)', async () => {
    const { accessToken: other } = await (
      await fetch('/frontegg/identity/resources/auth/v1/user', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(ADMIN) })
    ).json();
    await api()('/api/cases', { headers: { authorization: `Bearer ${other}` } });
    expect(calls.map((c) => c.authorization)).to.deep.equal([`Bearer ${other}`, `Bearer ${token()}`]);
    ahead = 400;
    calls = [];
    await api({ getAccessToken: () => other })('/api/cases', withToken());
    expect(calls[1].authorization).to.equal(`Bearer ${other}`);
  });

  it('three parallel calls share one step-up and all answer 200; fe-step-up-required and fe-step-up-completed fire once, on <fe-app>', async () => {
    const events: string[] = [];
    for (const type of ['fe-step-up-required', 'fe-step-up-completed'] as const) app.addEventListener(type, (e) => events.push(`${e.type}:${JSON.stringify(e.detail)}`));
    const answers = await Promise.all([1, 2, 3].map((n) => api()(`/api/cases?n=${n}`, withToken())));
    expect(answers.map((r) => r.status)).to.deep.equal([200, 200, 200]);
    expect(stepUps.length).to.equal(1);
    expect(events.length).to.equal(2);
    expect(events[0]).to.match(/^fe-step-up-required:.*"maxAge":300.*"url":"http[^"]+\/api\/cases\?n=\d","method":"GET"/);
    expect(events[1]).to.match(/^fe-step-up-completed:.*"steppedUp":true/);
  });

  it('a POST not marked retryable rejects with StepUpRequiredError (not-retryable) and runs no step-up; marked retryable, it is sent again with its body', async () => {
    const post = (options: Partial<StepUpFetchOptions>) => api(options)('/api/cases', withToken({ method: 'POST', body: JSON.stringify({ title: 'Ice' }) }));
    const error = (await rejection(post({}))) as StepUpRequiredError;
    expect(error).to.be.instanceOf(StepUpRequiredError);
    expect(error.reason).to.equal('not-retryable');
    expect(error.challenge.maxAge).to.equal(300);
    expect(error.response?.status).to.equal(401);
    expect(stepUps.length).to.equal(0);
    const res = await post({ retryable: (r) => r.method === 'POST' && r.url.endsWith('/api/cases') });
    expect(await res.json()).to.deep.equal({ ok: true, method: 'POST', body: { title: 'Ice' } });
    expect(calls.map((c) => c.body)).to.deep.equal(['{"title":"Ice"}', '{"title":"Ice"}', '{"title":"Ice"}']);
  });

  it('a retry that meets the challenge again rejects (repeated); a step-up the host refuses rejects (cancelled); neither retries twice', async () => {
    const repeated = (await rejection(api({ stepUp: async () => true })('/api/cases', withToken()))) as StepUpRequiredError;
    expect(repeated.reason).to.equal('repeated');
    expect(calls.length).to.equal(2);
    calls = [];
    const cancelled = (await rejection(api({ stepUp: async () => false })('/api/cases', withToken()))) as StepUpRequiredError;
    expect(cancelled.reason).to.equal('cancelled');
    expect(calls.length).to.equal(1);
  });

  it('a host that cancels fe-step-up-required gets StepUpRequiredError (cancelled) and no step-up runs', async () => {
    const cancel = (e: Event) => e.preventDefault();
    document.addEventListener('fe-step-up-required', cancel);
    try {
      const error = (await rejection(api()('/api/cases', withToken()))) as StepUpRequiredError;
      expect(error.reason).to.equal('cancelled');
      expect(stepUps.length).to.equal(0);
    } finally {
      document.removeEventListener('fe-step-up-required', cancel);
    }
  });

  it('without a dialog or a host step-up, stepUp() leaves for the step-up route with max_age and the call rejects (redirected)', async () => {
    const navigated: string[] = [];
    app.app!.navigate = (url: string) => void navigated.push(url);
    const error = (await rejection(stepUpFetch(hostApi, { app: app.app! })('/api/cases', withToken()))) as StepUpRequiredError;
    expect(error.reason).to.equal('redirected');
    const url = new URL(navigated[0]);
    expect(url.pathname).to.equal('/account/step-up');
    expect(url.searchParams.get('maxAge')).to.equal('300');
    sessionStorage.clear();
  });

  it('answers other than the challenge pass through untouched: 200, a plain 401 (no token), a 401 with another Bearer error', async () => {
    ahead = 0;
    expect((await api()('/api/cases', withToken())).status).to.equal(200);
    const none = await api()('/api/cases');
    expect(none.status).to.equal(401);
    expect(none.headers.get('www-authenticate')).to.equal('Bearer');
    const other = await stepUpFetch(async () => new Response(null, { status: 401, headers: { 'www-authenticate': 'Bearer error="invalid_token"' } }), { app: app.app! })('/x');
    expect(other.status).to.equal(401);
    expect(stepUps.length).to.equal(0);
  });

  it('stepUpInterceptor (ofetch): the challenge is answered and the retry’s parsed body returned; refused, the call rejects with StepUpRequiredError', async () => {
    const $fetch = ofetch.create({}, { fetch: hostApi });
    const client = $fetch.create({ ...stepUpInterceptor({ app: app.app!, stepUp: hostStepUp, $fetch }), headers: { authorization: `Bearer ${token()}` } });
    expect(await client('/api/cases')).to.deep.equal({ ok: true, method: 'GET' });
    expect(stepUps.length).to.equal(1);
    expect(calls.length).to.equal(2);

    ahead = 400;
    const refused = $fetch.create({ ...stepUpInterceptor({ app: app.app!, stepUp: async () => false, $fetch }), headers: { authorization: `Bearer ${token()}` } });
    const error = (await rejection(refused('/api/cases'))) as StepUpRequiredError;
    expect(error).to.be.instanceOf(StepUpRequiredError);
    expect(error.reason).to.equal('cancelled');
  });
});
