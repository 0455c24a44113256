/**
 * Step-up from the host's own API (RFC 9470): `stepUpFetch` (a `fetch` of the same signature) and
 * `stepUpInterceptor` (ofetch hooks). A `401` whose `WWW-Authenticate` carries
 * `Bearer error="insufficient_user_authentication"` (with `acr_values`, `max_age`: src/auth/www-authenticate.ts)
 * runs a step-up — `<fe-step-up>` in a modal dialog on the page when the host opts in (`dialog: true`), else
 * `stepUp()` (the session transport's hosted login with `acr_values`/`max_age`, else the step-up route) — and sends
 * the request once more with the new access token. Requests that meet the challenge while a step-up runs (or that
 * were sent before it ended) share it: one step-up per app. Sign-in §4 "Step-up"; issue 35 part 1.
 */
import type { $Fetch, FetchContext, FetchHook } from 'ofetch';
import { clearStepUpFlag, isSteppedUp, setStepUpFlag } from '../auth/step-up.ts';
import { stepUpChallengeOf, type StepUpChallenge } from '../auth/www-authenticate.ts';
import { FeStepUpCompletedEvent, FeStepUpRequiredEvent, type FeStepUpCompletedDetail } from '../events/step-up.ts';
import { defaultApp } from './app.ts';
import { stepUp } from './step-up.ts';
import type { FeApp } from './types.ts';

/** Why a request that met a step-up challenge was not answered. */
export type StepUpFailure = 'cancelled' | 'failed' | 'redirected' | 'not-retryable' | 'repeated';

/**
 * The host's API asked for a step-up and the request was not sent again (or was refused again):
 * - `cancelled`: the user closed the dialog (or the host cancelled `fe-step-up-required`, or its `stepUp` answered false);
 * - `failed`: the step-up failed (the element then signs out, sign-in §4);
 * - `redirected`: the step-up left the page (hosted login or the step-up route): the request was not retried;
 * - `not-retryable`: a non-idempotent request (POST, PATCH …) the host did not mark `retryable`: no step-up ran;
 * - `repeated`: the request sent again after the step-up met the challenge again.
 */
export class StepUpRequiredError extends Error {
  constructor(
    /** The parsed challenge (`acrValues`, `maxAge`, `errorDescription`). */
    readonly challenge: StepUpChallenge,
    readonly reason: StepUpFailure,
    /** The last answer (the challenge), unread. */
    readonly response?: Response,
  ) {
    super(`Step-up required (${reason})${challenge.errorDescription ? `: ${challenge.errorDescription}` : ''}`);
    this.name = 'StepUpRequiredError';
  }
}

/** Options of {@link stepUpFetch} and {@link stepUpInterceptor}. */
export interface StepUpFetchOptions {
  /** The app (default: the page's `<fe-app>`, see `defaultApp()`). */
  app?: FeApp;
  /**
   * Step up in a modal `<dialog>` on this page (`<fe-step-up>` inside `<fe-app>`, with a Cancel button): the page
   * stays, and the request is answered once the user confirmed. Needs `fe-step-up` defined (the `fe-elements` entry,
   * or `fe-elements/fe-step-up`); without it, or when false (the default), `stepUp()` leaves the page.
   */
  dialog?: boolean;
  /**
   * Non-idempotent requests (POST, PATCH, CONNECT or any method RFC 9110 §9.2.2 does not call idempotent) are sent
   * again only when this says so (`true`, or a function of the request). Default: none; they reject with
   * `StepUpRequiredError` (`not-retryable`) and no step-up runs.
   */
  retryable?: boolean | ((request: { method: string; url: string }) => boolean);
  /**
   * The host's own step-up (its UI): resolves true once the user stepped up (the request is then sent again), false
   * when not (`cancelled`). Replaces the dialog and `stepUp()`.
   */
  stepUp?: (challenge: StepUpChallenge) => Promise<boolean>;
  /**
   * The access token of the retry's `Authorization: Bearer` header, which is replaced only when the request carried
   * one. Default: the app's session (`$session.accessToken`). A request sent without one (a cookie session, as with
   * `fe-elements/server`) is sent again as it was: its cookie then carries the stepped-up session.
   */
  getAccessToken?: () => string | null | undefined;
}

