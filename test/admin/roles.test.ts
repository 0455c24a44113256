import { expect, waitUntil } from '@open-wc/testing';
import { sendKeys, setViewport } from '@web/test-runner-commands';
import '../../elements/admin/fe-admin-roles.ts';
import type { Permission, Role } from '../../src/api/admin-types.ts';
import { createActor, fromPromise, waitFor } from 'xstate';
import { adminEditRoleMachine, keyFromName } from '../../machines/admin-edit-role.machine.ts';
import { groupPermissions, parseRolesDialog } from '../../src/admin/roles/model.ts';
import { matchSubRoute } from '../../src/admin/shell/routes.ts';
import { SECTIONS } from '../../src/admin/shell/sections.ts';
import '../../stories/support/admin-story.tsx';
import { ADMIN, resetEmulator } from '../helpers/emulator.ts';
import {
  ADMIN_VIEWPORT,
  active,
  alertText,
  api,
  button,
  byLabel,
  callEmulator,
  columnHeaders,
  dialog,
  expectAccessibleWhen,
  expectNoAccess,
  renderSection,
  renderStory,
  retype,
  root,
  rowOf,
  rowsOf,
  shown,
  signIn,
  signInAsReader,
  signInWithoutRoles,
  SLOW,
  text,
} from './helpers.ts';

const ROLES = '/frontegg/identity/resources/roles/v1';
const PERMISSIONS = '/frontegg/identity/resources/permissions/v1';

const readRoles = (token: string) => api<Role[]>(token, 'GET', ROLES);
const readPermissions = (token: string) => api<Permission[]>(token, 'GET', PERMISSIONS);
const renderRoles = () => renderSection('fe-admin-roles');
const field = (scope: ParentNode, name: string) => scope.querySelector<HTMLInputElement>(`[name=${name}]`)!;
/** The checkbox of the permission with `key` in the open dialog. */
const permissionBox = (scope: ParentNode, key: string) => scope.querySelector<HTMLInputElement>(`[data-permission="${key}"] input`)!;
const tab = (el: HTMLElement, name: string) => [...root(el).querySelectorAll<HTMLElement>('[role=tab]')].find((t) => t.textContent === name)!;

describe('roles section helpers', () => {
  it('AB-7.17 the key follows the name: lower case, other characters as one dash', () => {
    expect(keyFromName('  Billing Managers ')).to.equal('billing-managers');
    expect(keyFromName('Café & Support!')).to.equal('cafe-support');
  });

  it('AB-3.02 permissions are grouped by category, the uncategorised last under "Other"', () => {
    const p = (id: string, categoryId?: string): Permission => ({ id, key: id, name: id, categoryId });
    const groups = groupPermissions([p('b', 'c1'), p('a', 'c1'), p('x'), p('y', 'gone')], [{ id: 'c1', name: 'One', permissionIds: [] }], 'Other');
    expect(groups.map((g) => [g.name, g.permissions.map((x) => x.id)])).to.deep.equal([
      ['One', ['a', 'b']],
      ['Other', ['x', 'y']],
    ]);
  });

  it('AB-7.17 AB-7.18 edit = PATCH then PUT, each only when changed; a refused PUT keeps the draft and the retry sends only the PUT', async () => {
    const calls: string[] = [];
    let failPut = true;
    const role: Role = { id: 'r1', key: 'ops', name: 'Ops', description: '', isDefault: false, permissions: ['p1'] };
    const actor = createActor(
      adminEditRoleMachine.provide({
        actors: {
          updateRole: fromPromise(async () => (calls.push('PATCH'), role)),
          setPermissions: fromPromise(async () => {
            calls.push('PUT');
            if (failPut) throw new Error('refused');
            return role;
          }),
        },
      }),
      { input: { role } },
    );
    const saved: string[] = [];
    actor.on('saved', (e) => saved.push(e.name));
    actor.start();
    const draft = { name: 'Operations', key: 'ops', description: '', isDefault: false, permissionIds: ['p1', 'p2'] };
    actor.send({ type: 'form.submit', draft });
    await waitFor(actor, (s) => s.matches('editing') && Boolean(s.context.error));
    expect(calls).to.deep.equal(['PATCH', 'PUT']);
    expect(actor.getSnapshot().context.draft).to.deep.equal(draft);
    failPut = false;
    actor.send({ type: 'form.submit', draft });
    await waitFor(actor, (s) => s.matches('done'));
    expect(calls).to.deep.equal(['PATCH', 'PUT', 'PUT']);
    expect(saved).to.deep.equal(['Operations']);
    // nothing changed: no call at all
    const idle = createActor(adminEditRoleMachine.provide({ actors: { updateRole: fromPromise(async () => (calls.push('x'), role)) } }), { input: { role } }).start();
    idle.send({ type: 'form.submit', draft: { name: 'Ops', key: 'ops', description: '', isDefault: false, permissionIds: ['p1'] } });
    expect(idle.getSnapshot().matches('done')).to.equal(true);
    expect(calls.length).to.equal(3);
  });

  it('AB-7.17 the dialog of a sub-route (a deep link or story), as the registry matches it', () => {
    const dialogOf = (sub: string) => parseRolesDialog(matchSubRoute(SECTIONS.roles.routes, sub) ?? { route: null, params: {} });
    expect(dialogOf('add')).to.deep.equal({ kind: 'add' });
    expect(dialogOf('edit:r1')).to.deep.equal({ kind: 'edit', roleId: 'r1' });
    expect(dialogOf('delete:r1')).to.deep.equal({ kind: 'delete', roleId: 'r1' });
    expect(dialogOf('attach:p1')).to.deep.equal({ kind: 'attach', permissionId: 'p1' });
    expect(dialogOf('nonsense')).to.equal(null);
  });
});

