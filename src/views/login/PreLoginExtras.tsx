/**
 * preLogin's extras (loaded on demand with React.lazy, only when there is
 * one): "Sign in with a passkey" (the vendor's Passkeys strategy is active),
 * the vendor's social login buttons (a click starts that provider's sign-in),
 * and, for a browser with a registered quick SMS login, "Text me a sign-in
 * code". Renders the login machine's snapshot, sends its events.
 */
import { lazy, Suspense } from 'react';
import type { LoginEvent, LoginSnapshot } from '../../../machines/login.machine.ts';
import { enPasswordless } from '../../i18n/en-passwordless.ts';
import { addMessages, type Translate } from '../../i18n/index.ts';
import { PasskeyEntry } from '../../passkeys/views.tsx';
import * as c from '../shared/card.css.ts';

// "Text me a sign-in code"
addMessages('en', enPasswordless);

const SocialLoginButtons = lazy(() => import('../../federation/views.tsx').then((m) => ({ default: m.SocialLoginButtons })));

/** The extras of preLogin (the default export, for React.lazy). */
export default function PreLoginExtras({ t, snapshot, send }: { t: Translate; snapshot: LoginSnapshot; send: (e: LoginEvent) => void }) {
  const busy = snapshot.hasTag('busy');
  const ctx = snapshot.context;
  const providers = ctx.socialProviders ?? [];
  return (
    <>
      <PasskeyEntry t={t} snapshot={snapshot} send={send} />
      {providers.length ? (
        <Suspense>
          <SocialLoginButtons
            t={t}
            providers={providers}
            started={snapshot.matches({ preLogin: 'social' }) ? ctx.socialStarted : null}
            onStart={(p) => !busy && send({ type: 'social.start', provider: p.key })}
          />
        </Suspense>
      ) : null}
      {ctx.quickLoginUserId ? (
        <button type="button" className={c.secondaryButton} part="quick-sms" aria-disabled={busy ? true : undefined} onClick={() => !busy && send({ type: 'quickSms.start' })}>
          {t('passwordless.quickSms.start')}
        </button>
      ) : null}
    </>
  );
}
