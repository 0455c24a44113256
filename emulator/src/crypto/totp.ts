/** TOTP (RFC 6238) via otpauth: SHA1, 6 digits, 30 s period, window ±1 step. */
import * as OTPAuth from 'otpauth';

export const TOTP_PERIOD = 30;

export function newSecret(): string {
  return new OTPAuth.Secret({ size: 20 }).base32;
}

function totp(secret: string, label = 'user', issuer = 'fe-elements emulator') {
  return new OTPAuth.TOTP({ issuer, label, algorithm: 'SHA1', digits: 6, period: TOTP_PERIOD, secret: OTPAuth.Secret.fromBase32(secret) });
}

export function otpauthUri(secret: string, label: string, issuer: string): string {
  return totp(secret, label, issuer).toString();
}

/**
 * Validates a code at `now` (ms: the clock's `totpTime`, src/clock.ts) and returns the time step it matched, or
 * null. The caller rejects steps at or before the last accepted one (no replay, RFC 6238 §5.2).
 */
export function matchStep(secret: string, code: string, now: number): number | null {
  const clean = code.replace(/\s/g, '');
  if (!/^\d{6}$/.test(clean)) return null;
  const delta = totp(secret).validate({ token: clean, timestamp: now, window: 1 });
  if (delta === null) return null;
  return Math.floor(now / 1000 / TOTP_PERIOD) + delta;
}
