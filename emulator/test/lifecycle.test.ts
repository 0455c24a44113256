/**
 * Account lifecycle against the real database: activation (link, code,
 * resend), reset phone number, SMS one-time-code sign-in, unlock.
 */
import { describe, it, before, after, beforeEach } from 'node:test';
import assert from 'node:assert/strict';
import { decodeJwt } from 'jose';
import { eq } from 'drizzle-orm';
import type { Emulator } from '../src/app.ts';
import { lifecycleTokens, users } from '../src/db/schema.ts';
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

/** Sign-up with requireActivation → the activation email's { userId, token, code, link }. */
async function signUpUnactivated(c: Client, email = 'new@example.test') {
  await c.put('/_emulator/vendor-config', { requireActivation: true });
  const res = await c.post(`${P}/users/v1/signUp`, { email, password: PASSWORD, name: 'New', companyName: 'Newco' });
  assert.equal(res.status, 200, res.text);
  const mail = await lastMail(c, email);
  return { res, mail, ...params(mail.link), code: mail.code as string };
}

/** Admin invites `email` → the invitation's { userId, token, code }. */
async function invite(c: Client, email: string) {
  const login = await c.login(ADMIN.email, ADMIN.password);
  const res = await c.post(`${P}/users/v2`, { email, name: 'Invitee' }, c.bearer(login.body.accessToken));
  assert.equal(res.status, 201, res.text);
  const mail = await lastMail(c, email);
  return { ...params(mail.link), userId: res.body.id as string, code: mail.code as string };
}

