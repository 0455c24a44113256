/**
 * The client's address as the emulator records and judges it (sessions, audit rows, IP restrictions: issue 22 item 3;
 * emulator README "The client address"). A leaf of http/: it imports no domain module.
 *
 * - The TCP peer is loopback (127.0.0.0/8, `::1`, or either as IPv4-mapped IPv6): the request came through one of the
 *   emulator's own proxies (the demo's Vite proxy), so the first `X-Forwarded-For` hop is the client, when given.
 * - Any other peer: its socket address. `X-Forwarded-For` is ignored: a remote caller could name any address.
 * - No socket (the app called in-process, `emulator.fetch(request)`, as the tests do): the caller is this process,
 *   trusted as loopback; the first `X-Forwarded-For` hop when given, else null (the address is unknown).
 */
import type { Context } from 'hono';
import type { AppEnv } from './env.ts';

/** True for a loopback address: 127.0.0.0/8, `::1`, and both written as IPv4-mapped IPv6 (`::ffff:127.0.0.1`). */
export function isLoopback(address: string): boolean {
  const a = address.trim().toLowerCase();
  const v4 = a.startsWith('::ffff:') ? a.slice(7) : a;
  return /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(v4) || a === '::1' || a === '0:0:0:0:0:0:0:1';
}

/** The first hop of an `X-Forwarded-For` value (the original client), or undefined when there is none. */
const firstForwarded = (header: string | undefined): string | undefined => header?.split(',')[0]?.trim() || undefined;

/**
 * The client's address of request `c` (see the module comment): the socket's peer, or the first `X-Forwarded-For`
 * hop when that peer is loopback or there is no socket. Null when it cannot be determined.
 */
export function clientIp(c: Context<AppEnv>): string | null {
  const env = c.env as { incoming?: { socket?: { remoteAddress?: string } } } | undefined;
  const forwarded = firstForwarded(c.req.header('x-forwarded-for'));
  // in-process: no Node request at all
  if (!env?.incoming) return forwarded ?? null;
  const peer = env.incoming.socket?.remoteAddress;
  // served over TCP, but the socket no longer tells its peer: unknown
  if (!peer) return null;
  return isLoopback(peer) && forwarded ? forwarded : peer;
}