/** RFC 9110 §9.2.2. */
const IDEMPOTENT = new Set(['GET', 'HEAD', 'OPTIONS', 'TRACE', 'PUT', 'DELETE']);

/** One app's step-up in flight and how many have ended (a request sent before the last one ended just retries). */
interface StepUpState {
  running: Promise<void> | null;
  generation: number;
}
const states = new WeakMap<FeApp, StepUpState>();
const stateOf = (app: FeApp): StepUpState => {
  let s = states.get(app);
  if (!s) states.set(app, (s = { running: null, generation: 0 }));
  return s;
};

/** Where the events go and the dialog lives: the app's `<fe-app>`, else `document`. */
function hostOf(app: FeApp): Element | Document {
  const target = app.i18n.target;
  return target instanceof Element ? target : document;
}

/** `<fe-step-up>` in a modal dialog; resolves true once stepped up, false when closed; rejects `failed`. */
function dialogStepUp(app: FeApp, challenge: StepUpChallenge): Promise<boolean> {
  const host = hostOf(app);
  const t = app.i18n.$t.get();
  setStepUpFlag(challenge.maxAge);
  const dialog = document.createElement('dialog');
  dialog.className = 'fe-step-up-dialog';
  dialog.setAttribute('aria-label', t('stepUp.title'));
  const element = document.createElement('fe-step-up');
  if (challenge.maxAge !== undefined) element.setAttribute('max-age', String(challenge.maxAge));
  element.setAttribute('redirect-url', location.href);
  const cancel = document.createElement('button');
  cancel.type = 'button';
  cancel.className = 'fe-step-up-dialog-cancel';
  cancel.textContent = t('stepUp.cancel');
  dialog.append(element, cancel);
  (host instanceof Element ? host : document.body).append(dialog);
  return new Promise<boolean>((resolve, reject) => {
    let steppedUp = false;
    let over = false;
    const finish = (outcome: boolean | Error) => {
      if (over) return;
      over = true;
      clearStepUpFlag();
      if (dialog.open) dialog.close();
      dialog.remove();
      if (outcome instanceof Error) reject(outcome);
      else resolve(outcome);
    };
    dialog.addEventListener('fe-step-up', () => (steppedUp = true));
    dialog.addEventListener('fe-navigate', (e) => {
      // stepped up (or already, as the element found): it would go back to this page — the page stays; any other
      // navigation (the sign-out after a failed step-up) goes on
      if (steppedUp || new URL(e.detail.url, location.href).href === location.href) {
        e.preventDefault();
        finish(true);
      } else finish(new StepUpRequiredError(challenge, 'failed'));
    });
    // Escape
    dialog.addEventListener('cancel', (e) => {
      e.preventDefault();
      finish(false);
    });
    cancel.addEventListener('click', () => finish(false));
    dialog.showModal();
  });
}

