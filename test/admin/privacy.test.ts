/**
 * The privacy section: its pure parts (readable user agents, device rows, WebAuthn failures), the element against
 * the real emulator (authenticator app with real TOTP codes, SMS with the outbox's codes, WebAuthn wired, sessions),
 * gating, a keyboard-only enrolment, and every story state checked by axe-core.
 */
import { expect, waitUntil } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import '../../elements/admin/fe-admin-privacy.ts';
import { deviceRows, failureText } from '../../src/admin/privacy/devices.ts';
import { describeUserAgent } from '../../src/admin/privacy/user-agent.ts';
import type { AdminPortalOptions } from '../../src/admin/shell/ids.ts';
import type { MessageKey } from '../../src/i18n/index.ts';
import { enAdminPrivacy } from '../../src/admin/privacy/messages/en.ts';
import { STORY_ERROR_MESSAGE } from '../../stories/support/admin-story.tsx';
import { ADMIN, outbox, resetEmulator, totp } from '../helpers/emulator.ts';
import {
  active,
  alertText,
  button,
  callEmulator,
  columnHeaders,
  dialog,
  dialogTitle,
  expectAccessibleWhen,
  expectDialogLabelledAndFocused,
  expectNoAccess,
  fill,
  input,
  renderSection,
  renderStory,
  root,
  rowsOf,
  shown,
  signIn,
  signInWithoutRoles,
  SLOW,
  text,
} from './helpers.ts';

const renderPrivacy = (adminPortal?: AdminPortalOptions) => renderSection('fe-admin-privacy', { adminPortal });
const devices = (el: HTMLElement) => [...root(el).querySelectorAll<HTMLElement>('li[data-device]')];
const ready = (el: HTMLElement) => waitUntil(() => button(root(el), 'Add phone') && rowsOf(el).length > 0, 'privacy rendered', SLOW);
const t = (key: MessageKey, params: Record<string, string | number> = {}) =>
  ((enAdminPrivacy as Record<string, string>)[key] ?? key).replace(/\{(\w+)\}/g, (_, k: string) => String(params[k]));
const mfaSettings = (body: unknown) => callEmulator('PUT', '/_emulator/mfa-settings', body);

describe('privacy parts (pure)', () => {
  const words = { on: (b: string, o: string) => `${b} on ${o}`, unknown: 'Unknown device' };
  it('AB-3.19 user agents read as people name them', () => {
    expect(describeUserAgent('Mozilla/5.0 (Macintosh; Intel Mac OS X 14_0) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36', words)).to.equal('Chrome on macOS');
    expect(describeUserAgent('Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 Version/18.0 Mobile/15E148 Safari/604.1', words)).to.equal(
      'Safari on iOS',
    );
    expect(describeUserAgent('Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0', words)).to.equal('Firefox on Windows');
    expect(describeUserAgent('Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 Chrome/131.0 Safari/537.36 Edg/131.0', words)).to.equal('Edge on Windows');
    expect(describeUserAgent('Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/131.0 Safari/537.36', words)).to.equal('Chrome on Linux');
    expect(describeUserAgent('Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 Chrome/131.0 Mobile Safari/537.36', words)).to.equal('Chrome on Android');
    expect(describeUserAgent(undefined, words)).to.equal('Unknown device');
  });

  it('SI-3.16 SI-3.18 lists authenticator apps, phones, security keys and passkeys; WebAuthn failures read in our words', () => {
    const rows = deviceRows(
      { authenticators: [{ id: 'a' }], phones: [{ id: 'p', phoneNumber: '+1•••0100' }], webauthn: [{ id: 'k', deviceType: 'CrossPlatform' }], emails: [] },
      [{ id: 'pk', deviceType: 'Platform', createdAt: '2025-01-02T00:00:00Z' }],
      t,
    );
    expect(rows.map((r) => [r.kind, r.name])).to.deep.equal([
      ['authenticator', 'Authenticator app'],
      ['sms', 'Text messages to +1•••0100'],
      ['securityKey', 'Security key'],
      ['passkey', 'Passkey'],
    ]);
    expect(failureText(new DOMException('timed out', 'NotAllowedError'), t)).to.equal(t('admin.privacy.webauthn.cancelled'));
    expect(failureText(new DOMException('dup', 'InvalidStateError'), t)).to.equal(t('admin.privacy.webauthn.exists'));
    expect(failureText({ message: 'Server said no' }, t)).to.equal('Server said no');
  });
});

