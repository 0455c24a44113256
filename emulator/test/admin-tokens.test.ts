/**
 * API tokens and access tokens of the admin portal (api-contract §L), called through Frontegg's own client
 * (`@frontegg/rest-api`) so that every request is the one the reference product sends.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { eq } from 'drizzle-orm';
import { createLocalJWKSet, decodeJwt, jwtVerify } from 'jose';
import type { FronteggApiClient, IGetTenantAccessTokens, IGetUserAccessTokens, ITenantApiTokensData, IUserApiTokensData } from '@frontegg/rest-api';
import { SEED } from '../src/db/seed.ts';
import { apiTokens } from '../src/db/schema.ts';
import { sha256 } from '../src/crypto/tokens.ts';
import { Client, P } from './helpers.ts';
import { PASSWORD, rejectsWith, useAdminEmulator } from './admin-harness.ts';

const harness = useAdminEmulator();
const { tokenOf, apiAs, adminApi, makeUser, auditRows } = harness;

/** A client of a user holding only the ReadOnly role (read keys, no write keys). */
async function readOnlyApi(): Promise<FronteggApiClient> {
  await makeUser('reader@acme.test');
  return apiAs(await tokenOf('reader@acme.test', PASSWORD));
}

/** AB-3.09's extra fields (id, type, createdAt, expiresInMinutes) beside the reference types'. */
type Extra = { id: string; type: string; createdAt: string; expiresInMinutes: number | null };

describe('personal API tokens (client credentials)', () => {
  it('AB-7.20 AB-3.09 AB-3.10 AB-5.07 create → listed without its secret → delete; the secret is shown once and only its hash is kept', async () => {
    const api = await adminApi();
    assert.deepEqual(await api.auth.getUserApiTokensData(), []);
    const created: IUserApiTokensData = await api.auth.updateUserApiTokensData({ description: 'CI pipeline', expiresInMinutes: 30 * 1440 });
    const extra = created as IUserApiTokensData & Extra;
    assert.ok(created.clientId && created.secret, 'clientId and secret at creation');
    assert.equal(created.description, 'CI pipeline');
    assert.equal(extra.type, 'ClientCredentials');
    assert.equal(extra.expiresInMinutes, 43_200, 'stored in minutes as given');
    const expires = new Date(String(created.expires)).getTime();
    assert.ok(Math.abs(expires - (Date.parse(extra.createdAt) + 43_200 * 60_000)) < 1000, 'expires = createdAt + 30 days');

    const [row] = await harness.emu.db.select().from(apiTokens).where(eq(apiTokens.clientId, created.clientId));
    assert.equal(row.secretHash, sha256(created.secret), 'only the hash is stored');
    assert.notEqual(row.secretHash, created.secret);

    const list: IUserApiTokensData[] = await api.auth.getUserApiTokensData();
    assert.equal(list.length, 1);
    assert.equal(list[0].clientId, created.clientId);
    assert.equal(list[0].description, 'CI pipeline');
    assert.equal(list[0].secret, undefined, 'lists carry no secret');

    await api.auth.deleteUserApiToken({ tokenId: created.clientId });
    assert.deepEqual(await api.auth.getUserApiTokensData(), []);
    assert.equal((await auditRows('api-token.created', created.clientId)).length, 1);
    const [deleted] = await auditRows('api-token.deleted', created.clientId);
    assert.equal(deleted.severity, 'WARNING');
    assert.equal(deleted.actorId, SEED.adminUserId);
  });

  it('AB-5.08 an expiry of none (null) means no expiry', async () => {
    const api = await adminApi();
    const created = (await api.auth.updateUserApiTokensData({ description: 'forever', expiresInMinutes: null })) as IUserApiTokensData & Extra;
    assert.equal(created.expires, null);
    assert.equal(created.expiresInMinutes, null);
  });

  it('AB-8.03 a user without fe.secure.write.userApiTokens reads the list but cannot create: 403 "Not authorized"', async () => {
    const api = await readOnlyApi();
    assert.deepEqual(await api.auth.getUserApiTokensData(), []);
    await rejectsWith(api.auth.updateUserApiTokensData({ description: 'nope', expiresInMinutes: null }), 403, 'Not authorized');
    await rejectsWith(api.auth.deleteUserApiToken({ tokenId: 'whatever' }), 403, 'Not authorized');
  });

  it('AB-7.20 bad input: no description, a negative or fractional expiry → 400 naming the field; an unknown token → 404', async () => {
    const api = await adminApi();
    await rejectsWith(api.auth.updateUserApiTokensData({ description: '', expiresInMinutes: null }), 400, /description is required/);
    await rejectsWith(api.auth.updateUserApiTokensData({ description: 'x', expiresInMinutes: -5 }), 400, /expiresInMinutes must be at least 1/);
    await rejectsWith(api.auth.updateUserApiTokensData({ description: 'x', expiresInMinutes: 1.5 }), 400, /whole number of minutes/);
    await rejectsWith(api.auth.deleteUserApiToken({ tokenId: 'no-such-token' }), 404, 'Token not found');
  });

  it('AB-3.27 creation is refused while the vendor policy turns API tokens off', async () => {
    const api = await adminApi();
    const off = await new Client(harness.emu).put('/_emulator/vendor-config', { apiTokensEnabled: false });
    assert.equal(off.status, 200, off.text);
    await rejectsWith(api.auth.updateUserApiTokensData({ description: 'x', expiresInMinutes: null }), 403, 'Not authorized');
  });
});

