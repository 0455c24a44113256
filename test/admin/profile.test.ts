/**
 * The profile section: its pure rules (AB-5.02 picture, changed fields), the element against the real emulator
 * (edit, picture upload, change password, change email, field appearance, gating), and every story state checked by
 * axe-core.
 */
import { expect, waitUntil } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import '../../elements/admin/fe-admin-profile.ts';
import type { AdminPortalOptions } from '../../src/admin/shell/ids.ts';
import { changedFields, dataUrlToBlob, draftOf, initialsOf, shouldUploadPicture } from '../../src/admin/profile/profile-form.ts';
import { STORY_ERROR_MESSAGE } from '../../stories/support/admin-story.tsx';
import { ADMIN, outbox, resetEmulator } from '../helpers/emulator.ts';
import {
  active,
  alertText,
  button,
  chooseFile,
  dialog,
  dialogTitle,
  expectAccessibleWhen,
  expectDialogLabelledAndFocused,
  expectNoAccess,
  fill,
  input,
  pngFile,
  renderSection,
  renderStory,
  retype,
  root,
  shown,
  signIn,
  signInWithoutRoles,
  SLOW,
} from './helpers.ts';

const PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';

const renderProfile = (adminPortal?: AdminPortalOptions) => renderSection('fe-admin-profile', { adminPortal });
const formReady = (el: HTMLElement) => waitUntil(() => input(root(el), 'name'), 'profile form', SLOW);

/** `GET users/v2/me` as the server has it now. */
async function me(accessToken: string): Promise<Record<string, unknown>> {
  const r = await fetch('/frontegg/identity/resources/users/v2/me', { headers: { authorization: `Bearer ${accessToken}` } });
  return (await r.json()) as Record<string, unknown>;
}

describe('profile rules (pure)', () => {
  it('AB-5.02 a picture is uploaded only if it is a base64 image data URL that differs from the current one', () => {
    const png = `data:image/png;base64,${PNG}`;
    expect(shouldUploadPicture(png, 'https://cdn.example/me.png')).to.equal(true);
    expect(shouldUploadPicture(png, null)).to.equal(true);
    expect(shouldUploadPicture(png, png)).to.equal(false);
    expect(shouldUploadPicture('https://cdn.example/other.png', 'https://cdn.example/me.png')).to.equal(false);
    expect(shouldUploadPicture('data:text/plain;base64,aGVsbG8=', null)).to.equal(false);
    expect(shouldUploadPicture('data:image/svg+xml,<svg/>', null)).to.equal(false);
    expect(shouldUploadPicture('', 'https://cdn.example/me.png')).to.equal(false);
  });

  it('the picture placeholder shows the initials of the name, else of the email', () => {
    expect(initialsOf('Ada King Lovelace', 'ada@acme.test')).to.equal('AL');
    expect(initialsOf('  ada  ', 'x@acme.test')).to.equal('A');
    expect(initialsOf('', 'zoe@acme.test')).to.equal('Z');
    expect(initialsOf('Élodie 😀', '')).to.equal('É😀');
    expect(initialsOf('', '')).to.equal('');
  });

  it('AB-5.02 the data URL becomes a Blob of its type and bytes', async () => {
    const blob = dataUrlToBlob(`data:image/png;base64,${PNG}`);
    expect(blob.type).to.equal('image/png');
    const bytes = new Uint8Array(await blob.arrayBuffer());
    expect([...bytes.slice(0, 4)]).to.deep.equal([0x89, 0x50, 0x4e, 0x47]);
  });

  it('SI-3.07 AB-7.28 a save sends only the editable fields that changed, trimmed', () => {
    const before = draftOf({ id: 'u', email: 'a@b.c', name: 'Ada', phoneNumber: '+15550000000', address: 'Here', jobTitle: 'Eng' });
    expect(changedFields(before, { ...before })).to.deep.equal({});
    expect(changedFields(before, { ...before, name: ' Ada L ', jobTitle: '' })).to.deep.equal({ name: 'Ada L', jobTitle: '' });
    expect(changedFields(before, { ...before, name: 'X', address: 'There' }, (f) => f !== 'address')).to.deep.equal({ name: 'X' });
  });
});

