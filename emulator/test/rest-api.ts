/**
 * Frontegg's own browser client (`@frontegg/rest-api`, a dev dependency) against the emulator: the
 * conformance check of issue "Admin portal" — a call made with it is the call the reference product
 * makes (method, path, query, body, headers), and what it reads back is typed by its interfaces.
 * The emulator listens on a loopback port of its own (the client speaks real HTTP through `fetch`).
 */
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { ContextHolder, createApiClient, type FronteggApiClient } from '@frontegg/rest-api';
import type { Emulator } from '../src/app.ts';

let apps = 0;

/**
 * Serves `emu` on 127.0.0.1 (a free port) and returns a Frontegg client whose requests carry
 * `token` as the bearer (tokenResolver) — with `''`, the access token the client itself stores on a sign-in (none
 * before) — and `close()` to stop the server.
 */
export async function fronteggClient(emu: Emulator, token: string): Promise<{ api: FronteggApiClient; baseUrl: string; close: () => Promise<void> }> {
  const server = serve({ fetch: emu.fetch, port: 0, hostname: '127.0.0.1' });
  await new Promise<void>((resolve) => (server.listening ? resolve() : server.once('listening', () => resolve())));
  const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  // a browser client: it reads the page's location (the scoped tenant, `?tenantId=`); here a page on the emulator's origin
  const page = globalThis as { window?: unknown };
  page.window ??= { location: new URL(`${baseUrl}/`) };
  const appName = `emulator-test-${++apps}`;
  // an empty token: the client's own (null until a sign-in it makes stores one, as a browser's does)
  ContextHolder.for(appName).setContext({ baseUrl, tokenResolver: () => token || ContextHolder.for(appName).getAccessToken() || '', logLevel: 'error' });
  ContextHolder.for(appName).setAccessToken(token);
  return {
    api: createApiClient(appName),
    baseUrl,
    close: () => new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve()))),
  };
}
