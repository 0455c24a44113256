// @postgres: a pool of connections: 100 requests at once, row locks and unique keys under real parallel transactions
/**
 * Concurrency on the store the run uses (PGlite in `npm test -w emulator`, a Postgres server in the `emulator
 * (postgres)` step, see helpers.ts `startEmulator`): 100 requests at once (25 on PGlite) through the real routes, then the database
 * is read back. No write is lost, no uniqueness is broken, and a refused request leaves nothing behind.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { and, eq, inArray, like, sql } from 'drizzle-orm';
import { SEED } from '../src/db/seed.ts';
import { audits, permissions, rolePermissions, roles, tenants, userTenantRoles, userTenants, users } from '../src/db/schema.ts';
import { Client, P, TEST_STORE, type Res } from './helpers.ts';
import { PASSWORD, useAdminEmulator } from './admin-harness.ts';

const harness = useAdminEmulator();
/**
 * Requests at once: 100 on a Postgres server (a pool of connections, real parallel transactions); 25 on PGlite, whose
 * one connection runs them in turn anyway (100 sign-ups there were 35 s of the emulator step, mostly password hashing).
 */
const N = TEST_STORE === 'postgres' ? 100 : 25;
/** updateUser (api-contract §G). */
const MEMBERS = '/frontegg/team/resources/members/v1';
const range = (n: number) => Array.from({ length: n }, (_, i) => i);
const statuses = (all: Res[]) => all.map((r) => r.status).sort((a, b) => a - b);

/** `n` requests at once, each from a client of its own. */
const inParallel = (n: number, request: (client: Client, i: number) => Promise<Res>) => Promise.all(range(n).map((i) => request(new Client(harness.emu), i)));

/** Tenant roles made through POST roles/v1 by the seeded admin, one after the other; their ids. */
async function makeRoles(token: string, keys: string[]): Promise<string[]> {
  const ids: string[] = [];
  for (const key of keys) {
    const res = await new Client(harness.emu).post(
      `${P}/roles/v1`,
      { key, name: key, description: '', isDefault: false, level: 2, permissions: [] },
      { authorization: `Bearer ${token}` },
    );
    assert.equal(res.status, 201, res.text);
    ids.push(res.body.id);
  }
  return ids;
}

/** Inserts ASSIGNABLE permissions with these ids (the vendor's configuration, not a tenant admin's); the ids. */
async function insertPermissions(ids: string[]): Promise<string[]> {
  const now = new Date();
  const rows = ids.map((id) => ({
    id,
    key: `race.${id}`,
    name: id,
    description: '',
    categoryId: null,
    fePermission: false,
    assignmentType: 'ASSIGNABLE' as const,
    createdAt: now,
    updatedAt: now,
  }));
  await harness.emu.db.insert(permissions).values(rows);
  return ids;
}

