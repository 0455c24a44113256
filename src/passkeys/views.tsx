/**
 * Passkey views of the login box (loaded on demand with React.lazy):
 * - {@link PasskeyEntry}: on the preLogin step, the "Sign in with a passkey"
 *   button (shown only when the vendor's Passkeys strategy is active: the
 *   login machine's `passkeys`). Browser autofill of passkeys (conditional
 *   mediation) runs in the machine (actor `passkeyAutofill`) while preLogin waits.
 *   Renders the login machine's snapshot and sends its events.
 * - {@link PasskeyPrompt}: the promptPasskeys step ("Add a passkey" / "Not
 *   now") of the steps after sign-in (machines/after-sign-in.machine.ts):
 *   renders that machine's snapshot and sends its events.
 * The calls run in the machines' actors (→ ./index.ts).
 */
import type { AfterSignInEvent, AfterSignInSnapshot } from '../../machines/after-sign-in.machine.ts';
import type { LoginEvent, LoginSnapshot } from '../../machines/login.machine.ts';
import { enLoginMore } from '../i18n/en-login-more.ts';
import { enPasskeys } from '../i18n/en-passkeys.ts';
import { addMessages, errorText, type Translate } from '../i18n/index.ts';
import * as c from '../views/shared/card.css.ts';
import { Card } from '../views/shared/ui.tsx';

// this chunk's texts ("Signed in" while the prompt is checked)
addMessages('en', enPasskeys);
addMessages('en', enLoginMore);

/** The "Sign in with a passkey" button of the preLogin step. */
export function PasskeyEntry({ t, snapshot, send }: { t: Translate; snapshot: LoginSnapshot; send: (e: LoginEvent) => void }) {
  const busy = snapshot.hasTag('busy');
  const waiting = snapshot.matches({ preLogin: 'passkey' });
  if (!snapshot.context.passkeys) return null;
  return (
    <div style={{ flexBasis: '100%', display: 'grid', gap: '8px' }} data-passkeys="entry">
      <p style={{ margin: 0, textAlign: 'center' }} aria-hidden="true">
        {t('passkeys.or')}
      </p>
      <button type="button" className={c.secondaryButton} part="passkey-sign-in" aria-disabled={busy ? true : undefined} onClick={() => !busy && send({ type: 'passkey.start' })}>
        {waiting ? t('passkeys.signIn.waiting') : t('passkeys.signIn')}
      </button>
    </div>
  );
}

/** promptPasskeys: checking (busy), idle (offer), registering (busy), with the error of a failed registration. */
export function PasskeyPrompt({ t, snapshot, send }: { t: Translate; snapshot: AfterSignInSnapshot; send: (e: AfterSignInEvent) => void }) {
  const error = errorText(t, snapshot.context.error);
  if (snapshot.matches({ promptPasskeys: 'checking' })) return <Card step="promptPasskeys" title={t('login.success.title')} busyText={t('passkeys.checking')} />;
  const registering = snapshot.matches({ promptPasskeys: 'registering' });
  // "Not now" being remembered: the buttons wait too
  const dismissing = snapshot.matches({ promptPasskeys: 'dismissing' });
  const busy = registering || dismissing;
  return (
    <Card
      step="promptPasskeys"
      title={t('passkeys.prompt.title')}
      subtitle={t('passkeys.prompt.body')}
      error={error}
      busyText={registering ? t('passkeys.prompt.adding') : dismissing ? t('common.loading') : undefined}
    >
      <button type="button" className={c.button} part="passkey-add" aria-disabled={busy ? true : undefined} onClick={() => !busy && send({ type: 'passkeys.add' })}>
        {t('passkeys.prompt.add')}
      </button>
      <button
        type="button"
        className={c.secondaryButton}
        part="passkey-skip"
        aria-disabled={busy ? true : undefined}
        // remembered per user by the machine (sign-in §4): the prompt does not come back
        onClick={() => !busy && send({ type: 'passkeys.skip' })}
      >
        {t('passkeys.prompt.skip')}
      </button>
    </Card>
  );
}
