/**
 * The signed-in user's profile (api-contract G profile rows; admin spec §3 "Profile fields"; SI-3.07, AB-7.28).
 *
 * - `PUT users/v2/me` (updateProfile / updateUserProfileV2): name, phoneNumber, profilePictureUrl (or
 *   `profilePicture`), metadata (a JSON object as text), and address, jobTitle, title, country, dateOfBirth (kept in
 *   `users.profile`). Absent = unchanged; `null` or `""` clears an optional field. The user's own `provider`,
 *   `managedBy`, `sourceMetadata`, `userAgent` and `ipAddress` are ignored. Answers UP (`userProfile`, as
 *   `GET users/v2/me`) plus the `users.profile` fields.
 * - `PUT team/resources/profile/me/image/v1` (updateProfileImage): a multipart form with one image file (field
 *   `image`, else the first file) → the picture's URL as text, also set as `profilePictureUrl`. PNG, JPEG, GIF or
 *   WebP by content (400 otherwise), at most 2 MB (413). Served publicly at
 *   `GET team/resources/profile/images/v1/{userId}?v=…`.
 * - `POST users/v1/email/me` `{ email }` mails a 6-digit code to the new address (15 minutes, one per
 *   `codeResendIntervalSeconds`); `POST users/v1/email/me/verify` `{ email, code }` changes the email (400 wrong or
 *   expired code, 5 wrong tries end it; 409 when the address is taken) and tells the old address.
 * - `GET configurations/v1/user-emails-policy`: `{ allowEmailChange: true }`.
 * - Change password is `POST users/v1/passwords/change` in routes/passwords.ts.
 * Every mutation writes an audit row.
 */
import { randomInt } from 'node:crypto';
import { Hono, type Context } from 'hono';
import { z } from 'zod';
import { and, eq } from 'drizzle-orm';
import type { AppEnv } from '../../http/env.ts';
import { guard } from '../../http/auth.ts';
import { audit } from '../../audit.ts';
import { emailField, isHttpUrl, parseBody } from '../../http/body.ts';
import { HttpError, badRequest, conflict, errorBody, notFound } from '../../http/errors.ts';
import { idParams } from '../../http/params.ts';
import { emailChangeCodes, mfaEmails, profileImages, users, type UserProfileFields } from '../../db/schema.ts';
import { randomToken, sha256 } from '../../crypto/tokens.ts';
import { emulatorNow, emulatorDate } from '../../clock.ts';
import { send } from '../../outbox.ts';
import { findUserByEmail, getUser, type UserRow } from '../../session/accounts.ts';
import { userProfile } from '../../session/profile.ts';
import { getLifecycleSettings } from '../../lifecycle.ts';

type Ctx = Context<AppEnv>;

export const adminProfileRoutes = new Hono<AppEnv>();

const USERS = '/identity/resources/users';
const IMAGE = '/team/resources/profile/me/image/v1';
const IMAGES = '/team/resources/profile/images/v1';
const EMAIL = `${USERS}/v1/email/me`;

// not the public ones: the uploaded pictures (IMAGES) and the email policy
guard(adminProfileRoutes, `${USERS}/v2/me`, IMAGE, EMAIL, `${EMAIL}/verify`);
/** The largest profile picture accepted: 2 MB. */
export const MAX_IMAGE_BYTES = 2 * 1024 * 1024;
/** How long an email-change code is valid: 15 minutes. */
export const EMAIL_CODE_TTL_MS = 15 * 60 * 1000;
/** Wrong codes before an email change must be requested again. */
export const MAX_EMAIL_CODE_ATTEMPTS = 5;

// ---------------------------------------------------------------- profile

/** UP (as `GET users/v2/me`) plus the profile fields without a column (address, jobTitle, title, country, dateOfBirth). */
export async function profileDto(c: Ctx, user: UserRow) {
  const p: UserProfileFields = user.profile;
  return {
    ...(await userProfile(c.var.db, user, c.var.auth.tenantId)),
    address: p.address,
    jobTitle: p.jobTitle,
    title: p.title,
    country: p.country,
    dateOfBirth: p.dateOfBirth,
  };
}

