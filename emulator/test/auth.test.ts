import { describe, it, before, after, beforeEach } from 'node:test';
import assert from 'node:assert/strict';
import { createLocalJWKSet, createRemoteJWKSet, decodeJwt, jwtVerify } from 'jose';
import { serve } from '@hono/node-server';
import type { AddressInfo } from 'node:net';
import type { Emulator } from '../src/app.ts';
import { Client, P, refreshCookie, startEmulator } from './helpers.ts';

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

describe('sign-up', () => {
  it('SI-7.28 POST users/v1/signUp creates user and tenant, answers authResponse and sets the refresh cookie', async () => {
    const c = new Client(emu);
    const res = await c.post(`${P}/users/v1/signUp`, { email: 'New.User@Example.test', password: 'Str0ng-Passw0rd!', name: 'New User', companyName: 'Newco' });
    assert.equal(res.status, 200);
    assert.equal(res.body.shouldActivate, false);
    assert.ok(res.body.userId && res.body.tenantId);
    const lr = res.body.authResponse;
    assert.equal(lr.mfaRequired, false);
    assert.equal(lr.email, 'new.user@example.test');
    assert.equal(lr.tenantId, res.body.tenantId);
    assert.deepEqual(
      lr.roles.map((r: { key: string }) => r.key),
      ['Admin'],
    );
    assert.ok(refreshCookie(c), 'refresh cookie set');
    const claims = decodeJwt(lr.accessToken);
    assert.equal(claims.sub, res.body.userId);

    // and then sign in with the new credentials
    const login = await new Client(emu).login('new.user@example.test', 'Str0ng-Passw0rd!');
    assert.equal(login.status, 200);
    assert.equal(login.body.userId, res.body.userId);
    assert.equal(login.body.isBreachedPassword, false);

    const tenants = await c.get(`${P}/users/v3/me/tenants`, c.bearer(login.body.accessToken));
    assert.equal(tenants.body.activeTenant.name, 'Newco');
  });

  it('rejects a duplicate email with 409 "User already exists"', async () => {
    const c = new Client(emu);
    const res = await c.post(`${P}/users/v1/signUp`, { email: 'ADMIN@acme.test', password: 'Str0ng-Passw0rd!', companyName: 'Dup' });
    assert.equal(res.status, 409);
    assert.deepEqual(res.body.errors, ['User already exists']);
    assert.equal(refreshCookie(c), undefined);
  });

  it('validates the body with 400 { errors }', async () => {
    const c = new Client(emu);
    const res = await c.post(`${P}/users/v1/signUp`, { email: 'not-an-email', password: 'x' });
    assert.equal(res.status, 400);
    assert.ok(Array.isArray(res.body.errors) && res.body.errors.length > 0);
    const weak = await c.post(`${P}/users/v1/signUp`, { email: 'weak@example.test', password: 'short' });
    assert.equal(weak.status, 400);
    assert.match(weak.body.errors.join(', '), /at least 8 characters/);
  });

  it('answers 403 when sign-ups are disabled', async () => {
    const c = new Client(emu);
    await c.put('/_emulator/vendor-config', { allowSignups: false });
    const res = await c.post(`${P}/users/v1/signUp`, { email: 'x@example.test', password: 'Str0ng-Passw0rd!' });
    assert.equal(res.status, 403);
  });

  it('sends a welcome email to the outbox', async () => {
    const c = new Client(emu);
    await c.post(`${P}/users/v1/signUp`, { email: 'welcome@example.test', password: 'Str0ng-Passw0rd!' });
    const box = await c.get('/_emulator/outbox');
    assert.equal(box.body[0].to, 'welcome@example.test');
    assert.equal(box.body[0].channel, 'email');
  });
});

