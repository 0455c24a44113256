/**
 * The signed-in user's own phone numbers (routes/admin/phone-numbers.ts; api-contract §T) and the reset of a lost
 * phone number (routes/lifecycle.ts; api-contract §E), each called through Frontegg's own client
 * (`@frontegg/rest-api`): its paths, bodies and answers are the reference product's. The SMS and email codes are
 * read from the emulator's outbox, as a user reads their phone.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { IResetPhoneNumber } from '@frontegg/rest-api';
import { SEED } from '../src/db/seed.ts';
import { Client, P } from './helpers.ts';
import { PASSWORD, rejectsWith, useAdminEmulator } from './admin-harness.ts';

const harness = useAdminEmulator();
const PHONES = `${P}/users/phone-numbers/v1`;

/** The last code the outbox holds for `to` on `channel`. */
async function lastCode(to: string, channel: 'sms' | 'email' = 'sms'): Promise<string> {
  const box = (await new Client(harness.emu).get('/_emulator/outbox')).body as { to: string; channel: string; code?: string }[];
  const message = box.find((m) => m.to === to && m.channel === channel);
  assert.ok(message?.code, `no ${channel} code to ${to}`);
  return message.code;
}

const wrong = (code: string) => (code === '000000' ? '111111' : '000000');

describe("the user's phone numbers (api-contract T)", () => {
  it('AB-7.41 AB-9.10 phone numbers are listed with _limit and _offset, 10 to a list by default, oldest first', async () => {
    const api = await harness.adminApi();
    const numbers = Array.from({ length: 12 }, (_, i) => `+1415555${String(100 + i).padStart(4, '0')}`);
    for (const phoneNumber of numbers) assert.deepEqual(await api.userPhoneNumbers.createPhoneNumber({ phoneNumber, verify: false }), {});

    const first = (await api.userPhoneNumbers.getUserPhoneNumbers({ _limit: 10, _offset: 0 })) as unknown as {
      items: { id: string; phoneNumber: string; verified: boolean; createdAt: string; updatedAt: string }[];
      _metadata: { totalItems: number; totalPages: number };
    };
    assert.deepEqual(
      first.items.map((p) => p.phoneNumber),
      numbers.slice(0, 10),
    );
    assert.deepEqual(Object.keys(first.items[0]).sort(), ['createdAt', 'id', 'phoneNumber', 'updatedAt', 'verified']);
    assert.equal(first.items[0].verified, false);
    assert.deepEqual(first._metadata, { totalItems: 12, totalPages: 2 });
    const second = (await api.userPhoneNumbers.getUserPhoneNumbers({ _limit: 10, _offset: 10 })) as unknown as { items: { phoneNumber: string }[] };
    assert.deepEqual(
      second.items.map((p) => p.phoneNumber),
      numbers.slice(10),
    );

    // without _limit the list holds 10, the privacy section's page
    const { client, token } = await harness.signIn();
    const plain = await client.get(PHONES, client.bearer(token));
    assert.equal(plain.body.items.length, 10);
    assert.equal((await client.get(`${PHONES}?_limit=0`, client.bearer(token))).status, 400);
    // all of them at once (getUserOwnPhoneNumbers)
    assert.equal((await api.userPhoneNumbers.getUserOwnPhoneNumbers()).length, 12);
  });

  it('AB-3.35 AB-7.42 adding a number returns otcToken and texts a code that verifies it; deleting it returns otcToken and the code texted removes it', async () => {
    const api = await harness.adminApi();
    const added = await api.userPhoneNumbers.createPhoneNumber({ phoneNumber: '+1 (415) 555-0199', verify: true });
    assert.ok(added.otcToken, 'createPhoneNumber returns otcToken');
    const code = await lastCode('+14155550199');
    assert.match(code, /^\d{6}$/);
    await rejectsWith(api.userPhoneNumbers.verifyPhoneNumber({ otcToken: added.otcToken, code: wrong(code) }), 400, 'Invalid code');
    await api.userPhoneNumbers.verifyPhoneNumber({ otcToken: added.otcToken, code });
    await rejectsWith(api.userPhoneNumbers.verifyPhoneNumber({ otcToken: added.otcToken, code }), 400, /already used/);
    const [phone] = await api.userPhoneNumbers.getUserOwnPhoneNumbers();
    assert.equal(phone.phoneNumber, '+14155550199');
    assert.equal(phone.verified, true);
    assert.equal((await harness.auditRows('phone-number.added', phone.id)).length, 1);
    assert.equal((await harness.auditRows('phone-number.verified', phone.id)).length, 1);

    const removal = await api.userPhoneNumbers.deletePhoneNumber(phone.id);
    assert.equal(removal.phoneId, phone.id);
    assert.ok(removal.otcToken, 'deletePhoneNumber returns otcToken');
    assert.equal((await api.userPhoneNumbers.getUserOwnPhoneNumbers()).length, 1, 'a verified number stays until the code is entered');
    const removeCode = await lastCode('+14155550199');
    await rejectsWith(api.userPhoneNumbers.verifyDeletePhoneNumber(phone.id, { otcToken: removal.otcToken, code: wrong(removeCode) }), 400, 'Invalid code');
    await api.userPhoneNumbers.verifyDeletePhoneNumber(phone.id, { otcToken: removal.otcToken, code: removeCode });
    assert.deepEqual(await api.userPhoneNumbers.getUserOwnPhoneNumbers(), []);
    const [deleted] = await harness.auditRows('phone-number.deleted', phone.id);
    assert.equal(deleted.severity, 'WARNING');
  });

  it('AB-7.42 pre-verify texts a new code to an unverified number (the earlier one is replaced); an unverified number is deleted at once', async () => {
    await new Client(harness.emu).put('/_emulator/mfa-settings', { resendIntervalSeconds: 0 });
    const api = await harness.adminApi();
    const added = await api.userPhoneNumbers.createPhoneNumber({ phoneNumber: '+442071838750', verify: true });
    const firstCode = await lastCode('+442071838750');
    const again = await api.userPhoneNumbers.preVerifyPhoneNumber({ phoneNumber: '+44 20 7183 8750' });
    assert.ok(again.otcToken);
    const secondCode = await lastCode('+442071838750');
    await rejectsWith(api.userPhoneNumbers.verifyPhoneNumber({ otcToken: added.otcToken!, code: firstCode }), 400, /replaced by a newer one/);
    await api.userPhoneNumbers.verifyPhoneNumber({ otcToken: again.otcToken, code: secondCode });
    await rejectsWith(api.userPhoneNumbers.preVerifyPhoneNumber({ phoneNumber: '+442071838750' }), 409, 'This phone number is verified already');
    await rejectsWith(api.userPhoneNumbers.preVerifyPhoneNumber({ phoneNumber: '+442071838751' }), 404, 'Phone number not found');

    await api.userPhoneNumbers.createPhoneNumber({ phoneNumber: '+442071838752', verify: false });
    const unverified = (await api.userPhoneNumbers.getUserOwnPhoneNumbers()).find((p) => p.phoneNumber === '+442071838752')!;
    assert.deepEqual(await api.userPhoneNumbers.deletePhoneNumber(unverified.id), { phoneId: unverified.id });
    assert.equal((await api.userPhoneNumbers.getUserOwnPhoneNumbers()).length, 1);
  });

  it('two numbers added in a row each get their own code; a second code within the resend wait is 429', async () => {
    const api = await harness.adminApi();
    const a = await api.userPhoneNumbers.createPhoneNumber({ phoneNumber: '+14155550111' });
    const b = await api.userPhoneNumbers.createPhoneNumber({ phoneNumber: '+14155550112' });
    await api.userPhoneNumbers.verifyPhoneNumber({ otcToken: a.otcToken!, code: await lastCode('+14155550111') });
    await api.userPhoneNumbers.verifyPhoneNumber({ otcToken: b.otcToken!, code: await lastCode('+14155550112') });
    await api.userPhoneNumbers.createPhoneNumber({ phoneNumber: '+14155550113' });
    await rejectsWith(api.userPhoneNumbers.preVerifyPhoneNumber({ phoneNumber: '+14155550113' }), 429, /Please wait \d+ seconds/);
  });

  it("needs the user's token; refuses a number without a country code, a number twice, and another user's number or code", async () => {
    const anonymous = new Client(harness.emu);
    assert.equal((await anonymous.get(PHONES)).status, 401);
    assert.equal((await anonymous.post(PHONES, { phoneNumber: '+14155550100' })).status, 401);
    assert.equal((await anonymous.post(`${PHONES}/verify`, { otcToken: 'x', code: '123456' })).status, 401);

    const api = await harness.adminApi();
    await rejectsWith(api.userPhoneNumbers.createPhoneNumber({ phoneNumber: '415 555 0100' }), 400, 'Enter the phone number with its country code, like +15551234567');
    const mine = await api.userPhoneNumbers.createPhoneNumber({ phoneNumber: '+14155550100' });
    await rejectsWith(api.userPhoneNumbers.createPhoneNumber({ phoneNumber: '+14155550100' }), 409, 'This phone number is already on your account');
    const [phone] = await api.userPhoneNumbers.getUserOwnPhoneNumbers();

    await harness.makeUser('other@acme.test');
    const other = await harness.apiAs(await harness.tokenOf('other@acme.test', PASSWORD));
    assert.deepEqual(await other.userPhoneNumbers.getUserOwnPhoneNumbers(), []);
    await rejectsWith(other.userPhoneNumbers.deletePhoneNumber(phone.id), 404, 'Phone number not found');
    await rejectsWith(other.userPhoneNumbers.verifyPhoneNumber({ otcToken: mine.otcToken!, code: await lastCode('+14155550100') }), 400, 'Invalid code');
    assert.equal((await api.userPhoneNumbers.getUserOwnPhoneNumbers())[0].verified, false);
  });
});

