/**
 * Attacks through path parameters (issue 30 item 6; http/params.ts): an admin route's ids are validated like its
 * body, so a malformed id — SQL, a path, a control character, markup, a very long text — answers 400 in the kit's
 * error shape (`{ errors: ['<name> must be an id: …'] }`) before the handler runs, and changes nothing; a well-formed
 * id that names nothing is still the route's 404. The routes are taken from the mounted admin modules, so a new
 * route with a path parameter is attacked without an edit here.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync } from 'node:fs';
import { Hono } from 'hono';
import { count } from 'drizzle-orm';
import { audits, userGroups } from '../src/db/schema.ts';
import type { AppEnv } from '../src/http/env.ts';
import { Client, P } from './helpers.ts';
import { useAdminEmulator } from './admin-harness.ts';

const harness = useAdminEmulator();

/** Malformed ids as an attacker writes them into a path (URL-encoded; the router decodes each segment). */
const MALFORMED = [
  `x'%20OR%20'1'%3D'1`, // SQL
  '..%2F..%2Fetc%2Fpasswd', // a path (an encoded slash stays inside the segment)
  'abc%00def', // a NUL byte
  '%3Cscript%3Ealert(1)%3C%2Fscript%3E', // markup
  'a'.repeat(300), // longer than any id
  '%20leading-space',
  'emoji-%F0%9F%92%A5',
  '-starts-with-a-dash',
];

const MESSAGE = "must be an id: 1 to 128 letters, digits, '-', '_', '.', ':' or '@'";

/** Every route of the mounted admin modules with a path parameter, but the address metadata (`/metadata/ip/:ip`, an address, not an id). */
const ROUTES: { method: string; path: string }[] = [];
for (const file of readdirSync(new URL('../src/routes/admin/', import.meta.url)).filter((f) => f.endsWith('.ts'))) {
  const exports = (await import(`../src/routes/admin/${file}`)) as Record<string, unknown>;
  for (const [name, value] of Object.entries(exports)) {
    if (!(value instanceof Hono) || !/^admin\w*Routes$/.test(name)) continue;
    for (const r of (value as Hono<AppEnv>).routes) {
      if (r.method === 'ALL' || !/\/:\w+/.test(r.path) || r.path === '/metadata/ip/:ip') continue;
      if (!ROUTES.some((x) => x.method === r.method && x.path === r.path)) ROUTES.push({ method: r.method, path: r.path });
    }
  }
}

describe('attacks through path parameters (admin routes)', () => {
  it('every admin route with a path parameter answers 400 naming it for a malformed id, before any handler runs', async () => {
    assert.ok(ROUTES.length > 40, `only ${ROUTES.length} routes with a path parameter found`);
    const token = await harness.tokenOf();
    const client = new Client(harness.emu);
    const [{ n: auditsBefore }] = await harness.emu.db.select({ n: count() }).from(audits);
    let i = 0;
    for (const { method, path } of ROUTES) {
      const names = [...path.matchAll(/:(\w+)/g)].map((m) => m[1]);
      // one parameter malformed at a time, the others well-formed
      for (const bad of names) {
        const value = MALFORMED[i++ % MALFORMED.length];
        const url = `/frontegg${path.replace(/:(\w+)/g, (_, n: string) => (n === bad ? value : `well-formed-${n}`))}`;
        const res = await client.req(method, url, ['GET', 'HEAD'].includes(method) ? undefined : {}, client.bearer(token));
        assert.equal(res.status, 400, `${method} ${path} with ${bad}=${value} → ${res.status} ${res.text}`);
        assert.deepEqual(res.body, { errors: [`${bad} ${MESSAGE}`] }, `${method} ${path}`);
      }
    }
    // nothing was written: no audit row of a change (sign-in rows aside, the admin signed in before counting)
    const [{ n: auditsAfter }] = await harness.emu.db.select({ n: count() }).from(audits);
    assert.equal(auditsAfter, auditsBefore);
  });

  it('every malformed id, on a write: 400 and nothing changes; a well-formed unknown id is still 404', async () => {
    const api = await harness.adminApi();
    const group = await api.groups.createGroup({ name: 'Kept' });
    const client = new Client(harness.emu);
    const auth = client.bearer(await harness.tokenOf());
    for (const value of MALFORMED) {
      const res = await client.del(`${P}/groups/v1/${value}`, auth);
      assert.equal(res.status, 400, `${value} → ${res.status} ${res.text}`);
      assert.deepEqual(res.body, { errors: [`groupId ${MESSAGE}`] });
    }
    const [{ n }] = await harness.emu.db.select({ n: count() }).from(userGroups);
    assert.equal(n, 1, 'the group is still there');
    const unknown = await client.del(`${P}/groups/v1/group-nope`, auth);
    assert.equal(unknown.status, 404, unknown.text);
    assert.deepEqual(unknown.body.errors, ['Group not found']);
    // the ids the emulator mints (UUIDs) are well-formed
    assert.equal((await client.del(`${P}/groups/v1/${group.id}`, auth)).status, 200);
  });
});
