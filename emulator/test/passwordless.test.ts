/**
 * Passwordless sign-in (routes/passwordless.ts): magic link and email code
 * prelogin/postlogin, the verified phone change of the quick SMS login, and
 * the `/_emulator` helpers for auth strategies and phone numbers.
 */
import { describe, it, before, after, beforeEach } from 'node:test';
import assert from 'node:assert/strict';
import { decodeJwt } from 'jose';
import { eq } from 'drizzle-orm';
import type { Emulator } from '../src/app.ts';
import { passwordlessTokens, users } from '../src/db/schema.ts';
import { sha256 } from '../src/crypto/tokens.ts';
import { Client, P, refreshCookie, startEmulator } from './helpers.ts';

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
const PL = `${P}/auth/v1/passwordless`;
const PAGE = 'http://localhost:5173';

async function lastMail(c: Client) {
  const items = (await c.get('/_emulator/outbox?format=json')).body as { to: string; channel: string; subject: string; link?: string; code?: string; text: string }[];
  return items[0];
}
const tokenOf = (link: string) => new URL(link).searchParams.get('token')!;

describe('passwordless: auth strategies (GET …/auth/strategies/public, /_emulator/auth-strategies)', () => {
  it('SI-3.23 the vendor main strategy is set per vendor and served publicly; unknown strategies are refused', async () => {
    const c = new Client(emu);
    assert.deepEqual((await c.get(`${P}/configurations/v1/auth/strategies/public`)).body.mainAuthStrategies, [{ strategy: 'EmailAndPassword' }]);
    for (const strategy of ['MagicLink', 'Code', 'SmsCode', 'NoLocalAuthentication']) {
      const put = await c.put('/_emulator/auth-strategies', { strategy });
      assert.equal(put.status, 200, put.text);
      const pub = await c.get(`${P}/configurations/v1/auth/strategies/public`);
      assert.deepEqual(pub.body.mainAuthStrategies, [{ strategy }]);
      assert.ok(
        pub.body.secondaryAuthStrategies.some((s: { strategy: string }) => s.strategy === 'Passkeys'),
        'secondary strategies kept',
      );
    }
    assert.equal((await c.put('/_emulator/auth-strategies', { strategy: 'Carrier pigeon' })).status, 400);
    await emu.reset();
    assert.deepEqual((await c.get('/_emulator/auth-strategies')).body.mainAuthStrategies, [{ strategy: 'EmailAndPassword' }], 'reset restores the default');
  });
});