describe('<fe-admin-roles> against the emulator', () => {
  beforeEach(async () => {
    await resetEmulator();
  });

  it('AB-3.01 AB-7.16 lists the roles with key, badges and number of permissions; search by name filters them', async () => {
    const token = await signIn(ADMIN);
    const el = await renderRoles();
    await waitUntil(() => rowOf(el, 'Admin'), 'rows', SLOW);
    expect(columnHeaders(el).slice(0, 3)).to.deep.equal(['Role', 'Key', 'Permissions']);
    const roles = await readRoles(token);
    const admin = roles.find((r) => r.key === 'Admin')!;
    expect(rowOf(el, 'Admin')!.textContent).to.contain('Built-in').and.contain(`${admin.permissions.length} permissions`).and.contain('Full access');
    expect(rowOf(el, 'Read only')!.textContent).to.contain('Default');
    // a built-in role is viewed, never edited or deleted
    expect(byLabel(root(el), 'View Admin')).to.not.equal(null);
    expect(byLabel(root(el), 'Delete Admin')).to.equal(null);

    await retype(field(root(el), 'role-search'), 'read');
    await waitUntil(() => rowsOf(el).length === 1, 'filtered');
    expect(rowOf(el, 'Read only')).to.not.equal(undefined);
    await retype(field(root(el), 'role-search'), 'zzz');
    await waitUntil(() => shown(el, 'No roles match “zzz”.'), 'no match');
  });

  it('AB-3.01 a role row shows how many users hold it, directly or through a group', async () => {
    const token = await signIn(ADMIN);
    await callEmulator('POST', '/_emulator/users', { email: 'ann@acme.test', password: 'Ann-Passw0rd!', roles: ['ReadOnly'] });
    const bob = (await callEmulator('POST', '/_emulator/users', { email: 'bob@acme.test', password: 'Bob-Passw0rd!', roles: [] })) as { id: string };
    const readOnly = (await readRoles(token)).find((r) => r.key === 'ReadOnly')!;
    const group = await api<{ id: string }>(token, 'POST', '/frontegg/identity/resources/groups/v1', { name: 'Night shift' });
    await api(token, 'POST', `/frontegg/identity/resources/groups/v1/${group.id}/roles`, { roleIds: [readOnly.id] });
    await api(token, 'POST', `/frontegg/identity/resources/groups/v1/${group.id}/users`, { userIds: [bob.id] });
    await api(token, 'POST', ROLES, { key: 'auditors', name: 'Auditors', description: '', isDefault: false, level: 2, permissions: [] });
    const el = await renderRoles();
    await waitUntil(() => rowOf(el, 'Auditors'), 'rows', SLOW);
    const cell = (name: string) => rowOf(el, name)!.querySelectorAll('td')[columnHeaders(el).indexOf('Users')].textContent;
    expect(cell('Admin')).to.equal('1 user');
    expect(cell('Read only')).to.equal('2 users');
    expect(cell('Auditors')).to.equal('No users');
  });

  it('AB-3.02 permissions read as words: the server’s names and descriptions, in the permissions tab and the role’s picker, not keys', async () => {
    await signIn(ADMIN);
    const el = await renderRoles();
    await waitUntil(() => rowOf(el, 'Admin'), 'rows', SLOW);
    tab(el, 'Permissions').click();
    await waitUntil(() => root(el).querySelector('[name=permission-search]'), 'the permissions tab', SLOW);
    // the table is virtualised and longer than its window since issue 34's keys: the search brings the row into view
    await retype(field(root(el), 'permission-search'), 'tenant API tokens');
    await waitUntil(() => rowOf(el, 'Read tenant API tokens'), 'permission rows', SLOW);
    expect(rowOf(el, 'Read tenant API tokens')!.textContent).to.contain('See the account’s API tokens');
    expect(text(el)).to.not.match(/secure (read|write)/);
    // a long table is virtualised: search brings a row into view
    await retype(field(root(el), 'permission-search'), 'impersonat');
    await waitUntil(() => rowOf(el, 'Impersonate users'), 'searched', SLOW);
    expect(rowOf(el, 'Impersonate users')!.textContent).to.contain('Sign in as another user of the account');
    tab(el, 'Roles').click();
    await waitUntil(() => byLabel(root(el), 'View Admin'), 'roles tab');
    byLabel(root(el), 'View Admin')!.click();
    await waitUntil(() => dialog(el)?.querySelector('[data-permission="fe.secure.read.tenantApiTokens"]'), 'picker', SLOW);
    const entry = dialog(el)!.querySelector('[data-permission="fe.secure.read.tenantApiTokens"]')!;
    expect(entry.textContent).to.contain('Read tenant API tokens').and.contain('See the account’s API tokens');
  });

  it('the read-only view of a built-in role opens at its top: the title and the name in view, the focus on the first field', async () => {
    // a short screen, so the view is longer than it
    await setViewport({ width: 1280, height: 600 });
    await signIn(ADMIN);
    const el = await renderRoles();
    await waitUntil(() => byLabel(root(el), 'View Admin'), 'rows', SLOW);
    byLabel(root(el), 'View Admin')!.click();
    await waitUntil(() => dialog(el)?.querySelector('[data-permission]'), 'the role with its permissions', SLOW);
    await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
    const d = dialog(el)!;
    let box: HTMLElement | null = d;
    while (box && box.scrollHeight <= box.clientHeight) box = box.parentElement;
    expect(box?.scrollHeight ?? 0, 'the view is longer than the screen (else this test proves nothing)').to.be.greaterThan(box?.clientHeight ?? 0);
    expect(box!.scrollTop, 'scrolled to the top').to.equal(0);
    const title = d.querySelector('h2, [role=heading], h1, h3')!.getBoundingClientRect();
    expect(title.top).to.be.at.least(0);
    expect(root(el).activeElement?.getAttribute('name')).to.equal('name');
    await setViewport(ADMIN_VIEWPORT);
  });

  it('AB-6.02 AB-7.17 AB-7.18 round trip: add (key from the name, permissions by category) → appears → edit (PATCH + PUT) → read back → delete', async () => {
    const token = await signIn(ADMIN);
    const el = await renderRoles();
    await waitUntil(() => rowOf(el, 'Admin'), 'rows', SLOW);
    const permissions = await readPermissions(token);
    const id = (key: string) => permissions.find((p) => p.key === key)!.id;

    // add
    button(root(el), 'Add role')!.click();
    await waitUntil(() => dialog(el)?.querySelector('[data-permission]'), 'form with permissions', SLOW);
    let d = dialog(el)!;
    expect(d.querySelector('[data-category=fe-category-roles] legend')?.textContent).to.equal('Roles');
    await retype(field(d, 'name'), 'Billing Managers');
    expect(field(d, 'key').value).to.equal('billing-managers');
    await retype(field(d, 'description'), 'Pays the bills');
    permissionBox(d, 'fe.secure.read.users').click();
    permissionBox(d, 'fe.secure.read.roles').click();
    button(d, 'Add role')!.click();
    await waitUntil(() => !dialog(el), 'closed', SLOW);
    await waitUntil(() => rowOf(el, 'Billing Managers'), 'appears', SLOW);
    await waitUntil(() => shown(el, 'Role “Billing Managers” added.'), 'toast');
    expect(rowOf(el, 'Billing Managers')!.textContent).to.contain('billing-managers').and.contain('2 permissions');
    let stored = (await readRoles(token)).find((r) => r.key === 'billing-managers')!;
    expect(stored.description).to.equal('Pays the bills');
    expect([...stored.permissions].sort()).to.deep.equal([id('fe.secure.read.roles'), id('fe.secure.read.users')].sort());

    // edit: the fields and the permissions
    byLabel(root(el), 'Edit Billing Managers')!.click();
    await waitUntil(() => dialog(el)?.querySelector('[data-permission]'), 'edit form');
    d = dialog(el)!;
    expect(field(d, 'key').value).to.equal('billing-managers');
    expect(permissionBox(d, 'fe.secure.read.users').checked).to.equal(true);
    await retype(field(d, 'name'), 'Billing');
    // editing keeps the key as it was
    expect(field(d, 'key').value).to.equal('billing-managers');
    field(d, 'isDefault').click();
    permissionBox(d, 'fe.secure.read.users').click();
    permissionBox(d, 'fe.secure.write.roles').click();
    button(d, 'Save changes')!.click();
    await waitUntil(() => !dialog(el) || d.querySelector('[role=alert]'), 'closed', SLOW);
    expect(dialog(el)?.querySelector('[role=alert]')?.textContent).to.equal(undefined);
    await waitUntil(() => shown(el, 'Role “Billing” saved.'), 'toast');
    await waitUntil(() => rowOf(el, 'Billing')?.textContent?.includes('Default'), 'default badge', SLOW);

    // read back: the server and the reopened form agree
    stored = (await readRoles(token)).find((r) => r.id === stored.id)!;
    expect(stored.name).to.equal('Billing');
    expect(stored.isDefault).to.equal(true);
    expect([...stored.permissions].sort()).to.deep.equal([id('fe.secure.read.roles'), id('fe.secure.write.roles')].sort());
    byLabel(root(el), 'Edit Billing')!.click();
    await waitUntil(() => dialog(el)?.querySelector('[data-permission]'), 'reopened');
    d = dialog(el)!;
    expect(field(d, 'name').value).to.equal('Billing');
    expect(field(d, 'isDefault').checked).to.equal(true);
    expect(permissionBox(d, 'fe.secure.read.users').checked).to.equal(false);
    expect(permissionBox(d, 'fe.secure.write.roles').checked).to.equal(true);
    button(d, 'Cancel')!.click();
    await waitUntil(() => !dialog(el), 'closed');

    // delete, confirmed
    byLabel(root(el), 'Delete Billing')!.click();
    await waitUntil(() => dialog(el)?.getAttribute('role') === 'alertdialog', 'confirm');
    expect(dialog(el)!.textContent).to.contain('Users, groups and API tokens that have this role lose it.');
    button(dialog(el)!, 'Delete role')!.click();
    await waitUntil(() => !rowOf(el, 'Billing'), 'gone', SLOW);
    await waitUntil(() => shown(el, 'Role “Billing” deleted.'), 'toast');
    expect((await readRoles(token)).some((r) => r.id === stored.id)).to.equal(false);
  });

  it('AB-2.01 AB-7.17 keyboard only: Add role opens a labelled dialog, the key follows the name, Space picks a category, Enter saves', async () => {
    const token = await signIn(ADMIN);
    const el = await renderRoles();
    await waitUntil(() => rowOf(el, 'Admin'), 'rows', SLOW);
    button(root(el), 'Add role')!.focus();
    await sendKeys({ press: 'Enter' });
    await waitUntil(() => dialog(el)?.querySelector('[data-permission]'), 'dialog open', SLOW);
    const d = dialog(el)!;
    expect(d.getAttribute('aria-labelledby')).to.be.a('string');
    expect(active(el)?.getAttribute('name')).to.equal('name');
    await sendKeys({ type: 'Auditors' });
    await sendKeys({ press: 'Tab' });
    expect(active(el)?.getAttribute('name')).to.equal('key');
    expect((root(el).activeElement as HTMLInputElement).value).to.equal('auditors');
    await sendKeys({ press: 'Tab' });
    await sendKeys({ type: 'Read the audit log' });
    await sendKeys({ press: 'Tab' }); // default role
    await sendKeys({ press: 'Tab' }); // "All of" the first category
    const first = d.querySelector<HTMLElement>('[data-category]')!;
    expect(active(el)?.closest('[data-category]')).to.equal(first);
    await sendKeys({ press: 'Space' });
    const picked = [...first.querySelectorAll<HTMLInputElement>('[data-permission] input')];
    await waitUntil(() => picked.every((b) => b.checked), 'category picked');
    // back to a text field, and Enter submits
    await sendKeys({ down: 'Shift' });
    for (let i = 0; i < 3; i++) await sendKeys({ press: 'Tab' });
    await sendKeys({ up: 'Shift' });
    expect(active(el)?.getAttribute('name')).to.equal('key');
    await sendKeys({ press: 'Enter' });
    await waitUntil(() => !dialog(el), 'dialog closed', SLOW);
    await waitUntil(() => rowOf(el, 'Auditors'), 'row', SLOW);
    expect(active(el)?.textContent).to.equal('Add role');
    const stored = (await readRoles(token)).find((r) => r.key === 'auditors')!;
    expect(stored.permissions.length).to.equal(picked.length);
  });

  it('AB-7.17 a taken key keeps the form as typed and shows the server’s message, announced', async () => {
    await signIn(ADMIN);
    const el = await renderRoles();
    await waitUntil(() => rowOf(el, 'Admin'), 'rows', SLOW);
    button(root(el), 'Add role')!.click();
    await waitUntil(() => dialog(el)?.querySelector('[data-permission]'), 'form', SLOW);
    const d = dialog(el)!;
    await retype(field(d, 'name'), 'Second admin');
    await retype(field(d, 'key'), 'Admin');
    button(d, 'Add role')!.click();
    await waitUntil(() => d.querySelector('[role=alert]'), 'error', SLOW);
    expect(d.querySelector('[role=alert]')!.textContent).to.contain('A role with the key "Admin" already exists');
    expect(field(d, 'name').value).to.equal('Second admin');
    expect(button(d, 'Add role')).to.not.equal(undefined);
    // an empty name is refused before any call
    await retype(field(d, 'name'), ' ');
    button(d, 'Add role')!.click();
    await waitUntil(() => field(d, 'name').getAttribute('aria-invalid') === 'true', 'name invalid');
    expect(active(el)?.getAttribute('name')).to.equal('name');
  });

  it('AB-3.01 a built-in (vendor-level) role opens read-only with a note; no save, no delete', async () => {
    await signIn(ADMIN);
    const el = await renderRoles();
    await waitUntil(() => rowOf(el, 'Admin'), 'rows', SLOW);
    byLabel(root(el), 'View Admin')!.click();
    await waitUntil(() => dialog(el)?.querySelector('[data-permission]'), 'dialog', SLOW);
    const d = dialog(el)!;
    expect(d.textContent).to.contain('This built-in role is the same for every account: you can’t edit or delete it.');
    expect(field(d, 'name').readOnly).to.equal(true);
    expect(permissionBox(d, 'fe.secure.read.users').checked).to.equal(true);
    expect(permissionBox(d, 'fe.secure.read.users').matches(':disabled')).to.equal(true);
    expect(button(d, 'Save changes')).to.equal(undefined);
    await expect(el).to.be.accessible();
    button(d, 'Close')!.click();
    await waitUntil(() => !dialog(el), 'closed');
  });

  it('AB-6.03 the permissions tab gives one permission to several roles at once; roles that hold it stay locked', async () => {
    const token = await signIn(ADMIN);
    await api(token, 'POST', '/frontegg/identity/resources/roles/v2', { key: 'ops', name: 'Ops', permissionIds: [] });
    await api(token, 'POST', '/frontegg/identity/resources/roles/v2', { key: 'finance', name: 'Finance', permissionIds: [] });
    const el = await renderRoles();
    await waitUntil(() => rowOf(el, 'Ops'), 'rows', SLOW);
    tab(el, 'Permissions').click();
    await waitUntil(() => root(el).querySelector('table[aria-label=Permissions]'), 'permissions table', SLOW);
    await retype(field(root(el), 'permission-search'), 'fe.secure.write.securityPolicy');
    await waitUntil(() => rowsOf(el).length === 1, 'one permission');
    const permission = (await readPermissions(token)).find((p) => p.key === 'fe.secure.write.securityPolicy')!;
    byLabel(root(el), `Choose roles for ${permission.name}`)!.click();
    await waitUntil(() => dialog(el), 'dialog');
    const d = dialog(el)!;
    const box = (name: string) => [...d.querySelectorAll('label')].find((l) => l.textContent?.startsWith(name))!.querySelector('input')!;
    // Admin (built-in, holds it) and Read only (built-in) are locked
    expect(box('Admin').checked && box('Admin').disabled).to.equal(true);
    expect(box('Read only').disabled).to.equal(true);
    // nothing picked: refused before any call
    button(d, 'Give to roles')!.click();
    await waitUntil(() => d.querySelector('[role=alert]')?.textContent === 'Pick at least one role.', 'pick one');
    box('Ops').click();
    box('Finance').click();
    button(d, 'Give to roles')!.click();
    await waitUntil(() => !dialog(el), 'closed', SLOW);
    await waitUntil(() => shown(el, `“${permission.name}” given to 2 roles.`), 'toast');
    await waitUntil(() => rowsOf(el)[0]?.textContent?.includes('Ops') && rowsOf(el)[0]?.textContent?.includes('Finance'), 'roles column', SLOW);
    const held = (await readRoles(token)).filter((r) => r.permissions.includes(permission.id)).map((r) => r.name);
    expect(held).to.include.members(['Admin', 'Ops', 'Finance']);
    await expect(el).to.be.accessible();
  });

  it('SI-6.01 a user without fe.secure.read.roles sees "You don’t have access to this section." and no table', async () => {
    await signInWithoutRoles();
    await expectNoAccess(await renderRoles(), 'table');
  });

  it('SI-6.01 AB-7.17 a user without fe.secure.write.roles sees the roles read-only: no add, edit, delete or "Roles…" buttons', async () => {
    const token = await signIn(ADMIN);
    await api(token, 'POST', '/frontegg/identity/resources/roles/v2', { key: 'ops', name: 'Ops', permissionIds: [] });
    await signInAsReader();
    const el = await renderRoles();
    await waitUntil(() => rowOf(el, 'Ops'), 'rows', SLOW);
    expect(button(root(el), 'Add role')).to.equal(undefined);
    expect(text(el)).to.contain('You can view roles.');
    expect(byLabel(root(el), 'Edit Ops')).to.equal(null);
    expect(byLabel(root(el), 'Delete Ops')).to.equal(null);
    byLabel(root(el), 'View Ops')!.click();
    await waitUntil(() => dialog(el)?.querySelector('[data-permission]'), 'dialog', SLOW);
    expect(field(dialog(el)!, 'name').readOnly).to.equal(true);
    expect(button(dialog(el)!, 'Save changes')).to.equal(undefined);
    button(dialog(el)!, 'Close')!.click();
    await waitUntil(() => !dialog(el), 'closed');
    tab(el, 'Permissions').click();
    await waitUntil(() => rowsOf(el).length > 0, 'permissions', SLOW);
    expect(button(root(el), 'Roles…')).to.equal(undefined);
  });
});