describe('password login', () => {
  it('SI-7.31 POST auth/v1/user answers a full login response and the refresh cookie', async () => {
    const c = new Client(emu);
    const res = await c.login(ADMIN.email, ADMIN.password);
    assert.equal(res.status, 200);
    const lr = res.body;
    for (const k of ['accessToken', 'refreshToken', 'expiresIn', 'expires', 'userId', 'email', 'emailVerified', 'tenantId']) assert.ok(k in lr, k);
    assert.equal(lr.mfaRequired, false);
    assert.equal(lr.expiresIn, 300);
    assert.equal(lr.emailVerified, true);
    assert.deepEqual(lr.amr, ['pwd']);
    const claims = decodeJwt(lr.accessToken);
    assert.equal(claims.type, 'userToken');
    assert.equal(claims.aud, 'demo-client');
    assert.equal(claims.iss, 'http://127.0.0.1:8787');
    assert.equal(claims.tenantId, emu.seed.tenantId);
    assert.deepEqual(claims.roles, ['Admin']);
    assert.ok((claims.permissions as string[]).includes('fe.secure.read.users'));
    assert.equal((claims.exp as number) - (claims.iat as number), 300);
    assert.deepEqual(claims.amr, ['pwd']);
    const cookie = c.lastSetCookie.find((s) => s.startsWith('fe_refresh_demo-client='))!;
    assert.match(cookie, /; Path=\//);
    assert.match(cookie, /; HttpOnly/);
    assert.match(cookie, /; SameSite=Lax/);
    assert.doesNotMatch(cookie, /Secure/);
  });

  it('marks the cookie Secure when the request came over https', async () => {
    const c = new Client(emu);
    await c.post(`${P}/auth/v1/user`, ADMIN, { 'x-forwarded-proto': 'https' });
    assert.match(c.lastSetCookie[0], /; Secure/);
  });

  it('wrong password and unknown email both answer 401 "Invalid authentication"', async () => {
    const c = new Client(emu);
    const wrong = await c.login(ADMIN.email, 'nope-nope');
    assert.equal(wrong.status, 401);
    assert.deepEqual(wrong.body.errors, ['Invalid authentication']);
    const unknown = await c.login('ghost@acme.test', 'nope-nope');
    assert.equal(unknown.status, 401);
    assert.deepEqual(unknown.body.errors, ['Invalid authentication']);
    assert.equal(refreshCookie(c), undefined);
  });

  it('locks the user after maxAttempts failures', async () => {
    const c = new Client(emu);
    await c.put('/_emulator/lockout-policy', { enabled: true, maxAttempts: 3 });
    for (let i = 0; i < 2; i++) assert.deepEqual((await c.login(ADMIN.email, 'bad-password')).body.errors, ['Invalid authentication']);
    const third = await c.login(ADMIN.email, 'bad-password');
    assert.equal(third.status, 401);
    assert.deepEqual(third.body.errors, ['User is locked']);
    const right = await c.login(ADMIN.email, ADMIN.password);
    assert.equal(right.status, 401);
    assert.deepEqual(right.body.errors, ['User is locked']);
    const box = await c.get('/_emulator/outbox');
    assert.equal(box.body[0].subject, 'Your account has been locked');
  });

  it('a success resets the failed-attempt counter', async () => {
    const c = new Client(emu);
    await c.put('/_emulator/lockout-policy', { enabled: true, maxAttempts: 2 });
    await c.login(ADMIN.email, 'bad-password');
    assert.equal((await c.login(ADMIN.email, ADMIN.password)).status, 200);
    assert.equal((await c.login(ADMIN.email, 'bad-password')).body.errors[0], 'Invalid authentication');
  });

  it('isBreachedPassword is true for a common password and false for a strong one', async () => {
    const c = new Client(emu);
    await c.post('/_emulator/users', { email: 'weak@acme.test', password: 'password123' });
    const weak = await c.login('weak@acme.test', 'password123');
    assert.equal(weak.status, 200);
    assert.equal(weak.body.isBreachedPassword, true);
    const strong = await c.login(ADMIN.email, ADMIN.password);
    assert.equal(strong.body.isBreachedPassword, false);
  });
});

describe('SSO pre-login', () => {
  it('SI-7.36 v2 user/sso/prelogin answers address and idpType for a configured domain, otherwise 200 {} (no SSO is not an error, issue 31 item 9)', async () => {
    const c = new Client(emu);
    const none = await c.post(`${P}/auth/v2/user/sso/prelogin`, { email: 'a@sso.test', tenantId: null });
    assert.equal(none.status, 200);
    assert.deepEqual(none.body, {});
    await c.post('/_emulator/sso-domains', { domain: 'sso.test', address: 'http://127.0.0.1:9999/saml' });
    const res = await c.post(`${P}/auth/v2/user/sso/prelogin`, { email: 'a@SSO.test', tenantId: null });
    assert.equal(res.status, 200);
    assert.deepEqual(res.body, { address: 'http://127.0.0.1:9999/saml', idpType: 'saml', addressType: 'sso' });
  });

  it('SI-7.34 v1 user/saml/prelogin answers the same, 404 for a domain without SSO', async () => {
    const c = new Client(emu);
    assert.equal((await c.post(`${P}/auth/v1/user/saml/prelogin`, { email: 'x@corp.test' })).status, 404);
    await c.post('/_emulator/sso-domains', { domain: 'corp.test', address: 'http://127.0.0.1:9999/oidc', idpType: 'oidc' });
    const res = await c.post(`${P}/auth/v1/user/saml/prelogin`, { email: 'x@corp.test' });
    assert.equal(res.body.address, 'http://127.0.0.1:9999/oidc');
    assert.equal(res.body.idpType, 'oidc');
  });
});

describe('refresh and logout', () => {
  it('SI-7.32 refresh rotates the cookie token; the old token then fails and revokes the session', async () => {
    const c = new Client(emu);
    const login = await c.login(ADMIN.email, ADMIN.password);
    const first = refreshCookie(c)!;
    const r1 = await c.refresh();
    assert.equal(r1.status, 200);
    assert.ok(r1.body.accessToken);
    assert.notEqual(r1.body.accessToken, login.body.accessToken);
    const second = refreshCookie(c)!;
    assert.notEqual(second, first);
    assert.equal(r1.body.refreshToken, second);

    // replay the rotated-out token
    const thief = new Client(emu);
    thief.jar.set('fe_refresh_demo-client', first);
    const replay = await thief.refresh();
    assert.equal(replay.status, 401);
    assert.ok(replay.body.errors.length);
    // reuse detection revoked the whole family, including the current token
    const after = await c.refresh();
    assert.equal(after.status, 401);
  });

  it('refresh with an unknown token answers 401; without a cookie 200 {} (no session, no accessToken: not an error, issue 31 item 9)', async () => {
    const c = new Client(emu);
    const none = await c.refresh();
    assert.equal(none.status, 200);
    assert.deepEqual(none.body, {});
    c.jar.set('fe_refresh_demo-client', 'bogus');
    const res = await c.refresh();
    assert.equal(res.status, 401);
    assert.ok(res.body.errors.length);
  });

  it('refresh keeps amr and the tenant; a tenantId the user is not in is ignored', async () => {
    const c = new Client(emu);
    await c.login(ADMIN.email, ADMIN.password);
    const res = await c.refresh('not-a-tenant');
    assert.equal(res.status, 200);
    assert.equal(res.body.tenantId, emu.seed.tenantId);
    assert.deepEqual(decodeJwt(res.body.accessToken).amr, ['pwd']);
  });

  it('SI-7.33 logout revokes the refresh token and clears the cookie', async () => {
    const c = new Client(emu);
    await c.login(ADMIN.email, ADMIN.password);
    const token = refreshCookie(c)!;
    const out = await c.post(`${P}/auth/v1/logout`);
    assert.equal(out.status, 200);
    assert.deepEqual(out.body, {});
    assert.match(c.lastSetCookie[0], /^fe_refresh_demo-client=;.*Max-Age=0/);
    assert.equal(refreshCookie(c), undefined);
    const again = new Client(emu);
    again.jar.set('fe_refresh_demo-client', token);
    assert.equal((await again.refresh()).status, 401);
  });

  it('SI-4.31 a refresh with no cookie answers no session and sets no cookie (a late start-up refresh cannot clear a newer sign-in’s); a refused cookie is cleared', async () => {
    const none = new Client(emu);
    const res = await none.refresh();
    assert.equal(res.status, 200);
    assert.equal(res.body.accessToken, undefined);
    assert.deepEqual(none.lastSetCookie, []);
    const stale = new Client(emu);
    stale.jar.set('fe_refresh_demo-client', 'not-a-token');
    assert.equal((await stale.refresh()).status, 401);
    assert.match(stale.lastSetCookie[0], /^fe_refresh_demo-client=;.*Max-Age=0/);
  });

  it('logout with a bodyless POST and no cookie still answers 200 {}', async () => {
    const res = await new Client(emu).req('POST', `${P}/auth/v1/logout`);
    assert.equal(res.status, 200);
    assert.deepEqual(res.body, {});
  });
});

describe('me, authorization, tenants, entitlements', () => {
  async function token() {
    return (await new Client(emu).login(ADMIN.email, ADMIN.password)).body.accessToken as string;
  }

  it('SI-7.01 authenticated routes answer 401 { errors } without a valid bearer', async () => {
    const c = new Client(emu);
    for (const path of [`${P}/users/v2/me`, `${P}/users/v1/me/authorization`, `${P}/users/v3/me/tenants`, '/frontegg/entitlements/api/v2/user-entitlements']) {
      const res = await c.get(path);
      assert.equal(res.status, 401, path);
      assert.ok(res.body.errors.length);
    }
    const forged = await c.get(`${P}/users/v2/me`, c.bearer('eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ4In0.c2ln'));
    assert.equal(forged.status, 401);
  });

  it('SI-7.18 GET users/v2/me answers the user profile', async () => {
    const c = new Client(emu);
    const me = await c.get(`${P}/users/v2/me`, c.bearer(await token()));
    assert.equal(me.status, 200);
    assert.equal(me.body.email, ADMIN.email);
    assert.equal(me.body.tenantId, emu.seed.tenantId);
    assert.deepEqual(me.body.tenantIds, [emu.seed.tenantId]);
    assert.equal(me.body.mfaEnrolled, false);
    assert.equal(me.body.roles[0].key, 'Admin');
    assert.ok(me.body.permissions.some((p: { key: string }) => p.key === 'fe.secure.write.users'));
  });

  it('accepts the raw JWT without "Bearer " (reference client [jwt] operations)', async () => {
    const c = new Client(emu);
    const res = await c.get(`${P}/users/v3/me/tenants`, { authorization: await token() });
    assert.equal(res.status, 200);
  });

  it('SI-7.21 GET users/v1/me/authorization answers roles and permissions', async () => {
    const c = new Client(emu);
    const res = await c.get(`${P}/users/v1/me/authorization`, c.bearer(await token()));
    assert.deepEqual(Object.keys(res.body).sort(), ['permissions', 'roles']);
    assert.equal(res.body.roles[0].key, 'Admin');
    assert.ok(res.body.permissions.every((p: { roleIds: string[] }) => p.roleIds.includes(res.body.roles[0].id)));
  });

  it('SI-7.20 GET users/v3/me/tenants answers tenants and activeTenant; v2 answers a list', async () => {
    const c = new Client(emu);
    const t = await token();
    const v3 = await c.get(`${P}/users/v3/me/tenants`, c.bearer(t));
    assert.equal(v3.body.activeTenant.tenantId, emu.seed.tenantId);
    assert.equal(v3.body.activeTenant.name, 'Acme');
    assert.equal(v3.body.tenants.length, 1);
    const v2 = await c.get(`${P}/users/v2/me/tenants`, c.bearer(t));
    assert.ok(Array.isArray(v2.body));
    assert.equal(v2.body[0].name, 'Acme');
  });

  it('SI-7.19 GET entitlements v2 answers the bundle: no features or plans in the seed, the role permissions', async () => {
    const c = new Client(emu);
    const res = await c.get('/frontegg/entitlements/api/v2/user-entitlements', c.bearer(await token()));
    assert.deepEqual(Object.keys(res.body).sort(), ['features', 'permissions', 'plans']);
    assert.deepEqual(res.body.features, {});
    assert.deepEqual(res.body.plans, {});
    assert.equal(res.body.permissions['fe.secure.write.users'], true);
  });

  it('SI-7.30 PUT users/v1/tenant switches tenant for the next refresh', async () => {
    const c = new Client(emu);
    const signup = await c.post(`${P}/users/v1/signUp`, { email: 'multi@example.test', password: 'Str0ng-Passw0rd!', companyName: 'Second' });
    const second = signup.body.tenantId as string;
    // add the user to Acme too, directly in the database
    const { userTenants } = await import('../src/db/schema.ts');
    await emu.db.insert(userTenants).values({ userId: signup.body.userId, tenantId: emu.seed.tenantId, createdAt: new Date() });
    const access = signup.body.authResponse.accessToken;
    assert.equal((await c.put(`${P}/users/v1/tenant`, { tenantId: emu.seed.tenantId }, c.bearer(access))).status, 200);
    const refreshed = await c.refresh();
    assert.equal(refreshed.body.tenantId, emu.seed.tenantId);
    assert.deepEqual([...refreshed.body.tenantIds].sort(), [emu.seed.tenantId, second].sort());
    assert.equal((await c.put(`${P}/users/v1/tenant`, { tenantId: 'elsewhere' }, c.bearer(access))).status, 403);
  });
});

describe('JWKS', () => {
  it('SI-7.17 GET /.well-known/jwks.json verifies an issued token (also under /frontegg)', async () => {
    const c = new Client(emu);
    const lr = (await c.login(ADMIN.email, ADMIN.password)).body;
    const jwks = await c.get('/.well-known/jwks.json');
    assert.equal(jwks.body.keys.length, 1);
    assert.equal(jwks.body.keys[0].alg, 'RS256');
    assert.equal(jwks.body.keys[0].d, undefined, 'no private parts');
    const { payload, protectedHeader } = await jwtVerify(lr.accessToken, createLocalJWKSet(jwks.body), { issuer: emu.issuer, audience: 'demo-client' });
    assert.equal(protectedHeader.kid, jwks.body.keys[0].kid);
    assert.equal(payload.sub, emu.seed.admin.userId);
    const prefixed = await c.get('/frontegg/.well-known/jwks.json');
    assert.deepEqual(prefixed.body, jwks.body);
  });

  it('verifies through createRemoteJWKSet against a listening server', async () => {
    const server = serve({ fetch: emu.app.fetch, port: 0, hostname: '127.0.0.1' });
    await new Promise((r) => server.once('listening', r));
    try {
      const { port } = server.address() as AddressInfo;
      const base = `http://127.0.0.1:${port}`;
      const res = await fetch(`${base}/frontegg/identity/resources/auth/v1/user`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(ADMIN),
      });
      const lr = (await res.json()) as { accessToken: string };
      const { payload } = await jwtVerify(lr.accessToken, createRemoteJWKSet(new URL(`${base}/.well-known/jwks.json`)));
      assert.equal(payload.email, ADMIN.email);
    } finally {
      await new Promise((r) => server.close(r));
    }
  });
});

