/**
 * The fault switches of one emulator, in memory (`PUT /_emulator/faults`, http/faults.ts): what a switch is and the
 * list that matches requests against them. A leaf: http/env.ts keeps one per runtime without importing the routes.
 */
import { z } from 'zod';

export const faultIn = z
  .object({
    method: z
      .string()
      .trim()
      .toUpperCase()
      .regex(/^[A-Z]+$/, 'must be an HTTP method')
      .optional(),
    path: z.string().startsWith('/', 'must start with /'),
    /** Milliseconds to wait before answering (or before the handler runs). */
    delayMs: z.number().int().min(0).max(120_000).optional(),
    status: z.number().int().min(200).max(599).optional(),
    /** The answer's body: a string is sent as text, anything else as JSON. Default (with `status`): `{ errors: ['Fault injected by the emulator'], errorCode: 'ER-EMULATOR-FAULT' }`. */
    body: z.unknown().optional(),
    times: z.number().int().min(1).optional(),
  })
  .strict()
  .refine((f) => f.status !== undefined || f.delayMs !== undefined, { message: 'a fault needs a status, a delayMs or both' })
  .refine((f) => f.body === undefined || f.status !== undefined, { message: 'body needs a status' });

/** One fault switch as `PUT /_emulator/faults` takes it. */
export type Fault = z.output<typeof faultIn>;

interface ActiveFault extends Fault {
  pattern: RegExp;
  /** Requests still to affect; undefined = unlimited. */
  remaining?: number;
  /** Requests affected so far. */
  hits: number;
}

const toPattern = (path: string) =>
  new RegExp(
    `^${path
      .split('*')
      .map((s) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
      .join('.*')}$`,
  );

/** The fault switches of one emulator (in memory). */
export class FaultSwitches {
  private list: ActiveFault[] = [];

  /** Replaces every switch. */
  set(faults: Fault[]): void {
    this.list = faults.map((f) => ({ ...f, pattern: toPattern(f.path), remaining: f.times, hits: 0 }));
  }

  clear(): void {
    this.list = [];
  }

  /** The switches still on, with `hits` (requests affected) and `remaining` (left of `times`). */
  active(): (Fault & { hits: number; remaining?: number })[] {
    return this.list.map(({ pattern: _p, ...f }) => f);
  }

  /** The first switch on for this request, counted (and turned off when its `times` are used up). */
  take(method: string, path: string): Fault | undefined {
    const f = this.list.find((x) => (!x.method || x.method === method) && x.pattern.test(path));
    if (!f) return undefined;
    f.hits += 1;
    if (f.remaining !== undefined && --f.remaining <= 0) this.list = this.list.filter((x) => x !== f);
    return f;
  }
}
