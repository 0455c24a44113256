/**
 * One server session per process (Node or Edge runtime: fe-elements/server uses
 * Web Crypto and fetch only). Configuration from FE_* environment variables; a
 * missing or invalid one fails at start with "Missing one or more environment
 * variables (…)" / "Invalid environment variable (…), must be a valid …".
 *
 * The session object is kept on `globalThis`: Next.js may load this module once per
 * route bundle (and again on every hot reload in development), but the route handlers
 * and `proxy.ts` must share one — it coalesces concurrent refreshes of a refresh token
 * and remembers signed-out sessions, so that a refresh in flight at logout cannot seal
 * a new session cookie after `/account/logout` cleared it.
 */
import { configFromEnv, createRequestHandler, createServerSession, type FeServerSession, type RequestHandler } from 'fe-elements/server';

const shared = globalThis as typeof globalThis & { __feSession?: { fe: FeServerSession; handler: RequestHandler } };

shared.__feSession ??= (() => {
  const session = createServerSession(configFromEnv(process.env));
  return { fe: session, handler: createRequestHandler(session) };
})();

/** `getSession(request | headers)` for server components, route handlers and `proxy.ts`. */
export const fe: FeServerSession = shared.__feSession.fe;

/** `/frontegg/*` proxy, `/oauth/callback`, `/account/login` (hosted), `/account/logout`. */
export const feHandler: RequestHandler = shared.__feSession.handler;

/** Route handler body: the session handler, or 404 for a path it does not serve. */
export async function handle(request: Request): Promise<Response> {
  return (await feHandler(request)) ?? new Response('Not found', { status: 404 });
}
