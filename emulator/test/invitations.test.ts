/**
 * Invitations, invite links, impersonation and tenant switching against the
 * real database.
 */
import { describe, it, before, after, beforeEach } from 'node:test';
import assert from 'node:assert/strict';
import { decodeJwt } from 'jose';
import { eq } from 'drizzle-orm';
import type { Emulator } from '../src/app.ts';
import { tenantInviteLinks, users } from '../src/db/schema.ts';
import { Client, ORIGIN, P, refreshCookie, startEmulator } from './helpers.ts';

let emu: Emulator;
before(async () => {
  emu = await startEmulator();
});
after(async () => {
  await emu.close();
});
beforeEach(async () => {
  await emu.reset();
});

const ADMIN = { email: 'admin@acme.test', password: 'Admin-Passw0rd!' };
const PASSWORD = 'Str0ng-Passw0rd!';
const READONLY_ROLE = '5e6d0f7a-1c2b-4d3e-8f90-0a1b2c3d4e11';

/** An `/_emulator/outbox` entry (newest first). */
interface Mail {
  id: string;
  to: string;
  channel: 'email' | 'sms';
  subject: string;
  text: string;
  link: string | null;
  code: string | null;
  createdAt: string;
}

async function outbox(c: Client) {
  return (await c.get<Mail[]>('/_emulator/outbox')).body;
}
async function lastMail(c: Client, to?: string) {
  const box = await outbox(c);
  const mail = to ? box.find((m) => m.to === to) : box[0];
  assert.ok(mail, `no mail${to ? ` to ${to}` : ''} in the outbox`);
  return mail;
}
const params = (link: string | null) => Object.fromEntries(new URL(link ?? '').searchParams) as { userId: string; token: string } & Record<string, string>;

async function adminToken(c: Client): Promise<string> {
  const res = await c.login(ADMIN.email, ADMIN.password);
  assert.equal(res.status, 200, res.text);
  return res.body.accessToken;
}

async function inviteAs(c: Client, token: string, body: Record<string, unknown>) {
  return c.post(`${P}/users/v2`, body, c.bearer(token));
}

async function makeUser(c: Client, email: string, roles = ['ReadOnly']) {
  const res = await c.post('/_emulator/users', { email, password: PASSWORD, roles });
  assert.equal(res.status, 201, res.text);
  return res.body.id as string;
}

/** A second tenant "Globex" with `userEmail` as a member. */
async function secondTenant(c: Client, userEmail: string, roles = ['Admin']) {
  const t = await c.post('/_emulator/tenants', { name: 'Globex' });
  assert.equal(t.status, 201, t.text);
  const m = await c.post(`/_emulator/tenants/${t.body.tenantId}/users`, { email: userEmail, roles });
  assert.equal(m.status, 201, m.text);
  return t.body.tenantId as string;
}

