/** Test helpers: an emulator on `memory://` and a small client with a cookie jar. */
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

export async function startEmulator(opts: EmulatorOptions = {}): Promise<Emulator> {
  return createEmulator({ dataDir: 'memory://', ...opts });
}

export const refreshCookie = (c: Client) => c.jar.get('fe_refresh_demo-client');