describe('activation', () => {
  it('SI-7.23 sign-up with requireActivation: shouldActivate, activation email, no session, login refused until activated', async () => {
    const c = new Client(emu);
    const { res, mail, userId, token, code } = await signUpUnactivated(c);
    assert.deepEqual(Object.keys(res.body).sort(), ['shouldActivate', 'tenantId', 'userId']);
    assert.equal(res.body.shouldActivate, true);
    assert.equal(refreshCookie(c), undefined, 'no session before activation');
    assert.equal(mail.subject, 'Activate your account');
    assert.match(mail.link ?? '', new RegExp(`^${ORIGIN}/account/activate\\?userId=[^&]+&token=`));
    assert.equal(userId, res.body.userId);
    assert.ok(token);
    assert.match(code, /^\d{6}$/);
    const login = await new Client(emu).login('new@example.test', PASSWORD);
    assert.equal(login.status, 400);
    assert.equal(login.body.errorCode, 'ER-USER-NOT-VERIFIED');
    const cfg = await c.get(`${P}/configurations/v1/public`);
    assert.equal(cfg.body.requireActivation, true);
  });

  it('SI-4.25 GET activate/strategy then POST activate signs in (LR + refresh cookie) and verifies the user', async () => {
    const c = new Client(emu);
    const { userId, token } = await signUpUnactivated(c);
    const strategy = await c.get(`${P}/users/v1/activate/strategy?userId=${userId}&token=${encodeURIComponent(token)}`);
    assert.equal(strategy.status, 200);
    assert.deepEqual(strategy.body, { shouldSetPassword: false });
    const browser = new Client(emu);
    const res = await browser.post(`${P}/users/v1/activate`, { userId, token });
    assert.equal(res.status, 200, res.text);
    assert.equal(res.body.userId, userId);
    assert.equal(res.body.verified, true);
    assert.ok(res.body.accessToken);
    assert.ok(refreshCookie(browser));
    assert.equal((await new Client(emu).login('new@example.test', PASSWORD)).status, 200);
  });

  it('SI-7.23 a reused activation link answers 400 "already been used"', async () => {
    const c = new Client(emu);
    const { userId, token } = await signUpUnactivated(c);
    assert.equal((await c.post(`${P}/users/v1/activate`, { userId, token })).status, 200);
    const again = await new Client(emu).post(`${P}/users/v1/activate`, { userId, token });
    assert.equal(again.status, 400);
    assert.deepEqual(again.body.errors, ['The activation link has already been used']);
    assert.equal(again.body.errorCode, 'ER-ACTIVATION-TOKEN-USED');
    const strategy = await c.get(`${P}/users/v1/activate/strategy?userId=${userId}&token=${encodeURIComponent(token)}`);
    assert.equal(strategy.status, 400);
  });

  it('an expired activation link answers 400 "has expired" (lifetime from PUT /_emulator/lifecycle-settings)', async () => {
    const c = new Client(emu);
    const settings = await c.put('/_emulator/lifecycle-settings', { activationTtlSeconds: 0 });
    assert.equal(settings.body.activationTtlSeconds, 0);
    const { userId, token } = await signUpUnactivated(c);
    const res = await c.post(`${P}/users/v1/activate`, { userId, token });
    assert.equal(res.status, 400);
    assert.deepEqual(res.body.errors, ['The activation link has expired']);
    assert.equal(res.body.errorCode, 'ER-ACTIVATION-TOKEN-EXPIRED');
    assert.equal(refreshCookie(c), undefined);
  });

  it('the emulator clock (PUT /_emulator/clock) ages lifecycle tokens: 24 h + 1 s later the activation link has expired', async () => {
    const c = new Client(emu);
    const { userId, token } = await signUpUnactivated(c);
    assert.equal((await c.put('/_emulator/clock', { offsetSeconds: 24 * 3600 + 1 })).status, 200);
    const res = await c.post(`${P}/users/v1/activate`, { userId, token });
    assert.equal(res.body.errorCode, 'ER-ACTIVATION-TOKEN-EXPIRED');
  });

  it('the default activation lifetime is 24 h', async () => {
    const c = new Client(emu);
    const { token } = await signUpUnactivated(c);
    const [row] = await emu.db.select().from(lifecycleTokens).where(eq(lifecycleTokens.kind, 'activation'));
    const hours = (row.expiresAt.getTime() - row.createdAt.getTime()) / 3600_000;
    assert.equal(hours, 24);
    assert.notEqual(row.tokenHash, token, 'stored hashed');
  });

  it('wrong token, wrong userId and missing parameters answer 400', async () => {
    const c = new Client(emu);
    const { userId, token } = await signUpUnactivated(c);
    const wrongToken = await c.post(`${P}/users/v1/activate`, { userId, token: 'nope' });
    assert.equal(wrongToken.status, 400);
    assert.deepEqual(wrongToken.body.errors, ['The activation link is invalid']);
    const wrongUser = await c.post(`${P}/users/v1/activate`, { userId: emu.seed.admin.userId, token });
    assert.equal(wrongUser.status, 400);
    assert.equal(wrongUser.body.errorCode, 'ER-ACTIVATION-TOKEN-INVALID');
    const missing = await c.post(`${P}/users/v1/activate`, { userId });
    assert.equal(missing.status, 400);
    assert.match(missing.body.errors.join(), /token/);
    const strategy = await c.get(`${P}/users/v1/activate/strategy?userId=${userId}`);
    assert.equal(strategy.status, 400);
    assert.deepEqual(strategy.body.errors, ['userId and token are required']);
    // the link still works afterwards
    assert.equal((await c.post(`${P}/users/v1/activate`, { userId, token })).status, 200);
  });

  it('SI-4.26 POST activate/reset sends a new link and the old one stops working; unknown or active users get nothing', async () => {
    const c = new Client(emu);
    const first = await signUpUnactivated(c);
    const resend = await c.post(`${P}/users/v1/activate/reset`, { email: 'NEW@example.test' });
    assert.equal(resend.status, 200);
    assert.deepEqual(resend.body, {});
    const second = params((await lastMail(c)).link);
    assert.notEqual(second.token, first.token);
    const old = await c.post(`${P}/users/v1/activate`, { userId: first.userId, token: first.token });
    assert.equal(old.status, 400);
    assert.equal(old.body.errorCode, 'ER-ACTIVATION-TOKEN-REPLACED');
    assert.equal((await c.post(`${P}/users/v1/activate`, second)).status, 200);

    await c.del('/_emulator/outbox');
    assert.deepEqual((await c.post(`${P}/users/v1/activate/reset`, { email: 'nobody@example.test' })).body, {});
    assert.deepEqual((await c.post(`${P}/users/v1/activate/reset`, { email: ADMIN.email })).body, {});
    assert.equal((await outbox(c)).length, 0);
    assert.equal((await c.post(`${P}/users/v1/activate/reset`, {})).status, 400);
  });

  it('SI-7.23 POST activate/code: a wrong code is counted (400), the emailed code signs in', async () => {
    const c = new Client(emu);
    const { userId, token, code } = await signUpUnactivated(c);
    const wrong = await c.post(`${P}/users/v1/activate/code`, { userId, token, code: code === '000000' ? '111111' : '000000' });
    assert.equal(wrong.status, 400);
    assert.deepEqual(wrong.body.errors, ['Invalid code']);
    const [row] = await emu.db.select().from(lifecycleTokens).where(eq(lifecycleTokens.kind, 'activation'));
    assert.equal(row.attempts, 1, 'the failed attempt is committed');
    const missing = await c.post(`${P}/users/v1/activate/code`, { userId, token });
    assert.equal(missing.status, 400);
    const ok = await c.post(`${P}/users/v1/activate/code`, { userId, token, code });
    assert.equal(ok.status, 200, ok.text);
    assert.ok(ok.body.accessToken && refreshCookie(c));
  });

  it('five wrong codes burn the activation token', async () => {
    const c = new Client(emu);
    const { userId, token, code } = await signUpUnactivated(c);
    const bad = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 4; i++) assert.deepEqual((await c.post(`${P}/users/v1/activate/code`, { userId, token, code: bad })).body.errors, ['Invalid code']);
    const fifth = await c.post(`${P}/users/v1/activate/code`, { userId, token, code: bad });
    assert.match(fifth.body.errors[0], /Too many wrong codes/);
    const right = await c.post(`${P}/users/v1/activate/code`, { userId, token, code });
    assert.equal(right.status, 400);
    assert.equal(right.body.errorCode, 'ER-ACTIVATION-TOKEN-REPLACED');
  });

  it('SI-4.25 an invited user without a password: shouldSetPassword, password required and policy-checked (rollback keeps the token)', async () => {
    const c = new Client(emu);
    const inv = await invite(c, 'invitee@example.test');
    const accepted = await c.post(`${P}/users/v1/invitation/accept`, { userId: inv.userId, token: inv.token });
    assert.equal(accepted.status, 200, accepted.text);
    const token = accepted.body.activationToken as string;
    const strategy = await c.get(`${P}/users/v1/activate/strategy?userId=${inv.userId}&token=${encodeURIComponent(token)}`);
    assert.deepEqual(strategy.body, { shouldSetPassword: true });
    const none = await c.post(`${P}/users/v1/activate`, { userId: inv.userId, token });
    assert.equal(none.status, 400);
    assert.equal(none.body.errorCode, 'ER-PASSWORD-REQUIRED');
    const weak = await c.post(`${P}/users/v1/activate`, { userId: inv.userId, token, password: 'short' });
    assert.equal(weak.status, 400);
    assert.equal(weak.body.errorCode, 'ER-PASSWORD-POLICY');
    const ok = await new Client(emu).post(`${P}/users/v1/activate`, { userId: inv.userId, token, password: PASSWORD });
    assert.equal(ok.status, 200, ok.text);
    assert.equal(ok.body.tenantId, emu.seed.tenantId);
    assert.equal((await new Client(emu).login('invitee@example.test', PASSWORD)).status, 200);
  });

  it('links use the host page origin (Origin, Referer, X-Forwarded-Host), never an untrusted one', async () => {
    const c = new Client(emu);
    await c.put('/_emulator/vendor-config', { requireActivation: true });
    await c.post(`${P}/users/v1/signUp`, { email: 'a@example.test', password: PASSWORD }, { origin: 'http://localhost:5173' });
    assert.match((await lastMail(c)).link ?? '', /^http:\/\/localhost:5173\/account\/activate\?/);
    await c.post(`${P}/users/v1/activate/reset`, { email: 'a@example.test' }, { referer: 'http://127.0.0.1:5173/account/sign-up?x=1' });
    assert.match((await lastMail(c)).link ?? '', /^http:\/\/127\.0\.0\.1:5173\/account\/activate\?/);
    await c.post(`${P}/users/v1/activate/reset`, { email: 'a@example.test' }, { 'x-forwarded-host': 'localhost:6006' });
    assert.match((await lastMail(c)).link ?? '', /^http:\/\/localhost:6006\/account\/activate\?/);
    await c.post(`${P}/users/v1/activate/reset`, { email: 'a@example.test' }, { origin: 'https://evil.example' });
    assert.match((await lastMail(c)).link ?? '', new RegExp(`^${ORIGIN}/account/activate\\?`));
    // the password reset link follows the same rule
    await c.post(`${P}/users/v1/passwords/reset`, { email: ADMIN.email }, { 'x-forwarded-host': 'localhost:6006' });
    assert.match((await lastMail(c)).link ?? '', /^http:\/\/localhost:6006\/account\/reset-password\?/);
  });
});