describe('tenant API tokens (client credentials)', () => {
  it('AB-7.20 AB-6.07 AB-3.09 create with roleIds (v2) → listed with tenantId, creator and roles → delete', async () => {
    const api = await adminApi();
    const created: ITenantApiTokensData = await api.auth.updateTenantApiTokensData({ description: 'Billing sync', roleIds: [SEED.readOnlyRoleId], expiresInMinutes: 60 });
    assert.ok(created.clientId && created.secret);
    assert.deepEqual(created.roleIds, [SEED.readOnlyRoleId]);
    assert.equal(created.tenantId, SEED.tenantId);
    assert.equal(created.createdByUserId, SEED.adminUserId);
    const list: ITenantApiTokensData[] = await api.auth.getTenantApiTokensData();
    assert.equal(list.length, 1);
    assert.deepEqual(list[0].roleIds, [SEED.readOnlyRoleId]);
    assert.equal(list[0].secret, undefined);
    assert.deepEqual(await api.auth.getUserApiTokensData(), [], 'a tenant token is not a personal one');
    await api.auth.deleteTenantApiToken({ tokenId: created.clientId! });
    assert.deepEqual(await api.auth.getTenantApiTokensData(), []);
    assert.equal((await auditRows('api-token.created', created.clientId!)).length, 1);
    assert.equal((await auditRows('api-token.deleted', created.clientId!)).length, 1);
  });

  it('AB-6.07 an unknown role id → 400 naming it', async () => {
    const api = await adminApi();
    await rejectsWith(api.auth.updateTenantApiTokensData({ description: 'x', roleIds: ['no-such-role'], expiresInMinutes: null }), 400, 'Unknown role id: no-such-role');
    assert.deepEqual(await api.auth.getTenantApiTokensData(), []);
  });

  it('AB-8.03 tenant tokens need fe.secure.write.tenantApiTokens', async () => {
    const api = await readOnlyApi();
    assert.deepEqual(await api.auth.getTenantApiTokensData(), []);
    await rejectsWith(api.auth.updateTenantApiTokensData({ description: 'x', roleIds: [], expiresInMinutes: null }), 403, 'Not authorized');
  });

  it('AB-3.10 a client-credentials token signs in: a JWKS-verifiable JWT of its tenant with its roles permissions; a wrong secret → 401', async () => {
    const api = await adminApi();
    const created = await api.auth.updateTenantApiTokensData({ description: 'M2M', roleIds: [SEED.readOnlyRoleId], expiresInMinutes: null });
    const c = new Client(harness.emu);
    const wrong = await c.post(`${P}/auth/v1/api-token`, { clientId: created.clientId, secret: 'wrong' });
    assert.equal(wrong.status, 401);
    const ok = await c.post(`${P}/auth/v1/api-token`, { clientId: created.clientId, secret: created.secret });
    assert.equal(ok.status, 200, ok.text);
    assert.ok(ok.body.expiresIn > 0);
    const jwks = (await c.get('/.well-known/jwks.json')).body;
    const { payload } = await jwtVerify(ok.body.accessToken, createLocalJWKSet(jwks), { issuer: harness.emu.issuer, audience: SEED.clientId });
    assert.equal(payload.tenantId, SEED.tenantId);
    assert.equal(payload.type, 'tenantApiToken');
    assert.ok((payload.permissions as string[]).includes('fe.secure.read.users'));
    assert.ok(!(payload.permissions as string[]).includes('fe.secure.write.users'), 'only its roles permissions');
    await api.auth.deleteTenantApiToken({ tokenId: created.clientId! });
    assert.equal((await c.post(`${P}/auth/v1/api-token`, { clientId: created.clientId, secret: created.secret })).status, 401, 'a deleted token no longer signs in');
  });
});

