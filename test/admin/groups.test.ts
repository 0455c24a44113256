import { expect, waitUntil } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import '../../elements/admin/fe-admin-groups.ts';
import type { Group } from '../../src/api/admin-types.ts';
import { createGroupsResource, GROUPS_KEY, GROUPS_LIST_KEY } from '../../src/admin/resources/groups.ts';
import { createQueryContext } from '../../src/admin/resources/query.ts';
import '../../stories/support/admin-story.tsx';
import { ADMIN, createUser, resetEmulator } from '../helpers/emulator.ts';
import {
  active,
  alertText,
  api,
  button,
  byLabel,
  callEmulator,
  chooseFromMenu,
  columnHeaders,
  dialog,
  dialogTitle,
  expectAccessibleWhen,
  expectNoAccess,
  ignoreResizeObserverLoop,
  input,
  openMenu,
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
  jsonResponse,
  scriptedClient,
} from './helpers.ts';

const GROUPS = '/frontegg/identity/resources/groups/v1';

ignoreResizeObserverLoop();

const readGroups = (token: string) => api<Group[]>(token, 'GET', `${GROUPS}?_groupsRelations=rolesAndUsers`);
const renderGroups = () => renderSection('fe-admin-groups');
/** The actions button of the row of `group`. */
const actionsOf = (el: HTMLElement, group: string) => byLabel(root(el), `Actions for ${group}`)!;
/** Opens the row menu of `group` and picks `item`. */
const menu = (el: HTMLElement, group: string, item: string) => chooseFromMenu(el, actionsOf(el, group), item);
/** The menu items' texts of the row of `group`. */
const menuTexts = async (el: HTMLElement, group: string) => (await openMenu(el, actionsOf(el, group))).map((m) => m.textContent);

