import { describe, it, before, after, beforeEach } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createLocalJWKSet, jwtVerify } from 'jose';
import { sql } from 'drizzle-orm';
import type { Emulator } from '../src/app.ts';
import { Client, ORIGIN, P, startEmulator } from './helpers.ts';
import { SECTION_ACCESS, SECTION_IDS } from '../../src/admin/shell/ids.ts';

let emu: Emulator;
before(async () => {
  emu = await startEmulator();
});
after(async () => {
  await emu.close();
});
beforeEach(async () => {
  await emu.reset();
});

const ADMIN = { email: 'admin@acme.test', password: 'Admin-Passw0rd!' };

describe('errors and trace ids', () => {
  it('SI-8.14 every answer carries a frontegg-trace-id header, success or error', async () => {
    const c = new Client(emu);
    const ok = await c.get(`${P}/configurations/v1/public`);
    const bad = await c.login(ADMIN.email, 'wrong-one');
    assert.match(ok.headers.get('frontegg-trace-id')!, /^[0-9a-f]{32}$/);
    assert.match(bad.headers.get('frontegg-trace-id')!, /^[0-9a-f]{32}$/);
    assert.notEqual(ok.headers.get('frontegg-trace-id'), bad.headers.get('frontegg-trace-id'));
  });

  it('SI-8.15 unknown routes answer 404 JSON { errors: [...] }', async () => {
    const c = new Client(emu);
    const res = await c.get('/frontegg/identity/resources/nothing/here');
    assert.equal(res.status, 404);
    assert.match(res.headers.get('content-type')!, /application\/json/);
    assert.ok(Array.isArray(res.body.errors) && typeof res.body.errors[0] === 'string');
    assert.ok(res.headers.get('frontegg-trace-id'));
  });

  it('a malformed JSON body answers 400 { errors }', async () => {
    const res = await new Client(emu).req('POST', `${P}/auth/v1/user`, '{not json');
    assert.equal(res.status, 400);
    assert.deepEqual(res.body.errors, ['The request body is not valid JSON']);
  });
});

