/**
 * Webhook secrets and signatures (issue 33 item 1; Standard Webhooks, Frontegg's `x-webhook-secret`).
 *
 * - **Secrets.** Left empty, a secret is generated: `whsec_<base64 of 24 random bytes>` (format `whsec`: the signing
 *   key is the base64-decoded part, as the `standardwebhooks` verifier reads a `whsec_` secret). Typed, it needs at
 *   least 8 characters and is used as raw bytes (format `raw`: the verifier takes it with `{ format: 'raw' }`); a typed
 *   `whsec_<base64>` whose base64 decodes to 24–64 bytes is read as a generated one would be.
 * - **Standard Webhooks headers** ({@link signStandard}): `webhook-id` (the message id, the same on every attempt),
 *   `webhook-timestamp` (real wall-clock seconds, never the emulator clock: receivers allow ±5 minutes of real time) and
 *   `webhook-signature: v1,<base64 HMAC-SHA256 of "id.timestamp.body">` — two space-separated signatures while a
 *   rotated-out secret still signs (the new one first).
 * - **Frontegg's header** ({@link fronteggSecretHeader}): `x-webhook-secret`, an HS256 JWT signed with the UTF-8 bytes of
 *   the current secret as the administrator saw it (Frontegg's receivers `jwt.verify(header, secret)`), claims
 *   `{ iat, exp: iat + 300, jti: <message id>, sub: <webhook id> }` in real seconds.
 */
import { createHmac, randomBytes } from 'node:crypto';
import { SignJWT } from 'jose';

/** How a secret's bytes are read: `whsec` (base64 after the prefix) or `raw` (the text's bytes). */
export type SecretFormat = 'whsec' | 'raw';

/** A secret and its format. */
export interface WebhookSecret {
  secret: string;
  format: SecretFormat;
}

/** The prefix of a generated secret. */
export const WHSEC_PREFIX = 'whsec_';
/** The fewest characters of a typed secret. */
export const MIN_TYPED_SECRET = 8;
/** The most characters of a typed secret. */
export const MAX_TYPED_SECRET = 256;

/** A new secret: `whsec_` + base64 of 24 random bytes. */
export function generateSecret(): WebhookSecret {
  return { secret: `${WHSEC_PREFIX}${randomBytes(24).toString('base64')}`, format: 'whsec' };
}

/** The key bytes of a `whsec_` text, or undefined when it is not one (base64 of 24 to 64 bytes). */
function whsecKey(text: string): Buffer | undefined {
  if (!text.startsWith(WHSEC_PREFIX)) return undefined;
  const b64 = text.slice(WHSEC_PREFIX.length);
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(b64) || b64.length % 4 !== 0) return undefined;
  const key = Buffer.from(b64, 'base64');
  return key.length >= 24 && key.length <= 64 ? key : undefined;
}

/**
 * The secret an administrator typed: `undefined` when empty (generate one), else the secret and its format.
 * @throws Error `secret must be at least 8 characters` / `secret must be at most 256 characters`
 */
export function typedSecret(text: string | null | undefined): WebhookSecret | undefined {
  if (text === null || text === undefined || text === '') return undefined;
  if (text.length < MIN_TYPED_SECRET) throw new Error(`secret must be at least ${MIN_TYPED_SECRET} characters`);
  if (text.length > MAX_TYPED_SECRET) throw new Error(`secret must be at most ${MAX_TYPED_SECRET} characters`);
  return { secret: text, format: whsecKey(text) ? 'whsec' : 'raw' };
}

/** The HMAC key of a secret. */
export function signingKey({ secret, format }: WebhookSecret): Buffer {
  return (format === 'whsec' ? whsecKey(secret) : undefined) ?? Buffer.from(secret, 'utf8');
}

/**
 * The Standard Webhooks signature header value of `body` sent as message `id` at `timestamp` (seconds): one
 * `v1,<base64>` per secret, space-separated, in the order given.
 */
export function signStandard(id: string, timestamp: number, body: string, secrets: readonly WebhookSecret[]): string {
  return secrets.map((s) => `v1,${createHmac('sha256', signingKey(s)).update(`${id}.${timestamp}.${body}`).digest('base64')}`).join(' ');
}

/** Frontegg's `x-webhook-secret`: an HS256 JWT signed with the secret's text (see the module comment). */
export function fronteggSecretHeader(secret: WebhookSecret, timestamp: number, claims: { messageId: string; webhookId?: string }): Promise<string> {
  const jwt = new SignJWT({})
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setIssuedAt(timestamp)
    .setExpirationTime(timestamp + 300)
    .setJti(claims.messageId);
  if (claims.webhookId) jwt.setSubject(claims.webhookId);
  return jwt.sign(new TextEncoder().encode(secret.secret));
}

/**
 * The headers of one request carrying `body` as message `id`: JSON content type, the Standard Webhooks three and,
 * with a secret, Frontegg's `x-webhook-secret`. `secrets` = the current secret first, then a rotated-out one still in
 * its overlap; none = unsigned (a test sent without a secret).
 */
export async function deliveryHeaders(id: string, body: string, secrets: readonly WebhookSecret[], webhookId?: string): Promise<Record<string, string>> {
  const timestamp = Math.floor(Date.now() / 1000);
  const headers: Record<string, string> = { 'content-type': 'application/json', 'webhook-id': id, 'webhook-timestamp': String(timestamp) };
  if (secrets.length) {
    headers['webhook-signature'] = signStandard(id, timestamp, body, secrets);
    headers['x-webhook-secret'] = await fronteggSecretHeader(secrets[0], timestamp, { messageId: id, webhookId });
  }
  return headers;
}