describe('add user (invite) and resend', () => {
  it("POST users/v2 creates an un-activated user in the admin's tenant and emails /account/invitation/accept?userId&token", async () => {
    const c = new Client(emu);
    const token = await adminToken(c);
    const res = await inviteAs(c, token, { email: 'Invitee@Example.test', name: 'In Vitee', phone: '+14155550100', roleIds: [READONLY_ROLE] });
    assert.equal(res.status, 201, res.text);
    assert.equal(res.body.email, 'invitee@example.test');
    assert.equal(res.body.name, 'In Vitee');
    assert.equal(res.body.phone, '+14155550100');
    assert.equal(res.body.tenantId, emu.seed.tenantId);
    assert.equal(res.body.activatedForTenant, false);
    assert.equal(res.body.verified, false);
    assert.deepEqual(res.body.roleIds, [READONLY_ROLE]);
    const mail = await lastMail(c);
    assert.equal(mail.to, 'invitee@example.test');
    assert.equal(mail.subject, 'You have been invited to join Acme');
    assert.match(mail.link ?? '', new RegExp(`^${ORIGIN}/account/invitation/accept\\?userId=${res.body.id}&token=[^&]+$`));
    assert.match(mail.code ?? '', /^\d{6}$/);
    const audits = await c.get('/_emulator/audits?action=user.invited');
    assert.equal(audits.body.length, 1);
    assert.equal(audits.body[0].actorId, emu.seed.admin.userId);
    // an invitee cannot sign in (no password) and the pending tenant is not listed anywhere yet
    assert.equal((await new Client(emu).login('invitee@example.test', 'anything')).status, 401);
  });

  it('without a role the default role is given; 401 without a bearer, 403 without fe.secure.write.users, 400 bad body', async () => {
    const c = new Client(emu);
    const token = await adminToken(c);
    const res = await inviteAs(c, token, { email: 'plain@example.test' });
    assert.equal(res.status, 201);
    assert.deepEqual(
      res.body.roles.map((r: { key: string }) => r.key),
      ['ReadOnly'],
    );
    assert.equal((await c.post(`${P}/users/v2`, { email: 'x@example.test' })).status, 401);
    await makeUser(c, 'reader@acme.test');
    const reader = await new Client(emu).login('reader@acme.test', PASSWORD);
    const denied = await inviteAs(c, reader.body.accessToken, { email: 'y@example.test' });
    assert.equal(denied.status, 403);
    assert.equal((await inviteAs(c, token, { email: 'not-an-email' })).status, 400);
    assert.equal((await inviteAs(c, token, {})).status, 400);
  });

  it('an unknown role id answers 400 and rolls back: no user, no email', async () => {
    const c = new Client(emu);
    const token = await adminToken(c);
    await c.del('/_emulator/outbox');
    const res = await inviteAs(c, token, { email: 'ghost@example.test', roleIds: ['no-such-role'] });
    assert.equal(res.status, 400);
    assert.equal(res.body.errorCode, 'ER-ROLE-NOT-FOUND');
    assert.equal((await emu.db.select().from(users).where(eq(users.email, 'ghost@example.test'))).length, 0);
    assert.equal((await outbox(c)).length, 0);
  });

  it('an active member answers 409', async () => {
    const c = new Client(emu);
    const res = await inviteAs(c, await adminToken(c), { email: ADMIN.email });
    assert.equal(res.status, 409);
  });

  it('resendInvitationLink: POST users/v2 { email, provider: local } for a pending invitee sends a new link; the old one stops working', async () => {
    const c = new Client(emu);
    const token = await adminToken(c);
    const created = await inviteAs(c, token, { email: 'invitee@example.test' });
    const first = params((await lastMail(c)).link);
    const resend = await inviteAs(c, token, { email: 'invitee@example.test', provider: 'local' });
    assert.equal(resend.status, 200, resend.text);
    assert.equal(resend.body.id, created.body.id);
    const second = params((await lastMail(c)).link);
    assert.notEqual(second.token, first.token);
    const old = await c.post(`${P}/users/v1/invitation/accept`, first);
    assert.equal(old.status, 400);
    assert.equal(old.body.errorCode, 'ER-INVITATION-TOKEN-REPLACED');
    assert.equal((await c.post(`${P}/users/v1/invitation/accept`, second)).status, 200);
  });

  it('SI-7.24 POST invitation/reset resends the pending invitation; unknown emails get nothing', async () => {
    const c = new Client(emu);
    await inviteAs(c, await adminToken(c), { email: 'invitee@example.test' });
    const first = params((await lastMail(c)).link);
    await c.del('/_emulator/outbox');
    assert.deepEqual((await c.post(`${P}/users/v1/invitation/reset`, { email: 'nobody@example.test' })).body, {});
    assert.deepEqual((await c.post(`${P}/users/v1/invitation/reset`, { email: ADMIN.email })).body, {});
    assert.equal((await outbox(c)).length, 0);
    const res = await c.post(`${P}/users/v1/invitation/reset`, { email: 'invitee@example.test' });
    assert.equal(res.status, 200);
    const mail = await lastMail(c);
    assert.equal(mail.to, 'invitee@example.test');
    assert.notEqual(params(mail.link).token, first.token);
    assert.equal((await c.post(`${P}/users/v1/invitation/reset`, {})).status, 400);
    assert.equal((await c.post(`${P}/users/v1/invitation/reset/all`, { email: 'invitee@example.test' })).status, 200);
  });
});

