/**
 * The `WWW-Authenticate` parser (src/auth/www-authenticate.ts) against RFC 9110 §11.6.1's grammar, as a table of
 * edge cases (issue 35 part 1, Done when): quoted commas, escaped quotes, several challenges in one header, token68,
 * case-insensitive scheme and names, empty list elements, malformed input; then the RFC 9470 step-up challenge read
 * from it and written by `formatStepUpChallenge` (what `requireAuthLevel` sends) — read back unchanged.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { formatStepUpChallenge, parseWwwAuthenticate, stepUpChallengeOf, type AuthChallenge } from '../../src/auth/www-authenticate.ts';

const MFA = 'http://schemas.openid.net/pape/policies/2007/06/multi-factor';
const c = (scheme: string, params: Record<string, string> = {}, token68?: string): AuthChallenge => ({ scheme, params, ...(token68 !== undefined ? { token68 } : {}) });

const TABLE: [string, string | null, AuthChallenge[]][] = [
  ['no header', null, []],
  ['empty', '', []],
  ['only separators', ' , ,, ', []],
  ['a scheme alone', 'Bearer', [c('bearer')]],
  [
    'RFC 9470 §3 example',
    `Bearer error="insufficient_user_authentication", error_description="A different authentication level is required", acr_values="myACR"`,
    [c('bearer', { error: 'insufficient_user_authentication', error_description: 'A different authentication level is required', acr_values: 'myACR' })],
  ],
  [
    'RFC 9470 §3 max_age as a token',
    'Bearer error="insufficient_user_authentication", error_description="More recent authentication is required", max_age=5',
    [c('bearer', { error: 'insufficient_user_authentication', error_description: 'More recent authentication is required', max_age: '5' })],
  ],
  ['a comma inside a quoted string', 'Bearer error_description="one, two, three", realm=x', [c('bearer', { error_description: 'one, two, three', realm: 'x' })]],
  ['escaped quotes and backslashes', String.raw`Bearer error_description="say \"hi\" \\ bye", realm="a\bc"`, [c('bearer', { error_description: 'say "hi" \\ bye', realm: 'abc' })]],
  [
    'RFC 9110 §11.6.1 example: two challenges, one quoted-pair',
    String.raw`Newauth realm="apps", type=1, title="Login to \"apps\"", Basic realm="simple"`,
    [c('newauth', { realm: 'apps', type: '1', title: 'Login to "apps"' }), c('basic', { realm: 'simple' })],
  ],
  [
    'token68 then a challenge with params',
    'Basic dXNlcjpwYXNz==, Bearer realm="api", error=invalid_token',
    [c('basic', {}, 'dXNlcjpwYXNz=='), c('bearer', { realm: 'api', error: 'invalid_token' })],
  ],
  ['a challenge without params between two', 'Bearer realm="a", Negotiate, Basic realm="b"', [c('bearer', { realm: 'a' }), c('negotiate'), c('basic', { realm: 'b' })]],
  [
    'scheme and names are case-insensitive (lower-cased), values kept',
    'BEARER Error="Insufficient_User_Authentication", ACR_Values="A B"',
    [c('bearer', { error: 'Insufficient_User_Authentication', acr_values: 'A B' })],
  ],
  ['whitespace around "=" (BWS) and tabs', 'Bearer realm = "x" ,\terror\t=\tinvalid_token', [c('bearer', { realm: 'x', error: 'invalid_token' })]],
  ['empty list elements between params and challenges', ', Bearer realm="x",, ,error=e ,, Basic realm="y",', [c('bearer', { realm: 'x', error: 'e' }), c('basic', { realm: 'y' })]],
  ['a parameter named twice keeps the first', 'Bearer realm="first", realm="second"', [c('bearer', { realm: 'first' })]],
  ['an empty quoted value', 'Bearer error_description=""', [c('bearer', { error_description: '' })]],
  ['"=" and ";" inside a quoted value', 'Bearer acr_values="a=b;c", max_age=10', [c('bearer', { acr_values: 'a=b;c', max_age: '10' })]],
  ['an unterminated quoted string runs to the end', 'Bearer error_description="oops, realm=x', [c('bearer', { error_description: 'oops, realm=x' })]],
  ['garbage after a value is skipped to the next comma', 'Bearer realm=x junk here, error=e', [c('bearer', { realm: 'x', error: 'e' })]],
  [
    'three Bearer-family challenges (DPoP too), the step-up one last',
    'DPoP algs="ES256 PS256", Bearer realm="r", Bearer error="insufficient_user_authentication", max_age=60',
    [c('dpop', { algs: 'ES256 PS256' }), c('bearer', { realm: 'r' }), c('bearer', { error: 'insufficient_user_authentication', max_age: '60' })],
  ],
];

describe('parseWwwAuthenticate (RFC 9110 §11.6.1): table of edge cases', () => {
  for (const [name, header, expected] of TABLE) {
    it(`${name}: ${JSON.stringify(header)}`, () => assert.deepEqual(parseWwwAuthenticate(header), expected));
  }
});

describe('stepUpChallengeOf (RFC 9470 §3)', () => {
  it('reads error_description, acr_values (split on spaces), max_age and realm', () => {
    assert.deepEqual(
      stepUpChallengeOf(`Bearer realm="api", error="insufficient_user_authentication", error_description="Fresh, please", acr_values="${MFA}  urn:x:gold", max_age=300`),
      {
        error: 'insufficient_user_authentication',
        errorDescription: 'Fresh, please',
        acrValues: [MFA, 'urn:x:gold'],
        maxAge: 300,
        realm: 'api',
      },
    );
  });
  it('finds the step-up challenge among several (a plain Bearer challenge first)', () => {
    assert.equal(stepUpChallengeOf('Bearer realm="r", Bearer error="insufficient_user_authentication", max_age=60')?.maxAge, 60);
  });
  it('a quoted max_age is read; a negative, fractional or non-numeric one is left out', () => {
    assert.equal(stepUpChallengeOf('Bearer error="insufficient_user_authentication", max_age="30"')?.maxAge, 30);
    for (const bad of ['-1', '1.5', 'soon', '']) assert.equal(stepUpChallengeOf(`Bearer error="insufficient_user_authentication", max_age="${bad}"`)?.maxAge, undefined, bad);
  });
  it('null for another error, another scheme, or no header', () => {
    assert.equal(stepUpChallengeOf('Bearer error="invalid_token"'), null);
    assert.equal(stepUpChallengeOf('Basic realm="insufficient_user_authentication", error="insufficient_user_authentication"'), null);
    assert.equal(stepUpChallengeOf(null), null);
  });
  it('formatStepUpChallenge writes what stepUpChallengeOf reads back (quotes and backslashes escaped)', () => {
    const challenge = { errorDescription: 'Say "again", \\ please', acrValues: [MFA, 'urn:x'], maxAge: 300, realm: 'a "b"' };
    const header = formatStepUpChallenge(challenge);
    assert.match(
      header,
      /^Bearer realm="a \\"b\\"", error="insufficient_user_authentication", error_description="Say \\"again\\", \\\\ please", acr_values="[^"]+ urn:x", max_age=300$/,
    );
    assert.deepEqual(stepUpChallengeOf(header), { error: 'insufficient_user_authentication', ...challenge });
  });
});
