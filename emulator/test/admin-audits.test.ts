// @postgres: the pg_trgm search index (installed on a server, a contrib module in PGlite)
/**
 * The audit log (api-contract §X, issue 20 items 7, 11, 13, 14): the list, stats, metadata and CSV export read
 * through Frontegg's own client (`@frontegg/rest-api`), the rows the sign-in events write, and the scale seed.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { resolveObjectURL } from 'node:buffer';
import { parse } from 'csv-parse/sync';
import * as OTPAuth from 'otpauth';
import { PGlite } from '@electric-sql/pglite';
import { and, eq } from 'drizzle-orm';
import type { IAudits, IAuditsStats, HeaderProps, FronteggApiClient } from '@frontegg/rest-api';
import { SEED } from '../src/db/seed.ts';
import { PGLITE_EXTENSIONS } from '../src/db/client.ts';
import { BASELINE_ID, generatedMigrations, runMigrations } from '../src/db/migrations.ts';
import { audits, users } from '../src/db/schema.ts';
import { AUDIT_COLUMNS, type AuditDto } from '../src/routes/admin/audits.ts';
import { Client, P } from './helpers.ts';
import { legacyRun } from './legacy-db.ts';
import { PASSWORD, rejectsWith, useAdminEmulator } from './admin-harness.ts';

const harness = useAdminEmulator();
const MFA = `${P}/auth/v1/user/mfa`;
const { apiAs, adminApi, makeUser } = harness;

type Page = Omit<IAudits, 'data'> & { data: AuditDto[] };

/** getAudits with the client's own parameter type plus the emulator's filters (the client passes any key on). */
async function list(api: FronteggApiClient, params: Record<string, string | number> = {}): Promise<Page> {
  const base = { sortDirection: 'desc', sortBy: 'createdAt', filter: '', offset: 0, count: 20 } as const;
  return (await api.audits.getAudits({ ...base, ...params } as Parameters<typeof api.audits.getAudits>[0])) as unknown as Page;
}

/** `POST /_emulator/seed-audits`. */
async function seedAudits(count: number, tenantId?: string) {
  const res = await new Client(harness.emu).post('/_emulator/seed-audits', { count, tenantId });
  assert.equal(res.status, 201, res.text);
}

/**
 * Runs the client's exportAudits — it downloads through a link it clicks, so the test gives it a `document` whose link
 * remembers its blob URL — and answers the file's name and text.
 */
async function exportCsv(api: FronteggApiClient, params: Record<string, string | number> = {}, headerProps: HeaderProps[] = AUDIT_COLUMNS) {
  const page = globalThis as { document?: unknown };
  const link = { href: '', download: '', setAttribute: (k: string, v: string) => k === 'download' && (link.download = v), click: () => {} };
  page.document = { createElement: () => link };
  try {
    await api.audits.exportAudits({
      endpoint: 'csv/v2',
      headerProps,
      sortDirection: 'desc',
      sortBy: 'createdAt',
      filter: '',
      offset: 0,
      outputFileName: 'audits.csv',
      ...params,
    } as Parameters<typeof api.audits.exportAudits>[0]);
  } finally {
    delete page.document;
  }
  const blob = resolveObjectURL(link.href);
  assert.ok(blob, 'the export produced a blob');
  return { fileName: link.download, text: await blob.text() };
}

const parseCsv = (text: string) => parse(text, { columns: true, skip_empty_lines: true }) as Record<string, string>[];