/** An optional text field: absent = unchanged; `null` or blank = cleared (→ `null`). */
const optional = (schema: z.ZodType<string>) => z.preprocess((v) => (typeof v === 'string' && v.trim() === '' ? null : v), schema.nullish());
const PHONE = /^\+?[0-9][0-9\s\-().]{5,24}$/;
const isJsonObject = (v: string): boolean => {
  try {
    const parsed: unknown = JSON.parse(v);
    return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed);
  } catch {
    return false;
  }
};

const profileBody = z.object({
  name: z.string({ message: 'name must be text' }).trim().min(1, 'name must not be empty').max(100, 'name must be at most 100 characters').nullish(),
  phoneNumber: optional(z.string().trim().regex(PHONE, 'phoneNumber must be a phone number, like +15551234567')),
  profilePictureUrl: optional(
    z.string().max(2048, 'profilePictureUrl must be at most 2048 characters').refine(isHttpUrl, 'profilePictureUrl must be an absolute http: or https: URL'),
  ),
  profilePicture: optional(z.string().max(2048, 'profilePicture must be at most 2048 characters').refine(isHttpUrl, 'profilePicture must be an absolute http: or https: URL')),
  metadata: optional(z.string().max(10_000, 'metadata must be at most 10000 characters').refine(isJsonObject, 'metadata must be a JSON object written as text')),
  address: optional(z.string().trim().max(500, 'address must be at most 500 characters')),
  jobTitle: optional(z.string().trim().max(100, 'jobTitle must be at most 100 characters')),
  title: optional(z.string().trim().max(50, 'title must be at most 50 characters')),
  country: optional(z.string().trim().max(100, 'country must be at most 100 characters')),
  dateOfBirth: z
    .union([z.number(), z.string()], { message: 'dateOfBirth must be a date' })
    .nullish()
    .transform((v, ctx) => {
      if (v === undefined || v === null || v === '') return v === undefined ? undefined : null;
      const d = new Date(v);
      if (Number.isNaN(d.getTime())) {
        ctx.addIssue({ code: 'custom', message: 'dateOfBirth must be a date' });
        return z.NEVER;
      }
      return d.toISOString().slice(0, 10);
    }),
});

/** updateProfile (teams) / updateUserProfileV2 (users): `PUT users/v2/me` → UP + profile fields. */
adminProfileRoutes.put(`${USERS}/v2/me`, async (c) => {
  const body = await parseBody(c, profileBody);
  const db = c.var.db;
  const user = await getUser(db, c.var.auth.sub);
  const set: Partial<typeof users.$inferInsert> = {};
  const changed: string[] = [];
  if (body.name && body.name !== user.name) set.name = body.name;
  if (body.phoneNumber !== undefined && body.phoneNumber !== user.phoneNumber) set.phoneNumber = body.phoneNumber;
  const picture = body.profilePictureUrl !== undefined ? body.profilePictureUrl : body.profilePicture;
  if (picture !== undefined && picture !== user.profilePictureUrl) set.profilePictureUrl = picture;
  if (body.metadata !== undefined && body.metadata !== user.metadata) set.metadata = body.metadata;
  changed.push(...Object.keys(set));
  const profile: UserProfileFields = { ...user.profile };
  for (const key of ['address', 'jobTitle', 'title', 'country', 'dateOfBirth'] as const) {
    const value = body[key];
    if (value === undefined || value === profile[key] || (value === null && profile[key] === undefined)) continue;
    if (value === null) delete profile[key];
    else profile[key] = value;
    changed.push(key);
  }
  const [saved] = changed.length
    ? await db
        .update(users)
        .set({ ...set, profile })
        .where(eq(users.id, user.id))
        .returning()
    : [user];
  if (changed.length) await audit(c, { action: 'user.profile.updated', targetId: user.id, details: { changed } });
  return c.json(await profileDto(c, saved));
});

// ---------------------------------------------------------------- profile image

