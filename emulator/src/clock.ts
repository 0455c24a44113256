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
