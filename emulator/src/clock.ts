/**
 * The emulator clock: what the emulator takes for "now". Two modes:
 * - **running** (the default): real time plus an offset, so it moves with the wall clock;
 * - **frozen**: one instant, read the same until a test moves it (`PUT /_emulator/clock { now }` or `{ advance }`).
 *
 * Everything that expresses time in the emulator reads it: token `iat`/`exp`/`auth_time` and bearer checks, the
 * lifetimes of refresh tokens, codes, links and challenges, rate limits, remembered devices, temporary users, and
 * the timestamps of rows (`createdAt`, `lastLogin`, the outbox). TOTP codes are checked at {@link totpTime}.
 * Kept in the database (table `emulator_clock`, no row = real time), so a reset clears it; `createEmulator`
 * sets it back to `startAt` (`--now`, `--frozen`).
 */
import { eq } from 'drizzle-orm';
import type { Db } from './db/client.ts';
import { emulatorClock } from './db/schema.ts';

const CLOCK_ID = 'clock';

/** How far from real time the clock may be set (`--now`, `PUT /_emulator/clock`): 10 years. */
export const MAX_CLOCK_SKEW_MS = 10 * 365 * 86400_000;

/** What the clock reads: `now` (ms since the epoch), whether it stands still, and how far it is from real time. */
export interface ClockReading {
  now: number;
  frozen: boolean;
  offsetMs: number;
}

/** A change of the clock: set it to an instant, shift it from real time, move it forward, and/or freeze or start it. */
export type ClockChange = { now: number; frozen?: boolean } | { offsetMs: number; frozen?: boolean } | { advanceMs: number; frozen?: boolean } | { frozen: boolean };

/** Reads the clock; `real` is the real time to read it against (default: this moment). */
export async function readClock(db: Db, real = Date.now()): Promise<ClockReading> {
  const [row] = await db.select().from(emulatorClock).where(eq(emulatorClock.id, CLOCK_ID));
  if (row?.frozenAt != null) return { now: row.frozenAt, frozen: true, offsetMs: row.frozenAt - real };
  const offsetMs = row?.offsetMs ?? 0;
  return { now: real + offsetMs, frozen: false, offsetMs };
}

/** Milliseconds since the epoch, as the emulator sees it. */
export async function emulatorNow(db: Db): Promise<number> {
  return (await readClock(db)).now;
}

/** {@link emulatorNow} as a `Date` (row timestamps). */
export async function emulatorDate(db: Db): Promise<Date> {
  return new Date(await emulatorNow(db));
}

/**
 * The instant TOTP codes are checked at: the frozen instant when the clock is frozen (a test computes its codes
 * for it), else real time, offset or not — an authenticator app on a phone reads real time.
 */
export async function totpTime(db: Db): Promise<number> {
  const clock = await readClock(db);
  return clock.frozen ? clock.now : Date.now();
}

/**
 * Changes the clock. `frozen` left out keeps the mode it is in; `{ frozen }` alone freezes it at what it reads,
 * or starts it running from there. Running at real time removes the row.
 */
export async function setClock(db: Db, change: ClockChange): Promise<ClockReading> {
  const real = Date.now();
  const current = await readClock(db, real);
  const frozen = change.frozen ?? current.frozen;
  const now = 'now' in change ? change.now : 'offsetMs' in change ? real + change.offsetMs : 'advanceMs' in change ? current.now + change.advanceMs : current.now;
  const offsetMs = now - real;
  if (!frozen && offsetMs === 0) {
    await db.delete(emulatorClock).where(eq(emulatorClock.id, CLOCK_ID));
  } else {
    const values = { offsetMs, frozenAt: frozen ? now : null };
    await db
      .insert(emulatorClock)
      .values({ id: CLOCK_ID, ...values })
      .onConflictDoUpdate({ target: emulatorClock.id, set: values });
  }
  return { now, frozen, offsetMs };
}

/**
 * An instant as the CLI (`--now`) and `PUT /_emulator/clock { now }` take it: an ISO 8601 date-time
 * (`2030-01-01T00:00:00Z`), or milliseconds since the epoch (a number, or a string of digits).
 * Returns milliseconds since the epoch, or `undefined` when the value is neither.
 */
export function parseInstant(value: string | number): number | undefined {
  if (typeof value === 'number') return Number.isFinite(value) ? value : undefined;
  const ms = /^-?\d+$/.test(value.trim()) ? Number(value) : Date.parse(value);
  return Number.isFinite(ms) ? ms : undefined;
}
