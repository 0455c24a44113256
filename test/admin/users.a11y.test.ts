/**
 * The users section in every designed state and dialog, as the stories render it (stories/support/admin-story.tsx:
 * preview mode, canned data, no network), checked by axe-core.
 */
import { expect, waitUntil } from '@open-wc/testing';
import '../../elements/admin/fe-admin-users.ts';
import { ADMIN_SCENARIOS, STORY_ERROR_MESSAGE } from '../../stories/support/admin-story.tsx';
import { alertText, dialog, expectAccessibleWhen, expectDialogLabelledAndFocused, renderStory, root, SLOW, text } from './helpers.ts';

describe('<fe-admin-users> accessibility (axe-core) in every state', () => {
  it('has the five designed scenarios (stale: data-table.test.ts)', () => {
    expect(ADMIN_SCENARIOS).to.deep.equal(['filled', 'empty', 'loading', 'error', 'stale']);
  });

  it('AB-1.05 filled (the demo data: roles Read Only, Admin, Support, Editor, Viewer) has no axe violations', async () => {
    const el = await renderStory('users', 'filled');
    await waitUntil(() => el.shadowRoot?.querySelectorAll('tbody tr[data-row-id]').length, 'rows', SLOW);
    for (const role of ['Admin', 'Editor', 'Viewer', 'Support', 'Read Only']) expect(text(el)).to.contain(role);
    await expect(el).to.be.accessible();
  });

  it('empty says there are no users yet, and has no axe violations', async () => {
    await expectAccessibleWhen(await renderStory('users', 'empty'), (el) => text(el).includes('No users yet'), 'empty state');
  });

  it('loading shows a progress status, and has no axe violations', async () => {
    await expectAccessibleWhen(await renderStory('users', 'loading'), (el) => root(el).querySelector('[role=status]'), 'loading');
  });

  it('AB-7.75 error shows the server message in an alert, and has no axe violations', async () => {
    await expectAccessibleWhen(await renderStory('users', 'error'), (el) => alertText(el).includes(STORY_ERROR_MESSAGE), 'error');
  });

  it('the pending invitations (#/admin/users/pending) list only who never joined, each marked, and have no axe violations', async () => {
    const el = await renderStory('users', 'filled', 'pending');
    const rows = () => [...root(el).querySelectorAll('tbody tr[data-row-id]')];
    await waitUntil(() => rows().length === 3, 'the three pending invitations', SLOW);
    for (const row of rows()) expect(row.textContent).to.contain('Pending invitation');
    await expect(el).to.be.accessible();
  });

  for (const [name, title] of [
    ['add', 'Add a user'],
    ['bulk', 'Invite several users'],
    ['link', 'Invite link'],
    ['roles:user-01', 'Roles of Grace Knuth'],
    ['delete:user-01', 'Delete Grace Knuth?'],
    ['disable:user-01', 'Disable Grace Knuth?'],
    ['enable:user-05', 'Enable Donald Hopper?'],
    ['expiry:user-06', 'Access of Frances Allen ends after'],
    ['revoke:user-03', 'Revoke the invitation of edsger.dijkstra@preview.invalid?'],
  ]) {
    it(`AB-2.01 AB-4.02 AB-4.03 AB-4.09 the ${name} dialog is labelled, holds the focus, and has no axe violations`, async () => {
      const el = await renderStory('users', 'filled', name);
      await waitUntil(() => dialog(el), 'dialog', SLOW);
      await expectDialogLabelledAndFocused(el, title);
      await expect(el).to.be.accessible();
    });
  }
});
