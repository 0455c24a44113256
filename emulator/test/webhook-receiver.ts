/**
 * A webhook receiver for the tests (issue 33): a node:http server on 127.0.0.1 that records every request (method,
 * path, headers, body) and answers from a script — each answer once, in order, then `fallback` (200 `ok` unless set).
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** One answer of the script. */
export interface Answer {
  status: number;
  body?: string;
  headers?: Record<string, string>;
}

/** A request the receiver got. */
export interface Received {
  method: string;
  path: string;
  headers: Record<string, string>;
  body: string;
}

/** A running receiver. */
export interface Receiver {
  /** `http://127.0.0.1:<port>` + `path` (default `/hook`). */
  url(path?: string): string;
  /** Every request so far, oldest first. */
  readonly received: Received[];
  /** Queues answers, in order. */
  answer(...answers: Answer[]): void;
  /** The answer once the script has run out. */
  fallback: Answer;
  /** Resolves once `n` requests have come (rejects after `timeoutMs`). */
  waitFor(n: number, timeoutMs?: number): Promise<Received[]>;
  close(): Promise<void>;
}

/** Starts a receiver on a free loopback port. */
export async function startReceiver(): Promise<Receiver> {
  const received: Received[] = [];
  const script: Answer[] = [];
  const waiters: (() => void)[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const headers = Object.fromEntries(Object.entries(req.headers).map(([k, v]) => [k, Array.isArray(v) ? v.join(', ') : (v ?? '')]));
      received.push({ method: req.method ?? '', path: req.url ?? '', headers, body: Buffer.concat(chunks).toString('utf8') });
      const a = script.shift() ?? receiver.fallback;
      res.writeHead(a.status, { 'content-type': 'text/plain', ...a.headers });
      res.end(a.body ?? '');
      for (const w of waiters.splice(0)) w();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  const receiver: Receiver = {
    url: (path = '/hook') => `http://127.0.0.1:${port}${path}`,
    received,
    answer: (...answers) => script.push(...answers),
    fallback: { status: 200, body: 'ok' },
    async waitFor(n, timeoutMs = 5000) {
      const until = Date.now() + timeoutMs;
      while (received.length < n) {
        if (Date.now() > until) throw new Error(`the receiver got ${received.length} requests, not ${n}, in ${timeoutMs} ms`);
        await new Promise<void>((resolve) => {
          waiters.push(resolve);
          setTimeout(resolve, 50);
        });
      }
      return received.slice(0, n);
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  return receiver;
}
