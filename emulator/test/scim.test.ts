// @postgres: a connection locked FOR UPDATE while its requests run (scim/connections.ts)
/**
 * The SCIM 2.0 endpoint of a provisioning connection (issue 23 item 6; RFC 7643/7644): a SCIM client written here
 * sends requests the way Okta and Entra ID do, and the effect is read back through the admin API with Frontegg's own
 * client (`@frontegg/rest-api`) — the users list, the groups list, disabling and sign-in — plus isolation between
 * connections, filters and pagination, the error schema, the request log, email-domain restrictions and deleting a
 * connection.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { GroupRelations, RestrictionType, ScimConnectionSource, type FronteggApiClient } from '@frontegg/rest-api';
import { eq } from 'drizzle-orm';
import { SEED } from '../src/db/seed.ts';
import { audits, scimRequestLog } from '../src/db/schema.ts';
import { Client, ORIGIN, P } from './helpers.ts';
import { PASSWORD, rejectsWith, useAdminEmulator } from './admin-harness.ts';
import { ENTERPRISE, ERROR, GROUP_SCHEMA, LIST, USER_SCHEMA, ScimClient, connectScim, type ScimJson } from './scim-client.ts';

const harness = useAdminEmulator();
const { adminApi, makeUser, auditRows } = harness;

/** A parsed JSON object of an answer. */
type Json = ScimJson;

/** A directory's SCIM client of one connection (test/scim-client.ts). */
type Scim = ScimClient;

/** A new connection of the seeded account (Frontegg's client) and a SCIM client holding its token. */
const connect = (api: FronteggApiClient, source = ScimConnectionSource.OKTA, connectionName?: string): Promise<Scim> => connectScim(harness.emu, api, source, connectionName);

/** What Okta POSTs to /Users. */
const oktaUser = (email: string, extra: Json = {}) => ({
  schemas: [USER_SCHEMA],
  userName: email,
  name: { givenName: 'Ann', familyName: 'Lee' },
  emails: [{ primary: true, value: email, type: 'work' }],
  displayName: 'Ann Lee',
  locale: 'en-US',
  externalId: `okta-${email}`,
  groups: [],
  password: 'Okta-Generated-1',
  active: true,
  ...extra,
});

/** What Entra ID POSTs to /Users. */
const entraUser = (email: string) => ({
  schemas: [USER_SCHEMA, ENTERPRISE],
  externalId: `entra-${email}`,
  userName: email,
  active: true,
  displayName: 'Bo Ek',
  emails: [{ primary: true, type: 'work', value: email }],
  name: { formatted: 'Bo Ek', familyName: 'Ek', givenName: 'Bo' },
  [ENTERPRISE]: { department: 'Engineering' },
});

/** The seeded account's users as the portal lists them (users v2), by email. */
async function portalUser(api: FronteggApiClient, email: string): Promise<Json | undefined> {
  const page = await api.users.getUsersV2({ _filter: email, _limit: 50 } as never);
  return (page.items as Json[]).find((u) => u.email === email);
}

const signIn = (email: string, password = PASSWORD) => new Client(harness.emu).post(`${P}/auth/v1/user`, { email, password });

