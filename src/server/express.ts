/**
 * Express (and plain `node:http`) adapter: `feExpress(options)` is a
 * `(req, res, next)` middleware that runs {@link createRequestHandler} —
 * Node's request becomes a `Request`, the `Response` is written back, and
 * any other path goes to `next()`.
 *
 * ```js
 * import express from 'express';
 * import { feExpress, configFromEnv, renderSessionScript } from 'fe-elements/server';
 * const fe = feExpress(configFromEnv(process.env));
 * const app = express();
 * app.use(fe);                                  // before body parsers, or after: both work
 * app.get('/', async (req, res) => {
 *   const session = await fe.getSession(req, res);   // sets the renewed cookie on res
 *   res.send(`<!doctype html>${renderSessionScript(session)}<p>${session ? session.user.name : 'Signed out'}</p>`);
 * });
 * ```
 *
 * The types are structural (no `@types/node` or `express` needed): Node's
 * `IncomingMessage`/`ServerResponse` and Express's `req`/`res` fit them.
 */
import type { ServerSessionOptions } from './config.ts';
import { createRequestHandler } from './handler.ts';
import { createServerSession, type FeServerSession, type GetSessionOptions, type ServerSession } from './session.ts';

export interface NodeLikeRequest extends AsyncIterable<Uint8Array | string> {
  method?: string;
  url?: string;
  /** Express: the URL before mounting stripped the prefix. */
  originalUrl?: string;
  headers: Record<string, string | string[] | undefined>;
  /** Set by a body parser that already read the stream. */
  body?: unknown;
  readableEnded?: boolean;
  complete?: boolean;
  /** Express's `req.protocol` (honours `trust proxy`). */
  protocol?: string;
  /** Node's socket; `encrypted` is true on TLS sockets. */
  socket?: object | null;
}

export interface NodeLikeResponse {
  statusCode: number;
  statusMessage?: string;
  headersSent?: boolean;
  setHeader(name: string, value: string | number | readonly string[]): unknown;
  getHeader(name: string): string | number | string[] | undefined;
  write(chunk: Uint8Array): boolean;
  end(): unknown;
  once?(event: 'drain', listener: () => void): unknown;
}

export type NextFunction = (error?: unknown) => void;

export interface FeExpressMiddleware {
  (req: NodeLikeRequest, res: NodeLikeResponse, next: NextFunction): void;
  /** The session for server rendering; a renewed (or cleared) cookie is added to `res`. */
  getSession(req: NodeLikeRequest, res: NodeLikeResponse, options?: GetSessionOptions): Promise<ServerSession | null>;
  readonly server: FeServerSession;
}

/** The request's origin: `appUrl`, else protocol (Express's `req.protocol` or the socket) and `Host`. */
function originOf(req: NodeLikeRequest, appUrl: string | undefined): string {
  if (appUrl) return appUrl;
  const proto = req.protocol ?? ((req.socket as { encrypted?: boolean } | null | undefined)?.encrypted ? 'https' : 'http');
  const host = [req.headers.host].flat()[0] ?? 'localhost';
  return `${proto}://${host}`;
}

async function bodyOf(req: NodeLikeRequest): Promise<Uint8Array | undefined> {
  const method = (req.method ?? 'GET').toUpperCase();
  if (method === 'GET' || method === 'HEAD') return undefined;
  const consumed = req.body !== undefined && (req.readableEnded || req.complete);
  if (consumed) {
    const b = req.body;
    if (b instanceof Uint8Array) return b;
    if (typeof b === 'string') return new TextEncoder().encode(b);
    const type = String([req.headers['content-type']].flat()[0] ?? '');
    if (type.includes('application/x-www-form-urlencoded') && b && typeof b === 'object') {
      return new TextEncoder().encode(new URLSearchParams(b as Record<string, string>).toString());
    }
    return new TextEncoder().encode(JSON.stringify(b ?? {}));
  }
  const chunks: Uint8Array[] = [];
  for await (const c of req) chunks.push(typeof c === 'string' ? new TextEncoder().encode(c) : c);
  const out = new Uint8Array(chunks.reduce((n, c) => n + c.length, 0));
  let at = 0;
  for (const c of chunks) {
    out.set(c, at);
    at += c.length;
  }
  return out;
}

/** Node request → `Request`. */
export async function toWebRequest(req: NodeLikeRequest, appUrl?: string): Promise<Request> {
  const headers = new Headers();
  for (const [k, v] of Object.entries(req.headers)) {
    if (v === undefined || k.startsWith(':')) continue;
    for (const x of [v].flat()) headers.append(k, x);
  }
  const body = await bodyOf(req);
  if (body && req.body !== undefined) headers.delete('content-length');
  return new Request(new URL(req.originalUrl ?? req.url ?? '/', originOf(req, appUrl)), {
    method: req.method ?? 'GET',
    headers,
    body: body && body.length ? (body as Uint8Array<ArrayBuffer>) : undefined,
  });
}

/** Appends `Set-Cookie` values to a Node response. */
export function appendSetCookie(res: NodeLikeResponse, cookies: string[]): void {
  if (!cookies.length) return;
  const existing = res.getHeader('set-cookie');
  const prior = existing === undefined ? [] : [existing].flat().map(String);
  res.setHeader('set-cookie', [...prior, ...cookies]);
}

/** `Response` → Node response (status, headers with every Set-Cookie, streamed body). */
export async function writeWebResponse(res: NodeLikeResponse, response: Response): Promise<void> {
  res.statusCode = response.status;
  if (response.statusText) res.statusMessage = response.statusText;
  response.headers.forEach((value, key) => {
    if (key !== 'set-cookie') res.setHeader(key, value);
  });
  appendSetCookie(res, response.headers.getSetCookie());
  if (response.body) {
    const reader = response.body.getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      if (!res.write(value) && res.once) await new Promise<void>((r) => res.once!('drain', r));
    }
  }
  res.end();
}

export function feExpress(options: ServerSessionOptions | FeServerSession): FeExpressMiddleware {
  const server: FeServerSession = 'getSession' in options ? options : createServerSession(options);
  const handle = createRequestHandler(server);
  const appUrl = server.config.appUrl;

  const middleware = ((req: NodeLikeRequest, res: NodeLikeResponse, next: NextFunction) => {
    const path = new URL(req.originalUrl ?? req.url ?? '/', 'http://x').pathname;
    const { routes, urlPrefix, hostedLogin } = server.config;
    const ours = path === routes.logout || path === `/${urlPrefix}` || path.startsWith(`/${urlPrefix}/`) || (hostedLogin && (path === routes.callback || path === routes.login));
    if (!ours) return next();
    (async () => {
      const response = await handle(await toWebRequest(req, appUrl));
      if (!response) return next();
      await writeWebResponse(res, response);
    })().catch((error) => (res.headersSent ? res.end() : next(error)));
  }) as FeExpressMiddleware;

  middleware.getSession = async (req, res, opts) => {
    const { session, setCookie } = await server.getSession(req, opts);
    appendSetCookie(res, setCookie);
    return session;
  };
  Object.defineProperty(middleware, 'server', { value: server });
  return middleware;
}
