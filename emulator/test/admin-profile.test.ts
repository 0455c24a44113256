/**
 * The signed-in user's profile in the admin portal (api-contract §G profile rows: profile, image, email change, email
 * policy), called through Frontegg's own client (`@frontegg/rest-api`) so that every request is the one the
 * reference product sends.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { IUpdateProfile, IUpdateUserDto, IUserEmailPolicyConfig, IUserProfile } from '@frontegg/rest-api';
import { SEED } from '../src/db/seed.ts';
import { Client } from './helpers.ts';
import { PASSWORD, rejectsWith, useAdminEmulator } from './admin-harness.ts';

const harness = useAdminEmulator();
const { adminApi } = harness;

/** The audit rows of `action` on the signed-in admin. */
const adminAudits = (action: string) => harness.auditRows(action, SEED.adminUserId);

/** The newest outbox message to `to`. */
async function lastMail(to: string): Promise<{ to: string; subject: string; text: string; code?: string }> {
  const box = (await new Client(harness.emu).get('/_emulator/outbox')).body as { to: string; subject: string; text: string; code?: string }[];
  const mail = box.find((m) => m.to === to);
  assert.ok(mail, `no mail to ${to}`);
  return mail;
}

/** The profile fields without a column of their own, as the PUT answers them. */
type ProfileExtra = { address?: string; jobTitle?: string };

const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==', 'base64');
const imageForm = (bytes: Uint8Array<ArrayBuffer>, type = 'image/png', name = 'me.png') => {
  const form = new FormData();
  form.append('image', new Blob([bytes], { type }), name);
  return form;
};

describe('profile', () => {
  it('AB-7.28 SI-3.07 updateProfile saves name, phoneNumber, address and jobTitle; getProfile reads name and phone back; audited', async () => {
    const api = await adminApi();
    const body = { name: 'Ada Lovelace', phoneNumber: '+44 20 7946 0958', address: '12 St James Sq, London', jobTitle: 'Analyst' };
    const saved = (await api.teams.updateProfile(body as Partial<IUpdateProfile>)) as IUserProfile & ProfileExtra;
    assert.equal(saved.name, 'Ada Lovelace');
    assert.equal(saved.phoneNumber, '+44 20 7946 0958');
    assert.equal(saved.address, '12 St James Sq, London');
    assert.equal(saved.jobTitle, 'Analyst');
    assert.equal(saved.email, SEED.adminEmail, 'the answer is the whole profile (UP)');
    assert.ok(Array.isArray(saved.roles));
    const read: IUserProfile = await api.teams.getProfile();
    assert.equal(read.name, 'Ada Lovelace');
    assert.equal(read.phoneNumber, '+44 20 7946 0958');
    const [row] = await adminAudits('user.profile.updated');
    assert.deepEqual(row.details.changed, ['name', 'phoneNumber', 'address', 'jobTitle']);
  });

  it('AB-7.28 SI-3.07 updateUserProfileV2 sets profilePictureUrl and metadata; null clears the picture', async () => {
    const api = await adminApi();
    const v2 = { profilePictureUrl: 'https://cdn.acme.test/ada.png', metadata: '{"team":"core"}' } as Partial<IUpdateUserDto>;
    const saved: IUserProfile = await api.users.updateUserProfileV2(v2);
    assert.equal(saved.profilePictureUrl, 'https://cdn.acme.test/ada.png');
    assert.equal(saved.metadata, '{"team":"core"}');
    assert.equal((await api.auth.getMeV2()).profilePictureUrl, 'https://cdn.acme.test/ada.png');
    const cleared = await api.users.updateUserProfileV2({ profilePictureUrl: null });
    assert.equal(cleared.profilePictureUrl, undefined);
  });

  it('SI-3.07 bad input → 400 naming the field, nothing saved', async () => {
    const api = await adminApi();
    await rejectsWith(api.teams.updateProfile({ name: '' }), 400, /name must not be empty/);
    await rejectsWith(api.teams.updateProfile({ phoneNumber: 'call me' }), 400, /phoneNumber must be a phone number/);
    await rejectsWith(api.users.updateUserProfileV2({ profilePictureUrl: 'javascript:alert(1)' }), 400, /profilePictureUrl must be an absolute http: or https: URL/);
    await rejectsWith(api.users.updateUserProfileV2({ metadata: 'not json' }), 400, /metadata must be a JSON object/);
    assert.equal((await api.teams.getProfile()).name, SEED.adminName);
    assert.equal((await adminAudits('user.profile.updated')).length, 0);
  });
});