describe('passwordless: magic link', () => {
  it('SI-7.38 prelogin emails a link to /account/login/magic-link; postlogin signs in once (amr otp, refresh cookie); reuse is refused', async () => {
    const c = new Client(emu);
    const pre = await c.post(`${PL}/magiclink/prelogin`, { email: ADMIN.email }, { origin: PAGE });
    assert.equal(pre.status, 200, pre.text);
    assert.deepEqual(pre.body, {});
    const mail = await lastMail(c);
    assert.equal(mail.to, ADMIN.email);
    assert.equal(mail.channel, 'email');
    assert.match(mail.link!, /^http:\/\/localhost:5173\/account\/login\/magic-link\?token=/);
    const token = tokenOf(mail.link!);
    const [row] = await emu.db.select().from(passwordlessTokens);
    assert.equal(row.secretHash, sha256(token), 'only the hash is stored');
    assert.ok(!JSON.stringify(row).includes(token));

    const browser = new Client(emu);
    const post = await browser.post(`${PL}/magiclink/postlogin`, { token });
    assert.equal(post.status, 200, post.text);
    assert.equal(post.body.email, ADMIN.email);
    assert.deepEqual(decodeJwt(post.body.accessToken).amr, ['otp']);
    assert.ok(refreshCookie(browser));

    const reused = await new Client(emu).post(`${PL}/magiclink/postlogin`, { token });
    assert.equal(reused.status, 400);
    assert.deepEqual(reused.body.errors, ['The magic link has already been used']);
    assert.equal(reused.body.errorCode, 'ER-MAGIC-LINK-USED');
  });

  it('an expired link, a replaced link, an unknown token and a missing token answer 400', async () => {
    const c = new Client(emu);
    await c.put('/_emulator/lifecycle-settings', { codeResendIntervalSeconds: 0 });
    await c.post(`${PL}/magiclink/prelogin`, { email: ADMIN.email });
    const first = tokenOf((await lastMail(c)).link!);
    await c.post(`${PL}/magiclink/prelogin`, { email: ADMIN.email });
    const second = tokenOf((await lastMail(c)).link!);
    const replaced = await c.post(`${PL}/magiclink/postlogin`, { token: first });
    assert.equal(replaced.status, 400);
    assert.deepEqual(replaced.body.errors, ['The magic link is no longer valid; a newer one was sent']);

    await c.put('/_emulator/clock', { offsetSeconds: 16 * 60 });
    const expired = await c.post(`${PL}/magiclink/postlogin`, { token: second });
    assert.equal(expired.status, 400);
    assert.deepEqual(expired.body.errors, ['The magic link has expired']);
    await c.put('/_emulator/clock', { offsetSeconds: 0 });

    const unknown = await c.post(`${PL}/magiclink/postlogin`, { token: 'not-a-token' });
    assert.equal(unknown.status, 400);
    assert.deepEqual(unknown.body.errors, ['The magic link is invalid']);
    assert.equal((await c.post(`${PL}/magiclink/postlogin`, {})).status, 400);
  });

  it('an unknown email gets the same answer and nothing is sent; no identifier is a 400', async () => {
    const c = new Client(emu);
    const res = await c.post(`${PL}/magiclink/prelogin`, { email: 'nobody@example.test' });
    assert.equal(res.status, 200);
    assert.equal((await c.get('/_emulator/outbox?format=json')).body.length, 0);
    assert.equal((await c.post(`${PL}/magiclink/prelogin`, {})).status, 400);
  });

  it('sending is rate-limited per user and type: 429 with a clear message and Retry-After; the refused request sends nothing', async () => {
    const c = new Client(emu);
    assert.equal((await c.post(`${PL}/magiclink/prelogin`, { email: ADMIN.email })).status, 200);
    const again = await c.post(`${PL}/magiclink/prelogin`, { email: ADMIN.email });
    assert.equal(again.status, 429);
    assert.match(again.body.errors[0], /^Too many requests\. Try again in \d+ seconds$/);
    assert.equal(again.body.errorCode, 'ER-TOO-MANY-REQUESTS');
    assert.ok(Number(again.headers.get('retry-after')) > 0);
    assert.equal((await c.get('/_emulator/outbox?format=json')).body.length, 1);
    assert.equal((await c.post(`${PL}/code/prelogin`, { email: ADMIN.email })).status, 200, 'another type is not limited');
  });

  it('SI-4.07 a user with MFA gets the MFA challenge, not tokens; a locked user gets 401; an unverified user is verified by the link', async () => {
    const c = new Client(emu);
    await c.put('/_emulator/lifecycle-settings', { codeResendIntervalSeconds: 0 });
    await c.put('/_emulator/mfa-policy', { enforceMFAType: 'Force' });
    await c.post(`${PL}/magiclink/prelogin`, { email: ADMIN.email });
    const mfa = await c.post(`${PL}/magiclink/postlogin`, { token: tokenOf((await lastMail(c)).link!) });
    assert.equal(mfa.status, 200, mfa.text);
    assert.equal(mfa.body.mfaRequired, true);
    assert.ok(mfa.body.mfaToken);
    assert.equal(mfa.body.accessToken, undefined);
    await c.put('/_emulator/mfa-policy', { enforceMFAType: 'DontForce' });

    await c.post('/_emulator/users', { email: 'new@acme.test', password: 'Xy-12345678', verified: false });
    await c.post(`${PL}/magiclink/prelogin`, { email: 'new@acme.test' });
    const ok = await c.post(`${PL}/magiclink/postlogin`, { token: tokenOf((await lastMail(c)).link!) });
    assert.equal(ok.status, 200, ok.text);
    assert.equal((await emu.db.select().from(users).where(eq(users.email, 'new@acme.test')))[0].verified, true);

    await emu.db.update(users).set({ isLocked: true }).where(eq(users.email, 'new@acme.test'));
    await c.post(`${PL}/magiclink/prelogin`, { email: 'new@acme.test' });
    const locked = await c.post(`${PL}/magiclink/postlogin`, { token: tokenOf((await lastMail(c)).link!) });
    assert.equal(locked.status, 401);
  });
});

describe('passwordless: email code', () => {
  it('SI-7.38 prelogin emails a 6-digit code; postlogin with it signs in; a wrong, reused or expired code answers 400', async () => {
    const c = new Client(emu);
    await c.put('/_emulator/lifecycle-settings', { codeResendIntervalSeconds: 0 });
    await c.post(`${PL}/code/prelogin`, { email: ADMIN.email });
    const mail = await lastMail(c);
    assert.equal(mail.subject, 'Your sign-in code');
    assert.match(mail.code!, /^\d{6}$/);
    const wrong = await c.post(`${PL}/code/postlogin`, { token: mail.code === '000000' ? '111111' : '000000' });
    assert.equal(wrong.status, 400);
    assert.deepEqual(wrong.body.errors, ['Invalid code']);
    const browser = new Client(emu);
    const ok = await browser.post(`${PL}/code/postlogin`, { token: mail.code });
    assert.equal(ok.status, 200, ok.text);
    assert.ok(refreshCookie(browser));
    const reused = await c.post(`${PL}/code/postlogin`, { token: mail.code });
    assert.deepEqual(reused.body.errors, ['The code has already been used']);

    await c.post(`${PL}/code/prelogin`, { userId: emu.seed.admin.userId });
    const code = (await lastMail(c)).code;
    await c.put('/_emulator/clock', { offsetSeconds: 11 * 60 });
    const expired = await c.post(`${PL}/code/postlogin`, { token: code });
    assert.equal(expired.status, 400);
    assert.deepEqual(expired.body.errors, ['The code has expired']);
  });
});