describe('reset phone number and SMS one-time-code sign-in', () => {
  async function resetPhone(c: Client, email = ADMIN.email) {
    const res = await c.post(`${P}/users/v1/phone/reset`, { email });
    assert.equal(res.status, 200, res.text);
    return { resetPhoneNumberToken: res.body.resetPhoneNumberToken as string, mail: await lastMail(c) };
  }

  it('reset → verify → change → SMS prelogin → postlogin signs in with the new number', async () => {
    const c = new Client(emu);
    const { resetPhoneNumberToken, mail } = await resetPhone(c);
    assert.ok(resetPhoneNumberToken);
    assert.equal(mail.to, ADMIN.email);
    assert.equal(mail.channel, 'email');
    assert.match(mail.code ?? '', /^\d{6}$/);
    const verify = await c.post(`${P}/users/v1/phone/reset/verify`, { resetPhoneNumberToken, code: mail.code });
    assert.equal(verify.status, 200, verify.text);
    const { changePhoneNumberToken } = verify.body;
    assert.ok(changePhoneNumberToken);
    const change = await c.put(`${P}/users/v1/phone/change`, { changePhoneNumberToken, phoneNumber: '+1 (415) 555-0100' });
    assert.equal(change.status, 200, change.text);
    assert.deepEqual(change.body, {});
    const [admin] = await emu.db.select().from(users).where(eq(users.email, ADMIN.email));
    assert.equal(admin.phoneNumber, '+14155550100');

    const pre = await c.post(`${P}/auth/v1/passwordless/smscode/prelogin`, { phoneNumber: '+14155550100' });
    assert.equal(pre.status, 200);
    assert.deepEqual(pre.body, {});
    const sms = await lastMail(c);
    assert.equal(sms.channel, 'sms');
    assert.equal(sms.to, '+14155550100');
    assert.match(sms.code ?? '', /^\d{6}$/);
    const browser = new Client(emu);
    const post = await browser.post(`${P}/auth/v1/passwordless/smscode/postlogin`, { token: sms.code });
    assert.equal(post.status, 200, post.text);
    assert.equal(post.body.email, ADMIN.email);
    assert.deepEqual(post.body.amr, ['sms']);
    assert.ok(refreshCookie(browser));
    assert.deepEqual(decodeJwt(post.body.accessToken).amr, ['sms']);

    const reused = await new Client(emu).post(`${P}/auth/v1/passwordless/smscode/postlogin`, { token: sms.code });
    assert.equal(reused.status, 400);
    assert.deepEqual(reused.body.errors, ['The code has already been used']);
  });

  it('a wrong code is counted (400), a used or wrong token answers 400', async () => {
    const c = new Client(emu);
    const { resetPhoneNumberToken, mail } = await resetPhone(c);
    const wrong = await c.post(`${P}/users/v1/phone/reset/verify`, { resetPhoneNumberToken, code: mail.code === '000000' ? '111111' : '000000' });
    assert.equal(wrong.status, 400);
    assert.deepEqual(wrong.body.errors, ['Invalid code']);
    assert.equal((await c.post(`${P}/users/v1/phone/reset/verify`, { resetPhoneNumberToken, code: mail.code })).status, 200);
    const reused = await c.post(`${P}/users/v1/phone/reset/verify`, { resetPhoneNumberToken, code: mail.code });
    assert.equal(reused.status, 400);
    assert.equal(reused.body.errorCode, 'ER-RESET-PHONE-TOKEN-USED');
    const badChange = await c.put(`${P}/users/v1/phone/change`, { changePhoneNumberToken: 'nope', phoneNumber: '+14155550100' });
    assert.equal(badChange.status, 400);
    assert.equal(badChange.body.errorCode, 'ER-CHANGE-PHONE-TOKEN-INVALID');
  });

  it('an unknown email still answers a token (no enumeration) that never verifies, and sends nothing', async () => {
    const c = new Client(emu);
    const res = await c.post(`${P}/users/v1/phone/reset`, { email: 'nobody@example.test' });
    assert.equal(res.status, 200);
    assert.ok(res.body.resetPhoneNumberToken);
    assert.equal((await outbox(c)).length, 0);
    const verify = await c.post(`${P}/users/v1/phone/reset/verify`, { resetPhoneNumberToken: res.body.resetPhoneNumberToken, code: '123456' });
    assert.equal(verify.status, 400);
  });

  it('expired reset and SMS codes answer 400 "has expired"', async () => {
    const c = new Client(emu);
    await c.put('/_emulator/lifecycle-settings', { phoneResetTtlSeconds: 0, smsCodeTtlSeconds: 0 });
    const { resetPhoneNumberToken, mail } = await resetPhone(c);
    const verify = await c.post(`${P}/users/v1/phone/reset/verify`, { resetPhoneNumberToken, code: mail.code });
    assert.equal(verify.status, 400);
    assert.deepEqual(verify.body.errors, ['The reset phone number token has expired']);
    await emu.db.update(users).set({ phoneNumber: '+14155550100' }).where(eq(users.email, ADMIN.email));
    await c.post(`${P}/auth/v1/passwordless/smscode/prelogin`, { email: ADMIN.email });
    const post = await c.post(`${P}/auth/v1/passwordless/smscode/postlogin`, { token: (await lastMail(c)).code });
    assert.equal(post.status, 400);
    assert.deepEqual(post.body.errors, ['The code has expired']);
  });

  it('code sending is rate-limited to one per 30 s per user and kind (429 + Retry-After)', async () => {
    const c = new Client(emu);
    await resetPhone(c);
    const again = await c.post(`${P}/users/v1/phone/reset`, { email: ADMIN.email });
    assert.equal(again.status, 429);
    assert.equal(again.body.errorCode, 'ER-TOO-MANY-REQUESTS');
    assert.match(again.body.errors[0], /Try again in \d+ seconds/);
    assert.ok(Number(again.headers.get('retry-after')) > 0);

    await emu.db.update(users).set({ phoneNumber: '+14155550100' }).where(eq(users.email, ADMIN.email));
    assert.equal((await c.post(`${P}/auth/v1/passwordless/smscode/prelogin`, { phoneNumber: '+14155550100' })).status, 200, 'another kind is not limited');
    const smsAgain = await c.post(`${P}/auth/v1/passwordless/smscode/prelogin`, { userId: emu.seed.admin.userId });
    assert.equal(smsAgain.status, 429);
    assert.equal((await outbox(c)).filter((m) => m.channel === 'sms').length, 1, 'the refused request sent nothing');

    await c.put('/_emulator/lifecycle-settings', { codeResendIntervalSeconds: 0 });
    assert.equal((await c.post(`${P}/users/v1/phone/reset`, { email: ADMIN.email })).status, 200);
  });

  it('a resent reset code replaces the previous token', async () => {
    const c = new Client(emu);
    await c.put('/_emulator/lifecycle-settings', { codeResendIntervalSeconds: 0 });
    const first = await resetPhone(c);
    await resetPhone(c);
    const old = await c.post(`${P}/users/v1/phone/reset/verify`, { resetPhoneNumberToken: first.resetPhoneNumberToken, code: first.mail.code });
    assert.equal(old.status, 400);
    assert.equal(old.body.errorCode, 'ER-RESET-PHONE-TOKEN-REPLACED');
  });

  it('change rejects a malformed number and a number of another user (409, rolled back: the token still works)', async () => {
    const c = new Client(emu);
    await c.post('/_emulator/users', { email: 'other@acme.test', password: PASSWORD });
    await emu.db.update(users).set({ phoneNumber: '+14155550199' }).where(eq(users.email, 'other@acme.test'));
    const { resetPhoneNumberToken, mail } = await resetPhone(c);
    const { changePhoneNumberToken } = (await c.post(`${P}/users/v1/phone/reset/verify`, { resetPhoneNumberToken, code: mail.code })).body;
    const bad = await c.put(`${P}/users/v1/phone/change`, { changePhoneNumberToken, phoneNumber: '555' });
    assert.equal(bad.status, 400);
    assert.equal(bad.body.errorCode, 'ER-PHONE-INVALID');
    const taken = await c.put(`${P}/users/v1/phone/change`, { changePhoneNumberToken, phoneNumber: '+14155550199' });
    assert.equal(taken.status, 409);
    const ok = await c.put(`${P}/users/v1/phone/change`, { changePhoneNumberToken, phoneNumber: '+14155550100' });
    assert.equal(ok.status, 200);
    const reused = await c.put(`${P}/users/v1/phone/change`, { changePhoneNumberToken, phoneNumber: '+14155550101' });
    assert.equal(reused.status, 400);
    assert.equal(reused.body.errorCode, 'ER-CHANGE-PHONE-TOKEN-USED');
  });

  it('missing parameters answer 400; SMS prelogin for an unknown number sends nothing; a wrong SMS code is 400', async () => {
    const c = new Client(emu);
    assert.equal((await c.post(`${P}/users/v1/phone/reset`, {})).status, 400);
    assert.equal((await c.post(`${P}/users/v1/phone/reset/verify`, { code: '123456' })).status, 400);
    assert.equal((await c.post(`${P}/users/v1/phone/reset/verify`, { resetPhoneNumberToken: 'x' })).status, 400);
    assert.equal((await c.put(`${P}/users/v1/phone/change`, { changePhoneNumberToken: 'x' })).status, 400);
    assert.equal((await c.post(`${P}/auth/v1/passwordless/smscode/prelogin`, {})).status, 400);
    assert.equal((await c.post(`${P}/auth/v1/passwordless/smscode/postlogin`, {})).status, 400);
    const unknown = await c.post(`${P}/auth/v1/passwordless/smscode/prelogin`, { phoneNumber: '+14155550111' });
    assert.equal(unknown.status, 200);
    assert.equal((await outbox(c)).length, 0);
    const wrong = await c.post(`${P}/auth/v1/passwordless/smscode/postlogin`, { token: '123456' });
    assert.equal(wrong.status, 400);
    assert.deepEqual(wrong.body.errors, ['The code is invalid']);
  });

  it('SMS sign-in of a locked user answers 401 User is locked', async () => {
    const c = new Client(emu);
    await emu.db.update(users).set({ phoneNumber: '+14155550100' }).where(eq(users.email, ADMIN.email));
    await c.post(`${P}/auth/v1/passwordless/smscode/prelogin`, { phoneNumber: '+14155550100' });
    const code = (await lastMail(c)).code;
    await emu.db.update(users).set({ isLocked: true }).where(eq(users.email, ADMIN.email));
    const res = await c.post(`${P}/auth/v1/passwordless/smscode/postlogin`, { token: code });
    assert.equal(res.status, 401);
    assert.deepEqual(res.body.errors, ['User is locked']);
  });
});