describe('access tokens (user and tenant)', () => {
  it('AB-7.20 AB-3.10 a personal access token: create (its secret a signed token) → listed under accessTokens → delete', async () => {
    const api = await adminApi();
    const created = (await api.auth.createUserAccessToken({ description: 'CLI', expiresInMinutes: 1440 })) as IUserApiTokensData & Extra;
    assert.equal(created.type, 'AccessToken');
    assert.ok(created.secret);
    const claims = decodeJwt(created.secret);
    assert.equal(claims.sub, SEED.adminUserId);
    assert.equal(claims.jti, created.id);
    assert.equal(claims.exp, Math.floor(new Date(String(created.expires)).getTime() / 1000));
    const list: IGetUserAccessTokens = await api.auth.getUserAccessTokensData();
    assert.equal(list.accessTokens.length, 1);
    assert.equal(list.accessTokens[0].id, created.id);
    assert.equal(list.accessTokens[0].description, 'CLI');
    assert.equal(list.accessTokens[0].secret, undefined);
    await api.auth.deleteUserAccessToken({ id: created.id });
    assert.deepEqual((await api.auth.getUserAccessTokensData()).accessTokens, []);
    assert.equal((await auditRows('access-token.created', created.id)).length, 1);
    assert.equal((await auditRows('access-token.deleted', created.id)).length, 1);
  });

  it('AB-7.20 AB-6.07 a tenant access token carries roleIds; bad input and missing keys are refused', async () => {
    const api = await adminApi();
    const created = (await api.auth.createTenantAccessToken({ description: 'Reports', expiresInMinutes: null, roleIds: [SEED.adminRoleId] })) as ITenantApiTokensData & Extra;
    assert.deepEqual(created.roleIds, [SEED.adminRoleId]);
    assert.equal(created.expires, null);
    const list: IGetTenantAccessTokens = await api.auth.getTenantAccessTokensData();
    assert.deepEqual(
      list.accessTokens.map((t) => [t.id, t.roleIds]),
      [[created.id, [SEED.adminRoleId]]],
    );
    await rejectsWith(api.auth.createTenantAccessToken({ description: 'x', expiresInMinutes: null, roleIds: ['nope'] }), 400, 'Unknown role id: nope');
    const reader = await readOnlyApi();
    await rejectsWith(reader.auth.createTenantAccessToken({ description: 'x', expiresInMinutes: null, roleIds: [] }), 403, 'Not authorized');
    await rejectsWith(reader.auth.deleteTenantAccessToken({ id: created.id }), 403, 'Not authorized');
    await api.auth.deleteTenantAccessToken({ id: created.id });
    assert.deepEqual((await api.auth.getTenantAccessTokensData()).accessTokens, []);
  });
});
