/**
 * The notification channels (issue 33 item 3; api-contract §Y Slack, email and SMS rows), called through Frontegg's
 * own client (`@frontegg/rest-api` connectivity calls): email and SMS subscriptions per event with the spec's
 * recipient rules, the outbox messages an event puts there, and Slack's configuration.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { IEmailSMSConfigResponse, ISlackChannel, ISlackConfigurations } from '@frontegg/rest-api';
import { Client } from './helpers.ts';
import { PASSWORD, rejectsWith, useAdminEmulator } from './admin-harness.ts';

const harness = useAdminEmulator();
const { adminApi, apiAs, tokenOf, makeUser, auditRows } = harness;

const INVITED = 'frontegg.user.invitedToTenant';

async function outbox(): Promise<{ to: string; channel: string; subject: string; text: string }[]> {
  return (await new Client(harness.emu).get('/_emulator/outbox')).body;
}

describe('email and SMS subscriptions', () => {
  it('AB-7.57 AB-5.03 AB-3.37 saved with recipients only: blank recipients dropped, a subscription without any not created', async () => {
    const api = await adminApi();
    assert.deepEqual(await api.connectivity.getEmailConfiguration(), []);
    await api.connectivity.postEmailConfiguration({
      eventKey: INVITED,
      enabled: true,
      subscriptions: [
        { name: 'Ops', enabled: true, recipients: [' Ops@Acme.test ', ''] },
        { name: 'Nobody', enabled: true, recipients: ['', '  '] },
      ],
    } as IEmailSMSConfigResponse);
    const list: IEmailSMSConfigResponse[] = await api.connectivity.getEmailConfiguration();
    assert.equal(list.length, 1);
    assert.equal(list[0].eventKey, INVITED);
    assert.equal(list[0].enabled, true);
    assert.deepEqual(
      list[0].subscriptions.map((s) => [s.name, s.enabled, s.recipients]),
      [['Ops', true, ['ops@acme.test']]],
    );
    assert.ok(list[0].subscriptions[0].id);
    assert.equal((await auditRows('email-configuration.created', INVITED)).length, 1);

    await api.connectivity.postEmailConfiguration({ eventKey: 'frontegg.user.created', enabled: true, subscriptions: [{ name: 'x', enabled: true, recipients: [''] }] });
    assert.equal((await api.connectivity.getEmailConfiguration()).length, 1, 'nothing made without a recipient');
  });

  it('AB-7.59 AB-5.04 put, patch and delete; clearing every recipient deletes the subscription and its configuration', async () => {
    const api = await adminApi();
    await api.connectivity.postSMSConfiguration({ eventKey: INVITED, enabled: true, subscriptions: [{ name: 'On call', enabled: true, recipients: ['+1 555 123 4567'] }] });
    const [cfg]: IEmailSMSConfigResponse[] = await api.connectivity.getSMSConfiguration();
    const id = cfg.subscriptions[0].id!;
    assert.deepEqual(cfg.subscriptions[0].recipients, ['+15551234567']);
    await api.connectivity.putSMSSubscriptions(id, INVITED, { id, name: 'On call', enabled: false, recipients: ['+15551234567', '+442071234567'] });
    await api.connectivity.patchSMSConfiguration({ eventKey: INVITED, enabled: false });
    const [after] = await api.connectivity.getSMSConfiguration();
    assert.equal(after.enabled, false);
    assert.deepEqual(after.subscriptions[0].recipients, ['+15551234567', '+442071234567']);
    assert.equal(after.subscriptions[0].enabled, false);
    await rejectsWith(api.connectivity.putSMSSubscriptions(id, INVITED, { id, name: 'x', enabled: true, recipients: ['555'] }), 400, /Not a phone number/);

    await api.connectivity.putSMSSubscriptions(id, INVITED, { id, name: 'On call', enabled: true, recipients: ['', ' '] });
    assert.deepEqual(await api.connectivity.getSMSConfiguration(), [], 'deleted with its last recipient');
    assert.equal((await auditRows('sms-subscription.deleted', id)).length, 1);

    await api.connectivity.postEmailConfiguration({ eventKey: INVITED, enabled: true, subscriptions: [{ name: 'A', enabled: true, recipients: ['a@acme.test'] }] });
    const [email] = await api.connectivity.getEmailConfiguration();
    await api.connectivity.deleteEmailSubscriptions(INVITED, email.subscriptions[0].id!);
    assert.deepEqual(await api.connectivity.getEmailConfiguration(), []);
    await api.connectivity.postEmailConfiguration({ eventKey: INVITED, enabled: true, subscriptions: [{ name: 'A', enabled: true, recipients: ['a@acme.test'] }] });
    await api.connectivity.deleteEmailConfiguration(INVITED);
    assert.deepEqual(await api.connectivity.getEmailConfiguration(), []);
    await rejectsWith(api.connectivity.patchEmailConfiguration({ eventKey: INVITED, enabled: true }), 404, 'Configuration not found');
    await rejectsWith(api.connectivity.postEmailConfiguration({ eventKey: 'frontegg.nope', enabled: true, subscriptions: [] }), 400, /Unknown event key/);
  });

  it('an enabled email or SMS subscription puts one message per recipient in the outbox when its event happens; a disabled one none', async () => {
    const api = await adminApi();
    await api.connectivity.postEmailConfiguration({
      eventKey: INVITED,
      enabled: true,
      subscriptions: [
        { name: 'Ops', enabled: true, recipients: ['ops@acme.test', 'cto@acme.test'] },
        { name: 'Off', enabled: false, recipients: ['off@acme.test'] },
      ],
    });
    await api.connectivity.postSMSConfiguration({ eventKey: INVITED, enabled: true, subscriptions: [{ name: 'Pager', enabled: true, recipients: ['+15551234567'] }] });
    await api.teams.addUser({ email: 'newbie@example.test', name: 'New Bie', roleIds: [] });
    const box = await outbox();
    const sent = box.filter((m) => m.subject === `Event ${INVITED}`);
    assert.deepEqual(sent.map((m) => `${m.channel}:${m.to}`).sort(), ['email:cto@acme.test', 'email:ops@acme.test', 'sms:+15551234567']);
    const mail = sent.find((m) => m.to === 'ops@acme.test')!;
    assert.match(mail.text, /user\.invitedToTenant: newbie@example\.test/);
    assert.match(mail.text, /"eventContext"/);

    await api.connectivity.patchEmailConfiguration({ eventKey: INVITED, enabled: false });
    await api.teams.addUser({ email: 'second@example.test', name: 'Second', roleIds: [] });
    const again = (await outbox()).filter((m) => m.subject === `Event ${INVITED}`);
    assert.equal(again.filter((m) => m.channel === 'email').length, 2, 'the disabled email configuration sent nothing more');
    assert.equal(again.filter((m) => m.channel === 'sms').length, 2, 'the SMS one still sends');
  });

  it('needs fe.connectivity.read.webhooks to read and fe.connectivity.write.webhooks to change; another account sees none of it', async () => {
    const api = await adminApi();
    await api.connectivity.postEmailConfiguration({ eventKey: INVITED, enabled: true, subscriptions: [{ name: 'A', enabled: true, recipients: ['a@acme.test'] }] });
    const [cfg] = await api.connectivity.getEmailConfiguration();
    await makeUser('reader@acme.test');
    const reader = await apiAs(await tokenOf('reader@acme.test', PASSWORD));
    assert.equal((await reader.connectivity.getEmailConfiguration()).length, 1);
    await rejectsWith(reader.connectivity.deleteEmailConfiguration(INVITED), 403, 'Not authorized');

    const c = new Client(harness.emu);
    await c.post('/_emulator/tenants', { name: 'Other', tenantId: 'other-tenant' });
    await makeUser('boss@other.test', ['Admin'], { tenantId: 'other-tenant' });
    const other = await apiAs(await tokenOf('boss@other.test', PASSWORD));
    assert.deepEqual(await other.connectivity.getEmailConfiguration(), []);
    await rejectsWith(other.connectivity.deleteEmailSubscriptions(INVITED, cfg.subscriptions[0].id!), 404, 'Subscription not found');
    await other.teams.addUser({ email: 'x@other.test', name: 'X', roleIds: [] });
    assert.equal((await outbox()).filter((m) => m.subject === `Event ${INVITED}`).length, 0, "the other account's event sends nothing of Acme's");
  });
});

describe('Slack', () => {
  it('AB-7.58 AB-7.57 AB-3.38 AB-5.05 AB-5.06 scope → clientId, code registration, channels, subscriptions saved with channel ids, deleted when none', async () => {
    const api = await adminApi();
    assert.deepEqual(await api.connectivity.getSlackScope(), { clientId: 'fe-emulator-slack' });
    assert.deepEqual(await api.connectivity.getSlackChannels(), [], 'no workspace yet');
    assert.deepEqual(await api.connectivity.getSlackConfiguration(), { id: '', slackSubscriptions: [] });
    await rejectsWith(api.connectivity.postSlackConfiguration({ isActive: true, slackEvents: [{ eventKey: INVITED, channelIds: ['C1'] }] }), 400, 'Slack is not connected');

    await rejectsWith(api.connectivity.postSlackCode('invalid'), 400, 'Slack did not accept the code');
    await api.connectivity.postSlackCode('oauth-code-from-slack');
    const channels: ISlackChannel[] = (await api.connectivity.getSlackChannels()) ?? [];
    assert.deepEqual(
      channels.map((ch) => ch.name),
      ['general', 'alerts', 'security', 'engineering', 'support'],
    );
    const [general, alerts] = channels;

    await rejectsWith(api.connectivity.postSlackConfiguration({ isActive: true, slackEvents: [{ eventKey: INVITED, channelIds: [] }] }), 400, /at least one channel/);
    await rejectsWith(api.connectivity.postSlackConfiguration({ isActive: true, slackEvents: [{ eventKey: INVITED, channelIds: ['CNOPE'] }] }), 400, /Unknown Slack channel/);
    await api.connectivity.postSlackConfiguration({
      isActive: true,
      slackEvents: [
        { eventKey: INVITED, channelIds: [general.id], title: 'Invited', message: 'Someone was invited' },
        { eventKey: 'frontegg.user.deleted', channelIds: [] },
      ],
    });
    let cfg: ISlackConfigurations = await api.connectivity.getSlackConfiguration();
    assert.ok(cfg.id, 'the workspace registration');
    assert.equal(cfg.slackSubscriptions.length, 1);
    const sub = cfg.slackSubscriptions[0];
    assert.deepEqual(sub.slackEvents, [{ eventKey: INVITED, channelIds: [general.id], title: 'Invited', message: 'Someone was invited' }], 'events without channels are left out');

    await api.connectivity.postSlackConfiguration({ id: sub.id, isActive: false, slackEvents: [{ eventKey: INVITED, channelIds: [general.id, alerts.id] }] });
    cfg = await api.connectivity.getSlackConfiguration();
    assert.equal(cfg.slackSubscriptions[0].isActive, false);
    assert.deepEqual(cfg.slackSubscriptions[0].slackEvents[0].channelIds, [general.id, alerts.id]);

    await api.connectivity.postSlackConfiguration({ id: sub.id, isActive: true, slackEvents: [{ eventKey: INVITED, channelIds: [] }] });
    assert.deepEqual((await api.connectivity.getSlackConfiguration()).slackSubscriptions, [], 'changed to no channel ids: deleted');
    assert.equal((await auditRows('slack-subscription.deleted', sub.id!)).length, 1);

    await api.connectivity.postSlackConfiguration({ isActive: true, slackEvents: [{ eventKey: INVITED, channelIds: [alerts.id] }] });
    const again = (await api.connectivity.getSlackConfiguration()).slackSubscriptions[0];
    await api.connectivity.deleteSlackConfiguration({ id: again.id!, isActive: true, slackEvents: [] });
    assert.deepEqual((await api.connectivity.getSlackConfiguration()).slackSubscriptions, []);
    await rejectsWith(api.connectivity.deleteSlackConfiguration({ id: again.id!, isActive: true, slackEvents: [] }), 404, 'Slack subscription not found');
  });

  it("each account has its own workspace channels; another account's Slack subscription is 404", async () => {
    const api = await adminApi();
    await api.connectivity.postSlackCode('code');
    const [general] = (await api.connectivity.getSlackChannels()) ?? [];
    await api.connectivity.postSlackConfiguration({ isActive: true, slackEvents: [{ eventKey: INVITED, channelIds: [general.id] }] });
    const [sub] = (await api.connectivity.getSlackConfiguration()).slackSubscriptions;
    await new Client(harness.emu).post('/_emulator/tenants', { name: 'Other', tenantId: 'other-tenant' });
    await makeUser('boss@other.test', ['Admin'], { tenantId: 'other-tenant' });
    const other = await apiAs(await tokenOf('boss@other.test', PASSWORD));
    await other.connectivity.postSlackCode('code');
    const [otherGeneral] = (await other.connectivity.getSlackChannels()) ?? [];
    assert.notEqual(otherGeneral.id, general.id);
    await rejectsWith(
      other.connectivity.postSlackConfiguration({ id: sub.id, isActive: true, slackEvents: [{ eventKey: INVITED, channelIds: [otherGeneral.id] }] }),
      404,
      'Slack subscription not found',
    );
    await rejectsWith(other.connectivity.postSlackConfiguration({ isActive: true, slackEvents: [{ eventKey: INVITED, channelIds: [general.id] }] }), 400, /Unknown Slack channel/);
  });
});