describe('accept invitation', () => {
  async function invited(c: Client, email = 'invitee@example.test') {
    await inviteAs(c, await adminToken(c), { email });
    const mail = await lastMail(c, email);
    return { ...params(mail.link), code: mail.code as string };
  }

  it('SI-4.21 SI-7.24 accept activates the membership and, without a password, answers shouldSetPassword + activationToken', async () => {
    const c = new Client(emu);
    const inv = await invited(c);
    const res = await c.post(`${P}/users/v1/invitation/accept`, { userId: inv.userId, token: inv.token });
    assert.equal(res.status, 200, res.text);
    assert.equal(res.body.shouldSetPassword, true);
    assert.equal(res.body.tenantId, emu.seed.tenantId);
    assert.equal(res.body.tenantName, 'Acme');
    assert.ok(res.body.activationToken);
    const activation = await lastMail(c);
    assert.equal(activation.subject, 'Activate your account');
    assert.equal(params(activation.link).token, res.body.activationToken);
    const browser = new Client(emu);
    const lr = await browser.post(`${P}/users/v1/activate`, { userId: inv.userId, token: res.body.activationToken, password: PASSWORD });
    assert.equal(lr.status, 200, lr.text);
    assert.equal(lr.body.tenantId, emu.seed.tenantId);
    const tenants = await browser.get(`${P}/users/v3/me/tenants`, browser.bearer(lr.body.accessToken));
    assert.deepEqual(
      tenants.body.tenants.map((t: { name: string }) => t.name),
      ['Acme'],
    );
    assert.equal((await c.get('/_emulator/audits?action=user.invitation.accepted')).body.length, 1);
  });

  it('SI-7.24 a reused, wrong or expired invitation answers 400; missing token or userId is 400 (SI-4.22)', async () => {
    const c = new Client(emu);
    const inv = await invited(c);
    const wrongUser = await c.post(`${P}/users/v1/invitation/accept`, { userId: emu.seed.admin.userId, token: inv.token });
    assert.equal(wrongUser.body.errorCode, 'ER-INVITATION-TOKEN-INVALID');
    assert.equal((await c.post(`${P}/users/v1/invitation/accept`, { token: inv.token })).status, 400);
    assert.equal((await c.post(`${P}/users/v1/invitation/accept`, { userId: inv.userId })).status, 400);
    assert.equal((await c.post(`${P}/users/v1/invitation/accept`, { userId: inv.userId, token: inv.token })).status, 200);
    const reused = await c.post(`${P}/users/v1/invitation/accept`, { userId: inv.userId, token: inv.token });
    assert.equal(reused.status, 400);
    assert.deepEqual(reused.body.errors, ['The invitation link has already been used']);

    await c.put('/_emulator/lifecycle-settings', { invitationTtlSeconds: 0 });
    const late = await invited(c, 'late@example.test');
    const expired = await c.post(`${P}/users/v1/invitation/accept`, { userId: late.userId, token: late.token });
    assert.equal(expired.status, 400);
    assert.deepEqual(expired.body.errors, ['The invitation link has expired']);
  });

  it('SI-4.23 SI-4.24 accept/code: missing code 400, wrong code 400 (counted), the emailed code accepts', async () => {
    const c = new Client(emu);
    const inv = await invited(c);
    assert.equal((await c.post(`${P}/users/v1/invitation/accept/code`, { userId: inv.userId, token: inv.token })).status, 400);
    const wrong = await c.post(`${P}/users/v1/invitation/accept/code`, { ...inv, code: inv.code === '000000' ? '111111' : '000000' });
    assert.equal(wrong.status, 400);
    assert.deepEqual(wrong.body.errors, ['Invalid code']);
    const ok = await c.post(`${P}/users/v1/invitation/accept/code`, inv);
    assert.equal(ok.status, 200, ok.text);
    assert.equal(ok.body.shouldSetPassword, true);
  });

  it('accepting for a locked tenant answers 400 ER-01239 and leaves the invitation usable', async () => {
    const c = new Client(emu);
    const inv = await invited(c);
    await c.put(`/_emulator/tenants/${emu.seed.tenantId}/lock`, { locked: true });
    const res = await c.post(`${P}/users/v1/invitation/accept`, { userId: inv.userId, token: inv.token });
    assert.equal(res.status, 400);
    assert.equal(res.body.errorCode, 'ER-01239');
    await c.put(`/_emulator/tenants/${emu.seed.tenantId}/lock`, { locked: false });
    assert.equal((await c.post(`${P}/users/v1/invitation/accept`, { userId: inv.userId, token: inv.token })).status, 200);
  });

  it('an existing user invited to another tenant joins it on accept (no password to set)', async () => {
    const c = new Client(emu);
    await makeUser(c, 'boss@globex.test', ['Admin']);
    const globex = await secondTenant(c, 'boss@globex.test');
    const boss = await new Client(emu).login('boss@globex.test', PASSWORD);
    const sw = await c.put(`${P}/users/v1/tenant`, { tenantId: globex }, c.bearer(boss.body.accessToken));
    assert.equal(sw.status, 200);
    const bossC = new Client(emu);
    const bossInGlobex = await bossC.login('boss@globex.test', PASSWORD);
    assert.equal(bossInGlobex.body.tenantId, globex);
    const res = await inviteAs(c, bossInGlobex.body.accessToken, { email: ADMIN.email });
    assert.equal(res.status, 201, res.text);
    const mail = await lastMail(c, ADMIN.email);
    assert.equal(mail.subject, 'You have been invited to join Globex');
    // pending: not listed, cannot switch to it
    const admin = await new Client(emu).login(ADMIN.email, ADMIN.password);
    assert.deepEqual(admin.body.tenantIds, [emu.seed.tenantId]);
    assert.equal((await c.put(`${P}/users/v1/tenant`, { tenantId: globex }, c.bearer(admin.body.accessToken))).status, 403);
    const accepted = await c.post(`${P}/users/v1/invitation/accept`, params(mail.link));
    assert.equal(accepted.status, 200);
    assert.equal(accepted.body.shouldSetPassword, false);
    assert.equal(accepted.body.activationToken, undefined);
    const after = await new Client(emu).login(ADMIN.email, ADMIN.password);
    assert.deepEqual(after.body.tenantIds.sort(), [emu.seed.tenantId, globex].sort());
  });
});