describe('profile image', () => {
  it('AB-7.28 updateProfileImage uploads a PNG → its URL (text), served as image/png, and the profile picture becomes it; audited', async () => {
    const api = await adminApi();
    const url: string = await api.teams.updateProfileImage(imageForm(PNG));
    assert.match(url, /^http:\/\/127\.0\.0\.1:8787\/frontegg\/team\/resources\/profile\/images\/v1\//);
    const served = await harness.emu.fetch(new Request(url));
    assert.equal(served.status, 200);
    assert.equal(served.headers.get('content-type'), 'image/png');
    assert.equal(served.headers.get('x-content-type-options'), 'nosniff');
    assert.deepEqual(Buffer.from(await served.arrayBuffer()), PNG);
    assert.equal((await api.teams.getProfile()).profilePictureUrl, url);
    assert.equal((await adminAudits('user.profile-image.updated')).length, 1);
  });

  it('AB-7.28 a file that is not an image → 400; more than 2 MB → 413', async () => {
    const api = await adminApi();
    await rejectsWith(
      api.teams.updateProfileImage(imageForm(Buffer.from('<svg onload="alert(1)"/>'), 'image/png', 'x.png')),
      400,
      'The file must be a PNG, JPEG, GIF or WebP image',
    );
    const big = Buffer.alloc(2 * 1024 * 1024 + 1);
    PNG.copy(big);
    await rejectsWith(api.teams.updateProfileImage(imageForm(big)), 413, 'Error request is too large');
    assert.equal((await api.teams.getProfile()).profilePictureUrl, undefined, 'nothing saved');
  });
});

describe('changing the email', () => {
  it('AB-7.28 the email policy allows a change', async () => {
    const api = await adminApi();
    const policy: IUserEmailPolicyConfig = await api.userEmailPolicy.getUserEmailPolicyConfig();
    assert.deepEqual({ ...policy }, { allowEmailChange: true });
  });

  it('AB-7.28 updateEmail mails a code to the new address; a wrong code → 400; the right one changes the email (sign-in with it), tells the old address; audited', async () => {
    const api = await adminApi();
    await api.teams.updateEmail('ada@acme.test');
    const mail = await lastMail('ada@acme.test');
    assert.match(mail.code ?? '', /^\d{6}$/);
    const wrong = mail.code === '000000' ? '111111' : '000000';
    await rejectsWith(api.teams.verifyEmail('ada@acme.test', wrong), 400, 'Invalid code');
    await rejectsWith(api.teams.verifyEmail('other@acme.test', mail.code!), 400, 'No email change to this address was requested');
    await api.teams.verifyEmail('ada@acme.test', mail.code!);
    assert.equal((await api.teams.getProfile()).email, 'ada@acme.test');
    assert.equal((await new Client(harness.emu).login('ada@acme.test', SEED.adminPassword)).status, 200);
    assert.notEqual((await new Client(harness.emu).login(SEED.adminEmail, SEED.adminPassword)).status, 200);
    assert.equal((await lastMail(SEED.adminEmail)).subject, 'Your email was changed');
    assert.equal((await adminAudits('user.email-change.requested')).length, 1);
    const [changed] = await adminAudits('user.email.changed');
    assert.deepEqual(changed.details.to, 'ada@acme.test');
    await rejectsWith(api.teams.verifyEmail('ada@acme.test', mail.code!), 400, 'No email change to this address was requested');
  });

  it('AB-7.28 an address already taken → 409; the current address or a malformed one → 400', async () => {
    const res = await new Client(harness.emu).post('/_emulator/users', { email: 'taken@acme.test', password: PASSWORD });
    assert.equal(res.status, 201, res.text);
    const api = await adminApi();
    await rejectsWith(api.teams.updateEmail('taken@acme.test'), 409, 'A user with this email already exists');
    await rejectsWith(api.teams.updateEmail(SEED.adminEmail), 400, 'This is already your email');
    await rejectsWith(api.teams.updateEmail('not-an-email'), 400, /email must be a valid email/);
  });
});
