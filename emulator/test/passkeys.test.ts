/**
 * Passkeys (routes/passkeys.ts) against a software authenticator (soft-authenticator.ts):
 * an ES256 key from node:crypto, authenticator data and the attestation object
 * (CBOR, `fmt: 'none'`) encoded by hand, assertions signed over
 * authData ‖ SHA-256(clientDataJSON). The same flows run in Chromium with its
 * virtual authenticator in test/e2e/passkeys.e2e.ts.
 */
import { describe, it, before, after, beforeEach } from 'node:test';
import assert from 'node:assert/strict';
import { sign } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Emulator } from '../src/app.ts';
import { passkeyChallenges } from '../src/db/schema.ts';
import { decodeJwt } from 'jose';
import { Client, P, refreshCookie, startEmulator } from './helpers.ts';
import { PAGE, SoftAuthenticator } from './soft-authenticator.ts';

const b64u = (b: Buffer | string) => Buffer.from(b).toString('base64url');

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

const DEVICES = `${P}/users/webauthn/v1/devices`;
const WA = `${P}/auth/v1/webauthn`;

const page = { origin: PAGE };

async function signedIn() {
  const c = new Client(emu);
  const res = await c.login('admin@acme.test', 'Admin-Passw0rd!');
  assert.equal(res.status, 200, JSON.stringify(res.body));
  return { c, auth: { authorization: `Bearer ${res.body.accessToken}`, ...page } };
}

async function register(c: Client, auth: Record<string, string>, key = new SoftAuthenticator()) {
  const options = await c.post(DEVICES, undefined, auth);
  assert.equal(options.status, 200, JSON.stringify(options.body));
  const verify = await c.post(`${DEVICES}/verify`, { ...key.create(options.body), deviceType: 'Platform' }, auth);
  assert.equal(verify.status, 200, JSON.stringify(verify.body));
  return key;
}

