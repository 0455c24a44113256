/**
 * The audit log as an administrator meets it (issue 31 item 6): the values its action and user pickers list
 * (`GET /frontegg/audits/values`, an extension), descriptions that name the object and a user column that names the
 * actor (a SCIM connection by name, "System"), and the free-text search on its pg_trgm index.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { and, desc, eq, sql } from 'drizzle-orm';
import { ScimConnectionSource } from '@frontegg/rest-api';
import { SEED } from '../src/db/seed.ts';
import { audits, ssoConfigurations } from '../src/db/schema.ts';
import { auditSearchCondition, listAudits } from '../src/audit-log.ts';
import { Client } from './helpers.ts';
import { PASSWORD, useAdminEmulator } from './admin-harness.ts';
import { connectScim, USER_SCHEMA } from './scim-client.ts';

const harness = useAdminEmulator();
const { adminApi, makeUser } = harness;

type Values = { values: { value: string; label: string; kind?: string; name?: string }[]; more: boolean };

/** `GET /frontegg/audits/values?…` as `token` (the seeded admin by default). */
async function values(query: string, token?: string) {
  const c = new Client(harness.emu);
  return c.req<Values>('GET', `/frontegg/audits/values?${query}`, undefined, c.bearer(token ?? (await harness.tokenOf())));
}

/** One audit row written straight to the table (rows no route here writes: another account's, the system's). */
async function insertRow(row: Partial<typeof audits.$inferInsert> & { action: string }) {
  await harness.emu.db.insert(audits).values({ id: randomUUID(), tenantId: SEED.tenantId, description: row.action, ...row });
}

/** The admin's list of the log, through the route, as the portal asks for it. */
async function listed(query: string) {
  const c = new Client(harness.emu);
  const res = await c.req<{ data: Record<string, string>[]; total: number }>(
    'GET',
    `/frontegg/audits?sortDirection=desc&sortBy=createdAt&offset=0&count=50&${query}`,
    undefined,
    c.bearer(await harness.tokenOf()),
  );
  assert.equal(res.status, 200, res.text);
  return res.body;
}

/** An SSO configuration of the seeded account, made in the table (the SSO routes need an IdP to make one). */
async function ssoConfiguration(): Promise<string> {
  const id = randomUUID();
  await harness.emu.db.insert(ssoConfigurations).values({ id, tenantId: SEED.tenantId, type: 'saml', enabled: false, createdAt: new Date(), updatedAt: new Date() });
  return id;
}

describe('the pickers of the audit log filters (GET /audits/values, an extension)', () => {
  it('lists the actions present that contain the text ("sso" finds the SSO actions), sorted; bounded by limit', async () => {
    const api = await adminApi();
    const cfg = await ssoConfiguration();
    await api.auth.createSSOGroup(cfg, { group: 'engineering', roleIds: [] });
    await api.directory.createConfiguration({ source: ScimConnectionSource.OKTA, connectionName: 'Okta prod' });
    const sso = await values('field=action&search=sso');
    assert.equal(sso.status, 200, sso.text);
    assert.deepEqual(sso.body, { values: [{ value: 'sso.group.created', label: 'sso.group.created' }], more: false });
    // any case, anywhere in the action
    assert.deepEqual(
      (await values('field=action&search=SCIM')).body.values.map((v) => v.value),
      ['scim-connection.created'],
    );
    const all = (await values('field=action')).body;
    assert.ok(all.values.length >= 3, JSON.stringify(all));
    assert.deepEqual(
      all.values.map((v) => v.value),
      [...all.values.map((v) => v.value)].sort(),
    );
    const one = (await values('field=action&limit=1')).body;
    assert.equal(one.values.length, 1);
    assert.equal(one.more, true);
    // a LIKE wildcard is a character like any other
    assert.deepEqual((await values('field=action&search=%25')).body.values, []);
    // the list, filtered by what was typed (actionContains): every SSO row, whatever its case
    const typed = await listed('actionContains=SSO');
    assert.deepEqual(
      typed.data.map((r) => r.action),
      ['sso.group.created'],
    );
  });

  it('lists the actors present: users by email, a SCIM connection by name, and System for rows without one', async () => {
    const api = await adminApi();
    const scim = await connectScim(harness.emu, api, ScimConnectionSource.OKTA, 'Okta prod');
    const pushed = await scim.post('/Users', { schemas: [USER_SCHEMA], userName: 'jane@acme.test', emails: [{ value: 'jane@acme.test', primary: true }], active: true });
    assert.equal(pushed.status, 201, pushed.text);
    await insertRow({ action: 'user.locked', severity: 'SEVERE' });
    const users = (await values('field=user')).body.values;
    assert.deepEqual(
      users.find((v) => v.kind === 'scim'),
      { value: `scim:${scim.id}`, label: 'SCIM: Okta prod', kind: 'scim', name: 'Okta prod' },
    );
    assert.deepEqual(
      users.find((v) => v.kind === 'system'),
      { value: 'system', label: 'System', kind: 'system' },
    );
    assert.deepEqual(
      users.find((v) => v.label === SEED.adminEmail),
      { value: SEED.adminEmail, label: SEED.adminEmail, kind: 'user' },
    );
    // partial match on the label
    assert.deepEqual(
      (await values('field=user&search=okta')).body.values.map((v) => v.label),
      ['SCIM: Okta prod'],
    );
    // each value filters the list to its rows
    const byScim = await listed(`user=${encodeURIComponent(`scim:${scim.id}`)}`);
    assert.ok(byScim.total >= 1);
    assert.ok(byScim.data.every((r) => r.user === 'SCIM: Okta prod'));
    assert.ok((await listed('userContains=OKTA')).data.every((r) => r.user === 'SCIM: Okta prod'));
    assert.deepEqual([...new Set((await listed('userContains=system')).data.map((r) => r.user))], ['System']);
    const bySystem = await listed('user=system');
    assert.deepEqual(
      bySystem.data.map((r) => [r.action, r.user]),
      [['user.locked', 'System']],
    );
  });

  it("never lists another account's values; needs fe.secure.read.audits; a bad field or limit is 400", async () => {
    await insertRow({ action: 'sso.secret.leaked', tenantId: 'another-tenant', actorEmail: 'spy@other.test' });
    assert.deepEqual((await values('field=action&search=leaked')).body.values, []);
    assert.deepEqual((await values('field=user&search=spy')).body.values, []);
    await makeUser('norole@example.test', []);
    const refused = await values('field=action', await harness.tokenOf('norole@example.test', PASSWORD));
    assert.equal(refused.status, 403);
    const bad = await values('field=ip&limit=1000');
    assert.equal(bad.status, 400);
    assert.equal((bad.body as unknown as { errorCode?: string }).errorCode, 'ER-AUDITS-QUERY');
    assert.equal((await new Client(harness.emu).get('/frontegg/audits/values')).status, 401);
  });
});

