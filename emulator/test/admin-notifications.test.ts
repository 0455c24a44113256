/**
 * Notifications (issue 33 item 4; api-contract §AA), called through Frontegg's own client (`@frontegg/rest-api`
 * notifications calls): list with `params` {count, offset}, status, pin, mark all read; made by the emulator's route
 * and by a user joining the account.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { IMessage } from '@frontegg/rest-api';
import { SEED } from '../src/db/seed.ts';
import { Client, P } from './helpers.ts';
import { PASSWORD, rejectsWith, useAdminEmulator } from './admin-harness.ts';

const harness = useAdminEmulator();
const { adminApi, apiAs, tokenOf, makeUser } = harness;

/** A notification of the seeded admin, made by the emulator's route a second after the last (the clock moved). */
async function make(title: string, extra: Record<string, unknown> = {}): Promise<IMessage> {
  const c = new Client(harness.emu);
  await c.put('/_emulator/clock', { advance: 1000 });
  const res = await c.post<IMessage>('/_emulator/notifications', { email: SEED.adminEmail, title, ...extra });
  assert.equal(res.status, 201, res.text);
  return res.body;
}

describe('notifications', () => {
  it('AB-7.65 list (params count/offset), status read/unread/archived, pin/unpin, mark all read', async () => {
    const api = await adminApi();
    assert.deepEqual(await api.notifications.getNotifications({ count: 10, offset: 0 }), []);
    const first = await make('First', { body: 'One', severity: 'warning', url: '/admin#/admin/users' });
    assert.equal(first.viewed, false);
    assert.equal(first.status, 'unread');
    const second = await make('Second');
    const third = await make('Third');

    let list: IMessage[] = await api.notifications.getNotifications({ count: 10, offset: 0 });
    assert.deepEqual(
      list.map((m) => m.title),
      ['Third', 'Second', 'First'],
      'newest first',
    );
    assert.equal(list[2].severity, 'warning');
    assert.equal(list[2].body, 'One');
    assert.deepEqual(
      (await api.notifications.getNotifications({ count: 1, offset: 1 })).map((m) => m.title),
      ['Second'],
    );

    await api.notifications.updateNotificationIsPinned({ notificationId: first.id, pinStatus: 'pin' });
    list = await api.notifications.getNotifications({ count: 10, offset: 0 });
    assert.deepEqual(
      list.map((m) => [m.title, m.isPinned]),
      [
        ['First', true],
        ['Third', false],
        ['Second', false],
      ],
      'pinned first',
    );
    await api.notifications.updateNotificationIsPinned({ notificationId: first.id, pinStatus: 'unpin' });

    await api.notifications.updateNotificationStatus({ notificationId: second.id, status: 'read' });
    list = await api.notifications.getNotifications({ count: 10, offset: 0 });
    assert.equal(list.find((m) => m.id === second.id)!.viewed, true);
    await api.notifications.updateNotificationStatus({ notificationId: second.id, status: 'unread' });
    await api.notifications.updateNotificationStatus({ notificationId: third.id, status: 'archived' });
    list = await api.notifications.getNotifications({ count: 10, offset: 0 });
    assert.deepEqual(
      list.map((m) => m.title),
      ['Second', 'First'],
      'archived ones are not listed',
    );

    await api.notifications.markAllAsRead();
    list = await api.notifications.getNotifications({ count: 10, offset: 0 });
    assert.ok(list.every((m) => m.viewed && m.status === 'read'));
  });

  it("the unread count is the list's x-unread-count header; bad params are 400", async () => {
    await make('A');
    await make('B');
    const token = await tokenOf();
    const c = new Client(harness.emu);
    const res = await c.get(`/frontegg/notification?params=${encodeURIComponent(JSON.stringify({ count: 5, offset: 0 }))}`, c.bearer(token));
    assert.equal(res.status, 200);
    assert.equal(res.headers.get('x-unread-count'), '2');
    assert.equal((await c.get('/frontegg/notification?params=nope', c.bearer(token))).status, 400);
    assert.equal((await c.get('/frontegg/notification')).status, 401);
  });

  it("another user's notification is 404; each user sees only their own", async () => {
    const mineOnly = await make('Admin only');
    await makeUser('worker@acme.test');
    const worker = await apiAs(await tokenOf('worker@acme.test', PASSWORD));
    assert.deepEqual(await worker.notifications.getNotifications({ count: 10, offset: 0 }), []);
    await rejectsWith(worker.notifications.updateNotificationStatus({ notificationId: mineOnly.id, status: 'read' }), 404, 'Notification not found');
    await rejectsWith(worker.notifications.updateNotificationIsPinned({ notificationId: mineOnly.id, pinStatus: 'pin' }), 404, 'Notification not found');
    assert.equal((await new Client(harness.emu).post('/_emulator/notifications', { email: 'nobody@example.test', title: 'x' })).status, 404);
  });

  it("an invited user accepting the invitation notifies the account's administrators", async () => {
    const api = await adminApi();
    await api.teams.addUser({ email: 'newbie@example.test', name: 'New Bie', roleIds: [] });
    const c = new Client(harness.emu);
    const mail = (await c.get<{ to: string; link: string }[]>('/_emulator/outbox')).body.find((m) => m.to === 'newbie@example.test');
    const { userId, token } = Object.fromEntries(new URL(mail!.link).searchParams);
    const accepted = await c.post(`${P}/users/v1/invitation/accept`, { userId, token });
    assert.equal(accepted.status, 200, accepted.text);
    const [note] = await api.notifications.getNotifications({ count: 10, offset: 0 });
    assert.equal(note?.title, 'newbie@example.test joined the account');
    assert.equal(note.key, 'frontegg.user.activated');
  });
});