describe('unlock', () => {
  async function lockAdmin(c: Client) {
    await c.put('/_emulator/lockout-policy', { maxAttempts: 2 });
    await c.login(ADMIN.email, 'wrong-1');
    const locked = await c.login(ADMIN.email, 'wrong-2');
    assert.equal(locked.status, 401);
    assert.deepEqual(locked.body.errors, ['User is locked']);
    const mail = await lastMail(c);
    return { mail, token: params(mail.link).token };
  }

  it('SI-7.29 the lock email carries /account/unlock?token=…; POST users/v3/me/unlock unlocks once', async () => {
    const c = new Client(emu);
    const { mail, token } = await lockAdmin(c);
    assert.equal(mail.subject, 'Your account has been locked');
    assert.match(mail.link ?? '', new RegExp(`^${ORIGIN}/account/unlock\\?token=[^&]+$`));
    const res = await c.post(`${P}/users/v3/me/unlock`, { token });
    assert.equal(res.status, 200);
    assert.deepEqual(res.body, {});
    assert.equal((await c.login(ADMIN.email, ADMIN.password)).status, 200);
    const reused = await c.post(`${P}/users/v3/me/unlock`, { token });
    assert.equal(reused.status, 400);
    assert.deepEqual(reused.body.errors, ['The unlock link has already been used']);
  });

  it('an expired, wrong or missing unlock token answers 400 and the user stays locked', async () => {
    const c = new Client(emu);
    await c.put('/_emulator/lifecycle-settings', { unlockTtlSeconds: 0 });
    const { token } = await lockAdmin(c);
    const expired = await c.post(`${P}/users/v3/me/unlock`, { token });
    assert.equal(expired.status, 400);
    assert.equal(expired.body.errorCode, 'ER-UNLOCK-TOKEN-EXPIRED');
    assert.equal((await c.post(`${P}/users/v3/me/unlock`, { token: 'nope' })).body.errorCode, 'ER-UNLOCK-TOKEN-INVALID');
    assert.equal((await c.post(`${P}/users/v3/me/unlock`, {})).status, 400);
    assert.equal((await c.login(ADMIN.email, ADMIN.password)).status, 401);
  });
});
