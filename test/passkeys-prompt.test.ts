/**
 * The passkey prompt's conditions (sign-in §4 "Passkey prompt"), checked by
 * `shouldPromptPasskeys` against the real emulator (flag, strategy and
 * devices come from it); the whole prompt runs in test/e2e/passkeys.e2e.ts.
 */
import { expect, fixture, html, waitUntil } from '@open-wc/testing';
import type { FeAppElement } from '../elements/fe-app.ts';
import '../elements/fe-app.ts';
import { preferredLoginMethod, shouldPromptPasskeys } from '../src/passkeys/index.ts';
import type { AuthUser } from '../src/stores/index.ts';
import { ADMIN, resetEmulator } from './helpers/emulator.ts';

const passkeysSettings = (body: Record<string, boolean>) =>
  fetch('/_emulator/passkeys', { method: 'PUT', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

describe('passkey prompt conditions', () => {
  beforeEach(async () => {
    await resetEmulator();
    localStorage.clear();
  });
  after(() => passkeysSettings({ strategy: false, flag: false }));

  it('SI-4.45 the prompt is offered after a password sign-in, but not when the preferred login method is passkeys', async () => {
    await passkeysSettings({ strategy: true, flag: true });
    const el = await fixture<FeAppElement>(html`<fe-app base-url=${location.origin} name="passkeys-prompt"></fe-app>`);
    await waitUntil(() => el.app?.stores.$loading.get().phase === 'ready', 'app ready', { timeout: 10000 });
    const { user } = (await el.app!.auth.login({ email: ADMIN.email, password: ADMIN.password }).then((r) => el.app!.completeLogin(r)))!;
    // signed in with a password (amr pwd): every condition holds
    expect(preferredLoginMethod(user)).to.equal('Other');
    expect(await shouldPromptPasskeys(el.app!, user)).to.equal(true);
    // a security key as second factor does not make passkeys the preferred method
    expect(await shouldPromptPasskeys(el.app!, { ...user, amr: ['pwd', 'mfa', 'hwk'] } as AuthUser)).to.equal(true);
    // the same user signed in with a passkey (amr hwk): no prompt
    const withPasskey = { ...user, amr: ['hwk'] } as AuthUser;
    expect(preferredLoginMethod(withPasskey)).to.equal('Passkeys');
    expect(await shouldPromptPasskeys(el.app!, withPasskey)).to.equal(false);
  });
});