describe('forgot and reset password', () => {
  it('SI-7.25 passwords/reset mails a link; passwords/reset/verify sets the password, unlocks and ends sessions', async () => {
    const c = new Client(emu);
    await c.login(ADMIN.email, ADMIN.password);
    const unknown = await c.post(`${P}/users/v1/passwords/reset`, { email: 'nobody@acme.test' });
    assert.equal(unknown.status, 200, 'no enumeration');
    assert.equal((await c.post(`${P}/users/v1/passwords/reset`, { email: ADMIN.email }, { origin: 'http://127.0.0.1:5173' })).status, 200);
    const [mail] = (await c.get('/_emulator/outbox')).body;
    assert.equal(mail.to, ADMIN.email);
    const link = new URL(mail.link);
    assert.equal(link.origin + link.pathname, 'http://127.0.0.1:5173/account/reset-password');
    const userId = link.searchParams.get('userId')!;
    const token = link.searchParams.get('token')!;
    assert.equal(mail.code, token);

    assert.equal((await c.post(`${P}/users/v1/passwords/reset/validate`, { userId, token })).status, 200);
    assert.equal((await c.post(`${P}/users/v1/passwords/reset/validate`, { userId, token: 'nope' })).status, 400);
    const weak = await c.post(`${P}/users/v1/passwords/reset/verify`, { userId, token, password: 'aaa' });
    assert.equal(weak.status, 400);
    const ok = await c.post(`${P}/users/v1/passwords/reset/verify`, { userId, token, password: 'N3w-Passw0rd!' });
    assert.equal(ok.status, 200);
    assert.equal((await c.refresh()).status, 401, 'sessions ended');
    assert.equal((await c.login(ADMIN.email, ADMIN.password)).status, 401);
    assert.equal((await c.login(ADMIN.email, 'N3w-Passw0rd!')).status, 200);
    assert.equal((await c.post(`${P}/users/v1/passwords/reset/verify`, { userId, token, password: 'An0ther-Passw0rd!' })).status, 400, 'single use');
  });
});
