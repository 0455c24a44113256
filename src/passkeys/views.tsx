/**
 * Passkey views of the login box (loaded on demand with React.lazy):
 * - {@link PasskeyEntry}: on the preLogin step, the "Sign in with a passkey"
 *   button (only when the vendor's Passkeys strategy is active) and browser
 *   autofill of passkeys (conditional mediation) started after the first
 *   render and aborted when the step changes or a call is under way.
 * - {@link PasskeyPrompt}: the promptPasskeys step ("Add a passkey" / "Not now").
 * Both send login-machine events; the calls run in the machine's actors
 * (src/views/login/LoginBox.tsx → ./index.ts), except the autofill ceremony,
 * which waits on the page for as long as the step shows.
 */
import { useEffect, useState } from 'react';
import { loginStep, type LoginEvent, type LoginSnapshot } from '../../machines/login.machine.ts';
import type { FeApp } from '../app/app.ts';
import type { Translate } from '../i18n/index.ts';
import '../i18n/en-passkeys.ts';
import * as c from '../views/shared/card.css.ts';
import { Card, errorText } from '../views/shared/ui.tsx';

/** The login box's passkey part for the current step (the default export, for React.lazy): the prompt on promptPasskeys, else the entry. */
export default function Passkeys(props: { app: FeApp; t: Translate; snapshot: LoginSnapshot; send: (e: LoginEvent) => void }) {
  return loginStep(props.snapshot) === 'promptPasskeys' ? <PasskeyPrompt {...props} /> : <PasskeyEntry {...props} />;
}

/** The "Sign in with a passkey" button and passkey autofill of the preLogin step. */
export function PasskeyEntry({ app, t, snapshot, send }: { app: FeApp; t: Translate; snapshot: LoginSnapshot; send: (e: LoginEvent) => void }) {
  const [active, setActive] = useState(false);
  const busy = snapshot.hasTag('busy');
  const waiting = snapshot.matches({ preLogin: 'passkey' });
  useEffect(() => {
    let live = true;
    void import('./index.ts').then((m) => m.passkeysStrategyActive(app)).then((on) => live && setActive(on));
    return () => {
      live = false;
    };
  }, [app]);
  // browser autofill: a pending conditional request offers the site's passkeys in the email field's suggestions
  useEffect(() => {
    if (!active || busy || app.options.preview) return;
    const ctl = new AbortController();
    void import('./index.ts').then(async (m) => {
      try {
        const response = await m.signInWithPasskey(app, { conditional: true, signal: ctl.signal });
        if (!ctl.signal.aborted) send({ type: 'passkey.success', response });
      } catch (error) {
        if (!ctl.signal.aborted) app.logger.debug('passkey autofill ended', error);
      }
    });
    return () => ctl.abort();
  }, [active, busy, app, send]);
  if (!active) return null;
  return (
    <div style={{ flexBasis: '100%', display: 'grid', gap: '8px' }} data-passkeys="entry">
      <p style={{ margin: 0, textAlign: 'center' }} aria-hidden="true">
        {t('passkeys.or')}
      </p>
      <button
        type="button"
        className={c.secondaryButton}
        part="passkey-sign-in"
        aria-disabled={busy ? true : undefined}
        onClick={() => !busy && send({ type: 'passkey.start' })}
      >
        {waiting ? t('passkeys.signIn.waiting') : t('passkeys.signIn')}
      </button>
    </div>
  );
}

/** promptPasskeys: checking (busy), idle (offer), registering (busy), with the error of a failed registration. */
export function PasskeyPrompt({ app, t, snapshot, send }: { app: FeApp; t: Translate; snapshot: LoginSnapshot; send: (e: LoginEvent) => void }) {
  const error = errorText(t, snapshot.context.error);
  if (snapshot.matches({ promptPasskeys: 'checking' })) return <Card step="promptPasskeys" title={t('login.success.title')} busyText={t('passkeys.checking')} />;
  const registering = snapshot.matches({ promptPasskeys: 'registering' });
  return (
    <Card
      step="promptPasskeys"
      title={t('passkeys.prompt.title')}
      subtitle={t('passkeys.prompt.body')}
      error={error}
      busyText={registering ? t('passkeys.prompt.adding') : undefined}
    >
      <button
        type="button"
        className={c.button}
        part="passkey-add"
        aria-disabled={registering ? true : undefined}
        onClick={() => !registering && send({ type: 'passkeys.add' })}
      >
        {t('passkeys.prompt.add')}
      </button>
      <button
        type="button"
        className={c.secondaryButton}
        part="passkey-skip"
        aria-disabled={registering ? true : undefined}
        onClick={() => {
          if (registering) return;
          // remembered per user (sign-in §4): the prompt does not come back
          void import('./index.ts').then((m) => m.dismissPasskeysPrompt(app, snapshot.context.user));
          send({ type: 'passkeys.skip' });
        }}
      >
        {t('passkeys.prompt.skip')}
      </button>
    </Card>
  );
}
