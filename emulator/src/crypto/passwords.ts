/**
 * Password hashing with node:crypto scrypt. The hash string carries its own
 * parameters: `scrypt$N$r$p$<salt b64url>$<key b64url>`.
 */
import { randomBytes, scrypt as scryptCb, timingSafeEqual, type ScryptOptions } from 'node:crypto';
import { dictionary } from '@zxcvbn-ts/language-common';
import type { PasswordConfig } from '../db/schema.ts';

const scrypt = (password: string, salt: Buffer, keylen: number, opts: ScryptOptions) =>
  new Promise<Buffer>((resolve, reject) => scryptCb(password, salt, keylen, opts, (err, key) => (err ? reject(err) : resolve(key))));

const N = 16384;
const R = 8;
const P = 1;
const KEYLEN = 32;

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await scrypt(password, salt, KEYLEN, { N, r: R, p: P, maxmem: 64 * 1024 * 1024 });
  return `scrypt$${N}$${R}$${P}$${salt.toString('base64url')}$${key.toString('base64url')}`;
}

export async function verifyPassword(password: string, stored: string | null | undefined): Promise<boolean> {
  // A fixed dummy hash keeps the timing of "no such user" close to "wrong password".
  const parts = (stored ?? DUMMY_HASH).split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt') return false;
  const [, n, r, p, saltB64, keyB64] = parts;
  const expected = Buffer.from(keyB64, 'base64url');
  const key = await scrypt(password, Buffer.from(saltB64, 'base64url'), expected.length, {
    N: Number(n),
    r: Number(r),
    p: Number(p),
    maxmem: 64 * 1024 * 1024,
  });
  return stored != null && key.length === expected.length && timingSafeEqual(key, expected);
}

const DUMMY_HASH = `scrypt$${N}$${R}$${P}$${Buffer.alloc(16).toString('base64url')}$${Buffer.alloc(KEYLEN).toString('base64url')}`;

const COMMON_PASSWORDS: ReadonlySet<string> = new Set((dictionary['passwords-common'] as string[]).map((p) => p.toLowerCase()));

/** True when the password (case-insensitively) is in zxcvbn's common-passwords list. */
export function isBreachedPassword(password: string): boolean {
  return COMMON_PASSWORDS.has(password.toLowerCase());
}

/** Checks a new password against the vendor password configuration; returns the failures (empty = fine). */
export function checkPasswordPolicy(password: string, cfg: PasswordConfig): string[] {
  const errors: string[] = [];
  if (password.length < cfg.minLength) errors.push(`The password must be at least ${cfg.minLength} characters long.`);
  if (password.length > cfg.maxLength) errors.push(`The password must be fewer than ${cfg.maxLength} characters.`);
  if (cfg.requiredTests.checkThreeRepeatedChars && /(.)\1\1/.test(password)) {
    errors.push('The password may not contain sequences of three or more repeated characters.');
  }
  const isPassphrase = cfg.allowPassphrases && password.length >= cfg.minPhraseLength;
  if (!isPassphrase && errors.length === 0) {
    const o = cfg.optionalTests;
    const passed = [
      o.requireLowercase && /[a-z]/.test(password),
      o.requireUppercase && /[A-Z]/.test(password),
      o.requireNumbers && /[0-9]/.test(password),
      o.requireSpecialChars && /[^A-Za-z0-9]/.test(password),
    ].filter(Boolean).length;
    if (passed < cfg.minOptionalTestsToPass) {
      errors.push(`The password must pass at least ${cfg.minOptionalTestsToPass} of: a lowercase letter, an uppercase letter, a number, a special character.`);
    }
  }
  return errors;
}