/** `<fe-admin-story section="roles">` in preview (canned roles and permissions, one NEVER, one ALWAYS). */
const renderRolesStory = (scenario: string, dialogName?: string) => renderStory('roles', scenario, dialogName);

describe('<fe-admin-roles> designed states (preview), NEVER and ALWAYS permissions', () => {
  const states: [string, string, string | undefined, (el: HTMLElement) => unknown][] = [
    ['filled', 'filled', undefined, (el) => rowOf(el, 'Viewer')],
    ['empty', 'empty', undefined, (el) => shown(el, 'No roles yet')],
    ['loading', 'loading', undefined, (el) => root(el).querySelector('[role=status]')?.textContent?.includes('Loading…')],
    ['error', 'error', undefined, (el) => alertText(el).includes('Service temporarily unavailable')],
    ['add dialog', 'filled', 'add', (el) => dialog(el)?.querySelector('[data-permission]')],
    ['edit dialog', 'filled', 'edit:role-editor', (el) => field(dialog(el) ?? root(el), 'name')?.value === 'Editor'],
    ['built-in role dialog', 'filled', 'edit:role-admin', (el) => dialog(el)?.querySelector('[role=note]')],
    ['delete dialog', 'filled', 'delete:role-viewer', (el) => dialog(el)?.getAttribute('role') === 'alertdialog'],
    ['permissions tab', 'filled', 'permissions', (el) => rowsOf(el).some((r) => r.textContent?.includes('Export reports'))],
    ['permissions empty', 'empty', 'permissions', (el) => shown(el, 'No permissions')],
    ['give-to-roles dialog', 'filled', 'attach:perm-reports-read', (el) => dialog(el)?.querySelector('input[type=checkbox]')],
  ];
  for (const [name, scenario, dialogName, ready] of states) {
    it(`AB-3.01 AB-3.02 ${name} has no axe violations`, async () => {
      await expectAccessibleWhen(await renderRolesStory(scenario, dialogName), ready, name);
    });
  }

  it('AB-3.03 in the role form a NEVER permission is disabled with its reason and an ALWAYS one is checked and disabled', async () => {
    const el = await renderRolesStory('filled', 'add');
    await waitUntil(() => dialog(el)?.querySelector('[data-permission]'), 'form', SLOW);
    const d = dialog(el)!;
    const never = permissionBox(d, 'reports.export');
    expect(never.disabled).to.equal(true);
    expect(never.checked).to.equal(false);
    expect(d.querySelector(`#${CSS.escape(never.getAttribute('aria-describedby')!)}`)?.textContent).to.equal('Account admins can’t give this permission to a role.');
    const always = permissionBox(d, 'fe.secure.read.users');
    expect(always.disabled).to.equal(true);
    expect(always.checked).to.equal(true);
    expect(d.querySelector(`#${CSS.escape(always.getAttribute('aria-describedby')!)}`)?.textContent).to.equal('Every role has this permission.');
    // "All of" a category leaves the locked ones alone
    const reports = d.querySelector<HTMLElement>('[data-category=cat-reports]')!;
    reports.querySelector<HTMLInputElement>('label:first-of-type input')!.click();
    await waitUntil(() => permissionBox(d, 'reports.read').checked, 'picked');
    expect(never.checked).to.equal(false);
  });

  it('AB-3.03 the permissions tab says why a NEVER or ALWAYS permission has no "Roles…" button', async () => {
    const el = await renderRolesStory('filled', 'permissions');
    await waitUntil(() => rowsOf(el).some((r) => r.textContent?.includes('Export reports')), 'rows', SLOW);
    const row = (name: string) => rowsOf(el).find((r) => r.textContent?.includes(name))!;
    expect(row('Export reports').textContent).to.contain('Never').and.contain('Can’t be given');
    expect(row('Read users').textContent).to.contain('Always').and.contain('Every role has it');
    expect(row('Read reports').querySelector('button')?.textContent).to.equal('Roles…');
  });
});
