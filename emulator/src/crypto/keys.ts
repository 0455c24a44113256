/**
 * The RS256 signing key. Generated once and stored in `signing_keys`, so
 * tokens stay valid across restarts and resets.
 */
import { exportJWK, generateKeyPair, importJWK, type JWK, type CryptoKey } from 'jose';
import { randomToken } from './tokens.ts';
import type { Db } from '../db/client.ts';
import { signingKeys } from '../db/schema.ts';
import { asc } from 'drizzle-orm';

export interface SigningKey {
  kid: string;
  privateKey: CryptoKey;
  publicKey: CryptoKey;
  publicJwk: JWK;
}

export async function loadOrCreateSigningKey(db: Db): Promise<SigningKey> {
  let [row] = await db.select().from(signingKeys).orderBy(asc(signingKeys.createdAt)).limit(1);
  if (!row) {
    const { privateKey, publicKey } = await generateKeyPair('RS256', { extractable: true, modulusLength: 2048 });
    const kid = randomToken(12);
    const privateJwk = { ...(await exportJWK(privateKey)), kid, alg: 'RS256', use: 'sig' };
    const publicJwk = { ...(await exportJWK(publicKey)), kid, alg: 'RS256', use: 'sig' };
    await db.insert(signingKeys).values({ kid, privateJwk, publicJwk, createdAt: new Date() }).onConflictDoNothing();
    [row] = await db.select().from(signingKeys).orderBy(asc(signingKeys.createdAt)).limit(1);
  }
  const privateKey = (await importJWK(row.privateJwk as JWK, 'RS256')) as CryptoKey;
  const publicKey = (await importJWK(row.publicJwk as JWK, 'RS256')) as CryptoKey;
  return { kid: row.kid, privateKey, publicKey, publicJwk: row.publicJwk as JWK };
}
