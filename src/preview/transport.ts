/**
 * Preview (builder) transport (sign-in §1; checklist SI-1.09, SI-1.10): a
 * `fetch` replacement that answers every API call of the client with canned
 * demo data (./data.ts) and never touches the network. `<fe-app preview>`
 * routes all calls through {@link previewFetch} (src/app/app.ts).
 *
 * - Start-up: flags (the fixed {@link PREVIEW_FEATURE_FLAGS}, all 'on'),
 *   metadata, vendor public info; the session refresh answers **401**, so a
 *   preview starts signed out.
 * - Sign-in: pre-login never finds SSO; password login signs in any email
 *   (scenarios by plus-tag, see ./data.ts); MFA verify, authenticator
 *   enrolment (QR code + secret, then a recovery code) and recovery work.
 * - After sign-in: me, authorization, tenants v3, entitlements; logout → `{}`;
 *   the user's passkeys (one) and an authenticator-app enrolment (step-up).
 * - Admin calls: each section's answers (its `preview.ts`), registered by
 *   the portal's shell in preview mode (./section-routes.ts; a write in a
 *   section's own API areas answers `{}`).
 * - Anything else: 404 `{errors: ['Not available in preview']}`.
 *
 * Every answer carries JSON and a `frontegg-trace-id` header. Paths are
 * matched by their end, so any base URL and `url-prefix` work.
 */
import { AUTH_PATHS } from '../api/auth.ts';
import { MFA_PATHS } from '../api/mfa.ts';
import { PASSKEY_PATHS } from '../api/passkeys.ts';
import { TRACE_ID_HEADER } from '../api/errors.ts';
import {
  emailOfMfaToken,
  fromBase64url,
  PREVIEW_AUTHORIZATION,
  PREVIEW_AUTH_STRATEGIES,
  PREVIEW_EMAIL,
  PREVIEW_ENTITLEMENTS,
  PREVIEW_FLAGS,
  PREVIEW_METADATA,
  PREVIEW_MFA_ENROLLMENT,
  PREVIEW_PASSWORD_CONFIG,
  PREVIEW_RECOVERY_CODE,
  PREVIEW_TENANT,
  PREVIEW_TENANTS,
  PREVIEW_VENDOR_CONFIG,
  PREVIEW_VENDOR_PUBLIC_INFO,
  previewLoginResponse,
  previewMfaRequired,
  previewProfile,
  previewScenarioOf,
} from './data.ts';
import { sectionPreviewAnswer } from './section-routes.ts';

export { PREVIEW_FEATURE_FLAGS, PREVIEW_FLAGS } from './data.ts';

/** Message of every refused or unknown call. */
export const NOT_IN_PREVIEW = 'Not available in preview';

/** A canned answer: HTTP status and JSON body. */
export interface PreviewAnswer {
  status: number;
  body: unknown;
}

/** One request as the preview sees it. */
export interface PreviewRequest {
  method: string;
  /** The URL path (no query). */
  path: string;
  query: URLSearchParams;
  /** The parsed JSON body (`undefined` when none or not JSON). */
  body: Record<string, unknown> | undefined;
  /** Unix ms, for token times. */
  now: number;
  /** The `email` claim of the bearer token, when one came (not verified: nothing here is secret). */
  bearerEmail?: string;
}

type Route = { method: string; match: (path: string) => boolean; answer: (req: PreviewRequest) => PreviewAnswer };

const ok = (body: unknown): PreviewAnswer => ({ status: 200, body });
const fail = (status: number, message: string): PreviewAnswer => ({ status, body: { errors: [message] } });
const at = (suffix: string) => (path: string) => path === suffix || path.endsWith(suffix);
const str = (v: unknown) => (typeof v === 'string' ? v : '');
const SIX_DIGITS = /^\d{6}$/;
/** The demo code that is always refused (to show a wrong-code error). */
export const PREVIEW_WRONG_CODE = '000000';
/** The demo password that is always refused (to show a server error). */
export const PREVIEW_WRONG_PASSWORD = 'wrong';

function checkCode(code: unknown): PreviewAnswer | null {
  const c = str(code).trim();
  if (!SIX_DIGITS.test(c)) return fail(400, 'The code must have 6 digits');
  if (c === PREVIEW_WRONG_CODE) return fail(400, 'Invalid authentication code');
  return null;
}