/** The image type of `bytes` by their signature, or undefined. */
function imageType(bytes: Uint8Array): string | undefined {
  const b = Buffer.from(bytes.subarray(0, 12));
  if (b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'image/png';
  if (b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) return 'image/jpeg';
  if (b.subarray(0, 4).toString('latin1') === 'GIF8') return 'image/gif';
  if (b.subarray(0, 4).toString('latin1') === 'RIFF' && b.subarray(8, 12).toString('latin1') === 'WEBP') return 'image/webp';
  return undefined;
}

const tooLarge = () => new HttpError(413, 'The image must be at most 2 MB', 'ER-IMAGE-TOO-LARGE');

/** updateProfileImage: multipart form with an image file → its public URL (text); also the user's `profilePictureUrl`. */
adminProfileRoutes.put(IMAGE, async (c) => {
  const length = Number(c.req.header('content-length') ?? 0);
  if (length > MAX_IMAGE_BYTES + 64 * 1024) throw tooLarge();
  if (!(c.req.header('content-type') ?? '').toLowerCase().startsWith('multipart/form-data')) {
    throw badRequest('Send the image as a file in a multipart form (field "image")', 'ER-IMAGE-MISSING');
  }
  let form: Record<string, string | File | (string | File)[]>;
  try {
    form = await c.req.parseBody({ all: true });
  } catch {
    throw badRequest('The multipart form could not be read', 'ER-IMAGE-MISSING');
  }
  const files = Object.entries(form).flatMap(([name, v]) => (Array.isArray(v) ? v : [v]).filter((x): x is File => x instanceof File).map((file) => ({ name, file })));
  const file = (files.find((f) => f.name === 'image') ?? files[0])?.file;
  if (!file) throw badRequest('Send the image as a file in a multipart form (field "image")', 'ER-IMAGE-MISSING');
  if (file.size > MAX_IMAGE_BYTES) throw tooLarge();
  const bytes = new Uint8Array(await file.arrayBuffer());
  const contentType = imageType(bytes);
  if (!contentType) throw badRequest('The file must be a PNG, JPEG, GIF or WebP image', 'ER-IMAGE-TYPE');
  const userId = c.var.auth.sub;
  const version = randomToken(9);
  const data = Buffer.from(bytes).toString('base64');
  const createdAt = await emulatorDate(c.var.db);
  await c.var.db
    .insert(profileImages)
    .values({ userId, contentType, data, version, createdAt })
    .onConflictDoUpdate({ target: profileImages.userId, set: { contentType, data, version, createdAt } });
  // the URL keeps the prefix the request came through (`/frontegg`, api-contract §1)
  const path = new URL(c.req.url).pathname;
  const prefix = path.slice(0, path.length - IMAGE.length);
  const url = `${c.var.rt.issuer}${prefix}${IMAGES}/${encodeURIComponent(userId)}?v=${version}`;
  await c.var.db.update(users).set({ profilePictureUrl: url }).where(eq(users.id, userId));
  await audit(c, { action: 'user.profile-image.updated', targetId: userId, details: { contentType, bytes: bytes.length } });
  return c.text(url);
});

/** A user's uploaded profile picture (public, like a CDN URL); 404 when there is none. */
adminProfileRoutes.get(`${IMAGES}/:userId`, idParams('userId'), async (c) => {
  const [img] = await c.var.db
    .select()
    .from(profileImages)
    .where(eq(profileImages.userId, c.req.param('userId')));
  if (!img) throw notFound('Image not found');
  return c.body(Buffer.from(img.data, 'base64'), 200, {
    'content-type': img.contentType,
    'x-content-type-options': 'nosniff',
    'cache-control': 'public, max-age=31536000, immutable',
    'content-security-policy': "default-src 'none'",
  });
});

// ---------------------------------------------------------------- email change

/** getUserEmailPolicyConfig. */
adminProfileRoutes.get('/identity/resources/configurations/v1/user-emails-policy', (c) => c.json({ allowEmailChange: true }));

/** updateEmail `{ email }`: a code to the new address (the change waits for verifyEmail). 400 same address, 409 taken, 429 too soon. */
adminProfileRoutes.post(EMAIL, async (c) => {
  const { email } = await parseBody(c, z.object({ email: emailField() }));
  const db = c.var.db;
  const user = await getUser(db, c.var.auth.sub);
  if (email === user.email) throw badRequest('This is already your email', 'ER-EMAIL-UNCHANGED');
  if (await findUserByEmail(db, email)) throw conflict('A user with this email already exists', 'ER-USER-EXISTS');
  const now = await emulatorNow(db);
  const [pending] = await db.select().from(emailChangeCodes).where(eq(emailChangeCodes.userId, user.id));
  const { codeResendIntervalSeconds } = await getLifecycleSettings(db);
  const waitMs = pending ? pending.createdAt.getTime() + codeResendIntervalSeconds * 1000 - now : 0;
  if (waitMs > 0) throw new HttpError(429, `Too many requests. Try again in ${Math.ceil(waitMs / 1000)} seconds`, 'ER-TOO-MANY-REQUESTS');
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  const row = { email, codeHash: sha256(code), attempts: 0, expiresAt: new Date(now + EMAIL_CODE_TTL_MS), createdAt: new Date(now) };
  await db
    .insert(emailChangeCodes)
    .values({ userId: user.id, ...row })
    .onConflictDoUpdate({ target: emailChangeCodes.userId, set: row });
  await send(db, {
    to: email,
    channel: 'email',
    subject: 'Confirm your new email',
    code,
    text: `Hi ${user.name},\n\nEnter the code ${code} to make ${email} the email of your account. The code expires in 15 minutes.\n\nIf you didn't ask for this, ignore this email.`,
  });
  await audit(c, { action: 'user.email-change.requested', targetId: user.id, details: { newEmail: email } });
  return c.json({});
});

/** verifyEmail `{ email, code }`: makes `email` the user's email. Wrong code → 400 (counted, committed); expired → 400; taken → 409. */
adminProfileRoutes.post(`${EMAIL}/verify`, async (c) => {
  const body = await parseBody(c, z.object({ email: emailField(), code: z.string({ message: 'code is required' }).trim().min(1, 'code is required') }));
  const db = c.var.db;
  const user = await getUser(db, c.var.auth.sub);
  const [pending] = await db.select().from(emailChangeCodes).where(eq(emailChangeCodes.userId, user.id));
  if (!pending || pending.email !== body.email) throw badRequest('No email change to this address was requested', 'ER-EMAIL-CHANGE-NOT-STARTED');
  const now = await emulatorNow(db);
  if (pending.expiresAt.getTime() <= now) throw badRequest('The code has expired. Request a new one.', 'ER-EMAIL-CODE-EXPIRED');
  if (pending.attempts >= MAX_EMAIL_CODE_ATTEMPTS) throw badRequest('Too many wrong codes. Request a new one.', 'ER-EMAIL-CODE-ATTEMPTS');
  if (pending.codeHash !== sha256(body.code)) {
    await db
      .update(emailChangeCodes)
      .set({ attempts: pending.attempts + 1 })
      .where(eq(emailChangeCodes.userId, user.id));
    return c.json(errorBody('Invalid code', 'ER-INVALID-CODE'), 400);
  }
  if (await findUserByEmail(db, body.email)) throw conflict('A user with this email already exists', 'ER-USER-EXISTS');
  await db.update(users).set({ email: body.email }).where(eq(users.id, user.id));
  // an email MFA device on the old address follows the account's email
  await db
    .update(mfaEmails)
    .set({ email: body.email })
    .where(and(eq(mfaEmails.userId, user.id), eq(mfaEmails.email, user.email)));
  await db.delete(emailChangeCodes).where(eq(emailChangeCodes.userId, user.id));
  await send(db, {
    to: user.email,
    channel: 'email',
    subject: 'Your email was changed',
    text: `Hi ${user.name},\n\nThe email of your account was changed to ${body.email}. If you didn't do this, contact your administrator.`,
  });
  await audit(c, { action: 'user.email.changed', targetId: user.id, details: { from: user.email, to: body.email }, severity: 'WARNING' });
  return c.json({});
});
