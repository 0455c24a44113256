/**
 * The emulator clock: real time plus an offset that tests set with
 * `PUT /_emulator/clock { offsetSeconds }`. It drives what access tokens say
 * (iat, exp, a new auth_time) and how they are verified, so a test can age a
 * session's auth_time without waiting. Reset clears the offset.
 */
import { eq } from 'drizzle-orm';
import type { Db } from './db/client.ts';
import { emulatorClock } from './db/schema.ts';

const CLOCK_ID = 'clock';

export async function clockOffsetSeconds(db: Db): Promise<number> {
  const [row] = await db.select().from(emulatorClock).where(eq(emulatorClock.id, CLOCK_ID));
  return row?.offsetSeconds ?? 0;
}

export async function clockOffsetMs(db: Db): Promise<number> {
  return (await clockOffsetSeconds(db)) * 1000;
}

/** Milliseconds since the epoch, as the emulator sees it. */
export async function emulatorNow(db: Db): Promise<number> {
  return Date.now() + (await clockOffsetMs(db));
}

export async function setClockOffset(db: Db, offsetSeconds: number): Promise<void> {
  if (offsetSeconds === 0) {
    await db.delete(emulatorClock).where(eq(emulatorClock.id, CLOCK_ID));
    return;
  }
  await db.insert(emulatorClock).values({ id: CLOCK_ID, offsetSeconds }).onConflictDoUpdate({ target: emulatorClock.id, set: { offsetSeconds } });
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

/** Sets the clock so that it reads `nowMs` at this moment (it runs on from there); stored as whole seconds of offset. */
export async function setClockNow(db: Db, nowMs: number): Promise<number> {
  const offsetSeconds = Math.round((nowMs - Date.now()) / 1000);
  await setClockOffset(db, offsetSeconds);
  return offsetSeconds;
}