describe('invite links (§I) and sign-up with invitationToken', () => {
  const LINK = `${P}/tenants/invites/v1/user`;

  it('GET is 404 before creation; POST v1 creates; GET reads it; PATCH updates keeping the token; DELETE removes it', async () => {
    const c = new Client(emu);
    const h = c.bearer(await adminToken(c));
    const none = await c.get(LINK, h);
    assert.equal(none.status, 404);
    const created = await c.post(LINK, { expiresInMinutes: 60, shouldSendEmail: true }, h);
    assert.equal(created.status, 201, created.text);
    assert.deepEqual(Object.keys(created.body).sort(), ['expires', 'id', 'roleIds', 'shouldSendEmail', 'tenantId', 'token', 'userId', 'vendorId']);
    assert.equal(created.body.tenantId, emu.seed.tenantId);
    assert.equal(created.body.userId, emu.seed.admin.userId);
    assert.equal(created.body.shouldSendEmail, true);
    const minutes = (Date.parse(created.body.expires) - Date.now()) / 60_000;
    assert.ok(minutes > 59 && minutes <= 60, String(minutes));
    assert.deepEqual((await c.get(LINK, h)).body, created.body);
    const patched = await c.req('PATCH', LINK, { shouldSendEmail: false, roleIds: [READONLY_ROLE], expiresInMinutes: 120 }, h);
    assert.equal(patched.status, 200, patched.text);
    assert.equal(patched.body.token, created.body.token);
    assert.equal(patched.body.shouldSendEmail, false);
    assert.deepEqual(patched.body.roleIds, [READONLY_ROLE]);
    assert.ok(Date.parse(patched.body.expires) > Date.parse(created.body.expires));
    const recreated = await c.post(`${P}/tenants/invites/v2/user`, { roleIds: [READONLY_ROLE] }, h);
    assert.equal(recreated.status, 201);
    assert.notEqual(recreated.body.token, created.body.token, 'creating again issues a new token');
    assert.equal((await c.post(`${P}/tenants/invites/v1/verify`, { token: created.body.token })).status, 400);
    assert.deepEqual((await c.del(LINK, h)).body, {});
    assert.equal((await c.get(LINK, h)).status, 404);
    assert.equal((await c.del(LINK, h)).status, 404);
    assert.equal((await c.req('PATCH', LINK, { shouldSendEmail: true }, h)).status, 404);
    const cfg = await c.get(`${P}/tenants/invites/v1/configuration`, h);
    assert.deepEqual(cfg.body, { tenantInvitationsAllowed: true, emailsEnabled: true });
  });

  it('401 without a bearer, 403 without the users permissions, 400 on a bad body', async () => {
    const c = new Client(emu);
    assert.equal((await c.post(LINK, {})).status, 401);
    await makeUser(c, 'reader@acme.test');
    const reader = await new Client(emu).login('reader@acme.test', PASSWORD);
    assert.equal((await c.post(LINK, {}, c.bearer(reader.body.accessToken))).status, 403);
    const h = c.bearer(await adminToken(c));
    assert.equal((await c.post(LINK, { expiresInMinutes: 0 }, h)).status, 400);
    assert.equal((await c.post(LINK, { roleIds: ['nope'] }, h)).status, 400);
  });

  it("SI-7.50 verify answers the tenant name; sign-up with invitationToken joins that tenant with the link's roles", async () => {
    const c = new Client(emu);
    const h = c.bearer(await adminToken(c));
    const { token } = (await c.post(`${P}/tenants/invites/v2/user`, { roleIds: [READONLY_ROLE] }, h)).body;
    const verify = await c.post(`${P}/tenants/invites/v1/verify`, { token });
    assert.equal(verify.status, 200);
    assert.equal(verify.text, '"Acme"');
    assert.equal(verify.body, 'Acme');
    const joiner = new Client(emu);
    const res = await joiner.post(`${P}/users/v1/signUp`, {
      email: 'joiner@example.test',
      password: PASSWORD,
      companyName: 'Ignored',
      invitationToken: token,
      roleIds: ['5e6d0f7a-1c2b-4d3e-8f90-0a1b2c3d4e10'],
    });
    assert.equal(res.status, 200, res.text);
    assert.equal(res.body.tenantId, emu.seed.tenantId);
    assert.deepEqual(
      res.body.authResponse.roles.map((r: { key: string }) => r.key),
      ['ReadOnly'],
      'the link decides the roles, not the body',
    );
    const tenants = await c.get('/_emulator/tenants');
    assert.equal(tenants.body.length, 1, 'no tenant was created');
  });

  it('an invalid or expired invite token: verify 400, sign-up 400 and nothing created', async () => {
    const c = new Client(emu);
    const h = c.bearer(await adminToken(c));
    const { token } = (await c.post(LINK, {}, h)).body;
    assert.equal((await c.post(`${P}/tenants/invites/v1/verify`, { token: 'nope' })).body.errorCode, 'ER-INVITATION-TOKEN-INVALID');
    assert.equal((await c.post(`${P}/tenants/invites/v1/verify`, {})).status, 400);
    await emu.db.update(tenantInviteLinks).set({ expiresAt: new Date(Date.now() - 1000) });
    const expired = await c.post(`${P}/tenants/invites/v1/verify`, { token });
    assert.equal(expired.status, 400);
    assert.equal(expired.body.errorCode, 'ER-INVITATION-TOKEN-EXPIRED');
    const signUp = await c.post(`${P}/users/v1/signUp`, { email: 'late@example.test', password: PASSWORD, invitationToken: token });
    assert.equal(signUp.status, 400);
    assert.equal((await emu.db.select().from(users).where(eq(users.email, 'late@example.test'))).length, 0);
  });

  it('a locked tenant: link creation 400 ER-01240, verify and sign-up 400 ER-01239', async () => {
    const c = new Client(emu);
    const h = c.bearer(await adminToken(c));
    const { token } = (await c.post(LINK, {}, h)).body;
    await c.put(`/_emulator/tenants/${emu.seed.tenantId}/lock`, { locked: true });
    const create = await c.post(LINK, {}, h);
    assert.equal(create.status, 400);
    assert.equal(create.body.errorCode, 'ER-01240');
    assert.equal((await c.post(`${P}/tenants/invites/v1/verify`, { token })).body.errorCode, 'ER-01239');
    const signUp = await c.post(`${P}/users/v1/signUp`, { email: 'x@example.test', password: PASSWORD, invitationToken: token });
    assert.equal(signUp.status, 400);
    assert.equal(signUp.body.errorCode, 'ER-01239');
  });
});