describe('the audit log: list, stats, metadata, export (Frontegg client)', () => {
  it('AB-2.03 AB-7.54 the audits metadata entity has the eight columns, and stats count today and SEVERE this week', async () => {
    const api = await adminApi();
    const meta = (await api.metadata.getAuditsMetadata()) as unknown as { entityName: string; properties: HeaderProps[]; vendorId: string };
    assert.equal(meta.entityName, 'audits');
    assert.equal(meta.vendorId, SEED.vendorId);
    assert.deepEqual(
      meta.properties.map((p) => p.displayName),
      ['Time', 'User', 'Action', 'Description', 'IP Address', 'Severity', 'User Agent', 'Json Data'],
    );
    for (const p of meta.properties) for (const k of ['_id', 'name', 'type', 'sortable', 'filterable', 'showInTable', 'showInMoreInfo']) assert.ok(k in p, `${p.displayName}.${k}`);
    // another entity still goes to the metadata table (an unknown one: no rows)
    await assert.rejects(api.metadata.getNotificationsMetadata(), /metadata not found: notifications/);

    await seedAudits(30); // one minute apart from now backwards; one in six a SEVERE lockout
    const stats: IAuditsStats = await api.audits.getAuditsStats({ sortBy: 'createdAt', sortDirection: 'desc', count: 20 });
    const today = (await list(api, { count: 1000 })).data.filter((r) => r.createdAt.slice(0, 10) === new Date().toISOString().slice(0, 10));
    assert.equal(stats.totalToday, today.length);
    assert.equal(stats.severeThisWeek, 5);
  });

  it('AB-3.51 AB-7.55 SI-9.14 AB-9.12 a mutation writes a row the list finds by filter, with every field; 20 a page from offset 0, newest first', async () => {
    const api = await adminApi();
    const invited = await api.teams.addUser({ email: 'newbie@example.test', name: 'New Bie', roleIds: [SEED.readOnlyRoleId] });
    const found = await list(api, { filter: 'newbie@example' });
    assert.equal(found.total, 1);
    const [row] = found.data;
    assert.equal(row.action, 'user.invited');
    assert.equal(row.targetId, invited.id);
    assert.equal(row.user, SEED.adminEmail);
    assert.equal(row.email, SEED.adminEmail);
    assert.equal(row.actorMail, SEED.adminEmail);
    assert.equal(row.severity, 'INFO');
    assert.equal(row.tenantId, SEED.tenantId);
    assert.equal(row.vendorId, SEED.vendorId);
    assert.equal(row.resource, 'user');
    assert.match(row.description, /newbie@example\.test/);
    assert.equal(typeof row.ip, 'string'); // the socket's address, or the first x-forwarded-for hop (see the sign-in test)
    assert.ok(row.userAgent, 'the user agent is recorded');
    assert.deepEqual(row.json, [{ userEmail: 'newbie@example.test' }]);
    assert.ok(!Number.isNaN(Date.parse(row.createdAt)) && row.time === row.createdAt);

    await seedAudits(45);
    const token = await harness.tokenOf(); // a sign-in writes a row: sign in before both reads
    const first = await (await apiAs(token)).audits.getAudits({ sortDirection: 'desc', sortBy: 'createdAt', filter: '', offset: 0, count: 20 });
    assert.equal(first.data.length, 20);
    assert.ok(first.total >= 46);
    // the defaults: absent offset, count and sort mean 0, 20 and createdAt descending
    const bare = await new Client(harness.emu).get('/frontegg/audits', { authorization: `Bearer ${token}` });
    assert.deepEqual(
      (bare.body.data as AuditDto[]).map((r) => r._id),
      first.data.map((r) => r._id),
    );
    const times = first.data.map((r) => Date.parse(r.createdAt));
    assert.deepEqual(
      times,
      [...times].sort((a, b) => b - a),
    );
  });

  it('AB-3.53 sorts ascending and descending, by time and by severity; pages do not overlap', async () => {
    const api = await adminApi();
    await seedAudits(60);
    const desc = await list(api, { count: 60, filter: 'Seeded event' });
    const asc = await list(api, { count: 60, filter: 'Seeded event', sortDirection: 'asc' });
    assert.deepEqual(
      asc.data.map((r) => r._id),
      [...desc.data.map((r) => r._id)].reverse(),
    );
    const rank = { INFO: 0, WARNING: 1, SEVERE: 2 } as Record<string, number>;
    const bySeverity = await list(api, { count: 60, filter: 'Seeded event', sortBy: 'severity', sortDirection: 'desc' });
    const ranks = bySeverity.data.map((r) => rank[r.severity]);
    assert.deepEqual(
      ranks,
      [...ranks].sort((a, b) => b - a),
    );
    assert.equal(ranks[0], 2);

    const p1 = await list(api, { offset: 0, filter: 'Seeded event' });
    const p2 = await list(api, { offset: 20, filter: 'Seeded event' });
    assert.equal(p2.data.length, 20);
    assert.equal(new Set([...p1.data, ...p2.data].map((r) => r._id)).size, 40);
    assert.deepEqual(
      [...p1.data, ...p2.data].map((r) => r._id),
      desc.data.slice(0, 40).map((r) => r._id),
    );
  });

  it('filters by user, action, severity and a time range', async () => {
    const api = await adminApi();
    await seedAudits(60);
    const all = await list(api, {
      count: 100,
      filter: 'Seeded event',
      action: 'user.signed-in,user.locked,user.updated,user.sign-in.failed,role.permissions.updated,group.created',
    });
    assert.equal(all.total, 60);
    const locked = await list(api, { action: 'user.locked', count: 100 });
    assert.equal(locked.total, 10);
    assert.ok(locked.data.every((r) => r.action === 'user.locked' && r.severity === 'SEVERE'));
    assert.equal((await list(api, { severity: 'severe,warning', filter: 'Seeded event' })).total, 30);
    const byUser = await list(api, { user: 'user7@example.com' });
    assert.ok(byUser.total >= 1 && byUser.data.every((r) => r.email === 'user7@example.com'));
    // a time range: the 10 rows between the 5th and the 14th newest seeded ones, inclusive
    const seeded = (await list(api, { count: 100, filter: 'Seeded event' })).data;
    const from = seeded[14].createdAt;
    const to = seeded[5].createdAt;
    const range = await list(api, { filter: 'Seeded event', startDate: from, endDate: to });
    assert.equal(range.total, 10);
    assert.ok(range.data.every((r) => r.createdAt >= from && r.createdAt <= to));
    // also in ms since the epoch
    assert.equal((await list(api, { filter: 'Seeded event', startDate: Date.parse(from), endDate: Date.parse(to) })).total, 10);
    // absent, '', 'undefined' and 'null' mean no value; a wrong value is 400
    assert.equal((await list(api, { severity: 'null', user: '', action: 'undefined', filter: 'Seeded event' })).total, all.total);
    await rejectsWith(list(api, { severity: 'Critical' }), 400, 'severity must be one of INFO, WARNING, SEVERE');
    await rejectsWith(list(api, { sortBy: 'password' }), 400, /sortBy must be one of/);
  });

  it('AB-7.56 AB-9.13 exports the CSV of exactly the current filter and sort, every row, column headers from the client', async () => {
    const api = await adminApi();
    await seedAudits(2500); // more than two export batches
    const { fileName, text } = await exportCsv(api);
    assert.equal(fileName, 'audits.csv');
    const rows = parseCsv(text);
    const total = (await list(api)).total;
    assert.equal(rows.length, total);
    assert.deepEqual(Object.keys(rows[0]), ['Time', 'User', 'Action', 'Description', 'IP Address', 'Severity', 'User Agent', 'Json Data']);
    // the same order as the list, across batch boundaries
    const firstPage = await list(api, { count: 1000, offset: 990 });
    assert.deepEqual(
      rows.slice(990, 1990).map((r) => r.Description),
      firstPage.data.map((r) => r.description),
    );
    const times = rows.map((r) => Date.parse(r.Time));
    assert.deepEqual(
      times,
      [...times].sort((a, b) => b - a),
    );

    // a filter and an ascending sort by severity, two columns
    const filtered = parseCsv(
      (await exportCsv(api, { filter: 'user7@example.com', sortBy: 'severity', sortDirection: 'asc' }, [AUDIT_COLUMNS[2], { ...AUDIT_COLUMNS[5], displayName: 'Level' }])).text,
    );
    const expected = await list(api, { filter: 'user7@example.com', sortBy: 'severity', sortDirection: 'asc', count: 1000 });
    assert.deepEqual(
      filtered,
      expected.data.map((r) => ({ Action: r.action, Level: r.severity })),
    );
  });

  it('the export is text/csv, an attachment named audits.csv, and a cell that starts like a formula cannot run', async () => {
    const token = await harness.tokenOf();
    const c = new Client(harness.emu);
    // a user named like a formula, added by the admin: the row's description carries it
    await (await apiAs(token)).teams.addUser({ email: 'evil@example.test', name: '=HYPERLINK("http://x")', roleIds: [] });
    await harness.emu.db
      .update(audits)
      .set({ description: '=cmd|calc!A1', userAgent: '+SUM(1)', ip: '@x' })
      .where(and(eq(audits.action, 'user.invited'), eq(audits.tenantId, SEED.tenantId)));
    const res = await c.req(
      'POST',
      '/frontegg/audits/export/csv/v2?sortDirection=desc&sortBy=createdAt&filter=calc&offset=0&outputFileName=audits.csv',
      { properties: AUDIT_COLUMNS },
      c.bearer(token),
    );
    assert.equal(res.status, 200, res.text);
    assert.match(res.headers.get('content-type') ?? '', /^text\/csv/);
    assert.equal(res.headers.get('content-disposition'), 'attachment; filename="audits.csv"');
    const [row] = parseCsv(res.text);
    assert.equal(row.Description, "'=cmd|calc!A1");
    assert.equal(row['User Agent'], "'+SUM(1)");
    assert.equal(row['IP Address'], "'@x");
  });

  it('the JSON data never carries a secret', async () => {
    const api = await adminApi();
    // an API token's creation: its secret is answered once and never audited
    const created = await api.auth.updateUserApiTokensData({ description: 'CI pipeline', expiresInMinutes: 60 });
    assert.ok(created.secret);
    const c = new Client(harness.emu);
    await c.login(SEED.adminEmail, 'wrong-password');
    const rows = await harness.emu.db.select().from(audits);
    assert.ok(rows.length > 0);
    for (const r of rows) {
      assert.doesNotMatch(JSON.stringify(r.details), /"(password|\w*secret|\w*token|\w*code)":/i, r.action);
      assert.ok(!JSON.stringify(r).includes(created.secret), r.action);
    }
    const { withoutSecrets } = await import('../src/audit.ts');
    assert.deepEqual(withoutSecrets({ a: 1, password: 'x', nested: { mfaToken: 't', recoveryCode: 'c', tokenId: 'id', list: [{ clientSecret: 's', name: 'n' }] } }), {
      a: 1,
      nested: { tokenId: 'id', list: [{ name: 'n' }] },
    });
  });
});