describe('SCIM: an Okta push', () => {
  it('AB-7.53 AB-3.05 AB-3.23 Okta looks the user up, creates it active, deactivates it with a no-path replace: the portal lists it managed by scim2, disabled, and it cannot sign in', async () => {
    const api = await adminApi();
    const okta = await connect(api);
    await makeUser('ann@acme.test', ['ReadOnly']);
    assert.equal((await signIn('ann@acme.test')).status, 200);

    const lookup = await okta.get(`/Users?filter=${encodeURIComponent('userName eq "ann@acme.test"')}&startIndex=1&count=100`);
    assert.equal(lookup.status, 200);
    assert.match(lookup.headers.get('content-type') ?? '', /^application\/scim\+json/);
    assert.deepEqual(lookup.body, { schemas: [LIST], totalResults: 0, startIndex: 1, itemsPerPage: 0, Resources: [] }, 'the portal user is not the connection’s');

    const created = await okta.post('/Users', oktaUser('ann@acme.test'));
    assert.equal(created.status, 201, created.text);
    const id = created.body.id as string;
    assert.equal(created.headers.get('location'), `${ORIGIN}${okta.base}/Users/${id}`);
    assert.equal(created.body.meta.location, `${ORIGIN}${okta.base}/Users/${id}`);
    assert.equal(created.body.userName, 'ann@acme.test');
    assert.equal(created.body.active, true);
    assert.equal(created.body.externalId, 'okta-ann@acme.test');
    assert.equal(created.body.password, undefined, 'a password is never answered');

    const found = await okta.get(`/Users?filter=${encodeURIComponent('userName eq "ANN@acme.test"')}&startIndex=1&count=100`);
    assert.equal(found.body.totalResults, 1, 'userName compares case-insensitively');
    assert.equal(found.body.Resources[0].id, id);

    const listed = await portalUser(api, 'ann@acme.test');
    assert.equal(listed?.id, id, 'the existing user of the account is linked, not duplicated');
    assert.equal(listed?.managedBy, 'scim2');
    assert.equal(listed?.provider, 'scim2');
    assert.equal(listed?.isDisabled, false);

    const off = await okta.patch(`/Users/${id}`, [{ op: 'replace', value: { active: false } }]);
    assert.equal(off.status, 200, off.text);
    assert.equal(off.body.active, false);
    assert.equal((await portalUser(api, 'ann@acme.test'))?.isDisabled, true);
    const refused = await signIn('ann@acme.test');
    assert.equal(refused.status, 401);
    assert.deepEqual(refused.body.errors, ['User is disabled']);

    const on = await okta.patch(`/Users/${id}`, [{ op: 'replace', value: { active: true } }]);
    assert.equal(on.body.active, true);
    assert.equal((await signIn('ann@acme.test')).status, 200, 're-activated: signs in again');

    const [conn] = (await api.directory.getConfigs()) as Json[];
    assert.ok(conn.lastSync, 'lastSync is set by a write');
    assert.equal(conn.userCount, 1);
    assert.deepEqual(await api.directory.countConfigurationUsers(okta.id), { count: 1 });
    assert.equal((await auditRows('user.provisioned', id)).length, 1);
    assert.equal((await auditRows('user.disabled', id)).length, 1);
  });

  it('AB-7.53 a new user is created in the account with its name; PUT replaces it; DELETE removes it from the account', async () => {
    const api = await adminApi();
    const okta = await connect(api);
    const created = await okta.post('/Users', oktaUser('new@acme.test', { name: { formatted: 'Nova Quinn' } }));
    assert.equal(created.status, 201, created.text);
    const id = created.body.id as string;
    assert.equal((await portalUser(api, 'new@acme.test'))?.name, 'Nova Quinn');

    const put = await okta.put(`/Users/${id}`, oktaUser('new@acme.test', { name: { givenName: 'Nova', familyName: 'Q' }, active: false }));
    assert.equal(put.status, 200, put.text);
    const after = await portalUser(api, 'new@acme.test');
    assert.equal(after?.name, 'Nova Q');
    assert.equal(after?.isDisabled, true, 'PUT active false disables');

    const gone = await okta.del(`/Users/${id}`);
    assert.equal(gone.status, 204);
    assert.equal(await portalUser(api, 'new@acme.test'), undefined);
    assert.equal((await okta.get(`/Users/${id}`)).status, 404);
    assert.equal((await auditRows('user.deprovisioned', id)).length, 1);
  });
});

