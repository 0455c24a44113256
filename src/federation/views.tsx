/**
 * Social login buttons of the login box (loaded on demand with React.lazy;
 * sign-in §3): one "Continue with …" button per active provider of the
 * vendor (built-in: microsoft, facebook, google, github, slack, apple,
 * linkedin — names from the catalogue; custom: the provider's display name).
 * Pure: the login machine lists the providers (actor `socialProviders`) and
 * starts the one clicked (`social.start`: authorization code + PKCE, then the
 * navigation to the provider). Renders nothing without providers.
 */
import { enFederation } from '../i18n/en-federation.ts';
import { addMessages, type MessageKey, type Translate } from '../i18n/index.ts';
import * as c from '../views/shared/card.css.ts';
import type { SocialProviderEntry } from './index.ts';

// this chunk's texts
addMessages('en', enFederation);

/** The catalogue name of a provider (brand text through i18n), or a custom provider's display name. */
export function providerName(t: Translate, p: Pick<SocialProviderEntry, 'type' | 'displayName'>): string {
  if (p.type === 'custom') return p.displayName || t('federation.provider.custom');
  const key = `federation.provider.${p.type}` as MessageKey;
  const text = t(key);
  return text === key ? p.type : text;
}

/**
 * The buttons for `providers` (pure: no loading). `onStart` runs on a click;
 * while `started` names a provider every button is disabled and that one
 * says "Redirecting to …".
 */
export function SocialLoginButtons({
  t,
  providers,
  started,
  error,
  onStart,
}: {
  t: Translate;
  providers: SocialProviderEntry[];
  started?: string | null;
  error?: string | null;
  onStart: (p: SocialProviderEntry) => void;
}) {
  if (providers.length === 0) return null;
  return (
    <div style={{ flexBasis: '100%', display: 'grid', gap: '8px' }} data-social-logins="" role="group" aria-label={t('federation.group')}>
      <p style={{ margin: 0, textAlign: 'center' }} aria-hidden="true">
        {t('federation.or')}
      </p>
      {providers.map((p) => {
        const name = providerName(t, p);
        return (
          <button
            key={p.key}
            type="button"
            className={c.secondaryButton}
            part="social-login-button"
            data-provider={p.type === 'custom' ? `custom:${p.key}` : p.type}
            aria-disabled={started ? true : undefined}
            style={{ minHeight: '40px', display: 'inline-flex', alignItems: 'center', justifyContent: 'center', gap: '8px' }}
            onClick={() => !started && onStart(p)}
          >
            {p.logoUrl ? <img src={p.logoUrl} alt="" width={20} height={20} /> : null}
            {started === p.key ? t('federation.redirecting', { provider: name }) : t('federation.continueWith', { provider: name })}
          </button>
        );
      })}
      {error ? (
        <p role="alert" className={c.alert} style={{ margin: 0 }}>
          {error}
        </p>
      ) : null}
    </div>
  );
}