const mfaDone = (req: PreviewRequest, extra = {}) =>
  previewLoginResponse(emailOfMfaToken(req.body?.mfaToken), req.now, { amr: ['pwd', 'mfa', 'otp'], mfaEnrolled: true, ...extra });

const routes: Route[] = [
  // start-up (sign-in §4 loading order)
  { method: 'GET', match: at(AUTH_PATHS.flags), answer: () => ok(PREVIEW_FLAGS) },
  {
    method: 'GET',
    // exactly `/metadata`: other areas have paths ending so (the accounts' `hierarchy/v2/metadata`)
    match: (path) => path.replace(/^\/frontegg/, '') === AUTH_PATHS.metadata,
    answer: (r) => ok({ rows: [{ id: 'preview-metadata', entityName: r.query.get('entityName') ?? 'adminBox', configuration: PREVIEW_METADATA }] }),
  },
  { method: 'GET', match: at(AUTH_PATHS.vendorPublic), answer: () => ok(PREVIEW_VENDOR_PUBLIC_INFO) },
  { method: 'GET', match: at(AUTH_PATHS.vendorConfig), answer: () => ok(PREVIEW_VENDOR_CONFIG) },
  { method: 'GET', match: at(AUTH_PATHS.publicAuthStrategies), answer: () => ok(PREVIEW_AUTH_STRATEGIES) },
  { method: 'GET', match: at(AUTH_PATHS.passwordConfig), answer: () => ok(PREVIEW_PASSWORD_CONFIG) },
  // a preview starts signed out: the refresh cookie never exists
  { method: 'POST', match: at(AUTH_PATHS.refreshToken), answer: () => fail(401, 'Session not found (preview)') },
  { method: 'POST', match: at(AUTH_PATHS.logout), answer: () => ok({}) },
  // sign-in
  { method: 'POST', match: at(AUTH_PATHS.preLogin), answer: () => ok({}) },
  {
    method: 'POST',
    match: at(AUTH_PATHS.login),
    answer: (r) => {
      const email = str(r.body?.email).trim() || PREVIEW_EMAIL;
      const password = str(r.body?.password);
      if (!password || password === PREVIEW_WRONG_PASSWORD) return fail(401, 'Invalid authentication');
      switch (previewScenarioOf(email)) {
        case 'mfa':
          return ok(previewMfaRequired(email, true));
        case 'enroll':
          return ok(previewMfaRequired(email, false));
        case 'breached':
          return ok(previewLoginResponse(email, r.now, { isBreachedPassword: true }));
        default:
          return ok(previewLoginResponse(email, r.now));
      }
    },
  },
  { method: 'POST', match: at(AUTH_PATHS.mfaVerify), answer: (r) => checkCode(r.body?.value) ?? ok(mfaDone(r)) },
  { method: 'POST', match: at(AUTH_PATHS.authenticatorEnroll), answer: () => ok(PREVIEW_MFA_ENROLLMENT) },
  // before the device route: `authenticator/enroll/verify` would match `authenticator/{id}/verify`
  {
    method: 'POST',
    match: at(AUTH_PATHS.authenticatorEnrollVerify),
    answer: (r) => checkCode(r.body?.token) ?? ok(mfaDone(r, { recoveryCode: PREVIEW_RECOVERY_CODE })),
  },
  { method: 'POST', match: (p) => /\/identity\/resources\/auth\/v1\/user\/mfa\/authenticator\/[^/]+\/verify$/.test(p), answer: (r) => checkCode(r.body?.value) ?? ok(mfaDone(r)) },
  { method: 'POST', match: at(AUTH_PATHS.mfaRecover), answer: (r) => (str(r.body?.recoveryCode).trim() ? ok({}) : fail(400, 'Invalid recovery code')) },
  { method: 'POST', match: at(AUTH_PATHS.forgotPassword), answer: () => ok({}) },
  {
    method: 'POST',
    match: at(AUTH_PATHS.signUp),
    answer: (r) => {
      const email = str(r.body?.email).trim() || PREVIEW_EMAIL;
      return ok({ shouldActivate: false, userId: 'preview-user', tenantId: PREVIEW_TENANT.tenantId, authResponse: previewLoginResponse(email, r.now) });
    },
  },
  // after sign-in (bearer token not checked: nothing here is secret)
  { method: 'GET', match: at(AUTH_PATHS.me), answer: (r) => ok(previewProfile(r.bearerEmail || PREVIEW_EMAIL)) },
  { method: 'GET', match: at(AUTH_PATHS.authorization), answer: () => ok(PREVIEW_AUTHORIZATION) },
  { method: 'GET', match: at(AUTH_PATHS.tenants), answer: () => ok(PREVIEW_TENANTS) },
  { method: 'GET', match: at(AUTH_PATHS.entitlements), answer: () => ok(PREVIEW_ENTITLEMENTS) },
  // the demo user has a passkey (as the privacy section's devices say), so a preview sign-in is not offered to add one
  { method: 'GET', match: at(PASSKEY_PATHS.devices), answer: () => ok({ devices: [{ id: 'passkey-1', deviceType: 'Platform', createdAt: '2026-01-02T00:00:00.000Z' }] }) },
  // the signed-in user's authenticator app (step-up's enrolment, the privacy section's too)
  { method: 'POST', match: at(MFA_PATHS.userAuthenticatorEnroll), answer: () => ok(PREVIEW_MFA_ENROLLMENT) },
  { method: 'POST', match: at(MFA_PATHS.userAuthenticatorEnrollVerify), answer: () => ok({ recoveryCode: PREVIEW_RECOVERY_CODE }) },
];