describe('SCIM: an Entra ID push', () => {
  it('AB-7.53 capitalised ops, "False"/"True" strings, a PatchOp without schemas, typed and dotted paths, enterprise extension paths and a no-path object all apply', async () => {
    const api = await adminApi();
    const entra = await connect(api, ScimConnectionSource.AZURE_AD);
    const created = await entra.post('/Users', entraUser('bo@acme.test'));
    assert.equal(created.status, 201, created.text);
    const id = created.body.id as string;
    assert.equal(created.body[ENTERPRISE]?.department, 'Engineering');

    const off = await entra.req('PATCH', `/Users/${id}`, { Operations: [{ op: 'Replace', path: 'active', value: 'False' }] });
    assert.equal(off.status, 200, off.text);
    assert.equal((await portalUser(api, 'bo@acme.test'))?.isDisabled, true);

    const edited = await entra.patch(`/Users/${id}`, [
      { op: 'Replace', path: 'emails[type eq "work"].value', value: 'bo.ek@acme.test' },
      { op: 'Add', path: 'emails[type eq "home"].value', value: 'bo@home.test' },
      { op: 'Replace', path: 'name.givenName', value: 'Bosse' },
      { op: 'Replace', path: `${ENTERPRISE}:department`, value: 'Operations' },
      { op: 'Replace', value: { active: 'True', displayName: 'Bosse Ek', 'name.formatted': 'Bosse Ek' } },
    ]);
    assert.equal(edited.status, 200, edited.text);
    assert.equal(edited.body.active, true);
    assert.equal(edited.body.name.givenName, 'Bosse');
    assert.equal(edited.body[ENTERPRISE].department, 'Operations');
    assert.deepEqual(
      (edited.body.emails as Json[]).map((e) => [e.type, e.value]),
      [
        ['work', 'bo.ek@acme.test'],
        ['home', 'bo@home.test'],
      ],
    );
    assert.equal(await portalUser(api, 'bo@acme.test'), undefined, 'the primary email changed');
    const user = await portalUser(api, 'bo.ek@acme.test');
    assert.equal(user?.id, id);
    assert.equal(user?.name, 'Bosse Ek');
    assert.equal(user?.isDisabled, false);
  });

  it('AB-3.08 groups: create, members add and remove as Entra sends them; the portal lists the group managed by scim2 with its members', async () => {
    const api = await adminApi();
    const entra = await connect(api, ScimConnectionSource.AZURE_AD);
    const bo = (await entra.post('/Users', entraUser('bo@acme.test'))).body.id as string;
    const cy = (await entra.post('/Users', entraUser('cy@acme.test'))).body.id as string;
    const group = await entra.post('/Groups', { schemas: [GROUP_SCHEMA], externalId: 'g-1', displayName: 'Engineers', members: [] });
    assert.equal(group.status, 201, group.text);
    const gid = group.body.id as string;

    const added = await entra.patch(`/Groups/${gid}`, [{ op: 'Add', path: 'members', value: [{ value: bo }, { value: cy }] }]);
    assert.equal(added.status, 200, added.text);
    let [listed] = await api.groups.getGroups({ _groupsRelations: GroupRelations.users });
    assert.equal(listed.name, 'Engineers');
    assert.equal(listed.managedBy, 'scim2');
    assert.deepEqual(listed.users?.map((u) => u.email).sort(), ['bo@acme.test', 'cy@acme.test']);

    const removed = await entra.patch(`/Groups/${gid}`, [{ op: 'Remove', path: 'members', value: [{ value: bo }] }]);
    assert.equal(removed.status, 200, removed.text);
    await entra.patch(`/Groups/${gid}`, [{ op: 'Replace', path: 'displayName', value: 'Platform' }]);
    [listed] = await api.groups.getGroups({ _groupsRelations: GroupRelations.users });
    assert.equal(listed.name, 'Platform');
    assert.deepEqual(
      listed.users?.map((u) => u.email),
      ['cy@acme.test'],
    );
    const read = await entra.get(`/Groups/${gid}`);
    assert.deepEqual(read.body.members, [{ value: cy, display: 'cy@acme.test' }]);

    const byName = await entra.get(`/Groups?excludedAttributes=members&filter=${encodeURIComponent('displayName eq "Platform"')}`);
    assert.equal(byName.body.totalResults, 1);
    assert.equal(byName.body.Resources[0].displayName, 'Platform');
    assert.equal(byName.body.Resources[0].members, undefined, 'excludedAttributes=members, as Entra asks');
    await rejectsWith(api.groups.updateGroup({ groupId: gid, name: 'Mine now' }), 400, /managed by SCIM/);

    const stranger = await entra.patch(`/Groups/${gid}`, [{ op: 'add', path: 'members', value: [{ value: SEED.adminUserId }] }]);
    assert.equal(stranger.status, 400, 'a member must be a user of the connection');
    assert.equal(stranger.body.scimType, 'invalidValue');

    assert.equal((await entra.del(`/Groups/${gid}`)).status, 204);
    assert.deepEqual(await api.groups.getGroups(), []);
  });
});

