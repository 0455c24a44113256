/**
 * The signed-in user's own phone numbers (privacy section; api-contract §T; AB-3.35, AB-7.41, AB-7.42). The rules are
 * in src/phone-numbers.ts. Every route needs the user's bearer token (401), and acts on that user's numbers only
 * (another user's number is 404 `Phone number not found`); no permission is needed: a user's own account.
 *
 * - `GET identity/resources/users/phone-numbers/v1?_limit&_offset` (getUserPhoneNumbers) → Pg
 *   `{ items: [{ id, phoneNumber, verified, createdAt, updatedAt }], _metadata: { totalItems, totalPages }, _links }`,
 *   oldest first; `_limit` 1–100 (default 10, the privacy section's page), `_offset` from 0.
 * - `GET …/v1/me` (getUserOwnPhoneNumbers) → every number, the same rows, as an array.
 * - `POST …/v1` `{ phoneNumber, verify? }` (createPhoneNumber) → 201 `{ otcToken }`: the number is added unverified
 *   and a code is texted to it; with `verify: false` no code goes out and the answer is `{}`. A number the user has
 *   already is 409; one without a country code 400.
 * - `POST …/v1/preverify` `{ phoneNumber }` (preVerifyPhoneNumber) → `{ otcToken }`: a new code to an unverified
 *   number of the user (404 if not theirs, 409 if verified already).
 * - `POST …/v1/verify` `{ otcToken, code }` (verifyPhoneNumber) → `{}`: the number the code went to is verified.
 * - `DELETE …/v1/{phoneId}` (deletePhoneNumber) → `{ phoneId, otcToken }`: a verified number is removed only with the
 *   code this texts to it; an unverified one (it never proved it receives texts) is removed at once → `{ phoneId }`.
 * - `POST …/v1/{phoneId}/delete/verify` `{ otcToken, code }` (verifyDeletePhoneNumber) → `{}`: the number is removed.
 *
 * Codes: a wrong one is 400 `Invalid code` (counted; the fifth revokes it), a used one 400, a replaced or expired one
 * 400 with its reason; one asked for within `resendIntervalSeconds` of the last for the same number and purpose is 429. Changes write one audit row
 * each (`phone-number.added|verified|deleted`).
 */
import { randomUUID } from 'node:crypto';
import { Hono } from 'hono';
import { z } from 'zod';
import type { AppEnv } from '../../http/env.ts';
import { guard } from '../../http/auth.ts';
import { idParams } from '../../http/params.ts';
import { parseBody } from '../../http/body.ts';
import { parseQuery, q } from '../../http/query.ts';
import { fronteggPage } from '../../http/pager.ts';
import { conflict, notFound } from '../../http/errors.ts';
import { audit } from '../../audit.ts';
import { checkCode, e164Phone, invalidCode, tooSoon } from '../../mfa-codes.ts';
import {
  addPhoneNumber,
  assertNewPhoneNumber,
  findPhoneNumber,
  listPhoneNumbers,
  markVerified,
  ownPhoneNumber,
  phoneCodeScope,
  phoneIdOfCode,
  phoneNumberDto,
  removePhoneNumber,
  sendPhoneCode,
} from '../../phone-numbers.ts';

export const adminPhoneNumberRoutes = new Hono<AppEnv>();

const PHONES = '/identity/resources/users/phone-numbers/v1';

guard(adminPhoneNumberRoutes, PHONES, `${PHONES}/*`);

/** The privacy section's page: 10 numbers (AB-9.10). */
export const PHONE_NUMBERS_PAGE = 10;

const listQuery = z.object({ _limit: q.int(PHONE_NUMBERS_PAGE, 1, 100), _offset: q.int(0, 0) });
const phoneField = z.string({ error: 'phoneNumber is required' }).trim().min(1, { error: 'phoneNumber is required' });
const createBody = z.object({ phoneNumber: phoneField, verify: z.boolean({ error: 'verify must be a boolean' }).nullish() });
const preVerifyBody = z.object({ phoneNumber: phoneField });
const codeBody = z.object({
  otcToken: z.string({ error: 'otcToken is required' }).min(1, { error: 'otcToken is required' }),
  code: z.string({ error: 'code is required' }).min(1, { error: 'code is required' }),
});

/** getUserPhoneNumbers (AB-7.41): a page of the user's numbers. */
adminPhoneNumberRoutes.get(PHONES, async (c) => {
  const { _limit, _offset } = parseQuery(c, listQuery);
  const page = { limit: _limit, offset: _offset };
  const { rows, total } = await listPhoneNumbers(c.var.db, c.var.auth.sub, page);
  return c.json(fronteggPage(c, rows.map(phoneNumberDto), total, page));
});