describe('who may read the audit log, and whose rows', () => {
  it('a user without fe.secure.read.audits gets 403 Not authorized on the list, stats, metadata and export', async () => {
    await makeUser('norole@example.test', []);
    const api = await apiAs(await harness.tokenOf('norole@example.test', PASSWORD));
    await rejectsWith(list(api), 403, 'Not authorized');
    await rejectsWith(api.audits.getAuditsStats({ sortBy: 'createdAt', sortDirection: 'desc', count: 20 }), 403, 'Not authorized');
    await rejectsWith(api.metadata.getAuditsMetadata(), 403, 'Not authorized');
    const c = new Client(harness.emu);
    const res = await c.req('POST', '/frontegg/audits/export/csv/v2', { properties: [] }, c.bearer(await harness.tokenOf('norole@example.test', PASSWORD)));
    assert.equal(res.status, 403);
    assert.deepEqual(res.body, { errors: ['Not authorized'] });
    // a ReadOnly user holds the key
    await makeUser('reader@example.test', ['ReadOnly']);
    assert.ok((await list(await apiAs(await harness.tokenOf('reader@example.test', PASSWORD)))).total >= 1);
    // and without a token: 401
    assert.equal((await new Client(harness.emu).get('/frontegg/audits')).status, 401);
  });

  it("another tenant's rows are never seen: not listed, counted, exported or found by filter", async () => {
    await seedAudits(25, 'other-tenant');
    const api = await adminApi();
    const mine = await list(api, { count: 1000 });
    assert.ok(mine.data.every((r) => r.tenantId === SEED.tenantId));
    assert.equal((await list(api, { filter: 'Seeded event' })).total, 0);
    assert.equal((await api.audits.getAuditsStats({ sortBy: 'createdAt', sortDirection: 'desc', count: 20 })).severeThisWeek, 0);
    assert.equal(parseCsv((await exportCsv(api)).text).length, mine.total);
  });
});