describe('passkey registration (api-contract U)', () => {
  it("WA-Create for the page's RP: rpID = the host page's host name, discoverable, user verification required", async () => {
    const { c, auth } = await signedIn();
    const res = await c.post(DEVICES, undefined, auth);
    assert.equal(res.status, 200);
    assert.equal(res.body.rp.id, 'localhost');
    assert.equal(res.body.rp.name, 'fe-elements demo');
    assert.equal(res.body.user.name, 'admin@acme.test');
    assert.ok(res.body.challenge.length >= 32);
    assert.deepEqual(res.body.pubKeyCredParams.map((p: { alg: number }) => p.alg).slice(0, 2), [-8, -7]);
    assert.equal(res.body.authenticatorSelection.residentKey, 'required');
    assert.equal(res.body.authenticatorSelection.userVerification, 'required');
    assert.deepEqual(res.body.excludeCredentials, []);
    // the same-origin proxy's X-Forwarded-Host is used when there is no Origin
    const fwd = await c.post(DEVICES, undefined, { authorization: auth.authorization, 'x-forwarded-host': 'localhost:4000' });
    assert.equal(fwd.body.rp.id, 'localhost');
    // an untrusted origin is not adopted: the issuer's host name
    const evil = await c.post(DEVICES, undefined, { authorization: auth.authorization, origin: 'https://evil.example' });
    assert.equal(evil.body.rp.id, '127.0.0.1');
  });

  it('SI-3.18 verify stores the credential; devices lists it by id; excludeCredentials then names it; delete by id removes it', async () => {
    const { c, auth } = await signedIn();
    const key = await register(c, auth);
    const list = await c.get(DEVICES, auth);
    assert.equal(list.status, 200);
    assert.equal(list.body.devices.length, 1);
    assert.equal(list.body.devices[0].id, b64u(key.credentialId));
    assert.ok(list.body.devices[0].createdAt);
    assert.ok(['Platform', 'CrossPlatform'].includes(list.body.devices[0].deviceType));
    const again = await c.post(DEVICES, undefined, auth);
    assert.deepEqual(
      again.body.excludeCredentials.map((x: { id: string }) => x.id),
      [b64u(key.credentialId)],
    );
    // the same credential twice → 400
    const dup = await c.post(`${DEVICES}/verify`, key.create(again.body), auth);
    assert.equal(dup.status, 400);
    assert.equal(dup.body.errorCode, 'ER-WEBAUTHN-DUPLICATE');
    const del = await c.del(`${DEVICES}/${b64u(key.credentialId)}`, auth);
    assert.equal(del.status, 200);
    assert.deepEqual((await c.get(DEVICES, auth)).body.devices, []);
    assert.equal((await c.del(`${DEVICES}/${b64u(key.credentialId)}`, auth)).status, 404);
  });

  it('needs a bearer token', async () => {
    const c = new Client(emu);
    assert.equal((await c.post(DEVICES, undefined, page)).status, 401);
    assert.equal((await c.get(DEVICES)).status, 401);
    assert.equal((await c.post(`${DEVICES}/verify`, {}, page)).status, 401);
  });

  it('a wrong origin, a wrong RP, no user verification, a reused or expired challenge are refused (400)', async () => {
    const { c, auth } = await signedIn();
    const key = new SoftAuthenticator();
    const opts = async () => (await c.post(DEVICES, undefined, auth)).body;
    const wrongOrigin = await c.post(`${DEVICES}/verify`, key.create(await opts(), { origin: 'http://localhost:9999' }), auth);
    assert.equal(wrongOrigin.status, 400);
    assert.match(wrongOrigin.body.errors[0], /origin/i);
    const wrongRp = await c.post(`${DEVICES}/verify`, key.create(await opts(), { rpId: 'example.com' }), auth);
    assert.equal(wrongRp.status, 400);
    const noUv = await c.post(`${DEVICES}/verify`, key.create(await opts(), { flags: 0x41 }), auth);
    assert.equal(noUv.status, 400);
    // single use: the challenge of a failed answer is spent too
    const o = await opts();
    assert.equal((await c.post(`${DEVICES}/verify`, key.create(o, { origin: 'http://localhost:1' }), auth)).status, 400);
    const reused = await c.post(`${DEVICES}/verify`, key.create(o), auth);
    assert.equal(reused.status, 400);
    assert.match(reused.body.errors[0], /already used/);
    const e = await opts();
    await emu.db
      .update(passkeyChallenges)
      .set({ expiresAt: new Date(Date.now() - 1) })
      .where(eq(passkeyChallenges.challenge, e.challenge));
    const expired = await c.post(`${DEVICES}/verify`, key.create(e), auth);
    assert.equal(expired.status, 400);
    assert.match(expired.body.errors[0], /expired/);
    // an authentication challenge does not register
    const pre = await c.post(`${WA}/prelogin`, {}, page);
    assert.equal((await c.post(`${DEVICES}/verify`, key.create({ ...pre.body, user: { id: 'x' } }), auth)).status, 400);
    assert.deepEqual((await c.get(DEVICES, auth)).body.devices, []);
    // a malformed body is a 400 as well
    assert.equal((await c.post(`${DEVICES}/verify`, { id: 'x' }, auth)).status, 400);
  });
});

