import { expect } from '@open-wc/testing';
import { decodeJwt } from 'jose';
import { decodeClaims } from '../src/auth/claims.ts';

describe('decodeClaims', () => {
  it('SI-3.02 reads the same claims as jose.decodeJwt, including UTF-8 and base64url characters', () => {
    const payload = { sub: 'u-1', name: 'Zoë Ünal ✓', email: 'zoe@acme.test', amr: ['pwd', 'mfa'], n: 1, '?>': '~~~' };
    const enc = (o: unknown) =>
      btoa(String.fromCharCode(...new TextEncoder().encode(JSON.stringify(o))))
        .replace(/\+/g, '-')
        .replace(/\//g, '_')
        .replace(/=+$/, '');
    for (let pad = 0; pad < 4; pad++) {
      const p = { ...payload, pad: 'x'.repeat(pad) };
      const token = `${enc({ alg: 'RS256' })}.${enc(p)}.sig`;
      expect(decodeClaims(token)).to.deep.equal(decodeJwt(token));
    }
  });

  it('throws on what is not a JWT with an object payload', () => {
    expect(() => decodeClaims('nope')).to.throw(TypeError);
    expect(() => decodeClaims(`a.${btoa('[1]')}.c`)).to.throw(TypeError);
  });
});
