/**
 * Test helpers: an emulator on its own fresh database — PGlite `memory://`, or, when `DATABASE_URL` names a Postgres
 * server, a database of its own on that server — and a small client with a cookie jar.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { createEmulator, type Emulator, type EmulatorOptions } from '../src/app.ts';

export const ORIGIN = 'http://127.0.0.1:8787';
export const P = '/frontegg/identity/resources';

/**
 * A parsed response body as `JSON.parse` types it: the default of `Res` and `Client`, so a test can read
 * a body's fields directly (`res.body.accessToken`); pass `T` (`c.get<OutboxItem[]>(…)`) to check a shape.
 */
export type Json = ReturnType<typeof JSON.parse>;

export interface Res<T = Json> {
  status: number;
  headers: Headers;
  body: T;
  text: string;
}

export class Client {
  readonly jar = new Map<string, string>();
  lastSetCookie: string[] = [];
  constructor(
    readonly emu: Emulator,
    readonly base = ORIGIN,
  ) {}

  async req<T = Json>(method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<Res<T>> {
    const h = new Headers({ 'content-type': 'application/json', ...headers });
    if (this.jar.size && !h.has('cookie')) h.set('cookie', [...this.jar].map(([k, v]) => `${k}=${v}`).join('; '));
    const res = await this.emu.fetch(
      new Request(this.base + path, {
        method,
        headers: h,
        body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
      }),
    );
    this.lastSetCookie = res.headers.getSetCookie();
    for (const sc of this.lastSetCookie) {
      const [pair, ...attrs] = sc.split(';').map((s) => s.trim());
      const i = pair.indexOf('=');
      const name = pair.slice(0, i);
      const value = pair.slice(i + 1);
      const expired = attrs.some((a) => /^max-age=0$/i.test(a)) || value === '';
      if (expired) this.jar.delete(name);
      else this.jar.set(name, value);
    }
    const text = await res.text();
    let parsed: unknown = text;
    try {
      parsed = text ? JSON.parse(text) : {};
    } catch {
      /* HTML or plain */
    }
    return { status: res.status, headers: res.headers, body: parsed as T, text };
  }

  get<T = Json>(path: string, headers?: Record<string, string>) {
    return this.req<T>('GET', path, undefined, headers);
  }
  post<T = Json>(path: string, body?: unknown, headers?: Record<string, string>) {
    return this.req<T>('POST', path, body ?? {}, headers);
  }
  put<T = Json>(path: string, body?: unknown, headers?: Record<string, string>) {
    return this.req<T>('PUT', path, body ?? {}, headers);
  }
  del<T = Json>(path: string, headers?: Record<string, string>) {
    return this.req<T>('DELETE', path, undefined, headers);
  }

  login(email: string, password: string) {
    return this.post(`${P}/auth/v1/user`, { email, password });
  }
  refresh(tenantId: string | null = null) {
    return this.post(`${P}/auth/v1/user/token/refresh`, { tenantId });
  }
  bearer(token: string) {
    return { authorization: `Bearer ${token}` };
  }
}

/** The store the tests run on: `postgres` when `DATABASE_URL` is set (see `startEmulator`), else `pglite`. */
export const TEST_STORE: 'pglite' | 'postgres' = process.env.DATABASE_URL ? 'postgres' : 'pglite';

/**
 * An emulator on a fresh, empty database, migrated and seeded. Without `DATABASE_URL` (or when `opts` names a
 * `dataDir` or `databaseUrl` itself) that is PGlite in memory. With `DATABASE_URL` set (e.g. by
 * `scripts/with-postgres.mjs`), it is a new database `emu_test_<random>` created on that server through the URL's
 * own database (the role needs CREATEDB), so that no state leaks between emulators; `close()` closes the emulator's
 * pool, then drops the database. Throws what `createEmulator` or `CREATE DATABASE` throws.
 */
export async function startEmulator(opts: EmulatorOptions = {}): Promise<Emulator> {
  const server = process.env.DATABASE_URL;
  if (!server || opts.dataDir || opts.databaseUrl) return createEmulator({ dataDir: 'memory://', ...opts });
  const { url, drop } = await createTestDatabase(server);
  let emu: Emulator;
  try {
    emu = await createEmulator({ ...opts, databaseUrl: url });
  } catch (e) {
    await drop();
    throw e;
  }
  const close = emu.close;
  emu.close = async () => {
    await close();
    await drop();
  };
  return emu;
}

/**
 * A new, empty database `emu_test_<random>` on the Postgres server of `server` (a connection URL; its role needs
 * CREATEDB): its URL, and `drop()`, which removes it, ending any connection still open to it.
 */
export async function createTestDatabase(server: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `emu_test_${randomBytes(6).toString('hex')}`;
  await adminQuery(server, `create database "${name}"`);
  const url = new URL(server);
  url.pathname = `/${name}`;
  return { url: url.href, drop: () => adminQuery(server, `drop database if exists "${name}" with (force)`) };
}

/** Runs one statement on a short-lived connection to the database `url` names (CREATE/DROP DATABASE cannot run in a pool's transaction). */
async function adminQuery(url: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

export const refreshCookie = (c: Client) => c.jar.get('fe_refresh_demo-client');