describe("reset of a lost phone number through Frontegg's client (api-contract E)", () => {
  it('AB-7.43 AB-7.44 AB-7.45 reset sends email (and a captcha token) → resetPhoneNumberToken; verify → changePhoneNumberToken; change sends phoneNumber and changePhoneNumberToken', async () => {
    const api = await harness.apiAs('');
    const reset = await api.auth.resetPhoneNumber({ email: SEED.adminEmail, recaptchaToken: 'captcha-token' } as IResetPhoneNumber);
    assert.deepEqual(Object.keys(reset), ['resetPhoneNumberToken']);
    const code = await lastCode(SEED.adminEmail, 'email');
    await rejectsWith(api.auth.verifyResetPhoneNumber({ resetPhoneNumberToken: reset.resetPhoneNumberToken, code: wrong(code) }), 400, 'Invalid code');
    const verified = await api.auth.verifyResetPhoneNumber({ resetPhoneNumberToken: reset.resetPhoneNumberToken, code });
    assert.deepEqual(Object.keys(verified), ['changePhoneNumberToken']);
    await api.auth.changePhoneNumber({ phoneNumber: '+14155550142', changePhoneNumberToken: verified.changePhoneNumberToken });
    const me = await (await harness.adminApi()).auth.getMeV2();
    assert.equal((me as { phoneNumber?: string }).phoneNumber, '+14155550142');
    await rejectsWith(api.auth.changePhoneNumber({ phoneNumber: '+14155550143', changePhoneNumberToken: verified.changePhoneNumberToken }), 400, /./);
  });
});