describe('sign-in events write audit rows', () => {
  /** The rows of `action` about `email`'s user (newest first). */
  const rowsOf = async (action: string, userId: string) =>
    (
      await harness.emu.db
        .select()
        .from(audits)
        .where(and(eq(audits.action, action), eq(audits.actorId, userId)))
    ).sort((a, b) => +b.createdAt - +a.createdAt);

  it('success INFO, wrong password WARNING, lockout SEVERE — with user, tenant, IP, user agent and data', async () => {
    const alice = await makeUser('alice@example.test', ['ReadOnly']);
    const c = new Client(harness.emu);
    await c.put('/_emulator/lockout-policy', { enabled: true, maxAttempts: 2 });
    const headers = { 'user-agent': 'AuditTest/1.0', 'x-forwarded-for': '203.0.113.9' };
    assert.equal((await c.post(`${P}/auth/v1/user`, { email: 'alice@example.test', password: PASSWORD }, headers)).status, 200);
    const [signedIn] = await rowsOf('user.signed-in', alice);
    assert.equal(signedIn.severity, 'INFO');
    assert.equal(signedIn.tenantId, SEED.tenantId);
    assert.equal(signedIn.actorEmail, 'alice@example.test');
    assert.equal(signedIn.ip, '203.0.113.9');
    assert.equal(signedIn.userAgent, 'AuditTest/1.0');
    assert.deepEqual(signedIn.details, { amr: ['pwd'] });

    assert.equal((await c.post(`${P}/auth/v1/user`, { email: 'alice@example.test', password: 'nope' }, headers)).status, 401);
    const [failed] = await rowsOf('user.sign-in.failed', alice);
    assert.equal(failed.severity, 'WARNING');
    assert.equal(failed.tenantId, SEED.tenantId);
    assert.equal(failed.ip, '203.0.113.9');
    assert.deepEqual(failed.details, { email: 'alice@example.test', reason: 'wrong password', attempts: 1 });

    const locked = await c.post(`${P}/auth/v1/user`, { email: 'alice@example.test', password: 'nope' }, headers);
    assert.equal(locked.body.errors[0], 'User is locked');
    const [lockRow] = await rowsOf('user.locked', alice);
    assert.equal(lockRow.severity, 'SEVERE');
    assert.equal(lockRow.userAgent, 'AuditTest/1.0');
    assert.deepEqual(lockRow.details, { email: 'alice@example.test', attempts: 2, maxAttempts: 2 });
    // a locked user's attempt is refused and recorded too
    await c.post(`${P}/auth/v1/user`, { email: 'alice@example.test', password: PASSWORD }, headers);
    assert.equal((await rowsOf('user.sign-in.failed', alice))[0].details.reason, 'user is locked');
    // the admin reads them through the client, SEVERE first when sorted by severity
    const api = await adminApi();
    const page = await list(api, { user: 'alice@example.test', sortBy: 'severity' });
    assert.equal(page.data[0].action, 'user.locked');
    assert.equal((await api.audits.getAuditsStats({ sortBy: 'createdAt', sortDirection: 'desc', count: 20 })).severeThisWeek, 1);
  });

  it('a refusal that fails the request (thrown, rolled back) still leaves its row', async () => {
    const bob = await makeUser('bob@example.test', ['ReadOnly']);
    await harness.emu.db.update(users).set({ verified: false }).where(eq(users.id, bob));
    const res = await new Client(harness.emu).login('bob@example.test', PASSWORD);
    assert.equal(res.status, 400, res.text);
    const [row] = await rowsOf('user.sign-in.failed', bob);
    assert.equal(row?.details.reason, 'not verified');
    assert.equal(row.severity, 'WARNING');
  });

  it('sign-out, refused refresh, password reset and an accepted invitation', async () => {
    const alice = await makeUser('alice@example.test', ['ReadOnly']);
    const c = new Client(harness.emu);
    await c.login('alice@example.test', PASSWORD);
    const stale = c.jar.get([...c.jar.keys()].find((k) => k.startsWith('fe_refresh_'))!)!;
    assert.equal((await c.refresh()).status, 200);
    // the spent token presented again: refused (reuse), WARNING
    const thief = new Client(harness.emu);
    thief.jar.set(
      [...c.jar.keys()].find((k) => k.startsWith('fe_refresh_'))!,
      stale,
    );
    assert.equal((await thief.refresh()).status, 401);
    const [refused] = await rowsOf('session.refresh.refused', alice);
    assert.equal(refused.severity, 'WARNING');
    assert.equal(refused.details.reason, 'Session has been revoked');
    // an anonymous refresh (no cookie) writes nothing
    const before = (await harness.emu.db.select().from(audits)).length;
    await new Client(harness.emu).refresh();
    assert.equal((await harness.emu.db.select().from(audits)).length, before);

    await c.login('alice@example.test', PASSWORD);
    assert.equal((await c.post(`${P}/auth/v1/logout`)).status, 200);
    assert.equal((await rowsOf('user.signed-out', alice)).length, 1);

    // password reset through the emailed link
    await c.post(`${P}/users/v1/passwords/reset`, { email: 'alice@example.test' });
    const mail = (await c.get('/_emulator/outbox')).body as { to: string; link?: string }[];
    const url = new URL(mail.find((m) => m.to === 'alice@example.test' && /reset-password/.test(m.link ?? ''))!.link!);
    const reset = await c.post(`${P}/users/v1/passwords/reset/verify`, {
      userId: url.searchParams.get('userId'),
      token: url.searchParams.get('token'),
      password: 'An0ther-Passw0rd!',
    });
    assert.equal(reset.status, 200, reset.text);
    const [resetRow] = await rowsOf('user.password.reset', alice);
    assert.equal(resetRow.severity, 'INFO');
    assert.doesNotMatch(JSON.stringify(resetRow.details), /token|Passw0rd/);

    // an invitation accepted: the invitee's row in the inviting tenant
    const api = await adminApi();
    const invited = await api.teams.addUser({ email: 'carol@example.test', name: 'Carol', roleIds: [] });
    const invite = ((await c.get('/_emulator/outbox')).body as { to: string; link?: string }[]).find((m) => m.to === 'carol@example.test')!;
    const inviteUrl = new URL(invite.link!);
    const accepted = await c.post(`${P}/users/v1/invitation/accept`, { userId: inviteUrl.searchParams.get('userId'), token: inviteUrl.searchParams.get('token') });
    assert.equal(accepted.status, 200, accepted.text);
    const [acc] = await rowsOf('user.invitation.accepted', invited.id);
    assert.equal(acc.tenantId, SEED.tenantId);
    assert.equal(acc.severity, 'INFO');
  });

  it('MFA verified INFO (then signed in) and a wrong MFA code WARNING', async () => {
    const c = new Client(harness.emu);
    const code = (secret: string) => new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret), digits: 6, period: 30, algorithm: 'SHA1' }).generate();
    await c.put('/_emulator/mfa-policy', { enforceMFAType: 'Force' });
    const login = await c.login(SEED.adminEmail, SEED.adminPassword);
    assert.equal(login.body.mfaRequired, true);
    assert.equal((await rowsOf('user.signed-in', SEED.adminUserId)).length, 0, 'not signed in before MFA');
    const pre = await c.post(`${MFA}/authenticator/enroll`, { mfaToken: login.body.mfaToken });
    const secret = pre.body.secret as string;
    assert.equal((await c.post(`${MFA}/authenticator/enroll/verify`, { mfaToken: login.body.mfaToken, token: code(secret) })).status, 200);
    const [verified] = await rowsOf('user.mfa.verified', SEED.adminUserId);
    assert.equal(verified.severity, 'INFO');
    assert.equal(verified.tenantId, SEED.tenantId);
    assert.equal((await rowsOf('user.signed-in', SEED.adminUserId)).length, 1);

    const again = await c.login(SEED.adminEmail, SEED.adminPassword);
    const good = code(secret);
    const bad = String((Number(good) + 1) % 1_000_000).padStart(6, '0');
    const res = await c.post(`${MFA}/verify`, { mfaToken: again.body.mfaToken, value: bad });
    assert.equal(res.status, 400);
    const [failed] = await rowsOf('user.mfa.failed', SEED.adminUserId);
    assert.equal(failed.severity, 'WARNING');
    assert.deepEqual(failed.details, { method: 'authenticator' });
    assert.doesNotMatch(JSON.stringify(failed), new RegExp(bad));
  });
});

