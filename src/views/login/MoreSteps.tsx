/**
 * The login steps after the first (loaded on demand with React.lazy):
 * redirectToSSO, recoverTwoFactor.
 * Renders the login machine's snapshot, sends its events.
 */
import type { ReactNode } from 'react';
import type { LoginStep } from '../../../machines/login.machine.ts';
import { enLoginMore } from '../../i18n/en-login-more.ts';
import { addMessages, errorText } from '../../i18n/index.ts';
import * as c from '../shared/card.css.ts';
import { Card, Field, focusFirstInvalid, LightForm, SubmitButton } from '../shared/ui.tsx';
import type { LoginStepProps } from './step-props.ts';

// this chunk's texts
addMessages('en', enLoginMore);

/** The later login step shown (the default export, for React.lazy). */
export default function MoreSteps({
  step,
  host,
  t,
  snapshot,
  send,
  fieldErrors,
  setFieldErrors,
  back,
}: LoginStepProps & {
  step: LoginStep;
  back: ReactNode;
}) {
  const busy = snapshot.hasTag('busy');
  const ctx = snapshot.context;
  const error = errorText(t, ctx.error);
  switch (step) {
    case 'redirectToSSO':
      return (
        <Card step={step} title={t('login.redirectToSSO.title')} subtitle={t('login.redirectToSSO.body')} busyText={t('login.redirectToSSO.status')}>
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
    default:
      return null;
  }
}
