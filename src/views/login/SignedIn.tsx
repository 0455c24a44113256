/**
 * The login box when a session exists (loaded on demand): who is signed in,
 * and "Sign out" (the machine signs out, then `fe-logout` fires).
 */
import type { LoginEvent } from '../../../machines/login.machine.ts';
import { enLoginMore } from '../../i18n/en-login-more.ts';
import { addMessages, type Translate } from '../../i18n/index.ts';
import * as c from '../shared/card.css.ts';
import { Card } from '../shared/ui.tsx';

// this chunk's texts
addMessages('en', enLoginMore);

/** The signed-in card (the default export, for React.lazy); `busy` while signing out. */
export default function SignedIn({ t, email, busy, send }: { t: Translate; email: string; busy: boolean; send: (e: LoginEvent) => void }) {
  return (
    <Card step="signedIn" title={t('login.signedIn.title')} subtitle={t('login.signedIn.body', { email })} busyText={busy ? t('login.signingOut') : undefined}>
      <button type="button" className={c.button} onClick={() => !busy && send({ type: 'session.signOut' })} aria-disabled={busy ? true : undefined} part="sign-out">
        {busy ? t('login.signingOut') : t('login.signOut')}
      </button>
    </Card>
  );
}