describe('passkey sign-in (api-contract A)', () => {
  it('SI-7.39 prelogin → WA-Req (empty allowCredentials without an email); postlogin → LR + refresh cookie, amr hwk; the counter is kept', async () => {
    const { c, auth } = await signedIn();
    const key = await register(c, auth);
    const anon = new Client(emu);
    const pre = await anon.post(`${WA}/prelogin`, {}, page);
    assert.equal(pre.status, 200);
    assert.equal(pre.body.rpId, 'localhost');
    assert.equal(pre.body.userVerification, 'required');
    assert.deepEqual(pre.body.allowCredentials, []);
    assert.ok(pre.body.timeout > 0);
    const post = await anon.post(`${WA}/postlogin`, key.get(pre.body), page);
    assert.equal(post.status, 200, JSON.stringify(post.body));
    assert.ok(post.body.accessToken);
    assert.equal(post.body.email, 'admin@acme.test');
    assert.deepEqual(post.body.amr, ['hwk']);
    assert.deepEqual(decodeJwt(post.body.accessToken).amr, ['hwk']);
    assert.ok(refreshCookie(anon), 'refresh cookie set');
    // the session refreshes like any other
    assert.equal((await anon.refresh()).status, 200);
    const stored = (await anon.get(`/_emulator/users/${emu.seed.admin.userId}/passkeys`)).body;
    assert.equal(stored[0].counter, 1);
    assert.ok(stored[0].lastUsedAt);
    // with an email: that user's credentials are allowed
    const named = await anon.post(`${WA}/prelogin`, { email: 'admin@acme.test' }, page);
    assert.deepEqual(
      named.body.allowCredentials.map((x: { id: string }) => x.id),
      [b64u(key.credentialId)],
    );
  });

  it('a reused challenge, a replayed counter, a wrong origin, an unknown credential, a bad signature and a locked user are refused', async () => {
    const { c, auth } = await signedIn();
    const key = await register(c, auth);
    const anon = new Client(emu);
    const pre = async () => (await anon.post(`${WA}/prelogin`, {}, page)).body;
    const p1 = await pre();
    assert.equal((await anon.post(`${WA}/postlogin`, key.get(p1), page)).status, 200);
    const reused = await anon.post(`${WA}/postlogin`, key.get(p1), page);
    assert.equal(reused.status, 400);
    assert.match(reused.body.errors[0], /already used/);
    // a cloned authenticator: counter not above the stored one
    const cloned = await anon.post(`${WA}/postlogin`, key.get(await pre(), { counter: 1 }), page);
    assert.equal(cloned.status, 400);
    const origin = await anon.post(`${WA}/postlogin`, key.get(await pre(), { origin: 'http://localhost:1' }), page);
    assert.equal(origin.status, 400);
    const stranger = new SoftAuthenticator();
    const unknown = await anon.post(`${WA}/postlogin`, stranger.get(await pre()), page);
    assert.equal(unknown.status, 400);
    assert.equal(unknown.body.errorCode, 'ER-WEBAUTHN-UNKNOWN-CREDENTIAL');
    const forged = key.get(await pre());
    forged.response.signature = b64u(sign('sha256', Buffer.from('other'), stranger.keys.privateKey));
    assert.equal((await anon.post(`${WA}/postlogin`, forged, page)).status, 400);
    const e = await pre();
    await emu.db
      .update(passkeyChallenges)
      .set({ expiresAt: new Date(Date.now() - 1) })
      .where(eq(passkeyChallenges.challenge, e.challenge));
    const expired = await anon.post(`${WA}/postlogin`, key.get(e), page);
    assert.equal(expired.status, 400);
    assert.match(expired.body.errors[0], /expired/);
    // a registration challenge does not sign in
    const reg = (await c.post(DEVICES, undefined, auth)).body;
    assert.equal((await anon.post(`${WA}/postlogin`, key.get(reg), page)).status, 400);
    // locked users stay out
    for (let i = 0; i < 5; i++) await anon.login('admin@acme.test', 'wrong');
    const fresh = new Client(emu);
    const locked = await fresh.post(`${WA}/postlogin`, key.get(await pre()), page);
    assert.equal(locked.status, 401);
    assert.deepEqual(locked.body.errors, ['User is locked']);
    assert.equal(refreshCookie(fresh), undefined);
  });
});

describe('passkeys configuration', () => {
  it('PUT /_emulator/passkeys turns the Passkeys secondary strategy and the admin_portal_passkeys flag on and off', async () => {
    const c = new Client(emu);
    const strategies = async () => (await c.get(`${P}/configurations/v1/auth/strategies/public`)).body.secondaryAuthStrategies;
    assert.equal((await strategies()).find((s: { strategy: string }) => s.strategy === 'Passkeys').isActive, false);
    const on = await c.put('/_emulator/passkeys', { strategy: true, flag: true });
    assert.deepEqual(on.body, { strategy: true, flag: true });
    assert.equal((await strategies()).find((s: { strategy: string }) => s.strategy === 'Passkeys').isActive, true);
    assert.equal((await c.get('/frontegg/flags')).body.admin_portal_passkeys, 'on');
    const off = await c.put('/_emulator/passkeys', { flag: false });
    assert.deepEqual(off.body, { strategy: true, flag: false });
    assert.equal((await c.get('/frontegg/flags')).body.admin_portal_passkeys, 'off');
    await emu.reset();
    assert.equal((await strategies()).find((s: { strategy: string }) => s.strategy === 'Passkeys').isActive, false);
  });
});