/** Runs one step-up for `challenge`; resolves when the user stepped up, rejects with a {@link StepUpRequiredError}. */
async function runStepUp(app: FeApp, challenge: StepUpChallenge, request: { url: string; method: string }, options: StepUpFetchOptions): Promise<void> {
  const host = hostOf(app);
  const completed = (detail: Omit<FeStepUpCompletedDetail, 'challenge'>) => host.dispatchEvent(new FeStepUpCompletedEvent({ challenge, ...detail }));
  const fail = (reason: 'cancelled' | 'failed' | 'redirected') => {
    completed({ steppedUp: false, reason });
    return new StepUpRequiredError(challenge, reason);
  };
  if (!host.dispatchEvent(new FeStepUpRequiredEvent({ challenge, url: request.url, method: request.method }))) throw fail('cancelled');
  let ok: boolean;
  try {
    if (options.stepUp) ok = await options.stepUp(challenge);
    // the session already says stepped up for max_age (and the multi-factor acr): the retry tells
    else if (isSteppedUp(app.stores.$session.get().user, { maxAge: challenge.maxAge })) ok = true;
    else if (options.dialog && customElements.get('fe-step-up')) ok = await dialogStepUp(app, challenge);
    else if (await stepUp({ maxAge: challenge.maxAge }, app)) ok = true;
    else throw fail('redirected');
  } catch (e) {
    if (e instanceof StepUpRequiredError) {
      if (e.reason === 'failed') completed({ steppedUp: false, reason: 'failed' });
      throw e;
    }
    throw fail('failed');
  }
  if (!ok) throw fail('cancelled');
  completed({ steppedUp: true });
}

/**
 * The shared part of both wrappers: `response` met the challenge (`challenge`); runs or joins the app's step-up
 * (unless one ended after the request was sent: then it just retries) and resolves with the `Authorization` value of
 * the retry (`undefined`: keep the request's headers).
 * @throws StepUpRequiredError (`not-retryable`, `cancelled`, `failed`, `redirected`).
 */
async function answerChallenge(
  challenge: StepUpChallenge,
  request: { url: string; method: string; authorization: string | null; sentAt: number },
  response: Response | undefined,
  options: StepUpFetchOptions,
  app: FeApp,
): Promise<string | undefined> {
  const method = request.method.toUpperCase();
  const retryable = IDEMPOTENT.has(method) || (typeof options.retryable === 'function' ? options.retryable({ method, url: request.url }) : !!options.retryable);
  if (!retryable) throw new StepUpRequiredError(challenge, 'not-retryable', response);
  const state = stateOf(app);
  if (state.generation === request.sentAt) {
    if (!state.running) {
      const running = runStepUp(app, challenge, { url: request.url, method }, options).finally(() => {
        state.running = null;
        state.generation++;
      });
      state.running = running;
    }
    try {
      await state.running;
    } catch (e) {
      if (e instanceof StepUpRequiredError) throw new StepUpRequiredError(challenge, e.reason, response);
      throw e;
    }
  }
  if (!request.authorization || !/^bearer\s/i.test(request.authorization)) return undefined;
  const token = options.getAccessToken ? options.getAccessToken() : app.stores.$session.get().accessToken;
  return token ? `Bearer ${token}` : undefined;
}

const appOf = (options: StepUpFetchOptions) => options.app ?? defaultApp();

/**
 * A `fetch` (same signature) that answers RFC 9470 step-up challenges of the host's API: on a `401` with
 * `WWW-Authenticate: Bearer error="insufficient_user_authentication", acr_values="…", max_age=…` it runs the step-up
 * (see {@link StepUpFetchOptions.dialog}), then sends the request once more — with the new access token when it
 * carried `Authorization: Bearer`. Concurrent requests share one step-up; `fe-step-up-required` /
 * `fe-step-up-completed` are fired on `<fe-app>` around it. Any other answer is returned as it is.
 *
 * ```js
 * import { stepUpFetch } from 'fe-elements';
 * const api = stepUpFetch(fetch, { dialog: true });
 * const res = await api('/api/cases'); // 200 after the user confirmed with a second factor
 * ```
 * @param fetchImpl the fetch to wrap (default `globalThis.fetch`).
 * @throws StepUpRequiredError (its `challenge` and `reason`) when the step-up was cancelled or failed, left the page,
 *   the request is not retryable, or the retry met the challenge again; the wrapped fetch's own errors pass through.
 */
