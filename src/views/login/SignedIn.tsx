import { useStore } from '@nanostores/react';
import { useState } from 'react';
import { dispatch } from '../../../elements/internal/react-element.ts';
import type { FeApp } from '../../app/app.ts';
import type { Translate } from '../../i18n/index.ts';
import '../../i18n/en-login-more.ts';
import * as c from '../shared/card.css.ts';
import { Card } from '../shared/ui.tsx';

/** The login box when a session exists (loaded on demand): who is signed in, and "Sign out" (fires fe-logout). */
export default function SignedIn({ app, host, t }: { app: FeApp; host: HTMLElement; t: Translate }) {
  const session = useStore(app.stores.$session);
  const [busy, setBusy] = useState(false);
  const signOut = async () => {
    setBusy(true);
    await app.logout();
    dispatch(host, 'fe-logout', {});
    setBusy(false);
  };
  return (
    <Card step="signedIn" title={t('login.signedIn.title')} subtitle={t('login.signedIn.body', { email: session.user?.email ?? '' })}>
      <button type="button" className={c.button} onClick={signOut} aria-disabled={busy ? true : undefined} part="sign-out">
        {busy ? t('login.signingOut') : t('login.signOut')}
      </button>
    </Card>
  );
}