describe('SCIM: isolation, lists, errors, log', () => {
  it('AB-7.53 a connection reads and writes only what it pushed; its token opens no other connection', async () => {
    const api = await adminApi();
    const a = await connect(api, ScimConnectionSource.OKTA, 'A');
    const b = await connect(api, ScimConnectionSource.OTHER, 'B');
    const id = (await a.post('/Users', oktaUser('ann@acme.test'))).body.id as string;
    const gid = (await a.post('/Groups', { schemas: [GROUP_SCHEMA], displayName: 'Team A' })).body.id as string;

    assert.equal((await b.get('/Users')).body.totalResults, 0);
    assert.equal((await b.get('/Groups')).body.totalResults, 0);
    assert.equal((await b.get(`/Users/${id}`)).status, 404);
    assert.equal((await b.get(`/Users/${SEED.adminUserId}`)).status, 404, 'a portal user is not a SCIM resource');
    assert.equal((await b.patch(`/Users/${id}`, [{ op: 'replace', value: { active: false } }])).status, 404);
    assert.equal((await b.del(`/Users/${id}`)).status, 404);
    assert.equal((await b.del(`/Groups/${gid}`)).status, 404);
    const again = await a.post('/Users', oktaUser('ann@acme.test', { userName: 'ann.lee' }));
    assert.equal(again.status, 409, 'the same email under another userName of the same connection');
    assert.equal(again.body.detail, 'The user ann@acme.test is already provisioned as "ann@acme.test"');
    const dup = await b.post('/Users', oktaUser('ann@acme.test'));
    assert.equal(dup.status, 409, 'a user another connection manages');
    assert.equal(dup.body.scimType, 'uniqueness');

    const crossed = await b.req('GET', '/Users', undefined, a.token);
    assert.equal(crossed.status, 401, "A's token on B's URL");
    assert.deepEqual(crossed.body, { schemas: [ERROR], status: '401', detail: 'The bearer token is missing or not valid for this connection' });
    assert.equal((await a.get(`/Users/${id}`)).body.active, true, 'untouched');
  });

  it('AB-7.53 filters and startIndex/count pagination answer a ListResponse; an unknown attribute matches nothing', async () => {
    const api = await adminApi();
    const okta = await connect(api);
    for (const n of [1, 2, 3, 4, 5]) assert.equal((await okta.post('/Users', oktaUser(`u${n}@acme.test`))).status, 201);

    const page = await okta.get('/Users?startIndex=2&count=2');
    assert.equal(page.body.totalResults, 5);
    assert.equal(page.body.startIndex, 2);
    assert.equal(page.body.itemsPerPage, 2);
    assert.deepEqual(
      (page.body.Resources as Json[]).map((r) => r.userName),
      ['u2@acme.test', 'u3@acme.test'],
    );
    const last = await okta.get('/Users?startIndex=5&count=10');
    assert.deepEqual(
      (last.body.Resources as Json[]).map((r) => r.userName),
      ['u5@acme.test'],
    );

    const ext = await okta.get(`/Users?filter=${encodeURIComponent('externalId eq "okta-u4@acme.test"')}`);
    assert.deepEqual(
      (ext.body.Resources as Json[]).map((r) => r.userName),
      ['u4@acme.test'],
    );
    const complex = await okta.get(`/Users?filter=${encodeURIComponent('emails[type eq "work"].value sw "u1" or userName eq "u3@acme.test"')}`);
    assert.deepEqual((complex.body.Resources as Json[]).map((r) => r.userName).sort(), ['u1@acme.test', 'u3@acme.test']);
    const projected = await okta.get(`/Users?filter=${encodeURIComponent('userName eq "u1@acme.test"')}&attributes=userName`);
    assert.equal(projected.body.Resources[0].userName, 'u1@acme.test');
    assert.equal(projected.body.Resources[0].emails, undefined, 'only the attributes asked for (and id)');

    const unknown = await okta.get(`/Users?filter=${encodeURIComponent('favouriteColour eq "blue"')}`);
    assert.equal(unknown.status, 200);
    assert.deepEqual(unknown.body, { schemas: [LIST], totalResults: 0, startIndex: 1, itemsPerPage: 0, Resources: [] });

    const broken = await okta.get(`/Users?filter=${encodeURIComponent('userName zz "x"')}`);
    assert.equal(broken.status, 400);
    assert.equal(broken.body.scimType, 'invalidFilter');
  });

  it('AB-7.53 discovery: ServiceProviderConfig, Schemas and ResourceTypes; other endpoints and methods answer SCIM errors', async () => {
    const okta = await connect(await adminApi());
    const spc = await okta.get('/ServiceProviderConfig');
    assert.equal(spc.status, 200);
    assert.equal(spc.body.patch.supported, true);
    assert.equal(spc.body.filter.supported, true);
    assert.equal(spc.body.authenticationSchemes[0].type, 'oauthbearertoken');
    const schemas = await okta.get('/Schemas');
    assert.ok((schemas.body.Resources as Json[]).some((s) => s.id === USER_SCHEMA));
    const types = await okta.get('/ResourceTypes');
    assert.deepEqual((types.body.Resources as Json[]).map((t) => t.endpoint).sort(), ['/Groups', '/Users']);
    const userType = await okta.get('/ResourceTypes/User');
    assert.deepEqual(userType.body.schemaExtensions, [{ schema: ENTERPRISE, required: false }]);
    const userSchema = await okta.get(`/Schemas/${USER_SCHEMA}`);
    assert.ok((userSchema.body.attributes as Json[]).some((a) => a.name === 'userName'));

    const unknown = await okta.get('/Devices');
    assert.equal(unknown.status, 404);
    assert.equal(unknown.body.schemas[0], ERROR);
    const unsupported = await okta.req('DELETE', '/Users');
    assert.equal(unsupported.status, 501, 'no bulk delete');
    assert.equal(unsupported.body.detail, 'Method DELETE not allowed on /Users');
  });

  it('AB-7.53 errors answer the SCIM error schema, and the request log shows every request newest first, a failed push with its reason', async () => {
    const api = await adminApi();
    const okta = await connect(api);
    const noToken = await new Client(harness.emu).get(`${okta.base}/Users`);
    assert.equal(noToken.status, 401);
    assert.match(noToken.headers.get('content-type') ?? '', /^application\/scim\+json/);
    assert.equal(noToken.body.schemas[0], ERROR);

    const bad = await okta.post('/Users', { schemas: [USER_SCHEMA], userName: 'not-an-email' });
    assert.equal(bad.status, 400);
    assert.deepEqual(bad.body, { schemas: [ERROR], status: '400', scimType: 'invalidValue', detail: 'The user needs an email: emails[primary] or a userName that is an email' });
    assert.equal(await portalUser(api, 'not-an-email'), undefined, 'nothing left behind');
    const missing = await okta.get('/Users/nope');
    assert.deepEqual(missing.body, { schemas: [ERROR], status: '404', detail: 'Resource nope not found' });
    const notJson = await okta.req('POST', '/Users', '{oops');
    assert.equal(notJson.body.scimType, 'invalidSyntax');

    const ok = await okta.post('/Users', oktaUser('ann@acme.test'));
    assert.equal(ok.status, 201);
    const http = new Client(harness.emu);
    const log = await http.get(`/frontegg/directory/resources/v1/configurations/scim2/${okta.id}/logs`, http.bearer(await harness.tokenOf()));
    assert.deepEqual(
      (log.body as Json[]).map((l) => [l.method, l.resource, l.status, l.error]),
      [
        ['POST', '/Users', 201, null],
        ['POST', '/Users', 400, 'The request body is not valid JSON'],
        ['GET', '/Users/nope', 404, 'Resource nope not found'],
        ['POST', '/Users', 400, 'The user needs an email: emails[primary] or a userName that is an email'],
        ['GET', '/Users', 401, 'The bearer token is missing or not valid for this connection'],
      ],
    );
  });

  it('AB-7.53 the request log names the user of each /Users/<id> request by name and email, a removed one by the email of its push, never another account’s (issue 31 item 7)', async () => {
    const api = await adminApi();
    const okta = await connect(api);
    const ann = (await okta.post('/Users', oktaUser('ann@acme.test'))).body.id as string;
    const bob = (await okta.post('/Users', oktaUser('bob@acme.test', { name: { givenName: 'Bob', familyName: 'Ray' }, displayName: 'Bob Ray' }))).body.id as string;
    await okta.req('PATCH', `/Users/${ann}`, { schemas: ['urn:ietf:params:scim:api:messages:2.0:PatchOp'], Operations: [{ op: 'replace', path: 'active', value: true }] });
    await okta.req('DELETE', `/Users/${bob}`);
    const other = new Client(harness.emu);
    assert.equal((await other.post('/_emulator/tenants', { tenantId: 'globex', name: 'Globex' })).status, 201);
    const outsider = await makeUser('eve@globex.test', ['ReadOnly'], { name: 'Eve Outsider', tenantId: 'globex' });
    await okta.get(`/Users/${outsider}`);
    const http = new Client(harness.emu);
    const log = (await http.get(`/frontegg/directory/resources/v1/configurations/scim2/${okta.id}/logs`, http.bearer(await harness.tokenOf()))).body as Json[];
    assert.deepEqual(
      log.map((l) => [l.method, l.resource === '/Users' ? '/Users' : 'by id', l.user ?? null]),
      [
        ['GET', 'by id', null],
        ['DELETE', 'by id', { id: bob, name: null, email: 'bob@acme.test' }],
        ['PATCH', 'by id', { id: ann, name: 'Ann Lee', email: 'ann@acme.test' }],
        ['POST', '/Users', null],
        ['POST', '/Users', null],
      ],
    );
  });

  it('AB-7.53 the request log keeps the newest 100 requests of a connection and answers 50', async () => {
    const api = await adminApi();
    const okta = await connect(api);
    for (let i = 1; i <= 105; i++) await okta.get(`/Users?startIndex=${i}`);
    const http = new Client(harness.emu);
    const log = await http.get(`/frontegg/directory/resources/v1/configurations/scim2/${okta.id}/logs`, http.bearer(await harness.tokenOf()));
    assert.equal((log.body as Json[]).length, 50);
    assert.equal((log.body as Json[])[0].resource, '/Users?startIndex=105');
    const kept = await harness.emu.db.select().from(scimRequestLog);
    assert.equal(kept.length, 100);
    assert.equal(Math.min(...kept.map((k) => Number(/startIndex=(\d+)/.exec(k.resource)?.[1]))), 6);
  });
});