/**
 * The canned answer to one request (pure: same request, same answer).
 * Unknown paths or methods give 404 `{errors: ['Not available in preview']}`.
 */
export function previewAnswer(req: PreviewRequest): PreviewAnswer {
  const method = req.method.toUpperCase();
  const path = req.path.replace(/\/+$/, '');
  const route = routes.find((r) => r.method === method && r.match(path));
  if (route) return route.answer(req);
  // the admin sections' calls: the answers the shell registered from each section's preview.ts (./section-routes.ts)
  return sectionPreviewAnswer({ ...req, method, path: path.replace(/^\/frontegg/, '') }) ?? fail(404, NOT_IN_PREVIEW);
}

/** A stable trace id per method and path (FNV-1a), so errors show one like the real API. */
export function previewTraceId(method: string, path: string): string {
  let h = 0x811c9dc5;
  for (const ch of `${method} ${path}`) h = Math.imul(h ^ ch.charCodeAt(0), 0x01000193) >>> 0;
  return `preview-${h.toString(16).padStart(8, '0')}`;
}

function headerOf(headers: HeadersInit | undefined, name: string): string | null {
  if (!headers) return null;
  return new Headers(headers).get(name);
}

/** The `email` claim of a bearer JWT, if it decodes. */
function emailOfBearer(authorization: string | null): string | undefined {
  const token = authorization?.replace(/^Bearer\s+/i, '');
  const payload = token?.split('.')[1];
  if (!payload) return undefined;
  try {
    const email = (JSON.parse(fromBase64url(payload)) as { email?: unknown }).email;
    return typeof email === 'string' ? email : undefined;
  } catch {
    return undefined;
  }
}

/**
 * `fetch`-compatible preview transport: answers from canned data, never
 * uses the network. Reads the method, URL, JSON body and bearer token of
 * `input`/`init`; always answers JSON with a `frontegg-trace-id` header.
 */
export async function previewFetch(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
  const request = typeof Request !== 'undefined' && input instanceof Request ? input : undefined;
  const url = new URL(request ? request.url : String(input), 'https://preview.invalid');
  const method = (init?.method ?? request?.method ?? 'GET').toUpperCase();
  let bodyText = typeof init?.body === 'string' ? init.body : '';
  if (!bodyText && request && method !== 'GET' && method !== 'HEAD') bodyText = await request.clone().text();
  let body: Record<string, unknown> | undefined;
  try {
    const parsed: unknown = bodyText ? JSON.parse(bodyText) : undefined;
    body = parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : undefined;
  } catch {
    body = undefined;
  }
  const bearerEmail = emailOfBearer(headerOf(init?.headers, 'authorization') ?? request?.headers.get('authorization') ?? null);
  const answer = previewAnswer({ method, path: url.pathname, query: url.searchParams, body, now: Date.now(), bearerEmail });
  return new Response(JSON.stringify(answer.body), {
    status: answer.status,
    statusText: answer.status === 200 ? 'OK' : answer.status === 401 ? 'Unauthorized' : answer.status === 404 ? 'Not Found' : 'Bad Request',
    headers: { 'content-type': 'application/json', [TRACE_ID_HEADER]: previewTraceId(method, url.pathname) },
  });
}