describe('<fe-admin-groups> against the emulator', () => {
  beforeEach(async () => {
    await resetEmulator();
  });

  it('AB-3.08 AB-7.19 round trip: create → appears → edit → read back → delete', async () => {
    const token = await signIn(ADMIN);
    const el = await renderGroups();
    await waitUntil(() => shown(el, 'No groups yet'), 'empty state', SLOW);
    expect(columnHeaders(el).slice(0, 5)).to.deep.equal(['Group', 'Description', 'Roles', 'Members', 'Managed by']);

    // create
    button(root(el), 'Create group')!.click();
    await waitUntil(() => dialog(el), 'dialog open');
    await retype(input(dialog(el)!, 'name')!, 'Platform');
    byLabel(dialog(el)!, 'Green')!.click();
    await waitUntil(() => byLabel(dialog(el)!, 'Green')!.getAttribute('aria-pressed') === 'true', 'green picked');
    await retype(dialog(el)!.querySelector<HTMLTextAreaElement>('textarea[name=description]')!, 'Runs the platform');
    button(dialog(el)!, 'Create group')!.click();
    await waitUntil(() => !dialog(el), 'dialog closed', SLOW);
    await waitUntil(() => rowOf(el, 'Platform'), 'row appears');
    expect(rowOf(el, 'Platform')!.textContent).to.contain('Runs the platform');
    expect(rowOf(el, 'Platform')!.textContent).to.contain('This portal');
    await waitUntil(() => shown(el, 'Group “Platform” created.'), 'toast');
    let [stored] = await readGroups(token);
    expect(stored).to.include({ name: 'Platform', color: '#059669', description: 'Runs the platform', managedBy: 'frontegg' });

    // edit: the dialog shows the stored details; the table shows the new ones
    await menu(el, 'Platform', 'Edit group');
    await waitUntil(() => dialog(el), 'edit dialog');
    const name = input(dialog(el)!, 'name')!;
    expect(name.value).to.equal('Platform');
    expect(byLabel(dialog(el)!, 'Green')!.getAttribute('aria-pressed')).to.equal('true');
    await retype(name, 'Platform team');
    byLabel(dialog(el)!, 'Violet')!.click();
    await waitUntil(() => byLabel(dialog(el)!, 'Violet')!.getAttribute('aria-pressed') === 'true', 'violet picked');
    expect(byLabel(dialog(el)!, 'Green')!.getAttribute('aria-pressed')).to.equal('false');
    button(dialog(el)!, 'Save changes')!.click();
    await waitUntil(() => !dialog(el), 'edit dialog closed', SLOW);
    await waitUntil(() => rowOf(el, 'Platform team'), 'renamed row');
    await waitUntil(() => shown(el, 'Group “Platform team” saved.'), 'toast');
    [stored] = await readGroups(token);
    expect(stored).to.include({ name: 'Platform team', color: '#7c3aed', description: 'Runs the platform' });

    // delete, confirmed
    await menu(el, 'Platform team', 'Delete group');
    await waitUntil(() => dialog(el)?.getAttribute('role') === 'alertdialog', 'confirm');
    button(dialog(el)!, 'Delete group')!.click();
    await waitUntil(() => !rowOf(el, 'Platform team'), 'gone', SLOW);
    await waitUntil(() => shown(el, 'No groups yet'), 'empty again');
    expect(await readGroups(token)).to.deep.equal([]);
  });

  it('AB-7.19 keyboard only: Create group opens a labelled dialog, Escape closes it, an empty name is refused, Enter creates', async () => {
    await signIn(ADMIN);
    const el = await renderGroups();
    await waitUntil(() => button(root(el), 'Create group'), 'create button', SLOW);
    button(root(el), 'Create group')!.focus();
    await sendKeys({ press: 'Enter' });
    await waitUntil(() => dialog(el), 'dialog open');
    expect(dialog(el)!.getAttribute('aria-labelledby')).to.be.a('string');
    expect(dialogTitle(el)).to.equal('Create a group');
    expect(active(el)?.getAttribute('name')).to.equal('name');
    await sendKeys({ press: 'Escape' });
    await waitUntil(() => !dialog(el), 'closed by Escape');
    await waitUntil(() => active(el)?.textContent === 'Create group', 'focus back on Create group');

    await sendKeys({ press: 'Enter' });
    await waitUntil(() => dialog(el), 'dialog open again');
    // Enter with no name: refused, announced, focus stays in the name
    await sendKeys({ press: 'Enter' });
    await waitUntil(() => dialog(el)!.querySelector('[role=alert]'), 'name error');
    expect(dialog(el)!.querySelector('[role=alert]')!.textContent).to.equal('This field is required.');
    expect(active(el)?.getAttribute('aria-invalid')).to.equal('true');
    await sendKeys({ type: 'Design' });
    // Tab reaches the colour presets: Space picks one
    await sendKeys({ press: 'Tab' });
    expect(active(el)?.getAttribute('aria-label')).to.equal('Indigo');
    await sendKeys({ press: 'Tab' });
    await sendKeys({ press: 'Space' });
    expect(active(el)?.getAttribute('aria-pressed')).to.equal('true');
    // back to the name and submit with Enter
    await sendKeys({ down: 'Shift' });
    await sendKeys({ press: 'Tab' });
    await sendKeys({ press: 'Tab' });
    await sendKeys({ up: 'Shift' });
    expect(active(el)?.getAttribute('name')).to.equal('name');
    await sendKeys({ press: 'Enter' });
    await waitUntil(() => !dialog(el), 'dialog closed', SLOW);
    await waitUntil(() => rowOf(el, 'Design'), 'row');
    await waitUntil(() => active(el)?.textContent === 'Create group', 'focus back on Create group');
  });

  it('AB-7.19 a refused save (name in use, 409) keeps the dialog open with what was typed and the server message announced', async () => {
    const token = await signIn(ADMIN);
    await api(token, 'POST', GROUPS, { name: 'Ops' });
    const el = await renderGroups();
    await waitUntil(() => rowOf(el, 'Ops'), 'row', SLOW);
    button(root(el), 'Create group')!.click();
    await waitUntil(() => dialog(el), 'dialog');
    const name = input(dialog(el)!, 'name')!;
    await retype(name, 'ops');
    await retype(dialog(el)!.querySelector<HTMLTextAreaElement>('textarea[name=description]')!, 'typed text');
    button(dialog(el)!, 'Create group')!.click();
    await waitUntil(() => dialog(el)?.querySelector('[role=alert]'), 'error', SLOW);
    expect(dialog(el)!.querySelector('[role=alert]')!.textContent).to.contain('A group named "ops" already exists');
    expect(name.value).to.equal('ops');
    expect(dialog(el)!.querySelector<HTMLTextAreaElement>('textarea[name=description]')!.value).to.equal('typed text');
    expect(rowsOf(el)).to.have.length(1);
  });

  it('AB-6.05 members and roles: add a user found by email, give a role, read back, remove the member', async () => {
    const token = await signIn(ADMIN);
    await createUser('member@acme.test', 'Member-Passw0rd!');
    const { id } = await api<Group>(token, 'POST', GROUPS, { name: 'Support', color: '#059669' });
    const el = await renderGroups();
    await waitUntil(() => rowOf(el, 'Support'), 'row', SLOW);
    await menu(el, 'Support', 'Manage members and roles');
    await waitUntil(() => dialog(el), 'members dialog');
    const d = () => dialog(el)!;
    expect(d().textContent).to.contain('Members (0)');
    expect(d().textContent).to.contain('No members yet.');
    const search = d().querySelector<HTMLInputElement>('input[name=member-search]')!;
    search.focus();
    await sendKeys({ type: 'member@' });
    await waitUntil(() => d().querySelector('[data-candidate]') && !d().querySelector(`[data-candidate="${ADMIN.email}"]`), 'search result', SLOW);
    byLabel(d(), 'Add member to Support')!.focus();
    await sendKeys({ press: 'Enter' });
    await waitUntil(() => d().querySelector('[data-member="member@acme.test"]'), 'member listed');
    expect(active(el)?.getAttribute('name')).to.equal('member-search');
    expect(d().textContent).to.contain('Members (1)');
    await waitUntil(() => rowOf(el, 'Support')!.children[3].textContent === '1', 'member count in the table');
    await waitUntil(() => shown(el, 'member added to Support.'), 'toast');

    const readOnly = [...d().querySelectorAll<HTMLInputElement>('input[name=role]')].find((i) => i.parentElement?.textContent?.startsWith('Read only'));
    expect(readOnly, 'ReadOnly role checkbox').to.not.equal(undefined);
    readOnly!.click();
    await waitUntil(() => readOnly!.checked && /Read only/.test(rowOf(el, 'Support')!.children[2].textContent ?? ''), 'role in the table');
    await waitUntil(async () => (await readGroups(token))[0].roles?.length === 1, 'role stored', SLOW);
    const [stored] = await readGroups(token);
    expect(stored.id).to.equal(id);
    expect(stored.users?.map((u) => u.email)).to.deep.equal(['member@acme.test']);

    byLabel(d(), 'Remove member from Support')!.click();
    await waitUntil(() => !d().querySelector('[data-member]'), 'member gone');
    await waitUntil(async () => (await readGroups(token))[0].users?.length === 0, 'removal stored', SLOW);
    button(d(), 'Done')!.click();
    await waitUntil(() => !dialog(el), 'closed');
  });

  it('AB-6.05 a refused member removal (the kit inline action) puts the member back and says why in the dialog', async () => {
    const token = await signIn(ADMIN);
    const member = (await callEmulator('POST', '/_emulator/users', { email: 'kept@acme.test', password: 'Kept-Passw0rd!', name: 'Kept Person' })) as { id: string };
    const { id } = await api<Group>(token, 'POST', GROUPS, { name: 'Support', color: '#059669' });
    await api(token, 'POST', `${GROUPS}/${id}/users`, { userIds: [member.id] });
    const el = await renderGroups();
    await waitUntil(() => rowOf(el, 'Support'), 'row', SLOW);
    await menu(el, 'Support', 'Manage members and roles');
    await waitUntil(() => dialog(el)?.querySelector('[data-member="kept@acme.test"]'), 'member listed', SLOW);
    const d = () => dialog(el)!;
    // the kit's UserCell: the name over the email
    expect(d().querySelector('[data-member="kept@acme.test"] [data-user-cell]')!.textContent).to.equal('Kept Personkept@acme.test');
    await callEmulator('PUT', '/_emulator/faults', {
      faults: [{ method: 'DELETE', path: `${GROUPS}/${id}/users`, status: 409, body: { errors: ['Support must keep one member'] }, delayMs: 400, times: 1 }],
    });
    byLabel(d(), 'Remove Kept Person from Support')!.click();
    await waitUntil(() => !d().querySelector('[data-member]'), 'gone at once');
    await waitUntil(() => d().querySelector('[role=alert]')?.textContent?.includes('Support must keep one member'), 'refusal in the dialog', SLOW);
    expect(d().querySelector('[data-member="kept@acme.test"]')).to.not.equal(null);
    expect((await readGroups(token))[0].users?.map((u) => u.email)).to.deep.equal(['kept@acme.test']);
  });

  it('AB-7.19 groups turned off for the account (configuration enabled: false): an empty state says so, nothing to create', async () => {
    const token = await signIn(ADMIN);
    await api(token, 'POST', `${GROUPS}/config`, { enabled: false });
    const el = await renderGroups();
    await waitUntil(() => shown(el, 'Groups are turned off for this account'), 'disabled state', SLOW);
    expect(button(root(el), 'Create group')).to.equal(undefined);
    expect(root(el).querySelector('table')).to.equal(null);
    await expect(el).to.be.accessible();
  });

  it('SI-6.01 a user without fe.secure.read.groups sees "You don’t have access to this section." and no table', async () => {
    await signInWithoutRoles();
    await expectNoAccess(await renderGroups(), 'table');
  });

  it('AB-7.19 a user without fe.secure.write.groups sees the groups read-only: no create, edit, delete or member buttons', async () => {
    const token = await signIn(ADMIN);
    await api(token, 'POST', GROUPS, { name: 'Finance' });
    await signInAsReader();
    const el = await renderGroups();
    await waitUntil(() => rowOf(el, 'Finance'), 'row', SLOW);
    expect(button(root(el), 'Create group')).to.equal(undefined);
    expect(text(el)).to.contain('You can view groups.');
    expect(await menuTexts(el, 'Finance')).to.deep.equal(['View members and roles']);
    (root(el).querySelector('[role=menuitem]') as HTMLElement).click();
    await waitUntil(() => dialog(el), 'dialog');
    expect(dialog(el)!.querySelector('input')).to.equal(null);
    expect(button(dialog(el)!, 'Remove')).to.equal(undefined);
  });
});

