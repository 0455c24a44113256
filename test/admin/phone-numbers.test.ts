/**
 * The privacy section's phone numbers (src/admin/privacy/PhoneNumbers.tsx) against the real emulator: add a number by
 * keyboard alone with the code the emulator texts (read from its outbox), verify one added earlier, remove a verified
 * number with the code its removal texts and an unverified one after a confirmation, 10 numbers a page, the loading,
 * empty and error states, a refusal kept in the dialog, and the calls as Frontegg's client makes them.
 */
import { expect, waitUntil } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import '../../elements/admin/fe-admin-privacy.ts';
import '../../stories/support/admin-story.tsx';
import { ADMIN, outbox, resetEmulator } from '../helpers/emulator.ts';
import { PHONE_NUMBERS_PAGE_SIZE } from '../../src/admin/resources/phone-numbers.ts';
import { PHONE_NUMBERS_PATHS } from '../../src/api/phone-numbers.ts';
import { active, alertText, api, button, byLabel, callEmulator, dialog, dialogTitle, fill, input, renderSection, renderStory, root, shown, signIn, SLOW } from './helpers.ts';

const PHONES = `/frontegg${PHONE_NUMBERS_PATHS.list}`;
const renderPrivacy = () => renderSection('fe-admin-privacy');
/** The phone-numbers panel of the section. */
const panel = (el: HTMLElement) => root(el).querySelector<HTMLElement>('[data-panel=phone-numbers]');
/** The rows of the phone-numbers table. */
const phoneRows = (el: HTMLElement) => [...(panel(el)?.querySelectorAll<HTMLTableRowElement>('tbody tr[data-row-id]') ?? [])];
const rowWith = (el: HTMLElement, phone: string) => phoneRows(el).find((r) => r.textContent?.includes(phone));
/** The last code the emulator texted to `to` (its outbox, newest first). */
async function textedCode(to: string): Promise<string> {
  const sms = ((await outbox()) as { to: string; channel: string; code?: string }[]).find((m) => m.channel === 'sms' && m.to === to);
  expect(sms?.code, `a code texted to ${to}`).to.be.a('string');
  return sms!.code!;
}
const wrong = (code: string) => (code === '000000' ? '111111' : '000000');
/** Adds `phoneNumber` to the admin's account without a code (as a number added earlier and never verified). */
const addUnverified = (token: string, phoneNumber: string) => api(token, 'POST', PHONES, { phoneNumber, verify: false });

