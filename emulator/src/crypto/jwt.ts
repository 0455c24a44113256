/** Access tokens: RS256 JWTs signed with the emulator key. */
import { SignJWT, jwtVerify, type JWTPayload } from 'jose';
import type { SigningKey } from './keys.ts';

export const MFA_ACR = 'http://schemas.openid.net/pape/policies/2007/06/multi-factor';

export interface AccessClaims extends JWTPayload {
  sub: string;
  email: string;
  name: string;
  tenantId: string;
  tenantIds: string[];
  roles: string[];
  permissions: string[];
  type: 'userToken';
  amr: string[];
  acr?: string;
  auth_time: number;
  sid: string;
  metadata: Record<string, unknown>;
  profilePictureUrl?: string | null;
  /**
   * A token of a sub-account (GetUserJwt for a descendant, src/sub-account-access.ts): the ancestor account the user
   * acts from (`tenantId` is the sub-account). Absent on every other token.
   */
  actingFromTenantId?: string;
}

/** `now` (ms) is the emulator clock (src/clock.ts): iat = now, exp = now + expiresIn. */
export async function signAccessToken(
  key: SigningKey,
  claims: Omit<AccessClaims, 'iss' | 'aud' | 'iat' | 'exp'>,
  opts: { issuer: string; audience: string; expiresIn: number; now: number },
): Promise<{ token: string; exp: number }> {
  const iat = Math.floor(opts.now / 1000);
  const exp = iat + opts.expiresIn;
  const token = await new SignJWT({ ...claims })
    .setProtectedHeader({ alg: 'RS256', kid: key.kid, typ: 'JWT' })
    .setIssuer(opts.issuer)
    .setAudience(opts.audience)
    .setIssuedAt(iat)
    .setExpirationTime(exp)
    .sign(key.privateKey);
  return { token, exp };
}

/** `now` (ms) is the emulator clock: exp and nbf are checked against it. */
export async function verifyAccessToken(key: SigningKey, token: string, opts: { issuer: string; audience: string; now: number }): Promise<AccessClaims> {
  const { payload } = await jwtVerify(token, key.publicKey, { algorithms: ['RS256'], issuer: opts.issuer, audience: opts.audience, currentDate: new Date(opts.now) });
  if (payload.type !== 'userToken' || typeof payload.sub !== 'string') throw new Error('not a user token');
  return payload as AccessClaims;
}