describe('<fe-admin-profile> against the emulator', () => {
  beforeEach(async () => {
    await resetEmulator();
  });

  it('SI-3.07 AB-7.28 round trip: edit → saved with a toast → read back → cleared; nothing changed says "No changes to update"', async () => {
    const token = await signIn(ADMIN);
    const el = await renderProfile();
    await formReady(el);
    for (const name of ['name', 'phoneNumber', 'address', 'jobTitle']) expect(input(root(el), name), name).to.not.equal(null);
    button(root(el), 'Save changes')!.click();
    await waitUntil(() => shown(el, 'No changes to update'), 'no changes');

    fill(input(root(el), 'name')!, 'Ada Lovelace');
    fill(input(root(el), 'jobTitle')!, 'Analyst');
    fill(input(root(el), 'phoneNumber')!, '+15551230000');
    // the button shows progress while the save runs (watched: the emulator may answer before a poll)
    let sawProgress = false;
    const watch = new MutationObserver(() => (sawProgress ||= Boolean(button(root(el), 'Saving…'))));
    watch.observe(root(el), { subtree: true, childList: true, characterData: true });
    button(root(el), 'Save changes')!.click();
    await waitUntil(() => shown(el, 'Profile saved.'), 'saved toast', SLOW);
    watch.disconnect();
    expect(sawProgress, 'progress shown').to.equal(true);
    const saved = await me(token);
    expect(saved.name).to.equal('Ada Lovelace');
    expect(saved.phoneNumber).to.equal('+15551230000');

    // a fresh element reads the saved profile back
    const again = await renderProfile();
    await formReady(again);
    await waitUntil(() => input(root(again), 'name')!.value === 'Ada Lovelace', 'read back');
    expect(input(root(again), 'phoneNumber')!.value).to.equal('+15551230000');

    // clearing a field sends it emptied
    fill(input(root(again), 'phoneNumber')!, '');
    button(root(again), 'Save changes')!.click();
    await waitUntil(() => shown(again, 'Profile saved.'), 'cleared', SLOW);
    expect((await me(token)).phoneNumber).to.equal(undefined);
  });

  it('AB-7.28 a refused save keeps what was typed and shows the server message in an alert', async () => {
    await signIn(ADMIN);
    const el = await renderProfile();
    await formReady(el);
    fill(input(root(el), 'phoneNumber')!, 'not a phone');
    button(root(el), 'Save changes')!.click();
    await waitUntil(() => root(el).querySelector('form [role=alert]'), 'error', SLOW);
    expect(root(el).querySelector('form [role=alert]')!.textContent).to.contain('phoneNumber must be a phone number');
    expect(input(root(el), 'phoneNumber')!.value).to.equal('not a phone');
  });

  it('AB-5.02 a chosen picture is previewed, uploaded once on save, and not uploaded again', async () => {
    const token = await signIn(ADMIN);
    const el = await renderProfile();
    await formReady(el);
    const file = input(root(el), 'picture')!;
    expect(file.type).to.equal('file');
    chooseFile(file, pngFile(PNG, 'me.png'));
    await waitUntil(() => root(el).querySelector<HTMLImageElement>('img[data-picture]')?.src.startsWith('data:image/png;base64,'), 'preview');
    button(root(el), 'Save changes')!.click();
    await waitUntil(() => shown(el, 'Profile saved.'), 'saved', SLOW);
    const url = String((await me(token)).profilePictureUrl);
    expect(url).to.match(/\/team\/resources\/profile\/images\/v1\//);
    await waitUntil(() => root(el).querySelector<HTMLImageElement>('img[data-picture]')?.src === url, 'shows the uploaded picture');
    // the uploaded image is served (a 1×1 PNG)
    await waitUntil(() => root(el).querySelector<HTMLImageElement>('img[data-picture]')!.naturalWidth === 1, 'image loads', SLOW);
    // the picture is now the saved URL: saving again has nothing to send
    root(el)
      .querySelector('[data-toast] button')
      ?.dispatchEvent(new MouseEvent('click', { bubbles: true }));
    button(root(el), 'Save changes')!.click();
    await waitUntil(() => shown(el, 'No changes to update'), 'no second upload');
  });

  it('SI-2.35 field appearance: hidden fields are absent, view-only fields are read-only and not sent', async () => {
    await signIn(ADMIN);
    const el = await renderProfile({ profile: { fields: { address: 'hidden', jobTitle: 'viewOnly', picture: 'hidden' } } });
    await formReady(el);
    expect(input(root(el), 'address')).to.equal(null);
    expect(input(root(el), 'picture')).to.equal(null);
    expect(root(el).querySelector('img[data-picture]')).to.equal(null);
    expect(input(root(el), 'jobTitle')!.readOnly).to.equal(true);
    expect(input(root(el), 'name')!.readOnly).to.equal(false);
  });

  it('SI-6.01 gating: the profile needs no permission key (a user with no roles sees it); a host that hides it gets "You don’t have access"', async () => {
    await signInWithoutRoles();
    await formReady(await renderProfile());
    await expectNoAccess(await renderProfile({ profile: { permissions: ['fe.secure.write.profile-admins-only'] } }), 'form');
  });

  it('SI-7.26 keyboard only: change password — fields named for password managers, a wrong current password is shown, then the change works', async () => {
    await signIn(ADMIN);
    const el = await renderProfile();
    await formReady(el);
    button(root(el), 'Change password')!.focus();
    await sendKeys({ press: 'Enter' });
    await waitUntil(() => dialog(el), 'dialog');
    const d = dialog(el)!;
    expect(dialogTitle(el)).to.equal('Change password');
    expect(input(d, 'password')!.autocomplete).to.equal('current-password');
    expect(input(d, 'newPassword')!.autocomplete).to.equal('new-password');
    expect(input(d, 'confirm')!.autocomplete).to.equal('new-password');
    expect(input(d, 'username')!.autocomplete).to.equal('username');
    expect(active(el)?.getAttribute('name')).to.equal('password');
    await sendKeys({ type: 'Wrong-Passw0rd!' });
    await sendKeys({ press: 'Tab' });
    await sendKeys({ type: 'Brand-New-Passw0rd!' });
    await sendKeys({ press: 'Tab' });
    await sendKeys({ type: 'Brand-New-Passw0rd!' });
    await sendKeys({ press: 'Enter' });
    await waitUntil(() => d.querySelector('[role=alert]')?.textContent?.includes('The current password is incorrect'), 'server error', SLOW);
    expect(input(d, 'newPassword')!.value).to.equal('Brand-New-Passw0rd!');
    await retype(input(d, 'password')!, ADMIN.password);
    await sendKeys({ press: 'Enter' });
    await waitUntil(() => !dialog(el), 'closed', SLOW);
    await waitUntil(() => shown(el, 'Password changed.'), 'toast');
    expect(active(el)?.textContent).to.equal('Change password');
    // the new password signs in (status 200)
    await signIn({ email: ADMIN.email, password: 'Brand-New-Passw0rd!' }, 'omit');
  });

  it('SI-7.26 the password dialog checks the confirmation before sending', async () => {
    await signIn(ADMIN);
    const el = await renderProfile();
    await formReady(el);
    button(root(el), 'Change password')!.click();
    await waitUntil(() => dialog(el), 'dialog');
    const d = dialog(el)!;
    fill(input(d, 'password')!, ADMIN.password);
    fill(input(d, 'newPassword')!, 'Brand-New-Passw0rd!');
    fill(input(d, 'confirm')!, 'Brand-New-Passw0rd?');
    button(d, 'Change password')!.click();
    await waitUntil(() => d.querySelector('[role=alert]'), 'mismatch');
    expect(d.querySelector('[role=alert]')!.textContent).to.equal('The new passwords don’t match.');
    expect(input(d, 'confirm')!.getAttribute('aria-invalid')).to.equal('true');
  });

  it('AB-7.28 change email with verification: new address → code mailed → pasted code → done; the profile shows the new address', async () => {
    const token = await signIn(ADMIN);
    const el = await renderProfile();
    await formReady(el);
    button(root(el), 'Change email')!.click();
    await waitUntil(() => dialog(el)?.querySelector('[data-step=email]'), 'email step');
    let d = dialog(el)!;
    fill(input(d, 'email')!, 'ada@acme.test');
    button(d, 'Send code')!.click();
    await waitUntil(() => dialog(el)?.querySelector('[data-step=code]'), 'code step', SLOW);
    d = dialog(el)!;
    expect(d.textContent).to.contain('We sent a 6-digit code to ada@acme.test.');
    const code = input(d, 'code')!;
    expect(code.autocomplete).to.equal('one-time-code');
    expect(code.inputMode).to.equal('numeric');
    // a wrong code is refused and the step stays
    fill(code, '000000');
    button(d, 'Change email')!.click();
    await waitUntil(() => d.querySelector('[role=alert]')?.textContent?.includes('Invalid code'), 'wrong code', SLOW);
    const mail = ((await outbox()) as { to: string; code?: string }[]).find((m) => m.to === 'ada@acme.test' && m.code)!;
    // pasted with a space, as mail clients copy it
    fill(input(d, 'code')!, ` ${mail.code!.slice(0, 3)} ${mail.code!.slice(3)} `);
    button(d, 'Change email')!.click();
    await waitUntil(() => dialog(el)?.textContent?.includes('Your email is now ada@acme.test.'), 'done', SLOW);
    button(dialog(el)!, 'Done')!.click();
    await waitUntil(() => !dialog(el), 'closed');
    expect(root(el).querySelector('[data-field=email]')!.textContent).to.equal('ada@acme.test');
    expect((await me(token)).email).to.equal('ada@acme.test');
  });
});

describe('<fe-admin-profile> accessibility (axe-core) in every story state', () => {
  it('filled (the demo profile) has no axe violations', async () => {
    await expectAccessibleWhen(await renderStory('profile', 'filled'), (el) => input(root(el), 'name')?.value, 'form');
  });

  it('loading shows a progress status and has no axe violations', async () => {
    await expectAccessibleWhen(await renderStory('profile', 'loading'), (el) => root(el).querySelector('[role=status]'), 'loading');
  });

  it('AB-7.75 error shows the server message in an alert and has no axe violations', async () => {
    await expectAccessibleWhen(await renderStory('profile', 'error'), (el) => alertText(el).includes(STORY_ERROR_MESSAGE), 'error');
  });

  for (const [name, title] of [
    ['password', 'Change password'],
    ['email', 'Change email'],
  ]) {
    it(`the ${name} dialog is labelled, holds the focus and has no axe violations`, async () => {
      const el = await renderStory('profile', 'filled', name);
      await waitUntil(() => dialog(el), 'dialog', SLOW);
      await expectDialogLabelledAndFocused(el, title);
      await expect(el).to.be.accessible();
    });
  }
});
