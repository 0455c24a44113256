/** The client's address as the emulator records it (sessions, audit rows). A leaf of http/: it imports no domain module. */
import type { Context } from 'hono';
import type { AppEnv } from './env.ts';

/** The client's IP: the first `x-forwarded-for` hop (the demo's proxy), else the socket address when the server gives one. */
export function clientIp(c: Context<AppEnv>): string | null {
  const forwarded = c.req.header('x-forwarded-for')?.split(',')[0]?.trim();
  if (forwarded) return forwarded;
  const env = c.env as { incoming?: { socket?: { remoteAddress?: string } } } | undefined;
  return env?.incoming?.socket?.remoteAddress ?? null;
}
