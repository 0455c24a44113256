/**
 * An API route that needs a recent sign-in (RFC 9470 step-up, issue 35): `requireAuthLevel({ maxAge: 300 })` wraps
 * the handler. A session cookie (or `Authorization: Bearer`) whose sign-in is older than five minutes is answered
 * `401` with `WWW-Authenticate: Bearer error="insufficient_user_authentication", …, max_age=300`, which `stepUpFetch`
 * in the browser answers with a step-up and a retry; no session at all: `401` with a bare `Bearer` challenge.
 * `server: fe` is the example's one server session (lib/fe.ts), shared with the proxy and the other routes.
 */
import { requireAuthLevel } from 'fe-elements/server';
import { fe } from '../../../lib/fe';

export const dynamic = 'force-dynamic';

const recentSignIn = requireAuthLevel({ maxAge: 300, server: fe });

export const GET = recentSignIn.handle(async () => Response.json({ cases: ['The Pilot', 'Squeeze', 'Ice'] }, { headers: { 'cache-control': 'no-store' } }));