/** getUserOwnPhoneNumbers: all of the user's numbers. */
adminPhoneNumberRoutes.get(`${PHONES}/me`, async (c) => c.json((await listPhoneNumbers(c.var.db, c.var.auth.sub)).rows.map(phoneNumberDto)));

/** createPhoneNumber (AB-7.42): adds the number, unverified, and texts it a code unless `verify` is false. */
adminPhoneNumberRoutes.post(PHONES, async (c) => {
  const body = await parseBody(c, createBody);
  const phoneNumber = e164Phone(body.phoneNumber);
  const userId = c.var.auth.sub;
  await assertNewPhoneNumber(c.var.db, userId, phoneNumber);
  const id = randomUUID();
  let otcToken: string | undefined;
  if (body.verify !== false) {
    // the code first: asked too soon, nothing is added
    const sent = await sendPhoneCode(c.var.db, userId, 'verify', id, phoneNumber);
    if ('wait' in sent) return tooSoon(c, sent.wait);
    otcToken = sent.otcToken;
  }
  await addPhoneNumber(c.var.db, userId, phoneNumber, id);
  await audit(c, { action: 'phone-number.added', targetId: id, details: { phoneNumber } });
  return c.json(otcToken ? { otcToken } : {}, 201);
});

/** preVerifyPhoneNumber (AB-7.42): a new code to an unverified number of the user. */
adminPhoneNumberRoutes.post(`${PHONES}/preverify`, async (c) => {
  const body = await parseBody(c, preVerifyBody);
  const userId = c.var.auth.sub;
  const row = await findPhoneNumber(c.var.db, userId, { phoneNumber: e164Phone(body.phoneNumber) });
  if (!row) throw notFound('Phone number not found', 'ER-PHONE-NUMBER-NOT-FOUND');
  if (row.verified) throw conflict('This phone number is verified already', 'ER-PHONE-NUMBER-VERIFIED');
  const sent = await sendPhoneCode(c.var.db, userId, 'verify', row.id, row.phoneNumber);
  if ('wait' in sent) return tooSoon(c, sent.wait);
  return c.json({ otcToken: sent.otcToken });
});

/** verifyPhoneNumber (AB-7.42): the code's number becomes verified. */
adminPhoneNumberRoutes.post(`${PHONES}/verify`, async (c) => {
  const body = await parseBody(c, codeBody);
  const userId = c.var.auth.sub;
  const phoneId = await phoneIdOfCode(c.var.db, body.otcToken);
  const row = phoneId ? await findPhoneNumber(c.var.db, userId, { id: phoneId }) : undefined;
  if (!row) return invalidCode(c);
  const checked = await checkCode(c, phoneCodeScope(userId, 'verify', row.id), body);
  if ('error' in checked) return checked.error;
  await markVerified(c.var.db, row.id);
  await audit(c, { action: 'phone-number.verified', targetId: row.id, details: { phoneNumber: row.phoneNumber } });
  return c.json({});
});

/** deletePhoneNumber (AB-7.42): a code to a verified number (`{ phoneId, otcToken }`); an unverified one goes at once. */
adminPhoneNumberRoutes.delete(`${PHONES}/:phoneId`, idParams('phoneId'), async (c) => {
  const userId = c.var.auth.sub;
  const row = await ownPhoneNumber(c.var.db, userId, c.req.param('phoneId'));
  if (!row.verified) {
    await removePhoneNumber(c.var.db, row.id);
    await audit(c, { action: 'phone-number.deleted', targetId: row.id, details: { phoneNumber: row.phoneNumber, verified: false }, severity: 'WARNING' });
    return c.json({ phoneId: row.id });
  }
  const sent = await sendPhoneCode(c.var.db, userId, 'delete', row.id, row.phoneNumber);
  if ('wait' in sent) return tooSoon(c, sent.wait);
  return c.json({ phoneId: row.id, otcToken: sent.otcToken });
});

/** verifyDeletePhoneNumber (AB-7.42): with the code texted by the delete, the number is removed. */
adminPhoneNumberRoutes.post(`${PHONES}/:phoneId/delete/verify`, idParams('phoneId'), async (c) => {
  const body = await parseBody(c, codeBody);
  const userId = c.var.auth.sub;
  const row = await ownPhoneNumber(c.var.db, userId, c.req.param('phoneId'));
  const checked = await checkCode(c, phoneCodeScope(userId, 'delete', row.id), body);
  if ('error' in checked) return checked.error;
  await removePhoneNumber(c.var.db, row.id);
  await audit(c, { action: 'phone-number.deleted', targetId: row.id, details: { phoneNumber: row.phoneNumber, verified: true }, severity: 'WARNING' });
  return c.json({});
});
