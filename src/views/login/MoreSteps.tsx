import { useEffect, type Dispatch, type ReactNode, type SetStateAction } from 'react';
import { SSO_RETURN_KEY } from '../../federation/keys.ts';
import type { LoginEvent, LoginSnapshot, LoginStep } from '../../../machines/login.machine.ts';
import type { Translate } from '../../i18n/index.ts';
import '../../i18n/en-login-more.ts';
import * as c from '../shared/card.css.ts';
import { Card, errorText, Field, focusFirstInvalid, LightForm, SubmitButton } from '../shared/ui.tsx';

/** The login steps after the first (loaded on demand): redirectToSSO, recoverTwoFactor, breachedPassword, breachedPasswordSuccess. */
export function MoreSteps({
  step,
  host,
  t,
  snapshot,
  send,
  fieldErrors,
  setFieldErrors,
  back,
}: {
  step: LoginStep;
  host: HTMLElement;
  t: Translate;
  snapshot: LoginSnapshot;
  send: (e: LoginEvent) => void;
  fieldErrors: Record<string, string>;
  setFieldErrors: Dispatch<SetStateAction<Record<string, string>>>;
  back: ReactNode;
}) {
  const busy = snapshot.hasTag('busy');
  const ctx = snapshot.context;
  const error = errorText(t, ctx.error);
  switch (step) {
    case 'redirectToSSO':
      return (
        <Card step={step} title={t('login.redirectToSSO.title')} subtitle={t('login.redirectToSSO.body')} busyText={t('login.redirectToSSO.status')}>
          <KeepReturn redirectUrl={ctx.redirectUrl} />
          <button type="button" className={c.button} onClick={() => send({ type: 'sso.redirectNow' })}>
            {t('login.redirectToSSO.now')}
          </button>
        </Card>
      );
    case 'recoverTwoFactor': {
      const onSubmit = (data: FormData, form: HTMLFormElement) => {
        const recoveryCode = String(data.get('recoveryCode') ?? '').trim();
        if (!recoveryCode) {
          setFieldErrors({ recoveryCode: t('login.recover.code.required') });
          return focusFirstInvalid(form);
        }
        setFieldErrors({});
        send({ type: 'recover.submit', email: String(data.get('email') ?? ctx.email), recoveryCode });
      };
      return (
        <Card step={step} title={t('login.recover.title')} subtitle={t('login.recover.body')} error={error} footer={back}>
          <LightForm host={host} name="recover" busy={busy} onSubmit={onSubmit} focusKey={step}>
            <Field label={t('login.email.label')} name="email" type="email" autoComplete="username" defaultValue={ctx.email} readOnly={!!ctx.email} />
            <Field label={t('login.recover.code.label')} name="recoveryCode" autoComplete="off" error={fieldErrors.recoveryCode} focus />
            <SubmitButton busy={busy} label={t('login.recover.submit')} busyLabel={t('login.recover.busy')} />
          </LightForm>
        </Card>
      );
    }
    case 'breachedPassword':
      return (
        <Card step={step} title={t('login.breachedPassword.title')} subtitle={t('login.breachedPassword.body')} error={error} busyText={busy ? t('login.breachedPassword.sending') : undefined}>
          <button type="button" className={c.button} onClick={() => send({ type: 'breached.reset' })} aria-disabled={busy ? true : undefined}>
            {t('login.breachedPassword.reset')}
          </button>
          <button type="button" className={c.secondaryButton} onClick={() => send({ type: 'breached.continue' })}>
            {t('login.breachedPassword.continue')}
          </button>
        </Card>
      );
    case 'breachedPasswordSuccess':
      return (
        <Card step={step} title={t('login.breachedPasswordSuccess.title')} subtitle={t('login.breachedPasswordSuccess.body', { email: ctx.email })}>
          <button type="button" className={c.button} onClick={() => send({ type: 'breached.continue' })}>
            {t('login.breachedPassword.continue')}
          </button>
        </Card>
      );
    default:
      return null;
  }
}

/** Keeps the login page's `redirectUrl` for the OIDC/SAML callback while the browser is away at the identity provider (src/views/login/start.ts takes it). */
function KeepReturn({ redirectUrl }: { redirectUrl: string | null }) {
  useEffect(() => {
    try {
      if (redirectUrl) sessionStorage.setItem(SSO_RETURN_KEY, redirectUrl);
      else sessionStorage.removeItem(SSO_RETURN_KEY);
    } catch {
      /* no storage (sandboxed frame): the callback goes to the authenticated URL */
    }
  }, [redirectUrl]);
  return null;
}
