/**
 * The dispatcher of the webhooks' queue (issue 33 item 1): attempts the pending deliveries whose time has come on the
 * emulator clock (webhooks/deliveries.ts). It runs
 * - on a short real-time timer ({@link DISPATCH_INTERVAL_MS}, unref'd), so a running clock delivers on its own;
 * - when the clock is moved (app.ts awaits a run after `PUT /_emulator/clock` has committed, so the answer comes once
 *   the retries due by then were made);
 * - shortly after an event was queued, or a delivery resent, retried or recovered ({@link kickWebhookDispatchers}).
 *
 * Runs never overlap: a run asked for during one is made right after it. `close()` stops the timer and waits for the
 * run in progress (createEmulator's `close`, before the database closes). The queue is the table, so a delivery due
 * while the emulator was down is made after the next start.
 */
import type { Db } from '../db/client.ts';
import type { OutboundPolicy } from '../http/outbound.ts';
import { attemptDelivery, dueDeliveryIds } from './deliveries.ts';

/** How often the timer looks for due deliveries: 1 s. */
export const DISPATCH_INTERVAL_MS = 1000;
/** Deliveries attempted at once. */
const PARALLEL = 4;
/** Due deliveries read per batch. */
const BATCH = 50;

const live = new Set<WebhookDispatcher>();

/** Asks every running dispatcher for a run in `delayMs` (the event sink: the emitting request commits first). */
export function kickWebhookDispatchers(delayMs = 25): void {
  for (const d of live) d.kick(delayMs);
}

/** One emulator's dispatcher (see the module comment). */
export class WebhookDispatcher {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private again = false;
  private closed = false;
  private pauses = 0;

  constructor(
    private readonly db: Db,
    private readonly policy: OutboundPolicy,
  ) {}

  /** Starts the timer and makes a first run (deliveries that came due while the emulator was down). */
  start(): void {
    live.add(this);
    this.timer = setInterval(() => void this.run(), DISPATCH_INTERVAL_MS);
    this.timer.unref();
    this.kick(0);
  }

  /** A run in `delayMs` (ms of real time). */
  kick(delayMs = 0): void {
    if (this.closed) return;
    setTimeout(() => void this.run(), delayMs).unref();
  }

  /** Attempts every delivery due now; resolves when done (also with a run asked for meanwhile). Never rejects. */
  run(): Promise<void> {
    if (this.closed || this.pauses > 0) return Promise.resolve();
    if (this.running) {
      this.again = true;
      return this.running;
    }
    this.running = (async () => {
      do {
        this.again = false;
        await this.once();
      } while (this.again && !this.closed);
    })().finally(() => {
      this.running = undefined;
    });
    return this.running;
  }

  private async once(): Promise<void> {
    try {
      for (let batch = 0; batch < 20 && !this.closed; batch++) {
        const ids = await dueDeliveryIds(this.db, BATCH);
        for (let i = 0; i < ids.length && !this.closed; i += PARALLEL) {
          await Promise.all(ids.slice(i, i + PARALLEL).map((id) => attemptDelivery(this.db, this.policy, id)));
        }
        if (ids.length < BATCH) return;
      }
    } catch (error) {
      if (!this.closed) console.error('[emulator] webhook deliveries failed to run:', error);
    }
  }

  /**
   * Runs `work` with no delivery in progress: waits for the run in progress, holds new runs until `work` settles,
   * then makes a run. A reset goes through here: its `TRUNCATE` beside an attempt writing its outcome deadlocked on
   * Postgres (the two take the webhook tables' locks in opposite orders). Resolves or rejects as `work` does.
   */
  async paused<T>(work: () => Promise<T>): Promise<T> {
    this.pauses++;
    try {
      await this.running;
      return await work();
    } finally {
      this.pauses--;
      if (this.pauses === 0) this.kick(0);
    }
  }

  /** Stops the timer and waits for the run in progress. */
  async close(): Promise<void> {
    this.closed = true;
    live.delete(this);
    clearInterval(this.timer);
    await this.running;
  }
}
