/**
 * The test-only emulator clock (`/_emulator/clock`, src/clock.ts): read it, set it to an instant, shift it from
 * real time, move it forward, freeze it or start it running. A reset sets it back to real time, or to the
 * `--now` (and `--frozen`) of `fe-emulator`.
 */
import { Hono } from 'hono';
import { z } from 'zod';
import type { AppEnv } from '../http/env.ts';
import { parseBody } from '../http/body.ts';
import { badRequest } from '../http/errors.ts';
import { settleBilling } from '../billing/billing.ts';
import { MAX_CLOCK_SKEW_MS, parseInstant, readClock, setClock, type ClockChange, type ClockReading } from '../clock.ts';

export const clockEmulatorRoutes = new Hono<AppEnv>();

const clockBody = (clock: ClockReading) => ({ now: new Date(clock.now).toISOString(), frozen: clock.frozen, offsetSeconds: clock.offsetMs / 1000 });

const TEN_YEARS = 'within 10 years of the real time';
const MAX_OFFSET_SECONDS = MAX_CLOCK_SKEW_MS / 1000;

const ClockBody = z
  .object({
    now: z
      .union([z.string(), z.number()], { message: 'must be an ISO 8601 date-time or epoch milliseconds' })
      .transform((value, ctx) => {
        const ms = parseInstant(value);
        if (ms === undefined || Math.abs(ms - Date.now()) > MAX_CLOCK_SKEW_MS) {
          ctx.addIssue({ code: 'custom', message: `must be an ISO 8601 date-time or epoch milliseconds ${TEN_YEARS}` });
          return z.NEVER;
        }
        return ms;
      })
      .optional(),
    offsetSeconds: z
      .number({ message: 'must be a whole number of seconds' })
      .int('must be a whole number of seconds')
      .min(-MAX_OFFSET_SECONDS, `must be ${TEN_YEARS}`)
      .max(MAX_OFFSET_SECONDS, `must be ${TEN_YEARS}`)
      .optional(),
    advance: z
      .number({ message: 'must be a number of milliseconds' })
      .int('must be a whole number of milliseconds')
      .min(0, 'must be 0 or more milliseconds (to go back, PUT { now })')
      .optional(),
    frozen: z.boolean({ message: 'must be true or false' }).optional(),
  })
  .strict()
  .superRefine((b, ctx) => {
    const moves = (['now', 'offsetSeconds', 'advance'] as const).filter((k) => b[k] !== undefined);
    if (moves.length > 1) ctx.addIssue({ code: 'custom', message: `give one of now, offsetSeconds or advance, not ${moves.join(' and ')}` });
    if (moves.length === 0 && b.frozen === undefined) ctx.addIssue({ code: 'custom', message: 'give now, offsetSeconds, advance or frozen' });
  });

/** `{ now, frozen, offsetSeconds }`: what the clock reads (ISO 8601), whether it stands still, and how far it is from real time. */
clockEmulatorRoutes.get('/clock', async (c) => c.json(clockBody(await readClock(c.var.db))));

/**
 * `{ now }` (ISO 8601 or epoch ms) sets the clock to read that instant; `{ offsetSeconds }` to real time + offset
 * (`0` = real time); `{ advance }` moves it forward that many milliseconds. `frozen: true` makes it stand still there,
 * `false` makes it run on from there; left out, the clock keeps its mode (`{ frozen }` alone only switches it).
 * Billing is settled for the new time (src/billing/billing.ts `settleBilling`). Answers like GET; 400 `{ errors }` for a bad body or an instant more than 10 years from real time.
 */
clockEmulatorRoutes.put('/clock', async (c) => {
  const body = await parseBody(c, ClockBody);
  const db = c.var.db;
  const frozen = body.frozen === undefined ? {} : { frozen: body.frozen };
  let change: ClockChange;
  if (body.now !== undefined) change = { now: body.now, ...frozen };
  else if (body.offsetSeconds !== undefined) change = { offsetMs: body.offsetSeconds * 1000, ...frozen };
  else if (body.advance !== undefined) {
    if (Math.abs((await readClock(db)).now + body.advance - Date.now()) > MAX_CLOCK_SKEW_MS) throw badRequest(`advance: the clock must stay ${TEN_YEARS}`);
    change = { advanceMs: body.advance, ...frozen };
  } else change = { frozen: body.frozen! };
  const reading = await setClock(db, change);
  // billing follows the clock: renewals (invoices), failed charges, cancellations and trials that ended by now
  await settleBilling(c);
  return c.json(clockBody(reading));
});