describe('CORS', () => {
  it('preflight from the demo origin allows credentials and the client headers', async () => {
    const res = await emu.fetch(
      new Request(`${ORIGIN}${P}/auth/v1/user`, {
        method: 'OPTIONS',
        headers: { origin: 'http://127.0.0.1:5173', 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type,authorization,frontegg-source' },
      }),
    );
    assert.equal(res.status, 204);
    assert.equal(res.headers.get('access-control-allow-origin'), 'http://127.0.0.1:5173');
    assert.equal(res.headers.get('access-control-allow-credentials'), 'true');
    const allowed = res.headers.get('access-control-allow-headers')!.split(',');
    for (const h of [
      'authorization',
      'content-type',
      'frontegg-source',
      'frontegg-scoped-tenant',
      'frontegg-login-alias',
      'frontegg-requested-application-id',
      'x-frontegg-sdk',
      'x-frontegg-framework',
    ]) {
      assert.ok(allowed.includes(h), h);
    }
    assert.match(res.headers.get('access-control-allow-methods')!, /POST/);
    assert.ok(res.headers.get('frontegg-trace-id'));
  });

  it('actual requests expose frontegg-trace-id; other origins get no allow-origin', async () => {
    const res = await emu.fetch(new Request(`${ORIGIN}/frontegg/flags`, { headers: { origin: 'http://localhost:5173' } }));
    assert.equal(res.headers.get('access-control-allow-origin'), 'http://localhost:5173');
    assert.match(res.headers.get('access-control-expose-headers')!, /frontegg-trace-id/);
    const evil = await emu.fetch(new Request(`${ORIGIN}/frontegg/flags`, { headers: { origin: 'http://evil.test' } }));
    assert.equal(evil.headers.get('access-control-allow-origin'), null);
  });
});

describe('public configuration, metadata, flags, vendor', () => {
  it('GET configurations/v1/public answers the vendor config', async () => {
    const res = await new Client(emu).get(`${P}/configurations/v1/public`);
    assert.deepEqual(res.body, {
      allowSignups: true,
      allowNotVerifiedUsersLogin: false,
      apiTokensEnabled: true,
      forcePermissions: false,
      authStrategy: 'EmailAndPassword',
      machineToMachineAuthStrategy: 'ClientCredentials',
    });
  });

  it('GET configurations/v1/auth/strategies/public answers main and secondary strategies', async () => {
    const res = await new Client(emu).get(`${P}/configurations/v1/auth/strategies/public`);
    assert.deepEqual(res.body.mainAuthStrategies, [{ strategy: 'EmailAndPassword' }]);
    assert.ok(Array.isArray(res.body.secondaryAuthStrategies));
  });

  it('SI-7.27 GET users/v1/passwords/config answers the password configuration', async () => {
    const res = await new Client(emu).get(`${P}/users/v1/passwords/config?userId=x`);
    assert.equal(res.body.minLength, 8);
    assert.equal(res.body.maxLength, 128);
    assert.deepEqual(res.body.requiredTests, { checkThreeRepeatedChars: true });
    assert.equal(typeof res.body.optionalTests.requireNumbers, 'boolean');
  });

  it('SI-7.53 GET /vendors/public answers name, logo, icon, whiteLabelMode', async () => {
    const res = await new Client(emu).get('/frontegg/vendors/public');
    assert.deepEqual(Object.keys(res.body).sort(), ['icon', 'logo', 'name', 'whiteLabelMode']);
    assert.equal(res.body.whiteLabelMode, false);
  });

  it('SI-7.11 GET /flags answers on/off per flag as set through /_emulator/flags', async () => {
    const c = new Client(emu);
    assert.deepEqual((await c.get('/frontegg/flags')).body, {});
    await c.put('/_emulator/flags', { admin_portal_should_load_authorization: 'on', other: false });
    assert.deepEqual((await c.get('/frontegg/flags')).body, { admin_portal_should_load_authorization: 'on', other: 'off' });
    await c.put('/_emulator/flags', { other: null });
    assert.deepEqual((await c.get('/frontegg/flags')).body, { admin_portal_should_load_authorization: 'on' });
  });

  it('SI-7.09 GET /metadata?entityName=adminBox answers rows[0].configuration; PUT /_emulator/metadata replaces it', async () => {
    const c = new Client(emu);
    const res = await c.get('/frontegg/metadata?entityName=adminBox');
    assert.equal(res.body.rows.length, 1);
    assert.equal(res.body.rows[0].entityName, 'adminBox');
    assert.deepEqual(Object.keys(res.body.rows[0].configuration).sort(), ['localizations', 'navigation', 'theme']);
    await c.put('/_emulator/metadata', { configuration: { theme: { palette: { primary: { main: '#ff0000' } } }, localizations: {}, navigation: {} } });
    const after = await c.get('/frontegg/metadata?entityName=adminBox');
    assert.equal(after.body.rows[0].configuration.theme.palette.primary.main, '#ff0000');
    const none = await c.get('/frontegg/metadata?entityName=notifications');
    assert.deepEqual(none.body, { rows: [] });
  });

  it('SI-2.31 the seeded vendor turns on every section Frontegg hides by default (metadata navigation byPermissions), so the demo shows what is built', async () => {
    const res = await new Client(emu).get('/frontegg/metadata?entityName=adminBox');
    const navigation = res.body.rows[0].configuration.navigation as Record<string, { visibility: string }>;
    // the portal's access table says which (src/admin/shell/ids.ts; its spec values: test/admin/sections.test.ts)
    const hidden = SECTION_IDS.filter((id) => !SECTION_ACCESS[id].defaultVisible);
    assert.ok(hidden.includes('roles') && hidden.includes('provisioning'), hidden.join());
    for (const id of SECTION_IDS) assert.deepEqual(navigation[id], hidden.includes(id) ? { visibility: 'byPermissions' } : undefined, id);
  });

  it('security policies: GET needs a bearer, saving needs fe.secure.write.securityPolicy', async () => {
    const c = new Client(emu);
    assert.equal((await c.get(`${P}/configurations/v1/mfa-policy`)).status, 401);
    const admin = (await c.login(ADMIN.email, ADMIN.password)).body.accessToken;
    const got = await c.get(`${P}/configurations/v1/mfa-policy`, c.bearer(admin));
    assert.equal(got.body.enforceMFAType, 'DontForce');
    const saved = await c.req('PATCH', `${P}/configurations/v1/mfa-policy`, { id: got.body.id, enforceMFAType: 'Force' }, c.bearer(admin));
    assert.equal(saved.body.enforceMFAType, 'Force');
    assert.equal((await c.login(ADMIN.email, ADMIN.password)).body.mfaRequired, true);

    await c.post('/_emulator/users', { email: 'reader@acme.test', password: 'Reader-Passw0rd!', roles: ['ReadOnly'], mfaBypass: true });
    const reader = (await c.login('reader@acme.test', 'Reader-Passw0rd!')).body.accessToken;
    const denied = await c.post(`${P}/configurations/v1/lockout-policy`, { enabled: true, maxAttempts: 3 }, c.bearer(reader));
    assert.equal(denied.status, 403);
    const lockout = await c.get(`${P}/configurations/v1/lockout-policy`, c.bearer(reader));
    assert.deepEqual([lockout.body.enabled, lockout.body.maxAttempts], [true, 5]);
  });
});

describe('outbox', () => {
  it('GET /_emulator/outbox lists newest first, as JSON or HTML; DELETE clears it', async () => {
    const c = new Client(emu);
    await c.post(`${P}/users/v1/signUp`, { email: 'first@example.test', password: 'Str0ng-Passw0rd!' });
    await c.post(`${P}/users/v1/signUp`, { email: 'second@example.test', password: 'Str0ng-Passw0rd!' });
    const box = await c.get('/_emulator/outbox');
    assert.deepEqual(
      box.body.map((m: { to: string }) => m.to),
      ['second@example.test', 'first@example.test'],
    );
    for (const m of box.body) {
      assert.equal(typeof m.id, 'string');
      assert.equal(m.channel, 'email');
      assert.ok(m.subject && m.text && !Number.isNaN(Date.parse(m.createdAt)));
    }
    const html = await c.get('/_emulator/outbox', { accept: 'text/html' });
    assert.match(html.headers.get('content-type')!, /text\/html/);
    assert.ok(html.text.indexOf('second@example.test') < html.text.indexOf('first@example.test'));
    const viaQuery = await c.get('/_emulator/outbox?format=html');
    assert.match(viaQuery.text, /<h1>Outbox<\/h1>/);
    assert.equal((await c.del('/_emulator/outbox')).status, 200);
    assert.deepEqual((await c.get('/_emulator/outbox')).body, []);
  });

  it('escapes message content in the HTML view', async () => {
    const c = new Client(emu);
    await c.post(`${P}/users/v1/signUp`, { email: 'x@example.test', password: 'Str0ng-Passw0rd!', name: '<script>alert(1)</script>' });
    const html = await c.get('/_emulator/outbox?format=html');
    assert.ok(!html.text.includes('<script>alert(1)</script>'));
    assert.ok(html.text.includes('&lt;script&gt;'));
  });
});

describe('transactions and reset', () => {
  it('a failed sign-up (duplicate email) leaves no half-created tenant and sends nothing', async () => {
    const c = new Client(emu);
    const res = await c.post(`${P}/users/v1/signUp`, { email: 'admin@acme.test', password: 'Str0ng-Passw0rd!', companyName: 'Ghost Co' });
    assert.equal(res.status, 409);
    const tenants = await c.get('/_emulator/tenants');
    assert.deepEqual(
      tenants.body.map((t: { name: string }) => t.name),
      ['Acme'],
    );
    const { rows } = (await emu.db.execute(sql`select count(*)::int as n from tenants where name = 'Ghost Co'`)) as unknown as { rows: { n: number }[] };
    assert.equal(rows[0].n, 0);
    assert.deepEqual((await c.get('/_emulator/outbox')).body, []);
    assert.equal(res.headers.getSetCookie().length, 0);
  });

  it('POST /_emulator/reset restores the seed and keeps the signing key', async () => {
    const c = new Client(emu);
    const before = (await c.login(ADMIN.email, ADMIN.password)).body.accessToken;
    await c.post(`${P}/users/v1/signUp`, { email: 'temp@example.test', password: 'Str0ng-Passw0rd!' });
    await c.put('/_emulator/mfa-policy', { enforceMFAType: 'Force' });
    await c.put('/_emulator/flags', { f: 'on' });
    assert.equal((await c.post('/_emulator/reset')).status, 200);
    assert.equal((await c.login('temp@example.test', 'Str0ng-Passw0rd!')).status, 401);
    const admin = await c.login(ADMIN.email, ADMIN.password);
    assert.equal(admin.body.mfaRequired, false);
    assert.deepEqual((await c.get('/frontegg/flags')).body, {});
    assert.deepEqual((await c.get('/_emulator/outbox')).body, []);
    const jwks = (await c.get('/.well-known/jwks.json')).body;
    await jwtVerify(before, createLocalJWKSet(jwks), { issuer: emu.issuer, audience: 'demo-client' });
  });

  it('GET /_emulator answers the seed', async () => {
    const res = await new Client(emu).get('/_emulator');
    assert.equal(res.body.tenantId, emu.seed.tenantId);
    assert.deepEqual(res.body.admin, { email: ADMIN.email, password: ADMIN.password });
  });
});

describe('persistence', () => {
  it('a PGlite data directory keeps users and the signing key across restarts', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'emulator-test-'));
    try {
      const first = await startEmulator({ dataDir: dir });
      const c1 = new Client(first);
      await c1.post(`${P}/users/v1/signUp`, { email: 'keep@example.test', password: 'Str0ng-Passw0rd!' });
      const token = (await c1.login('keep@example.test', 'Str0ng-Passw0rd!')).body.accessToken;
      await first.close();

      const second = await startEmulator({ dataDir: dir });
      try {
        const c2 = new Client(second);
        c2.jar.clear();
        for (const [k, v] of c1.jar) c2.jar.set(k, v);
        const me = await c2.get(`${P}/users/v2/me`, c2.bearer(token));
        assert.equal(me.status, 200, 'old token still verifies');
        assert.equal(me.body.email, 'keep@example.test');
        assert.equal((await c2.refresh()).status, 200, 'refresh cookie survives');
      } finally {
        await second.close();
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
