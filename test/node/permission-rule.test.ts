import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { holdsAllKeys, holdsKey } from '../../src/entitlements/permissions.ts';
import { isAuthorized } from '../../src/auth/authorization.ts';
import { canDo } from '../../src/admin/shell/sections.ts';
import { SECTION_ACCESS, SECTION_IDS } from '../../src/admin/shell/ids.ts';

/**
 * The one wildcard rule of permission and role keys (sign-in §6, admin spec §6; src/entitlements/permissions.ts
 * `holdsKey`), tested once here: `isAuthorized` (`<fe-authorized>`) and the portal's `can()` (`canDo`) give its answer
 * for every case.
 */
const CASES: [granted: string[], required: string, held: boolean][] = [
  [['fe.secure.read.users'], 'fe.secure.read.users', true],
  [['fe.secure.read.roles'], 'fe.secure.read.users', false],
  // a granted pattern covers the keys under it
  [['fe.*'], 'fe.secure.read.users', true],
  [['fe.secure.*'], 'fe.secure.read.users', true],
  [['fe.secure.*'], 'fe.usage.read', false],
  [['fe.secure.*'], 'fe.securex.read', false],
  [['fe.*.read.users'], 'fe.secure.read.users', true],
  [['*'], 'fe.secure.read.users', true],
  // a required pattern is met by any granted key under it
  [['fe.subscriptions.read'], 'fe.subscriptions.*', true],
  [['fe.secure.read.users'], 'fe.secure.read.*', true],
  [['fe.secure.read.users'], 'fe.subscriptions.*', false],
  [['fe.*'], 'fe.subscriptions.*', true],
  // every other character is literal, and the whole key must match
  [['fe.(x)'], 'fe.(x)', true],
  [['fe.s+cure.*'], 'fe.ssscure.read', false],
  [['fe.secure.read'], 'fe.secure.reads', false],
  [['xfe.secure.*'], 'fe.secure.read', false],
  [[], 'fe.secure.read.users', false],
];

describe('SI-6.05 one wildcard rule for permission keys, `*` on either side', () => {
  for (const [granted, required, held] of CASES)
    test(`${JSON.stringify(granted)} ${held ? 'holds' : 'does not hold'} ${required}`, () => {
      assert.equal(holdsKey(granted, required), held);
      assert.equal(holdsKey(new Set(granted), required), held, 'a set of keys, as the portal passes them');
      // isAuthorized: the same answer for permissions and for roles
      const user = { permissions: granted.map((key) => ({ key })), roles: granted.map((key) => ({ key })) };
      assert.equal(isAuthorized(user, { permissions: [required] }), held, 'isAuthorized, permissions');
      assert.equal(isAuthorized(user, { roles: [required] }), held, 'isAuthorized, roles');
      // the portal: a host's keys replace a section's read keys (options.adminPortal permissions)
      assert.equal(canDo('users', 'read', granted, { users: { permissions: [required] } }), held, 'the portal can()');
    });

  test('every listed key must be held; none listed holds', () => {
    assert.equal(holdsAllKeys(['fe.secure.*'], ['fe.secure.read.users', 'fe.secure.write.users']), true);
    assert.equal(holdsAllKeys(['fe.secure.read.*'], ['fe.secure.read.users', 'fe.secure.write.users']), false);
    assert.equal(holdsAllKeys([], []), true);
  });

  test("each section's keys by the rule: a granted `fe.*` (every key of the spec starts so) may do everything", () => {
    for (const id of SECTION_IDS)
      for (const action of ['read', 'write', 'delete'] as const) {
        assert.equal(canDo(id, action, ['fe.*']), true, `${id} ${action}`);
        assert.equal(canDo(id, action, []), SECTION_ACCESS[id][action].length === 0, `${id} ${action} with no key`);
      }
  });
});