/** `<fe-admin-story section="groups">` in preview (canned groups, one managed by SCIM) in a scenario and dialog. */
const renderGroupsStory = (scenario: string, dialogName?: string) => renderStory('groups', scenario, dialogName);

describe('<fe-admin-groups> designed states (preview) and SCIM groups', () => {
  const states: [string, string, string | undefined, (el: HTMLElement) => unknown][] = [
    ['filled', 'filled', undefined, (el) => rowOf(el, 'Okta: Finance')],
    ['empty', 'empty', undefined, (el) => shown(el, 'No groups yet')],
    ['loading', 'loading', undefined, (el) => root(el).querySelector('[role=status]')?.textContent?.includes('Loading…')],
    ['error', 'error', undefined, (el) => alertText(el).includes('Service temporarily unavailable')],
    ['create dialog', 'filled', 'create', (el) => dialog(el) && input(dialog(el)!, 'name')],
    ['edit dialog', 'filled', 'edit:group-eng', (el) => dialog(el) && input(dialog(el)!, 'name')?.value === 'Engineering'],
    ['delete dialog', 'filled', 'delete:group-eng', (el) => dialog(el)?.getAttribute('role') === 'alertdialog'],
    ['members dialog', 'filled', 'members:group-eng', (el) => dialog(el)?.querySelector('[data-candidate]') && dialog(el)?.querySelector('input[name=role]')],
  ];
  for (const [name, scenario, dialogName, ready] of states) {
    it(`AB-3.08 ${name} has no axe violations`, async () => {
      await expectAccessibleWhen(await renderGroupsStory(scenario, dialogName), ready, name);
    });
  }

  it('AB-3.08 a SCIM-managed group is read-only: the note says the directory manages it, no edit, delete or member buttons; roles may be set', async () => {
    const el = await renderGroupsStory('filled');
    await waitUntil(() => rowOf(el, 'Okta: Finance'), 'rows', SLOW);
    expect(rowOf(el, 'Okta: Finance')!.textContent).to.contain('Directory (SCIM)');
    await menu(el, 'Okta: Finance', 'Manage members and roles');
    expect([...root(el).querySelectorAll('[role=menuitem]')].map((m) => m.textContent)).to.not.include('Edit group');
    await waitUntil(() => dialog(el), 'dialog');
    await waitUntil(() => dialog(el)!.querySelector('input[name=role]'), 'roles');
    expect(dialog(el)!.textContent).to.contain('This group is managed by your directory (SCIM).');
    expect(dialog(el)!.querySelector('input[name=member-search]')).to.equal(null);
    expect(button(dialog(el)!, 'Remove')).to.equal(undefined);
    // the other groups keep every action
    button(dialog(el)!, 'Done')!.click();
    await waitUntil(() => !dialog(el), 'closed');
    expect(await menuTexts(el, 'Engineering')).to.deep.equal(['Manage members and roles', 'Edit group', 'Delete group']);
  });
});