describe('SCIM: managed by SCIM in the portal', () => {
  it('AB-3.05 the portal refuses to update, re-role, disable, enable or delete a user SCIM manages, and lists it as scim2; a local user is untouched', async () => {
    const api = await adminApi();
    const okta = await connect(api);
    const id = (await okta.post('/Users', oktaUser('ann@acme.test'))).body.id as string;
    const message = 'This user is managed by SCIM and cannot be changed here';
    await rejectsWith(api.teams.updateUser({ id, name: 'Renamed' }), 400, message);
    await rejectsWith(api.teams.updateUser({ id, roleIds: [SEED.adminRoleId] }), 400, message);
    await rejectsWith(api.teams.disableUser(id), 400, message);
    await rejectsWith(api.teams.enableUser(id), 400, message);
    await rejectsWith(api.teams.deleteUser({ userId: id }), 400, message);
    const still = await portalUser(api, 'ann@acme.test');
    assert.equal(still?.name, 'Ann Lee');
    assert.equal(still?.isDisabled, false);
    const v3 = await api.users.getUsersV3({ _email: 'ann@acme.test' } as never);
    assert.equal((v3.items[0] as Json).managedBy, 'scim2');
    assert.equal((v3.items[0] as Json).provider, 'scim2');
    const byProvider = await api.users.getUsersV3({ _sortBy: 'provider', _order: 'DESC', _limit: 1 } as never);
    assert.equal((byProvider.items[0] as Json).email, 'ann@acme.test', 'sorting by provider reads the user source');
    const admin = await portalUser(api, SEED.adminEmail);
    assert.equal(admin?.provider, 'local');
    assert.equal(admin?.managedBy, 'frontegg');

    const local = await makeUser('local@acme.test');
    await api.teams.disableUser(local);
    assert.equal((await portalUser(api, 'local@acme.test'))?.isDisabled, true, 'the refusal is narrow');
  });
});

