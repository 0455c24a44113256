import { expect, waitUntil } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import '../../elements/admin/fe-admin-users.ts';
import { ADMIN, outbox, resetEmulator } from '../helpers/emulator.ts';
import { api, button, dialog, renderSection, root, rowsOf, shown, signIn, SLOW } from './helpers.ts';

/**
 * Issue 33 item 3 (emulator part): an event that happens in the portal reaches the account's email and SMS
 * subscriptions — the emulator's sink puts one message per recipient in the outbox. The subscriptions are made with
 * the connectivity API (the channels panels come with the portal part of the issue); the event is an administrator
 * inviting a user in `<fe-admin-users>`, keyboard only.
 */
describe('event channels against the emulator', () => {
  beforeEach(async () => {
    await resetEmulator();
  });

  it('AB-5.03 an admin invites a user in the portal: the email and SMS subscriptions of frontegg.user.invitedToTenant get one message per recipient', async () => {
    const token = await signIn(ADMIN);
    const base = '/frontegg/integrations/resources/configurations';
    await api(token, 'POST', `${base}/v1/emails/frontegg.user.invitedToTenant`, {
      enabled: true,
      subscriptions: [{ name: 'Ops', enabled: true, recipients: ['ops@acme.test', 'cto@acme.test', ''] }],
    });
    await api(token, 'POST', `${base}/v2/sms/frontegg.user.invitedToTenant`, { enabled: true, subscriptions: [{ name: 'Pager', enabled: true, recipients: ['+15551234567'] }] });

    const el = await renderSection('fe-admin-users');
    await waitUntil(() => rowsOf(el).length > 0, 'rows', SLOW);
    button(root(el), 'Add user')!.focus();
    await sendKeys({ press: 'Enter' });
    await waitUntil(() => dialog(el), 'dialog open');
    await sendKeys({ type: 'Grace Hopper' });
    await sendKeys({ press: 'Tab' });
    await sendKeys({ type: 'grace@acme.test' });
    await sendKeys({ press: 'Enter' });
    await waitUntil(() => shown(el, 'Invitation sent to grace@acme.test.'), 'toast', SLOW);

    const messages = ((await outbox()) as { to: string; channel: string; subject: string; text: string }[]).filter((m) => m.subject === 'Event frontegg.user.invitedToTenant');
    expect(messages.map((m) => `${m.channel}:${m.to}`).sort()).to.deep.equal(['email:cto@acme.test', 'email:ops@acme.test', 'sms:+15551234567']);
    expect(messages.find((m) => m.channel === 'email')!.text).to.contain('user.invitedToTenant: grace@acme.test');
  });
});