/**
 * A client for the groups API whose calls are answered by `answer` (method and path) or else refused with a 400 (a
 * SCIM group's answer).
 */
function groupsClient(answer: (method: string, path: string) => Response | Promise<Response> | undefined = () => undefined) {
  return scriptedClient(
    (method, url) => answer(method, url.pathname) ?? jsonResponse({ errors: ['This group is managed by SCIM (scim2): change it in the identity provider'] }, 400),
  );
}

describe('groups resource', () => {
  it('AB-8.13 a group load failure is swallowed into [] for $groups, and shown by the section list', async () => {
    const q = createQueryContext();
    const r = createGroupsResource(q, groupsClient());
    const off = [r.$groups.listen(() => {}), r.$list.listen(() => {}), r.$config.listen(() => {})];
    await waitUntil(() => r.$groups.get().data && r.$list.get().error && r.$config.get().data, 'settled');
    expect(r.$groups.get().data).to.deep.equal([]);
    expect((r.$list.get().error as Error).message).to.contain('managed by SCIM');
    expect(r.$config.get().data).to.deep.equal({ enabled: true, rolesEnabled: true });
    off.forEach((f) => f());
  });

  it('AB-6.05 member, role and detail edits show at once and are rolled back when the server refuses (a SCIM group: 400)', async () => {
    const group: Group = { id: 'g1', name: 'Okta', color: '#d97706', managedBy: 'scim2', roles: [], users: [{ id: 'u1', email: 'a@x.test', name: 'A' }] };
    const gate: { release?: () => void } = {};
    const q = createQueryContext();
    const r = createGroupsResource(
      q,
      groupsClient((method, path) =>
        method === 'GET' && path.endsWith('/groups/v1')
          ? jsonResponse([group])
          : method === 'POST' && path.endsWith('/groups/v1/g1/users')
            ? new Promise((resolve) => (gate.release = () => resolve(jsonResponse({ errors: ['managed by SCIM'] }, 400))))
            : undefined,
      ),
    );
    const off = [r.$groups.listen(() => {}), r.$list.listen(() => {})];
    await waitUntil(() => r.$list.get().data && r.$groups.get().data, 'loaded');
    const adding = r.addUsers.run({ id: 'g1', users: [{ id: 'u2', email: 'b@x.test', name: 'B' }] });
    await waitUntil(() => gate.release, 'call made');
    expect(q.cache.read<Group[]>(GROUPS_LIST_KEY)![0].users!.map((u) => u.id)).to.deep.equal(['u1', 'u2']);
    expect(q.cache.read<Group[]>(GROUPS_KEY)![0].users!.map((u) => u.id)).to.deep.equal(['u1', 'u2']);
    gate.release!();
    const error = await adding.catch((e: unknown) => e);
    expect((error as Error).message).to.equal('managed by SCIM');
    expect(q.cache.read<Group[]>(GROUPS_LIST_KEY)![0].users!.map((u) => u.id)).to.deep.equal(['u1']);

    await r.update.run({ id: 'g1', input: { name: 'Renamed' } }).catch(() => {});
    expect(q.cache.read<Group[]>(GROUPS_LIST_KEY)![0].name).to.equal('Okta');
    await r.removeUsers.run({ id: 'g1', userIds: ['u1'] }).catch(() => {});
    expect(q.cache.read<Group[]>(GROUPS_LIST_KEY)![0].users!.map((u) => u.id)).to.deep.equal(['u1']);
    await r.addRoles.run({ id: 'g1', roles: [{ id: 'r1', key: 'k', name: 'R', isDefault: false, permissions: [] }] }).catch(() => {});
    expect(q.cache.read<Group[]>(GROUPS_LIST_KEY)![0].roles).to.deep.equal([]);
    off.forEach((f) => f());
  });
});