describe('SCIM: restrictions and deleting a connection', () => {
  it('AB-3.18 AB-7.53 a pushed email the account’s domain restrictions refuse answers 403 with the reason, is logged and audited, and creates nobody', async () => {
    const api = await adminApi();
    await api.securityPolicy.createDomainRestriction({ domain: 'evil.test', type: RestrictionType.BLOCK });
    await api.securityPolicy.updateDomainRestrictionConfig({ active: true, type: RestrictionType.BLOCK });
    const okta = await connect(api);
    const refused = await okta.post('/Users', oktaUser('mallory@evil.test'));
    assert.equal(refused.status, 403, refused.text);
    assert.equal(refused.body.schemas[0], ERROR);
    assert.match(refused.body.detail, /evil\.test|not allowed/i);
    assert.equal(await portalUser(api, 'mallory@evil.test'), undefined);
    const http = new Client(harness.emu);
    const [entry] = (await http.get(`/frontegg/directory/resources/v1/configurations/scim2/${okta.id}/logs`, http.bearer(await harness.tokenOf()))).body as Json[];
    assert.equal(entry.status, 403);
    assert.equal(entry.error, refused.body.detail);
    const rows = await harness.emu.db.select().from(audits).where(eq(audits.action, 'user.email-domain.refused'));
    assert.equal(rows.length, 1);
    assert.equal((rows[0].details as Json).via, 'scim2');
  });

  it('AB-7.53 deleting a connection with deleteAll false hands its users and groups to frontegg; with true removes them', async () => {
    const api = await adminApi();
    const keep = await connect(api, ScimConnectionSource.OKTA, 'Keep');
    const drop = await connect(api, ScimConnectionSource.AZURE_AD, 'Drop');
    const kept = (await keep.post('/Users', oktaUser('kept@acme.test'))).body.id as string;
    await keep.post('/Groups', { schemas: [GROUP_SCHEMA], displayName: 'Kept group', members: [{ value: kept }] });
    const dropped = (await drop.post('/Users', entraUser('dropped@acme.test'))).body.id as string;
    await drop.post('/Groups', { schemas: [GROUP_SCHEMA], displayName: 'Dropped group', members: [{ value: dropped }] });

    await api.directory.deleteConfiguration(keep.id, false);
    const stays = await portalUser(api, 'kept@acme.test');
    assert.equal(stays?.id, kept);
    assert.equal(stays?.managedBy, 'frontegg');
    const groups = await api.groups.getGroups();
    assert.equal(groups.find((g) => g.name === 'Kept group')?.managedBy, 'frontegg');
    assert.equal((await keep.get('/Users')).status, 401, 'the token is dead');

    await api.directory.deleteConfiguration(drop.id, true);
    assert.equal(await portalUser(api, 'dropped@acme.test'), undefined);
    assert.deepEqual(
      (await api.groups.getGroups()).map((g) => g.name),
      ['Kept group'],
    );
    assert.deepEqual(await api.directory.getConfigs(), []);
  });
});