describe('migration 0012_audit_log', () => {
  it('maps the old severities Info/Medium/High/Critical to INFO/WARNING/WARNING/SEVERE and fills actor_email and description', async () => {
    // test/rest-api.ts gives the Frontegg client a `window`; PGlite would take it for a browser's
    const page = globalThis as { window?: unknown };
    const window = page.window;
    delete page.window;
    const client = await PGlite.create('memory://', { extensions: PGLITE_EXTENSIONS }).finally(() => (page.window = window));
    try {
      const exec = async (text: string) => {
        const results = await client.exec(text);
        return (results[results.length - 1]?.rows ?? []) as Record<string, unknown>[];
      };
      // a database of before: the legacy history up to 0012 (src/db/migrations.ts), then rows the old writers wrote
      await legacyRun(exec, '0012_audit_log');
      await exec(`insert into audits (id, tenant_id, actor_id, action, details, severity) values
        ('a', 't', 'u', 'user.deleted', '{"email":"admin@acme.test","userEmail":"q@x.test"}', 'High'),
        ('b', 't', 'u', 'role.created', '{}', 'Info'),
        ('c', 't', 'u', 'user.sub-tenant-roles.added', '{}', 'Medium'),
        ('d', 't', null, 'user.locked', '{}', 'Critical')`);
      // the runner completes the legacy history, then takes the generated one from the baseline on
      assert.deepEqual(await runMigrations(exec), [
        '0012_audit_log',
        BASELINE_ID,
        ...generatedMigrations()
          .slice(1)
          .map((m) => m.id),
      ]);
      assert.deepEqual(await exec(`select id, severity, actor_email as "actorEmail", description from audits order by id`), [
        { id: 'a', severity: 'WARNING', actorEmail: 'admin@acme.test', description: 'User deleted' },
        { id: 'b', severity: 'INFO', actorEmail: null, description: 'Role created' },
        { id: 'c', severity: 'WARNING', actorEmail: null, description: 'User sub tenant roles added' },
        { id: 'd', severity: 'SEVERE', actorEmail: null, description: 'User locked' },
      ]);
    } finally {
      await client.close();
    }
  });
});

describe('the scale seed', () => {
  it('POST /_emulator/seed-audits writes count rows in the seeded tenant (or tenantId), listed newest first', async () => {
    await seedAudits(1000);
    const api = await adminApi();
    const page = await list(api, { filter: 'Seeded event' });
    assert.equal(page.total, 1000);
    assert.equal(page.data[0].description, 'Seeded event 1 by user1@example.com');
    assert.equal((await list(api, { severity: 'SEVERE', filter: 'Seeded event' })).total, 166);
    const bad = await new Client(harness.emu).post('/_emulator/seed-audits', { count: 0 });
    assert.equal(bad.status, 400);
  });
});