describe('passwordless: quick SMS login phone verification (POST users/v1/phone, /phone/verify) and /_emulator/user-phone', () => {
  async function signedIn() {
    const c = new Client(emu);
    const lr = await c.login(ADMIN.email, ADMIN.password);
    return { c, auth: c.bearer(lr.body.accessToken) };
  }

  it("a code texted to the new number verifies it; the number becomes the user's and SMS sign-in by user id works", async () => {
    const { c, auth } = await signedIn();
    const send = await c.post(`${P}/users/v1/phone`, { phoneNumber: '+1 (415) 555-0199' }, auth);
    assert.equal(send.status, 200, send.text);
    const { changePhoneId } = send.body;
    assert.ok(changePhoneId);
    const sms = await lastMail(c);
    assert.equal(sms.channel, 'sms');
    assert.equal(sms.to, '+14155550199');
    const wrong = await c.post(`${P}/users/v1/phone/verify`, { changePhoneId, code: sms.code === '000000' ? '111111' : '000000' }, auth);
    assert.equal(wrong.status, 400);
    assert.deepEqual(wrong.body.errors, ['Invalid code']);
    const ok = await c.post(`${P}/users/v1/phone/verify`, { changePhoneId, code: sms.code }, auth);
    assert.equal(ok.status, 200, ok.text);
    assert.equal((await emu.db.select().from(users).where(eq(users.email, ADMIN.email)))[0].phoneNumber, '+14155550199');
    const again = await c.post(`${P}/users/v1/phone/verify`, { changePhoneId, code: sms.code }, auth);
    assert.deepEqual(again.body.errors, ['The code has already been used']);

    // the quick SMS sign-in: prelogin by user id texts the verified number
    await c.post(`${PL}/smscode/prelogin`, { userId: emu.seed.admin.userId });
    const signIn = await lastMail(c);
    assert.equal(signIn.to, '+14155550199');
    const post = await new Client(emu).post(`${PL}/smscode/postlogin`, { token: signIn.code });
    assert.equal(post.status, 200, post.text);
  });

  it('needs a session (401), an E.164 number (400), a number of no other user (409); the fifth wrong code revokes it', async () => {
    const anon = new Client(emu);
    assert.equal((await anon.post(`${P}/users/v1/phone`, { phoneNumber: '+14155550199' })).status, 401);
    const { c, auth } = await signedIn();
    assert.equal((await c.post(`${P}/users/v1/phone`, { phoneNumber: '555' }, auth)).status, 400);
    await c.post('/_emulator/users', { email: 'other@acme.test', password: 'Xy-12345678' });
    await c.put('/_emulator/user-phone', { email: 'other@acme.test', phoneNumber: '+14155550123' });
    assert.equal((await c.post(`${P}/users/v1/phone`, { phoneNumber: '+14155550123' }, auth)).status, 409);
    const { changePhoneId } = (await c.post(`${P}/users/v1/phone`, { phoneNumber: '+14155550199' }, auth)).body;
    const code = (await lastMail(c)).code!;
    const bad = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 4; i++) assert.deepEqual((await c.post(`${P}/users/v1/phone/verify`, { changePhoneId, code: bad }, auth)).body.errors, ['Invalid code']);
    assert.deepEqual((await c.post(`${P}/users/v1/phone/verify`, { changePhoneId, code: bad }, auth)).body.errors, ['Invalid code. Too many wrong codes: request a new one']);
    const late = await c.post(`${P}/users/v1/phone/verify`, { changePhoneId, code }, auth);
    assert.equal(late.status, 400);
    const rate = await c.post(`${P}/users/v1/phone`, { phoneNumber: '+14155550199' }, auth);
    assert.equal(rate.status, 429, 'resend is rate-limited too');
  });

  it('/_emulator/user-phone sets and clears a phone number; bad numbers and unknown users are refused', async () => {
    const c = new Client(emu);
    const set = await c.put('/_emulator/user-phone', { email: ADMIN.email, phoneNumber: '+44 20 7946 0000' });
    assert.deepEqual(set.body, { userId: emu.seed.admin.userId, phoneNumber: '+442079460000' });
    assert.equal((await c.put('/_emulator/user-phone', { email: ADMIN.email, phoneNumber: null })).body.phoneNumber, null);
    assert.equal((await c.put('/_emulator/user-phone', { email: ADMIN.email, phoneNumber: 'x' })).status, 400);
    assert.equal((await c.put('/_emulator/user-phone', { email: 'nobody@acme.test', phoneNumber: null })).status, 404);
  });
});