describe('SCIM: syncToUserManagement', () => {
  /** A connection of the seeded account created with `syncToUserManagement: false` (Frontegg's client). */
  async function directoryOnly(api: FronteggApiClient, source = ScimConnectionSource.OKTA): Promise<Scim> {
    const created = await api.directory.createConfiguration({ source, syncToUserManagement: false });
    return new ScimClient(harness.emu, created.id, created.token);
  }
  const portalEmails = async (api: FronteggApiClient) => ((await api.users.getUsersV2({ _limit: 50 } as never)).items as Json[]).map((u) => u.email as string);
  const updatedAudit = async (id: string) => (await auditRows('scim-connection.updated', id)).map((r) => r.details as Json);

  it('AB-3.23 AB-7.53 off: pushed users and groups stay in the directory — SCIM answers them, the portal does not list them, the counts count them', async () => {
    const api = await adminApi();
    await makeUser('ann@acme.test', ['ReadOnly']);
    const okta = await directoryOnly(api);
    const before = await portalEmails(api);

    const dee = await okta.post('/Users', oktaUser('dee@acme.test', { name: { formatted: 'Dee Dir' } }));
    assert.equal(dee.status, 201, dee.text);
    const ann = await okta.post('/Users', oktaUser('ann@acme.test'));
    assert.equal(ann.status, 201, ann.text);
    const annPortal = await portalUser(api, 'ann@acme.test');
    assert.notEqual(ann.body.id, annPortal?.id, 'a directory entry has its own id, not the account user’s');
    assert.equal(annPortal?.managedBy, 'frontegg', 'the account’s user is not linked');
    const group = await okta.post('/Groups', { schemas: [GROUP_SCHEMA], displayName: 'Directory only', members: [{ value: dee.body.id }] });
    assert.equal(group.status, 201, group.text);

    assert.deepEqual(await portalEmails(api), before, 'no user reaches the portal');
    assert.equal(await portalUser(api, 'dee@acme.test'), undefined);
    assert.deepEqual(await api.groups.getGroups(), [], 'no group reaches the portal');

    const read = await okta.get(`/Users/${dee.body.id}`);
    assert.equal(read.status, 200, read.text);
    assert.equal(read.body.userName, 'dee@acme.test');
    assert.equal(read.body.name.formatted, 'Dee Dir');
    assert.equal(read.body.meta.location, `${ORIGIN}${okta.base}/Users/${dee.body.id}`);
    const found = await okta.get(`/Users?filter=${encodeURIComponent('userName eq "DEE@acme.test"')}`);
    assert.deepEqual([found.body.schemas, found.body.totalResults, found.body.Resources[0].id], [[LIST], 1, dee.body.id]);
    const groupRead = await okta.get(`/Groups/${group.body.id}`);
    assert.deepEqual(groupRead.body.members, [{ value: dee.body.id, display: 'dee@acme.test' }]);
    const byMember = await okta.get(`/Groups?filter=${encodeURIComponent(`members.value eq "${dee.body.id}"`)}`);
    assert.equal(byMember.body.totalResults, 1, 'a filter scimmy matches in memory sees the directory members');

    const off = await okta.patch(`/Users/${dee.body.id}`, [{ op: 'replace', value: { active: false } }]);
    assert.equal(off.status, 200, off.text);
    assert.equal((await okta.get(`/Users/${dee.body.id}`)).body.active, false);
    const put = await okta.put(`/Users/${ann.body.id}`, oktaUser('ann@acme.test', { name: { formatted: 'Ann Directory' } }));
    assert.equal(put.status, 200, put.text);
    assert.equal((await portalUser(api, 'ann@acme.test'))?.name, annPortal?.name, 'a PUT leaves the account’s user alone');

    const [conn] = (await api.directory.getConfigs()) as Json[];
    assert.deepEqual([conn.syncToUserManagement, conn.userCount, conn.groupCount], [false, 2, 1]);
    assert.deepEqual(await api.directory.countConfigurationUsers(okta.id), { count: 2 });

    const gone = await okta.del(`/Users/${dee.body.id}`);
    assert.equal(gone.status, 204);
    assert.deepEqual((await okta.get(`/Groups/${group.body.id}`)).body.members, [], 'a deleted user leaves the directory’s groups');
    assert.equal((await okta.get(`/Users/${dee.body.id}`)).status, 404);
    assert.equal((await auditRows('user.provisioned', ann.body.id as string)).length, 1, 'a directory push is audited');
  });

  it('AB-3.18 AB-7.53 off: the account’s domain restrictions still refuse a push, with the same answer', async () => {
    const api = await adminApi();
    await api.securityPolicy.createDomainRestriction({ domain: 'evil.test', type: RestrictionType.BLOCK });
    await api.securityPolicy.updateDomainRestrictionConfig({ active: true, type: RestrictionType.BLOCK });
    const syncing = await connect(api);
    const directory = await directoryOnly(api, ScimConnectionSource.AZURE_AD);
    const a = await syncing.post('/Users', oktaUser('mallory@evil.test'));
    const b = await directory.post('/Users', oktaUser('mallory@evil.test'));
    assert.equal(b.status, 403, b.text);
    assert.deepEqual(b.body, a.body);
    assert.equal((await directory.get('/Users')).body.totalResults, 0);
  });

  it('AB-3.23 AB-7.53 on: turning it on syncs the directory into the portal (scim2, members, disabled when inactive) with SCIM ids unchanged; pushes then write through', async () => {
    const api = await adminApi();
    await makeUser('ann@acme.test', ['ReadOnly']);
    const ownId = (await portalUser(api, 'ann@acme.test'))?.id;
    const okta = await directoryOnly(api);
    const dee = (await okta.post('/Users', oktaUser('dee@acme.test', { name: { formatted: 'Dee Dir' }, active: false }))).body.id as string;
    const ann = (await okta.post('/Users', oktaUser('ann@acme.test'))).body.id as string;
    const gid = (await okta.post('/Groups', { schemas: [GROUP_SCHEMA], displayName: 'Synced', members: [{ value: dee }, { value: ann }] })).body.id as string;

    await api.directory.updateConfiguration(okta.id, { syncToUserManagement: true });

    const deePortal = await portalUser(api, 'dee@acme.test');
    assert.equal(deePortal?.id, dee, 'a new user gets the directory id');
    assert.deepEqual([deePortal?.name, deePortal?.managedBy, deePortal?.provider, deePortal?.isDisabled], ['Dee Dir', 'scim2', 'scim2', true]);
    const annPortal = await portalUser(api, 'ann@acme.test');
    assert.equal(annPortal?.id, ownId, 'the account’s user is linked and keeps its id');
    assert.equal(annPortal?.managedBy, 'scim2');
    const [listed] = await api.groups.getGroups({ _groupsRelations: GroupRelations.users });
    assert.deepEqual([listed.id, listed.name, listed.managedBy], [gid, 'Synced', 'scim2']);
    assert.deepEqual(listed.users?.map((u) => u.email).sort(), ['ann@acme.test', 'dee@acme.test']);

    assert.equal((await okta.get(`/Users/${ann}`)).body.id, ann, 'the SCIM id does not change');
    assert.deepEqual((await okta.get(`/Groups/${gid}`)).body.members, [
      { value: dee, display: 'dee@acme.test' },
      { value: ann, display: 'ann@acme.test' },
    ]);
    const [conn] = (await api.directory.getConfigs()) as Json[];
    assert.deepEqual([conn.syncToUserManagement, conn.userCount, conn.groupCount], [true, 2, 1]);
    const [switched] = await updatedAudit(okta.id);
    assert.deepEqual([switched.syncToUserManagement, switched.synced], [true, { users: 2, groups: 1 }]);

    // a push now writes through, to the linked user (its SCIM id maps to the account's id) as to the others
    assert.equal((await okta.patch(`/Groups/${gid}`, [{ op: 'remove', path: 'members', value: [{ value: ann }] }])).status, 200);
    assert.equal((await okta.patch(`/Users/${ann}`, [{ op: 'replace', value: { active: false } }])).status, 200);
    assert.equal((await portalUser(api, 'ann@acme.test'))?.isDisabled, true);
    const [after] = await api.groups.getGroups({ _groupsRelations: GroupRelations.users });
    assert.deepEqual(
      after.users?.map((u) => u.email),
      ['dee@acme.test'],
    );
    assert.equal((await okta.del(`/Users/${ann}`)).status, 204);
    assert.equal(await portalUser(api, 'ann@acme.test'), undefined, 'a delete while on removes the user from the account');
  });

  it('AB-3.23 AB-7.53 off again: a new push stays in the directory; the synced users stay, managed by scim2, and a delete hands them to frontegg', async () => {
    const api = await adminApi();
    const okta = await connect(api);
    const kay = (await okta.post('/Users', oktaUser('kay@acme.test', { name: { formatted: 'Kay Synced' } }))).body.id as string;
    await api.directory.updateConfiguration(okta.id, { syncToUserManagement: false });
    const [switched] = await updatedAudit(okta.id);
    assert.deepEqual([switched.syncToUserManagement, switched.synced], [false, { users: 0, groups: 0 }]);

    const lee = await okta.post('/Users', oktaUser('lee@acme.test'));
    assert.equal(lee.status, 201, lee.text);
    assert.equal(await portalUser(api, 'lee@acme.test'), undefined, 'a new push stays in the directory');
    assert.equal((await portalUser(api, 'kay@acme.test'))?.managedBy, 'scim2', 'a synced user stays managed by SCIM');
    await okta.patch(`/Users/${kay}`, [{ op: 'replace', path: 'name.formatted', value: 'Kay Renamed' }]);
    assert.equal((await portalUser(api, 'kay@acme.test'))?.name, 'Kay Synced', 'a push no longer reaches user management');
    assert.equal((await okta.get(`/Users/${kay}`)).body.name.formatted, 'Kay Renamed');

    assert.equal((await okta.del(`/Users/${kay}`)).status, 204);
    assert.equal((await portalUser(api, 'kay@acme.test'))?.managedBy, 'frontegg', 'deleted from the directory while off: handed over to frontegg');
    const [conn] = (await api.directory.getConfigs()) as Json[];
    assert.equal(conn.userCount, 1);
  });

  it('AB-7.53 turning it on when an entry cannot be synced answers 409 with the entry and the reason, and changes nothing', async () => {
    const api = await adminApi();
    const first = await connect(api);
    await first.post('/Users', oktaUser('zed@acme.test'));
    const second = await directoryOnly(api, ScimConnectionSource.AZURE_AD);
    await second.post('/Users', oktaUser('amy@acme.test'));
    await second.post('/Users', oktaUser('zed@acme.test'));
    await rejectsWith(
      api.directory.updateConfiguration(second.id, { syncToUserManagement: true }),
      409,
      'Cannot sync "zed@acme.test": The user zed@acme.test is provisioned by another connection',
    );
    const conns = (await api.directory.getConfigs()) as Json[];
    assert.equal(conns.find((c) => c.id === second.id)?.syncToUserManagement, false);
    assert.equal(await portalUser(api, 'amy@acme.test'), undefined, 'the sync rolled back');
    assert.deepEqual(await updatedAudit(second.id), []);
  });
});