describe('<fe-admin-privacy> against the emulator', () => {
  beforeEach(async () => {
    await resetEmulator();
  });

  it('SI-7.55 keyboard only: add an authenticator app (QR code, setup key, real TOTP code) → recovery code shown once → listed; removing it asks for a code', async () => {
    await signIn(ADMIN);
    const el = await renderPrivacy();
    await ready(el);
    expect(text(el)).to.contain('No devices yet.');
    button(root(el), 'Add authenticator app')!.focus();
    await sendKeys({ press: 'Enter' });
    await waitUntil(() => dialog(el)?.querySelector('[data-step=scan]'), 'scan step', SLOW);
    const d = dialog(el)!;
    expect(dialogTitle(el)).to.equal('Add an authenticator app');
    const qr = d.querySelector<HTMLImageElement>('img[data-qr]')!;
    expect(qr.src).to.match(/^data:image\/png;base64,/);
    expect(qr.alt).to.equal('QR code to add this account to your authenticator app');
    const secret = d.querySelector('[data-secret]')!.textContent!.trim();
    expect(secret).to.match(/^[A-Z2-7]{16,}$/);
    const code = input(d, 'code')!;
    expect(code.autocomplete).to.equal('one-time-code');
    expect(code.inputMode).to.equal('numeric');
    await waitUntil(() => active(el) === code, 'code field focused');
    // a wrong code first: refused, the dialog stays
    await sendKeys({ type: '000000' });
    await sendKeys({ press: 'Enter' });
    await waitUntil(() => d.querySelector('[role=alert]')?.textContent?.includes('Invalid code'), 'wrong code refused', SLOW);
    code.select();
    await sendKeys({ type: totp(secret) });
    await sendKeys({ press: 'Enter' });
    await waitUntil(() => dialog(el)?.querySelector('[data-step=recovery]'), 'recovery code', SLOW);
    expect(dialog(el)!.querySelector('[data-recovery-code]')!.textContent!.trim()).to.not.equal('');
    await waitUntil(() => active(el)?.textContent === 'I saved it', 'focus on I saved it');
    await sendKeys({ press: 'Enter' });
    await waitUntil(() => !dialog(el), 'closed');
    await waitUntil(() => devices(el).some((li) => li.dataset.device === 'authenticator'), 'listed', SLOW);
    expect(text(el)).to.contain('Authenticator app added.');
    expect(button(root(el), 'Add authenticator app')).to.equal(undefined);

    // remove: the dialog asks for a current code (the next step's: a used code is refused)
    devices(el)[0].querySelector<HTMLButtonElement>('button')!.click();
    await waitUntil(() => dialog(el)?.getAttribute('role') === 'alertdialog', 'remove dialog');
    const r = dialog(el)!;
    expect(r.textContent).to.contain('Enter a current code from this authenticator app');
    fill(input(r, 'code')!, totp(secret, 1));
    button(r, 'Remove')!.click();
    await waitUntil(() => !dialog(el), 'removed', SLOW);
    await waitUntil(() => devices(el).length === 0, 'gone', SLOW);
  });

  it('SI-7.55 add a phone: number → code from the outbox → recovery code → listed; remove sends a code to that phone first', async () => {
    await mfaSettings({ strategies: { SMS: true }, resendIntervalSeconds: 0 });
    await signIn(ADMIN);
    const el = await renderPrivacy();
    await ready(el);
    button(root(el), 'Add phone')!.click();
    await waitUntil(() => dialog(el)?.querySelector('[data-step=phone]'), 'phone step');
    let d = dialog(el)!;
    fill(input(d, 'phoneNumber')!, '+15551234567');
    button(d, 'Send code')!.click();
    await waitUntil(() => dialog(el)?.querySelector('[data-step=code]'), 'code step', SLOW);
    d = dialog(el)!;
    const sms = ((await outbox()) as { to: string; channel: string; code?: string }[]).find((m) => m.channel === 'sms' && m.to === '+15551234567')!;
    fill(input(d, 'code')!, sms.code!);
    button(d, 'Verify')!.click();
    await waitUntil(() => dialog(el)?.querySelector('[data-step=recovery]'), 'recovery', SLOW);
    button(dialog(el)!, 'I saved it')!.click();
    await waitUntil(() => devices(el).some((li) => li.dataset.device === 'sms'), 'phone listed', SLOW);
    const phone = devices(el).find((li) => li.dataset.device === 'sms')!;
    expect(phone.textContent).to.contain('Text messages to');
    expect(phone.textContent).to.not.contain('+15551234567');

    phone.querySelector<HTMLButtonElement>('button')!.click();
    await waitUntil(() => dialog(el)?.querySelector('[data-step=send]'), 'send step');
    button(dialog(el)!, 'Send code')!.click();
    await waitUntil(() => dialog(el)?.querySelector('[data-step=code]'), 'code asked', SLOW);
    const removal = ((await outbox()) as { to: string; channel: string; code?: string; text: string }[]).find((m) => m.channel === 'sms' && m.text.includes('remove'))!;
    fill(input(dialog(el)!, 'code')!, removal.code!);
    button(dialog(el)!, 'Remove')!.click();
    await waitUntil(() => !dialog(el), 'closed', SLOW);
    await waitUntil(() => devices(el).length === 0, 'phone gone', SLOW);
  });

  it('SI-7.55 security key and passkey buttons run the WebAuthn ceremony; a cancelled browser dialog is explained and can be retried', async () => {
    await mfaSettings({ strategies: { WebAuthnCrossPlatform: true, WebAuthnPlatform: true } });
    await signIn(ADMIN);
    const el = await renderPrivacy();
    await ready(el);
    const original = navigator.credentials.create;
    let asked = 0;
    navigator.credentials.create = async (options?: CredentialCreationOptions) => {
      asked++;
      expect(options?.publicKey?.challenge).to.be.instanceOf(ArrayBuffer);
      throw new DOMException('The operation either timed out or was not allowed.', 'NotAllowedError');
    };
    try {
      button(root(el), 'Add security key')!.click();
      await waitUntil(() => dialog(el)?.querySelector('[data-step=failed]'), 'failed step', SLOW);
      expect(dialog(el)!.querySelector('[role=alert]')!.textContent).to.equal(t('admin.privacy.webauthn.cancelled'));
      button(dialog(el)!, 'Try again')!.click();
      await waitUntil(() => asked === 2, 'asked again', SLOW);
      await waitUntil(() => dialog(el)?.querySelector('[data-step=failed]'), 'failed again', SLOW);
      button(dialog(el)!, 'Cancel')!.click();
      await waitUntil(() => !dialog(el), 'closed');

      button(root(el), 'Add passkey')!.click();
      await waitUntil(() => asked === 3, 'passkey ceremony', SLOW);
      await waitUntil(() => alertText(el) === t('admin.privacy.webauthn.cancelled'), 'passkey failure explained', SLOW);
    } finally {
      navigator.credentials.create = original;
    }
  });

  it('AB-3.19 AB-7.39 sessions: readable device, IP, "This device"; sign out one (confirmed), then all others (confirmed)', async () => {
    await signIn(ADMIN, 'omit');
    await signIn(ADMIN, 'omit');
    await signIn(ADMIN, 'omit');
    await signIn(ADMIN);
    const el = await renderPrivacy();
    await ready(el);
    await waitUntil(() => rowsOf(el).length === 4, `4 sessions (${rowsOf(el).length})`, SLOW);
    const current = rowsOf(el).filter((r) => r.textContent?.includes('This device'));
    expect(current.length).to.equal(1);
    expect(current[0].textContent).to.contain('Chrome on Linux');
    expect(current[0].querySelector('button')).to.equal(null);
    expect(columnHeaders(el).slice(0, 3)).to.deep.equal(['Device', 'IP address', 'Signed in']);

    const other = rowsOf(el).find((r) => !r.textContent?.includes('This device'))!;
    other.querySelector<HTMLButtonElement>('button')!.click();
    await waitUntil(() => dialog(el)?.getAttribute('role') === 'alertdialog', 'confirm one');
    expect(dialog(el)!.textContent).to.contain('Sign out this session?');
    button(dialog(el)!, 'Sign out')!.click();
    await waitUntil(() => rowsOf(el).length === 3, 'one signed out', SLOW);
    await waitUntil(() => shown(el, 'Session signed out.'), 'toast');

    button(root(el), 'Sign out all other sessions')!.click();
    await waitUntil(() => dialog(el)?.textContent?.includes('Every session but this one (2) will be signed out.'), 'confirm all');
    button(dialog(el)!, 'Sign out all other sessions')!.click();
    await waitUntil(() => rowsOf(el).length === 1, 'only this one', SLOW);
    expect(rowsOf(el)[0].textContent).to.contain('This device');
    expect(button(root(el), 'Sign out all other sessions')!.disabled).to.equal(true);
    // the server agrees
    const again = await renderPrivacy();
    await ready(again);
    await waitUntil(() => rowsOf(again).length === 1, 'read back');
  });

  it('sessions in the portal at 1280 px: the "Signed in" date and time whole, the Sign out button clear of the table’s edge (issue 31 item 7)', async () => {
    await signIn(ADMIN, 'omit');
    await signIn(ADMIN);
    await import('../../elements/fe-admin-portal.ts');
    history.replaceState(null, '', '#/admin/privacy');
    try {
      const portal = await renderSection('fe-admin-portal');
      await waitUntil(() => rowsOf(portal).length === 2, 'two sessions', SLOW);
      const col = columnHeaders(portal).indexOf('Signed in');
      for (const row of rowsOf(portal)) {
        const cell = row.querySelectorAll('td')[col];
        expect(cell.textContent, 'date and time').to.match(/\d{4}.*\d{1,2}:\d{2}/);
        for (const e of [cell, ...cell.querySelectorAll<HTMLElement>('*')]) expect(e.scrollWidth, `"${cell.textContent}" is not cut`).to.be.at.most(e.clientWidth + 1);
      }
      const signOut = rowsOf(portal)
        .map((r) => r.querySelector('button'))
        .find(Boolean)!;
      const td = signOut.closest('td')!;
      expect(td.scrollWidth, 'the button fits its cell').to.be.at.most(td.clientWidth + 1);
      const table = root(portal).querySelector('table')!.getBoundingClientRect();
      expect(signOut.getBoundingClientRect().right, 'clear of the table’s edge').to.be.at.most(table.right - 8);
    } finally {
      history.replaceState(null, '', location.pathname);
    }
  });

  it('SI-6.01 gating: privacy needs no permission key (a user with no roles sees it); a host that restricts it gets "You don’t have access"', async () => {
    await signInWithoutRoles();
    await ready(await renderPrivacy());
    await expectNoAccess(await renderPrivacy({ privacy: { permissions: ['fe.secure.read.privacy-admins-only'] } }), 'table');
  });
});

