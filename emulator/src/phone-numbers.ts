/**
 * The signed-in user's own phone numbers (privacy section; api-contract §T; AB-3.35, AB-7.41–7.42): the rows of
 * `user_phone_numbers`, and the SMS one-time codes that verify a number or confirm its removal. The HTTP side is
 * routes/admin/phone-numbers.ts.
 *
 * - A number is stored in E.164 (`e164Phone`: spaces, dashes, dots and parentheses dropped; a country code needed),
 *   at most once per user, unverified until the code sent to it is entered.
 * - Codes go through the MFA code store (mfa-codes.ts `sendCode`/`checkCode`): 6 digits, written to the outbox as an
 *   SMS to the number with the code in its `code` field; valid `codeTtlSeconds`, single use, five wrong tries revoke
 *   one, a new code of the same purpose and number revokes the previous one, and at most one per
 *   `resendIntervalSeconds` per purpose and number (`/_emulator/mfa-settings`). A verification code and a removal
 *   code are kept apart, and each names the number it was sent for (so adding two numbers in a row works).
 */
import { randomUUID } from 'node:crypto';
import { and, asc, count, eq } from 'drizzle-orm';
import type { Db } from './db/client.ts';
import { mfaCodes, userPhoneNumbers } from './db/schema.ts';
import { sha256 } from './crypto/tokens.ts';
import { emulatorDate } from './clock.ts';
import { conflict, notFound } from './http/errors.ts';
import { sendCode, type CodeScope } from './mfa-codes.ts';
import type { Page } from './http/pager.ts';

/** A stored number. */
export type PhoneNumberRow = typeof userPhoneNumbers.$inferSelect;

/** What a code is for: verifying a number, or confirming its removal. */
export type PhoneCodePurpose = 'verify' | 'delete';

/** The answer's shape of one number (IPhoneNumber of `@frontegg/rest-api`): `{ id, phoneNumber, verified, createdAt, updatedAt }`. */
export const phoneNumberDto = (row: PhoneNumberRow) => ({
  id: row.id,
  phoneNumber: row.phoneNumber,
  verified: row.verified,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

/** The code scope of `userId`'s codes of `purpose` for the number `phoneId` (each number has its own codes and resend wait). */
export const phoneCodeScope = (userId: string, purpose: PhoneCodePurpose, phoneId: string): CodeScope => ({
  key: `phone-numbers:${purpose}:${userId}:${phoneId}`,
  channel: 'sms',
  deviceId: phoneId,
  usedMessage: 'This code was already used. Send a new code.',
});

/** The number an `otcToken` was sent for (its id), or undefined for an unknown token. */
export async function phoneIdOfCode(db: Db, otcToken: string): Promise<string | undefined> {
  const [row] = await db
    .select({ deviceId: mfaCodes.deviceId })
    .from(mfaCodes)
    .where(eq(mfaCodes.otcHash, sha256(otcToken)));
  return row?.deviceId ?? undefined;
}

/** A page of the user's numbers, oldest first, and how many there are. */
export async function listPhoneNumbers(db: Db, userId: string, page?: Page): Promise<{ rows: PhoneNumberRow[]; total: number }> {
  const mine = eq(userPhoneNumbers.userId, userId);
  const query = db.select().from(userPhoneNumbers).where(mine).orderBy(asc(userPhoneNumbers.createdAt), asc(userPhoneNumbers.id));
  const rows = page ? await query.limit(page.limit).offset(page.offset) : await query;
  const [{ n }] = await db.select({ n: count() }).from(userPhoneNumbers).where(mine);
  return { rows, total: n };
}

/** The user's number found by its id or by the number itself (E.164), or undefined (another user's, or unknown). */
export async function findPhoneNumber(db: Db, userId: string, by: { id: string } | { phoneNumber: string }): Promise<PhoneNumberRow | undefined> {
  const match = 'id' in by ? eq(userPhoneNumbers.id, by.id) : eq(userPhoneNumbers.phoneNumber, by.phoneNumber);
  const [row] = await db
    .select()
    .from(userPhoneNumbers)
    .where(and(eq(userPhoneNumbers.userId, userId), match));
  return row;
}

/** The user's number `phoneId`; 404 `Phone number not found` for another user's or an unknown one. */
export async function ownPhoneNumber(db: Db, userId: string, phoneId: string): Promise<PhoneNumberRow> {
  const row = await findPhoneNumber(db, userId, { id: phoneId });
  if (!row) throw notFound('Phone number not found', 'ER-PHONE-NUMBER-NOT-FOUND');
  return row;
}

/** Throws 409 `This phone number is already on your account` when the user has `phoneNumber` (E.164). */
export async function assertNewPhoneNumber(db: Db, userId: string, phoneNumber: string): Promise<void> {
  if (await findPhoneNumber(db, userId, { phoneNumber })) throw conflict('This phone number is already on your account', 'ER-PHONE-NUMBER-EXISTS');
}

/** Stores a new unverified number of the user under `id`; the row. */
export async function addPhoneNumber(db: Db, userId: string, phoneNumber: string, id: string = randomUUID()): Promise<PhoneNumberRow> {
  const now = await emulatorDate(db);
  const [row] = await db.insert(userPhoneNumbers).values({ id, userId, phoneNumber, verified: false, createdAt: now, updatedAt: now }).returning();
  return row;
}

/** Marks the number verified. */
export async function markVerified(db: Db, phoneId: string): Promise<void> {
  await db
    .update(userPhoneNumbers)
    .set({ verified: true, updatedAt: await emulatorDate(db) })
    .where(eq(userPhoneNumbers.id, phoneId));
}

/** Removes the number. */
export async function removePhoneNumber(db: Db, phoneId: string): Promise<void> {
  await db.delete(userPhoneNumbers).where(eq(userPhoneNumbers.id, phoneId));
}

/**
 * Texts a code of `purpose` to `phoneNumber` (the number `phoneId` of `userId`): `{ otcToken }`, or `{ wait }` seconds
 * when the last code of that purpose went out less than `resendIntervalSeconds` ago.
 */
export function sendPhoneCode(db: Db, userId: string, purpose: PhoneCodePurpose, phoneId: string, phoneNumber: string) {
  const scope = phoneCodeScope(userId, purpose, phoneId);
  const what = purpose === 'verify' ? 'verify this phone number' : 'remove this phone number from your account';
  return sendCode(db, scope.key, 'sms', phoneNumber, { deviceId: phoneId, phoneNumber }, (code, minutes) => ({
    subject: 'Verification code',
    text: `${code} is your code to ${what}. It expires in ${minutes} minutes.`,
  }));
}
