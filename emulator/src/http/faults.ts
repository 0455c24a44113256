/**
 * Fault switches, for a host's own resilience tests: `PUT /_emulator/faults` with `{ faults: [...] }`, a list of
 * `{ method?, path, delayMs?, status?, body?, times? }`. A request whose method and path match the first
 * matching switch waits `delayMs`, then — when `status` is set — is answered with that status and `body`
 * instead of reaching its handler (without `status` it goes on to the handler after the delay). `times`
 * (default: unlimited) counts the requests a switch affects before it turns itself off.
 *
 * `path` is the request's pathname, exact (`/frontegg/oauth/token`) or with `*` wildcards matching any
 * characters, slashes included (`/frontegg/identity/resources/users/v3*`). Switches live in memory (not in the
 * database), apply to every route except `/_emulator/*`, and are cleared by `DELETE /_emulator/faults` and by a
 * reset.
 */
import { Hono, type MiddlewareHandler } from 'hono';
import { z } from 'zod';
import type { AppEnv } from './env.ts';
import { parseBody } from './body.ts';
import { errorBody } from './errors.ts';
import { faultIn } from './fault-switches.ts';

export { FaultSwitches, type Fault } from './fault-switches.ts';

/** The middleware: place it after CORS (a faulted answer still carries the CORS headers) and before the routes. */
export function faultMiddleware(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const path = new URL(c.req.url).pathname;
    if (c.req.method === 'OPTIONS' || path === '/_emulator' || path.startsWith('/_emulator/')) return next();
    const fault = c.var.rt.faults.take(c.req.method, path);
    if (!fault) return next();
    if (fault.delayMs) await new Promise((r) => setTimeout(r, fault.delayMs));
    if (fault.status === undefined) return next();
    const status = fault.status as Parameters<typeof c.json>[1];
    if ([204, 205, 304].includes(fault.status)) return c.body(null, status);
    if (typeof fault.body === 'string') return c.text(fault.body, status);
    return c.json((fault.body ?? errorBody('Fault injected by the emulator', 'ER-EMULATOR-FAULT')) as object, status);
  };
}

/** `/_emulator/faults`: GET lists the switches, PUT replaces them (`{ faults: [Fault] }`), DELETE clears them. */
export const faultRoutes = new Hono<AppEnv>();

faultRoutes.get('/faults', (c) => c.json(c.var.rt.faults.active()));

faultRoutes.put('/faults', async (c) => {
  const body = await parseBody(c, z.object({ faults: z.array(faultIn) }).strict());
  c.var.rt.faults.set(body.faults);
  return c.json(c.var.rt.faults.active());
});

faultRoutes.delete('/faults', (c) => {
  c.var.rt.faults.clear();
  return c.json({});
});
