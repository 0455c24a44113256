/**
 * The add-user (invite) dialog's own fields against the emulator (SI-3.08): besides the email and the roles, the
 * invited user's name and phone number, both kept on the user the invitation makes.
 */
import { expect, waitUntil } from '@open-wc/testing';
import '../../elements/admin/fe-admin-users.ts';
import { ADMIN, resetEmulator } from '../helpers/emulator.ts';
import { api, button, dialog, fill, input, renderSection, root, rowTexts, signIn, SLOW } from './helpers.ts';

describe('<fe-admin-users> invite fields against the emulator', () => {
  beforeEach(() => resetEmulator());

  it('SI-3.08 the invite-user fields are name and phone number (with the email): both reach the invited user', async () => {
    const token = await signIn(ADMIN);
    const el = await renderSection('fe-admin-users');
    await waitUntil(() => button(root(el), 'Add user') && rowTexts(el).length > 0, 'users shown', SLOW);
    button(root(el), 'Add user')!.click();
    await waitUntil(() => dialog(el), 'the invite dialog');
    const d = dialog(el)!;
    const labels = [...d.querySelectorAll('label')].map((l) => l.textContent?.trim() ?? '');
    expect(labels.some((l) => l.startsWith('Name'))).to.equal(true);
    expect(labels.some((l) => l.startsWith('Phone'))).to.equal(true);
    expect(input(d, 'phone')!.type).to.equal('tel');
    fill(input(d, 'name')!, 'Grace Hopper');
    fill(input(d, 'email')!, 'grace@acme.test');
    fill(input(d, 'phone')!, '+14155550142');
    button(d, 'Send invitation')!.click();
    await waitUntil(() => !dialog(el), 'invited', SLOW);
    await waitUntil(() => rowTexts(el).some((r) => r.includes('grace@acme.test')), 'the invite listed', SLOW);
    const page = await api<{ items: { email: string; name: string; phoneNumber?: string }[] }>(token, 'GET', '/frontegg/identity/resources/users/v3?_email=grace@acme.test');
    expect(page.items.map(({ email, name, phoneNumber }) => ({ email, name, phoneNumber }))).to.deep.equal([
      { email: 'grace@acme.test', name: 'Grace Hopper', phoneNumber: '+14155550142' },
    ]);
  });
});