describe('<fe-admin-privacy> phone numbers against the emulator', () => {
  beforeEach(async () => {
    await resetEmulator();
    await callEmulator('PUT', '/_emulator/mfa-settings', { resendIntervalSeconds: 0 });
  });
  afterEach(async () => {
    await callEmulator('DELETE', '/_emulator/faults');
  });

  it('AB-3.35 AB-7.42 keyboard only: add a phone number → the code texted to it (a wrong one refused) → verified, listed as Verified', async () => {
    await signIn(ADMIN);
    const el = await renderPrivacy();
    await waitUntil(() => panel(el) && shown(el, 'No phone numbers yet.'), 'the empty list', SLOW);
    button(panel(el)!, 'Add phone number')!.focus();
    await sendKeys({ press: 'Enter' });
    await waitUntil(() => dialog(el)?.querySelector('[data-step=phone]'), 'the number step', SLOW);
    expect(dialogTitle(el)).to.equal('Add a phone number');
    const number = input(dialog(el)!, 'phoneNumber')!;
    await waitUntil(() => active(el) === number, 'the number field focused');
    expect(number.type).to.equal('tel');
    await sendKeys({ type: '+1 415 555 0199' });
    await sendKeys({ press: 'Enter' });
    await waitUntil(() => dialog(el)?.querySelector('[data-step=code]'), 'the code step', SLOW);
    const d = dialog(el)!;
    expect(d.querySelector('[role=status]')!.textContent).to.contain('+1 415 555 0199');
    const code = input(d, 'code')!;
    expect(code.autocomplete).to.equal('one-time-code');
    await waitUntil(() => active(el) === code, 'the code field focused');
    const texted = await textedCode('+14155550199');
    await sendKeys({ type: wrong(texted) });
    await sendKeys({ press: 'Enter' });
    await waitUntil(() => d.querySelector('[role=alert]')?.textContent?.includes('Invalid code'), 'a wrong code refused', SLOW);
    code.select();
    await sendKeys({ type: texted });
    await sendKeys({ press: 'Enter' });
    await waitUntil(() => !dialog(el), 'closed', SLOW);
    await waitUntil(() => rowWith(el, '+14155550199')?.textContent?.includes('Verified'), 'listed as verified', SLOW);
    expect(shown(el, '+1 415 555 0199 verified.')).to.equal(true);
    expect(byLabel(panel(el)!, 'Verify +14155550199'), 'a verified number has no Verify').to.equal(null);
  });

  it('AB-3.35 AB-7.42 a number added earlier is verified with a new code; a verified number is removed with the code its removal texts; an unverified one after a confirmation', async () => {
    const token = await signIn(ADMIN);
    await addUnverified(token, '+442071838750');
    await addUnverified(token, '+14155550111');
    const el = await renderPrivacy();
    await waitUntil(() => phoneRows(el).length === 2, 'two numbers', SLOW);
    expect(rowWith(el, '+442071838750')!.textContent).to.contain('Not verified');

    // verify the first: a new code, then the code
    byLabel(panel(el)!, 'Verify +442071838750')!.click();
    await waitUntil(() => dialog(el)?.querySelector('[data-step=phone]'), 'verify dialog', SLOW);
    expect(dialogTitle(el)).to.equal('Verify +442071838750');
    expect(dialog(el)!.textContent).to.contain('We’ll text a code to +442071838750.');
    button(dialog(el)!, 'Send code')!.click();
    await waitUntil(() => dialog(el)?.querySelector('[data-step=code]'), 'code step', SLOW);
    fill(input(dialog(el)!, 'code')!, await textedCode('+442071838750'));
    button(dialog(el)!, 'Verify')!.click();
    await waitUntil(() => !dialog(el), 'closed', SLOW);
    await waitUntil(() => rowWith(el, '+442071838750')?.textContent?.includes('Verified'), 'verified', SLOW);

    // remove the verified one: the removal texts a code first
    byLabel(panel(el)!, 'Remove +442071838750')!.click();
    await waitUntil(() => dialog(el)?.querySelector('[data-step=send]'), 'remove dialog', SLOW);
    expect(dialog(el)!.getAttribute('role')).to.equal('alertdialog');
    expect(active(el)?.textContent, 'Cancel has the focus').to.equal('Cancel');
    button(dialog(el)!, 'Send code')!.click();
    await waitUntil(() => dialog(el)?.querySelector('[data-step=code]'), 'the removal code asked', SLOW);
    expect(phoneRows(el)).to.have.length(2, 'still there until the code is entered');
    fill(input(dialog(el)!, 'code')!, await textedCode('+442071838750'));
    button(dialog(el)!, 'Remove')!.click();
    await waitUntil(() => !dialog(el), 'closed', SLOW);
    await waitUntil(() => phoneRows(el).length === 1, 'removed', SLOW);
    expect(shown(el, '+442071838750 removed.')).to.equal(true);

    // remove the unverified one: a confirmation
    byLabel(panel(el)!, 'Remove +14155550111')!.click();
    await waitUntil(() => dialog(el)?.getAttribute('role') === 'alertdialog', 'confirm', SLOW);
    expect(dialog(el)!.textContent).to.contain('+14155550111 is not verified. It will be removed from your account.');
    button(dialog(el)!, 'Remove')!.click();
    await waitUntil(() => shown(el, 'No phone numbers yet.'), 'none left', SLOW);
    // the server agrees
    expect(((await api(token, 'GET', `${PHONES}/me`)) as unknown[]).length).to.equal(0);
  });

  it('AB-7.41 AB-9.10 numbers are listed 10 to a page: 12 numbers make two pages', async () => {
    expect(PHONE_NUMBERS_PAGE_SIZE).to.equal(10);
    const token = await signIn(ADMIN);
    for (let i = 0; i < 12; i++) await addUnverified(token, `+1415555${String(200 + i).padStart(4, '0')}`);
    const el = await renderPrivacy();
    await waitUntil(() => phoneRows(el).length === 10, 'the first 10', SLOW);
    expect(phoneRows(el)[0].textContent).to.contain('+14155550200');
    const pages = panel(el)!.querySelector('nav')!;
    expect(pages.textContent).to.contain('12');
    button(pages, 'Next')!.click();
    await waitUntil(() => phoneRows(el).length === 2, 'the last 2', SLOW);
    expect(phoneRows(el).map((r) => r.textContent?.match(/\+\d+/)?.[0])).to.deep.equal(['+14155550210', '+14155550211']);
  });

  it('a refused number keeps the dialog and the input, announced; a failed list shows the error with Try again', async () => {
    await signIn(ADMIN);
    const el = await renderPrivacy();
    await waitUntil(() => panel(el) && shown(el, 'No phone numbers yet.'), 'the empty list', SLOW);
    button(panel(el)!, 'Add phone number')!.click();
    await waitUntil(() => dialog(el)?.querySelector('[data-step=phone]'), 'the number step', SLOW);
    fill(input(dialog(el)!, 'phoneNumber')!, '415 555 0100');
    button(dialog(el)!, 'Send code')!.click();
    await waitUntil(() => dialog(el)?.querySelector('[role=alert]')?.textContent?.includes('country code'), 'refused', SLOW);
    expect(input(dialog(el)!, 'phoneNumber')!.value).to.equal('415 555 0100');
    await expect(el).to.be.accessible();
    button(dialog(el)!, 'Cancel')!.click();
    await waitUntil(() => !dialog(el), 'closed');

    await callEmulator('PUT', '/_emulator/faults', { faults: [{ method: 'GET', path: PHONES, status: 503, body: { errors: ['Phone numbers unavailable'] } }] });
    const failing = await renderPrivacy();
    await waitUntil(() => alertText(failing).includes('Phone numbers unavailable'), 'the error', SLOW);
    await callEmulator('DELETE', '/_emulator/faults');
    button(panel(failing)!, 'Try again')!.click();
    await waitUntil(() => shown(failing, 'No phone numbers yet.') && !alertText(failing).includes('Phone numbers unavailable'), 'read after the retry', SLOW);
  });
});

describe('<fe-admin-privacy> phone numbers (preview)', () => {
  it('AB-3.35 filled: a verified and an unverified number, with no axe violations', async () => {
    const el = await renderStory('privacy', 'filled');
    await waitUntil(() => phoneRows(el).length === 2, 'two numbers', SLOW);
    expect(rowWith(el, '+14155550123')!.textContent).to.contain('Verified');
    expect(rowWith(el, '+442071838750')!.textContent).to.contain('Not verified');
    await expect(el).to.be.accessible();
  });

  it('empty and loading states have no axe violations', async () => {
    const empty = await renderStory('privacy', 'empty');
    await waitUntil(() => shown(empty, 'No phone numbers yet.'), 'empty', SLOW);
    await expect(empty).to.be.accessible();
    const loading = await renderStory('privacy', 'loading');
    await waitUntil(() => panel(loading)?.querySelector('[role=status]'), 'loading', SLOW);
    await expect(loading).to.be.accessible();
  });
});