describe('impersonation', () => {
  const IMP = `${P}/impersonation/v1`;

  it('SI-7.57 SI-4.28 an admin impersonates a member: tokens + refresh cookie, act claim, audit row; refresh keeps the mark', async () => {
    const c = new Client(emu);
    const token = await adminToken(c);
    const targetId = await makeUser(c, 'member@acme.test');
    const browser = new Client(emu);
    const res = await browser.post(IMP, { impersonatedUserId: targetId, redirectUrl: 'http://127.0.0.1:5173/' }, browser.bearer(token));
    assert.equal(res.status, 200, res.text);
    assert.deepEqual(Object.keys(res.body).sort(), ['accessToken', 'expires', 'expiresIn', 'refreshToken', 'tokenType']);
    assert.equal(res.body.tokenType, 'Bearer');
    assert.equal(refreshCookie(browser), res.body.refreshToken);
    const claims = decodeJwt(res.body.accessToken);
    assert.equal(claims.sub, targetId);
    assert.equal(claims.tenantId, emu.seed.tenantId);
    assert.deepEqual(claims.act, { sub: emu.seed.admin.userId });
    assert.deepEqual(claims.amr, ['imp']);
    const me = await browser.get(`${P}/users/v2/me`, browser.bearer(res.body.accessToken));
    assert.equal(me.body.email, 'member@acme.test');
    const refreshed = await browser.refresh();
    assert.equal(refreshed.status, 200);
    assert.deepEqual(decodeJwt(refreshed.body.accessToken).act, { sub: emu.seed.admin.userId });
    const audits = await c.get('/_emulator/audits?action=user.impersonated');
    assert.equal(audits.body.length, 1);
    assert.equal(audits.body[0].actorId, emu.seed.admin.userId);
    assert.equal(audits.body[0].targetId, targetId);
    assert.equal(audits.body[0].tenantId, emu.seed.tenantId);
    assert.equal(audits.body[0].details.redirectUrl, 'http://127.0.0.1:5173/');
    // an ordinary login is not marked
    assert.equal(decodeJwt(token).act, undefined);
  });

  it('actorToken in the body works without a bearer', async () => {
    const c = new Client(emu);
    const token = await adminToken(c);
    const targetId = await makeUser(c, 'member@acme.test');
    const res = await new Client(emu).post(IMP, { impersonatedUserId: targetId, actorToken: token });
    assert.equal(res.status, 200, res.text);
  });

  it('401 without a token, 403 without the permission or from an impersonated session, 404 outside the tenant, 400 self / missing id', async () => {
    const c = new Client(emu);
    const token = await adminToken(c);
    const targetId = await makeUser(c, 'member@acme.test');
    assert.equal((await c.post(IMP, { impersonatedUserId: targetId })).status, 401);
    const reader = await new Client(emu).login('member@acme.test', PASSWORD);
    const denied = await c.post(IMP, { impersonatedUserId: emu.seed.admin.userId }, c.bearer(reader.body.accessToken));
    assert.equal(denied.status, 403);
    const imp = await new Client(emu).post(IMP, { impersonatedUserId: targetId }, c.bearer(token));
    assert.equal((await c.post(IMP, { impersonatedUserId: emu.seed.admin.userId }, c.bearer(imp.body.accessToken))).status, 403);
    const self = await c.post(IMP, { impersonatedUserId: emu.seed.admin.userId }, c.bearer(token));
    assert.equal(self.status, 400);
    assert.equal((await c.post(IMP, {}, c.bearer(token))).status, 400);
    assert.equal((await c.post(IMP, { impersonatedUserId: 'no-such-user' }, c.bearer(token))).status, 404);
    await c.post('/_emulator/tenants', { name: 'Globex', tenantId: 'globex' });
    const outsiderId = await makeUser(c, 'outsider@globex.test');
    await emu.db.update(users).set({ activeTenantId: 'globex' }).where(eq(users.id, outsiderId));
    await c.post('/_emulator/tenants/globex/users', { userId: outsiderId });
    await c.post(`/_emulator/tenants/${emu.seed.tenantId}/users`, { userId: outsiderId, activated: false });
    assert.equal((await c.post(IMP, { impersonatedUserId: outsiderId }, c.bearer(token))).status, 404, 'a pending member is not impersonable');
    assert.equal((await c.get('/_emulator/audits?action=user.impersonated')).body.length, 1, 'only the successful one is audited');
  });
});

