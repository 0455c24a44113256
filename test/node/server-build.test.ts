/**
 * The built `fe-elements/server` entry (dist/server.js, from its own Vite build — see the
 * report / package.json `./server` export). Skipped until that build exists.
 */
import { existsSync, readFileSync } from 'node:fs';
import { test } from 'node:test';
import assert from 'node:assert/strict';

const file = new URL('../../dist/server.js', import.meta.url);
const built = existsSync(file);

test(
  'fe-elements/server is built for Node and edge runtimes: only jose and iron-webcrypto imported, no node: modules, no elements chunk',
  { skip: !built && 'dist/server.js not built' },
  async () => {
    const code = readFileSync(file, 'utf8');
    const imports = [...code.matchAll(/(?:^|[;\s}])(?:import|export)\s*(?:[^'"]*?\bfrom\s*)?["']([^"']+)["']/g)].map((m) => m[1]);
    assert.deepEqual([...new Set(imports)].sort(), ['iron-webcrypto', 'jose']);
    assert.doesNotMatch(code, /["']node:/);
    const m = await import(file.href);
    const fe = m.createServerSession({ baseUrl: 'https://auth.example.test', clientId: 'demo-client', encryptionPassword: 'ab'.repeat(32), env: {} });
    const set = await fe.sessionCookies({ accessToken: 'a', refreshToken: 'r' });
    assert.deepEqual(await fe.readTokens(new Headers({ cookie: m.applySetCookies('', set) })), { accessToken: 'a', refreshToken: 'r' });
    // the step-up guard (issue 35) is in the entry, with the challenge's parser it shares with the browser
    const guard = m.requireAuthLevel({ maxAge: 300, server: fe });
    const challenged = await guard.check(new Request('https://app.test/api', { headers: { cookie: m.applySetCookies('', set) } }));
    assert.equal(challenged.ok, false, 'a session whose token does not verify is no session');
    assert.equal(challenged.response.headers.get('www-authenticate'), 'Bearer');
    assert.equal(m.stepUpChallengeOf('Bearer error="insufficient_user_authentication", max_age=5').maxAge, 5);
  },
);
