/**
 * Test receivers inside the emulator (issue 33; `/_emulator/receivers/{name}`, routes/emulator-webhooks.ts): a
 * webhook endpoint a browser test can point a webhook at (the emulator's own origin, loopback), which answers from a
 * script — each scripted answer once, in order, then the fallback (200 `ok` unless set) — and records what it got.
 * Held in memory per emulator (at most {@link MAX_RECEIVERS} receivers, {@link MAX_REQUESTS} requests each, bodies
 * cut at 64 KiB); `PUT` starts a receiver afresh.
 */
import type { EmulatorRuntime } from '../http/env.ts';

/** One scripted answer. */
export interface ReceiverAnswer {
  status: number;
  body?: string;
  headers?: Record<string, string>;
}

/** A request a receiver got (`at`: real time, ISO 8601). */
export interface ReceivedRequest {
  at: string;
  method: string;
  headers: Record<string, string>;
  body: string;
}

interface Receiver {
  answers: ReceiverAnswer[];
  fallback: ReceiverAnswer;
  requests: ReceivedRequest[];
}

/** Receivers kept per emulator. */
export const MAX_RECEIVERS = 50;
/** Requests kept per receiver (the oldest go first). */
export const MAX_REQUESTS = 200;
const MAX_BODY = 64 * 1024;
const OK: ReceiverAnswer = { status: 200, body: 'ok' };

const all = new WeakMap<EmulatorRuntime, Map<string, Receiver>>();

function receiversOf(rt: EmulatorRuntime): Map<string, Receiver> {
  let map = all.get(rt);
  if (!map) all.set(rt, (map = new Map()));
  return map;
}

function receiver(rt: EmulatorRuntime, name: string): Receiver {
  const map = receiversOf(rt);
  let r = map.get(name);
  if (!r) {
    if (map.size >= MAX_RECEIVERS) map.delete(map.keys().next().value!);
    map.set(name, (r = { answers: [], fallback: OK, requests: [] }));
  }
  return r;
}

/** Starts receiver `name` afresh with `answers` (in order) and `fallback`. */
export function scriptReceiver(rt: EmulatorRuntime, name: string, answers: ReceiverAnswer[], fallback: ReceiverAnswer = OK): void {
  receiversOf(rt).set(name, { answers: [...answers], fallback, requests: [] });
}

/** Records a request to receiver `name` and returns its answer. */
export function receive(rt: EmulatorRuntime, name: string, request: Omit<ReceivedRequest, 'at'>): ReceiverAnswer {
  const r = receiver(rt, name);
  r.requests.push({ at: new Date().toISOString(), ...request, body: request.body.slice(0, MAX_BODY) });
  if (r.requests.length > MAX_REQUESTS) r.requests.shift();
  return r.answers.shift() ?? r.fallback;
}

/** What receiver `name` got, oldest first (none for an unknown name). */
export function receivedBy(rt: EmulatorRuntime, name: string): ReceivedRequest[] {
  return receiversOf(rt).get(name)?.requests ?? [];
}