describe('<fe-admin-privacy> accessibility (axe-core) in every story state', () => {
  it('filled (demo devices and sessions) has no axe violations', async () => {
    const el = await renderStory('privacy', 'filled');
    await waitUntil(() => devices(el).length > 0 && rowsOf(el).length > 0, 'lists', SLOW);
    expect(text(el)).to.contain('Chrome on macOS');
    expect(text(el)).to.contain('Safari on iOS');
    await expect(el).to.be.accessible();
  });

  it('empty sessions say so, and have no axe violations', async () => {
    await expectAccessibleWhen(await renderStory('privacy', 'empty'), (el) => shown(el, 'No sessions to show.'), 'empty');
  });

  it('loading shows progress and has no axe violations', async () => {
    await expectAccessibleWhen(await renderStory('privacy', 'loading'), (el) => root(el).querySelector('[role=status]'), 'loading');
  });

  it('AB-7.75 error shows the server message in an alert and has no axe violations', async () => {
    await expectAccessibleWhen(await renderStory('privacy', 'error'), (el) => alertText(el).includes(STORY_ERROR_MESSAGE), 'error');
  });

  for (const [name, title, step] of [
    ['authenticator', 'Add an authenticator app', 'scan'],
    ['sms', 'Add a phone', 'phone'],
    ['revokeAll', 'Sign out all other sessions?', ''],
  ]) {
    it(`the ${name} dialog is labelled, holds the focus and has no axe violations`, async () => {
      const el = await renderStory('privacy', 'filled', name);
      await waitUntil(() => dialog(el) && (!step || dialog(el)!.querySelector(`[data-step=${step}]`)), 'dialog', SLOW);
      await expectDialogLabelledAndFocused(el, title);
      await expect(el).to.be.accessible();
    });
  }
});