export function stepUpFetch(fetchImpl: typeof fetch = (...args) => globalThis.fetch(...args), options: StepUpFetchOptions = {}): typeof fetch {
  return async (input, init) => {
    const request = new Request(input, init);
    const app = appOf(options);
    const sentAt = stateOf(app).generation;
    const first = await fetchImpl(request.clone());
    const challenge = first.status === 401 ? stepUpChallengeOf(first.headers.get('www-authenticate')) : null;
    if (!challenge) return first;
    const authorization = await answerChallenge(
      challenge,
      { url: request.url, method: request.method, authorization: request.headers.get('authorization'), sentAt },
      first,
      options,
      app,
    );
    const retry = new Request(request, authorization ? { headers: withHeader(request.headers, 'authorization', authorization) } : undefined);
    const second = await fetchImpl(retry);
    const again = second.status === 401 ? stepUpChallengeOf(second.headers.get('www-authenticate')) : null;
    if (again) throw new StepUpRequiredError(again, 'repeated', second);
    return second;
  };
}

function withHeader(headers: Headers, name: string, value: string): Headers {
  const copy = new Headers(headers);
  copy.set(name, value);
  return copy;
}

/** The hooks {@link stepUpInterceptor} returns (spread them into `ofetch.create(…)` or one call's options). */
export interface StepUpInterceptor {
  onRequest: FetchHook<FetchContext>;
  onResponse: FetchHook<FetchContext>;
}

/**
 * ofetch hooks that answer RFC 9470 step-up challenges as {@link stepUpFetch} does: the challenge's `401` runs (or
 * joins) the step-up, the request is sent once more (its own hooks but these, no ofetch retry) and its answer
 * replaces the `401` — parsed as usual, an error status still throws ofetch's `FetchError`.
 *
 * ```js
 * import { ofetch } from 'ofetch';
 * import { stepUpInterceptor } from 'fe-elements';
 * const api = ofetch.create({ baseURL: '/api', ...stepUpInterceptor({ dialog: true }) });
 * ```
 * @param options also `$fetch`: the ofetch instance that sends the retry (default ofetch's `ofetch`).
 * @throws StepUpRequiredError from the call (see {@link stepUpFetch}).
 */
export function stepUpInterceptor(options: StepUpFetchOptions & { $fetch?: $Fetch } = {}): StepUpInterceptor {
  const sentAt = new WeakMap<object, number>();
  const hooks: StepUpInterceptor = {
    onRequest(context) {
      sentAt.set(context, stateOf(appOf(options)).generation);
    },
    async onResponse(context) {
      const { response } = context;
      const challenge = response?.status === 401 ? stepUpChallengeOf(response.headers.get('www-authenticate')) : null;
      if (!challenge) return;
      const app = appOf(options);
      const headers = new Headers(context.options.headers);
      const url = typeof context.request === 'string' ? new URL(context.request, location.href).href : context.request.url;
      const method = (context.options.method ?? (typeof context.request === 'string' ? 'GET' : context.request.method)).toUpperCase();
      const authorization = await answerChallenge(
        challenge,
        { url, method, authorization: headers.get('authorization'), sentAt: sentAt.get(context) ?? stateOf(app).generation },
        response,
        options,
        app,
      );
      if (authorization) headers.set('authorization', authorization);
      const $fetch = options.$fetch ?? (await import('ofetch')).ofetch;
      const without = <T>(hook: T | T[] | undefined, own: T): T[] => [hook ?? []].flat().filter((h) => h !== own) as T[];
      const retried = await $fetch.raw(context.request, {
        ...context.options,
        headers,
        retry: false,
        ignoreResponseError: true,
        onRequest: without(context.options.onRequest, hooks.onRequest),
        onResponse: without(context.options.onResponse, hooks.onResponse),
      });
      const again = retried.status === 401 ? stepUpChallengeOf(retried.headers.get('www-authenticate')) : null;
      if (again) throw new StepUpRequiredError(again, 'repeated', retried);
      context.response = retried;
    },
  };
  return hooks;
}
