/**
 * One server session per process (Node or Edge runtime: fe-elements/server uses
 * Web Crypto and fetch only). Configuration from FE_* environment variables; a
 * missing or invalid one fails at start with "Missing one or more environment
 * variables (…)" / "Invalid environment variable (…), must be a valid …".
 */
import { configFromEnv, createRequestHandler, createServerSession } from 'fe-elements/server';

export const fe = createServerSession(configFromEnv(process.env));

/** `/frontegg/*` proxy, `/oauth/callback`, `/account/login` (hosted), `/account/logout`. */
export const feHandler = createRequestHandler(fe);

/** Route handler body: the session handler, or 404 for a path it does not serve. */
export async function handle(request: Request): Promise<Response> {
  return (await feHandler(request)) ?? new Response('Not found', { status: 404 });
}