describe('tenant switch and tenant tokens', () => {
  it('SI-7.30 PUT users/v1/tenant switches the active tenant: v3/me/tenants shows it at once, the next refresh carries it', async () => {
    const c = new Client(emu);
    const login = await c.login(ADMIN.email, ADMIN.password);
    const globex = await secondTenant(c, ADMIN.email, ['ReadOnly']);
    const h = c.bearer(login.body.accessToken);
    const sw = await c.put(`${P}/users/v1/tenant`, { tenantId: globex, silentReload: true }, h);
    assert.equal(sw.status, 200);
    assert.deepEqual(sw.body, {});
    const tenants = await c.get(`${P}/users/v3/me/tenants`, h);
    assert.equal(tenants.body.activeTenant.tenantId, globex);
    assert.equal((await c.get(`${P}/users/v1/me/tenants`, h)).body.activeTenant.name, 'Globex');
    assert.equal(tenants.body.tenants.length, 2);
    const refreshed = await c.refresh();
    assert.equal(refreshed.status, 200);
    const claims = decodeJwt(refreshed.body.accessToken);
    assert.equal(claims.tenantId, globex);
    assert.deepEqual(claims.roles, ['ReadOnly']);
    assert.equal(refreshed.body.tenantId, globex);
  });

  it('switching to a tenant the user is not in is 403; a missing tenantId is 400; nothing changes', async () => {
    const c = new Client(emu);
    const login = await c.login(ADMIN.email, ADMIN.password);
    await c.post('/_emulator/tenants', { name: 'Other', tenantId: 'other' });
    const h = c.bearer(login.body.accessToken);
    assert.equal((await c.put(`${P}/users/v1/tenant`, { tenantId: 'other' }, h)).status, 403);
    assert.equal((await c.put(`${P}/users/v1/tenant`, {}, h)).status, 400);
    assert.equal((await c.put(`${P}/users/v1/tenant`, { tenantId: 'other' })).status, 401);
    assert.equal(decodeJwt((await c.refresh()).body.accessToken).tenantId, emu.seed.tenantId);
  });

  it("SI-7.29 POST users/v3/me/token answers an access token for another of the user's tenants, without a cookie", async () => {
    const c = new Client(emu);
    const login = await c.login(ADMIN.email, ADMIN.password);
    const globex = await secondTenant(c, ADMIN.email, ['ReadOnly']);
    const h = c.bearer(login.body.accessToken);
    const res = await c.post(`${P}/users/v3/me/token`, { tenantId: globex }, h);
    assert.equal(res.status, 200, res.text);
    assert.deepEqual(Object.keys(res.body).sort(), ['accessToken', 'expires', 'expiresIn']);
    assert.equal(c.lastSetCookie.length, 0);
    const claims = decodeJwt(res.body.accessToken);
    assert.equal(claims.tenantId, globex);
    assert.deepEqual(claims.roles, ['ReadOnly']);
    assert.equal(claims.sid, decodeJwt(login.body.accessToken).sid);
    const me = await c.get(`${P}/users/v2/me`, c.bearer(res.body.accessToken));
    assert.equal(me.body.tenantId, globex);
    // the active tenant did not change
    assert.equal((await c.get(`${P}/users/v3/me/tenants`, h)).body.activeTenant.tenantId, emu.seed.tenantId);
    const same = await c.post(`${P}/users/v3/me/token`, {}, h);
    assert.equal(decodeJwt(same.body.accessToken).tenantId, emu.seed.tenantId);
  });

  it("v3/me/token mints through the one minter: a token for another tenant carries a fresh sign-in's claims there, and one for the same tenant the sign-in token's", async () => {
    const c = new Client(emu);
    const login = await c.login(ADMIN.email, ADMIN.password);
    const h = c.bearer(login.body.accessToken);
    const signedIn = decodeJwt(login.body.accessToken);
    // every claim but the token's own (jti, iat, exp) and, across sessions, the session's (sid, auth_time)
    const withoutToken = ({ jti: _j, iat: _i, exp: _e, ...rest }: Record<string, unknown>) => rest;
    const withoutSession = ({ sid: _s, auth_time: _a, ...rest }: Record<string, unknown>) => rest;

    const same = decodeJwt((await c.post(`${P}/users/v3/me/token`, {}, h)).body.accessToken);
    assert.deepEqual(withoutToken(same), withoutToken(signedIn));

    const globex = await secondTenant(c, ADMIN.email, ['ReadOnly']);
    const switched = decodeJwt((await c.post(`${P}/users/v3/me/token`, { tenantId: globex }, h)).body.accessToken);
    assert.equal(switched.sid, signedIn.sid);
    assert.equal(switched.auth_time, signedIn.auth_time);
    // a fresh sign-in into Globex (the active tenant moved there first)
    assert.equal((await c.put(`${P}/users/v1/tenant`, { tenantId: globex }, h)).status, 200);
    const fresh = decodeJwt((await new Client(emu).login(ADMIN.email, ADMIN.password)).body.accessToken);
    assert.equal(fresh.tenantId, globex);
    assert.deepEqual(withoutSession(withoutToken(switched)), withoutSession(withoutToken(fresh)));
    assert.deepEqual(Object.keys(switched).sort(), Object.keys(fresh).sort());
  });

  it('v3/me/token: 403 for a foreign tenant, 401 without a bearer or after logout', async () => {
    const c = new Client(emu);
    const login = await c.login(ADMIN.email, ADMIN.password);
    await c.post('/_emulator/tenants', { name: 'Other', tenantId: 'other' });
    const h = c.bearer(login.body.accessToken);
    assert.equal((await c.post(`${P}/users/v3/me/token`, { tenantId: 'other' }, h)).status, 403);
    assert.equal((await c.post(`${P}/users/v3/me/token`, {})).status, 401);
    await c.post(`${P}/auth/v1/logout`);
    const after = await c.post(`${P}/users/v3/me/token`, {}, h);
    assert.equal(after.status, 401);
    assert.deepEqual(after.body.errors, ['Session has been revoked']);
  });

  it('test routes: POST /_emulator/tenants and /_emulator/tenants/:id/users validate their input', async () => {
    const c = new Client(emu);
    assert.equal((await c.post('/_emulator/tenants', {})).status, 400);
    assert.equal((await c.post('/_emulator/tenants', { name: 'Acme again', tenantId: emu.seed.tenantId })).status, 409);
    assert.equal((await c.post('/_emulator/tenants/nope/users', { email: ADMIN.email })).status, 404);
    assert.equal((await c.post(`/_emulator/tenants/${emu.seed.tenantId}/users`, { email: 'nobody@x.test' })).status, 404);
    assert.equal((await c.post(`/_emulator/tenants/${emu.seed.tenantId}/users`, { email: ADMIN.email, roles: ['Nope'] })).status, 400);
    assert.equal((await c.put('/_emulator/lifecycle-settings', { bogus: 1 })).status, 400);
  });
});