describe('descriptions and actors (the writers)', () => {
  it('an SSO group row names the group, a SCIM connection row names the connection, a SCIM push names the connection as its user', async () => {
    const api = await adminApi();
    const cfg = await ssoConfiguration();
    await api.auth.createSSOGroup(cfg, { group: 'engineering', roleIds: [] });
    const scim = await connectScim(harness.emu, api, ScimConnectionSource.OKTA, 'Okta prod');
    await scim.post('/Users', { schemas: [USER_SCHEMA], userName: 'jane@acme.test', emails: [{ value: 'jane@acme.test', primary: true }], active: true });
    const rows = (await listed('')).data;
    const row = (action: string) => rows.find((r) => r.action === action)!;
    assert.equal(row('sso.group.created').description, 'SSO group created: engineering');
    assert.equal(row('sso.group.created').user, SEED.adminEmail);
    assert.equal(row('scim-connection.created').description, 'SCIM connection created: Okta prod');
    const provisioned = row('user.provisioned');
    assert.equal(provisioned.description, 'User provisioned: jane@acme.test');
    assert.equal(provisioned.user, 'SCIM: Okta prod');
    assert.equal(provisioned.actorKind, 'scim');
    assert.equal(provisioned.actorName, 'Okta prod');
    // found by the connection's name
    assert.ok((await listed('filter=okta%20prod')).data.some((r) => r.action === 'user.provisioned'));
  });

  it('a row without an actor shows System as its user, never an empty cell', async () => {
    await insertRow({ action: 'user.locked', severity: 'SEVERE' });
    const [row] = (await listed('action=user.locked')).data;
    assert.deepEqual([row.user, row.actorKind], ['System', 'system']);
  });
});

describe('the free-text search at scale', () => {
  it('is one ILIKE over the indexed expression, which audits_search_trgm_idx answers', async () => {
    const seeded = await new Client(harness.emu).post('/_emulator/seed-audits', { count: 20_000 });
    assert.equal(seeded.status, 201, seeded.text);
    const db = harness.emu.db;
    const filter = 'user42@example.com';
    const page = await listAudits(db, SEED.tenantId, SEED.vendorId, { sortBy: 'createdAt', sortDirection: 'desc', filter }, { limit: 20, offset: 0 });
    assert.equal(page.rows.length, 20, 'user42 wrote one row in 500: 40 of them');
    assert.ok(page.rows.every((r) => r.email === filter));
    // the list's statement (its where clause, order and page), its parameters written in
    const { sql: text, params } = db
      .select({ id: audits.id })
      .from(audits)
      .where(and(eq(audits.tenantId, SEED.tenantId), auditSearchCondition(filter)))
      .orderBy(desc(audits.createdAt), desc(audits.id))
      .limit(20)
      .toSQL();
    const statement = params.reduce<string>((s, p, i) => s.replace(new RegExp(`\\$${i + 1}(?!\\d)`), `'${String(p).replace(/'/g, "''")}'`), text);
    // on 20,000 rows a plain scan is priced close to the index (on 100,000 the planner takes the index by itself: the
    // bench, scripts/bench-audits.mjs, times it); with scans priced out, the plan shows that the index answers the query
    const plan = await db.transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`);
      return (await tx.execute(sql.raw(`explain ${statement}`))) as unknown as { rows: Record<string, string>[] };
    });
    const lines = plan.rows.map((r) => Object.values(r)[0]).join('\n');
    assert.match(lines, /audits_search_trgm_idx/, lines);
  });
});