describe(`concurrency (${TEST_STORE})`, () => {
  it(`${N} parallel sign-ups of distinct emails: every user exists once, with a tenant of its own and the Admin role in it`, async () => {
    const all = await inParallel(N, (c, i) => c.post(`${P}/users/v1/signUp`, { email: `racer-${i}@example.test`, password: PASSWORD, companyName: `Racer ${i}` }));
    assert.deepEqual(statuses(all), Array(N).fill(200), all.find((r) => r.status !== 200)?.text);
    const db = harness.emu.db;
    const rows = await db.select().from(users).where(like(users.email, 'racer-%@example.test'));
    assert.equal(rows.length, N);
    assert.equal(new Set(rows.map((u) => u.email)).size, N);
    const memberships = await db
      .select({ email: users.email, tenantName: tenants.name, tenantId: tenants.tenantId })
      .from(userTenants)
      .innerJoin(users, eq(users.id, userTenants.userId))
      .innerJoin(tenants, eq(tenants.tenantId, userTenants.tenantId))
      .where(like(users.email, 'racer-%@example.test'));
    assert.equal(memberships.length, N, 'one membership per user');
    for (const m of memberships) assert.equal(m.tenantName, `Racer ${/racer-(\d+)@/.exec(m.email)?.[1]}`);
    assert.equal(new Set(memberships.map((m) => m.tenantId)).size, N, 'a tenant per user');
    for (const [i, r] of all.entries()) assert.equal(memberships.find((m) => m.email === `racer-${i}@example.test`)?.tenantId, r.body.tenantId);
    const [admin] = await db.select({ id: roles.id }).from(roles).where(eq(roles.key, 'Admin'));
    const roleRows = await db
      .select({ roleId: userTenantRoles.roleId })
      .from(userTenantRoles)
      .where(
        inArray(
          userTenantRoles.userId,
          rows.map((u) => u.id),
        ),
      );
    assert.deepEqual(
      roleRows.map((r) => r.roleId),
      Array(N).fill(admin.id),
    );
  });

  it(`${N} parallel sign-ups of one email: exactly one succeeds, the others are 409 ER-USER-EXISTS and leave no tenant behind`, async () => {
    const all = await inParallel(N, (c, i) => c.post(`${P}/users/v1/signUp`, { email: 'twin@example.test', password: PASSWORD, companyName: `Twin ${i}` }));
    assert.deepEqual(statuses(all), [200, ...Array(N - 1).fill(409)]);
    for (const r of all.filter((r) => r.status === 409)) assert.equal(r.body.errorCode, 'ER-USER-EXISTS');
    const db = harness.emu.db;
    const rows = await db.select().from(users).where(eq(users.email, 'twin@example.test'));
    assert.equal(rows.length, 1);
    const winner = all.find((r) => r.status === 200)!;
    assert.equal(rows[0].id, winner.body.userId);
    const twins = await db.select({ tenantId: tenants.tenantId }).from(tenants).where(like(tenants.name, 'Twin %'));
    assert.deepEqual(twins, [{ tenantId: winner.body.tenantId }]);
  });

  it(`${N} parallel role edits of ${N} members: each member holds exactly the role its edit gave`, async () => {
    const token = await harness.tokenOf();
    const roleIds = await makeRoles(token, ['alpha', 'beta', 'gamma', 'delta']);
    const seeded = await new Client(harness.emu).post('/_emulator/seed-users', { count: N });
    assert.equal(seeded.status, 201, seeded.text);
    const members = await harness.emu.db.select({ id: users.id }).from(users).where(like(users.email, 'user%@example.com')).orderBy(users.email);
    const userIds = members.map((m) => m.id);
    assert.equal(userIds.length, N);
    const all = await inParallel(N, (c, i) => c.put(MEMBERS, { id: userIds[i], roleIds: [roleIds[i % 4]] }, c.bearer(token)));
    assert.deepEqual(statuses(all), Array(N).fill(200), all.find((r) => r.status !== 200)?.text);
    const rows = await harness.emu.db
      .select({ userId: userTenantRoles.userId, roleId: userTenantRoles.roleId })
      .from(userTenantRoles)
      .where(and(eq(userTenantRoles.tenantId, SEED.tenantId), inArray(userTenantRoles.userId, userIds)));
    assert.equal(rows.length, N);
    for (const [i, id] of userIds.entries())
      assert.deepEqual(
        rows.filter((r) => r.userId === id).map((r) => r.roleId),
        [roleIds[i % 4]],
        `member ${i}`,
      );
  });

  it(`${N} parallel role edits of one member: it ends with exactly one of the role sets sent, never a mix`, async () => {
    const token = await harness.tokenOf();
    const roleIds = await makeRoles(token, ['one', 'two', 'three', 'four', 'five']);
    const userId = await harness.makeUser('contested@example.test', ['ReadOnly']);
    const all = await inParallel(N, (c, i) => c.put(MEMBERS, { id: userId, roleIds: [roleIds[i % 5]] }, c.bearer(token)));
    assert.deepEqual(statuses(all), Array(N).fill(200), all.find((r) => r.status !== 200)?.text);
    const rows = await harness.emu.db.select({ roleId: userTenantRoles.roleId }).from(userTenantRoles).where(eq(userTenantRoles.userId, userId));
    assert.equal(rows.length, 1, `one role, got ${rows.length}`);
    assert.ok(roleIds.includes(rows[0].roleId));
    assert.equal((await harness.auditRows('user.updated', userId)).length, N, 'one audit row per edit');
  });

  it(`${N} parallel permission attachments to one role: the role holds all ${N}`, async () => {
    const token = await harness.tokenOf();
    const [roleId] = await makeRoles(token, ['collector']);
    const permIds = await insertPermissions(range(N).map((i) => `perm-race-${i}`));
    const all = await inParallel(N, (c, i) => c.put(`${P}/permissions/v1/${permIds[i]}/roles`, { roleIds: [roleId] }, c.bearer(token)));
    assert.deepEqual(statuses(all), Array(N).fill(200), all.find((r) => r.status !== 200)?.text);
    const held = await harness.emu.db
      .select({ permissionId: rolePermissions.permissionId })
      .from(rolePermissions)
      .where(and(eq(rolePermissions.roleId, roleId), like(rolePermissions.permissionId, 'perm-race-%')));
    assert.deepEqual(held.map((h) => h.permissionId).sort(), [...permIds].sort());
    const [{ n }] = await harness.emu.db
      .select({ n: sql<number>`count(*)::int` })
      .from(audits)
      .where(eq(audits.action, 'permission.roles.attached'));
    assert.equal(n, N);
  });

  it(`${N} parallel replacements of one role's permissions: it ends with exactly one of the sets sent, never a mix`, async () => {
    const token = await harness.tokenOf();
    const [roleId] = await makeRoles(token, ['swapped']);
    const permIds = await insertPermissions(range(5).map((i) => `perm-swap-${i}`));
    const all = await inParallel(N, (c, i) => c.put(`${P}/roles/v1/${roleId}/permissions`, { permissionIds: [permIds[i % 5]] }, c.bearer(token)));
    assert.deepEqual(statuses(all), Array(N).fill(200), all.find((r) => r.status !== 200)?.text);
    const held = await harness.emu.db
      .select({ permissionId: rolePermissions.permissionId })
      .from(rolePermissions)
      .where(and(eq(rolePermissions.roleId, roleId), like(rolePermissions.permissionId, 'perm-swap-%')));
    assert.equal(held.length, 1, `one permission, got ${held.map((h) => h.permissionId).join(', ')}`);
  });

  it(`${N} parallel creations of one role key: exactly one role has it, the others are 409`, async () => {
    const token = await harness.tokenOf();
    const all = await inParallel(N, (c, i) =>
      c.post(`${P}/roles/v1`, { key: 'racer', name: `Racer ${i}`, description: '', isDefault: false, level: 2, permissions: [] }, c.bearer(token)),
    );
    assert.deepEqual(statuses(all), [201, ...Array(N - 1).fill(409)]);
    const rows = await harness.emu.db
      .select()
      .from(roles)
      .where(sql`lower(${roles.key}) = 'racer'`);
    assert.equal(rows.length, 1);
    assert.equal(rows[0].id, all.find((r) => r.status === 201)!.body.id);
  });
});
