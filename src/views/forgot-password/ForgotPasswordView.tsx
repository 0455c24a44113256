/**
 * `<fe-forgot-password>`'s view (sign-in §4 forgotPassword → success):
 * renders the machine's snapshot, sends `email.submit` and `route.open`.
 */
import { useSelector } from '@xstate/react';
import { useState } from 'react';
import type { ActorRefFrom } from 'xstate';
import type { forgotPasswordMachine } from '../../../machines/forgot-password.machine.ts';
import { errorText } from '../../i18n/index.ts';
import * as c from '../shared/card.css.ts';
import { useFlow } from '../shared/flow.tsx';
import { useT } from '../../i18n/use-t.ts';
import { Card, Field, focusFirstInvalid, LightForm, SubmitButton } from '../shared/ui.tsx';
import { looksLikeEmail } from '../../auth/email.ts';

export function ForgotPasswordView() {
  const { actor, app, host } = useFlow<ActorRefFrom<typeof forgotPasswordMachine>>();
  const t = useT(app);
  const snapshot = useSelector(actor, (s) => s);
  const [fieldError, setFieldError] = useState('');
  const back = (
    <button type="button" className={c.linkButton} onClick={() => actor.send({ type: 'route.open', route: 'loginUrl' })}>
      {t('login.backToLogin')}
    </button>
  );
  if (snapshot.matches('success')) {
    return <Card step="success" title={t('forgotPassword.success.title')} subtitle={t('forgotPassword.success.body', { email: snapshot.context.email })} footer={back} />;
  }
  const busy = snapshot.hasTag('busy');
  const onSubmit = (data: FormData, form: HTMLFormElement) => {
    const value = String(data.get('email') ?? '').trim();
    const problem = !value ? t('login.email.required') : looksLikeEmail(value) ? '' : t('login.email.invalid');
    setFieldError(problem);
    if (problem) return focusFirstInvalid(form);
    actor.send({ type: 'email.submit', email: value });
  };
  return (
    <Card step="forgotPassword" title={t('forgotPassword.title')} subtitle={t('forgotPassword.body')} error={errorText(t, snapshot.context.error)} footer={back}>
      <LightForm host={host} name="forgotPassword" busy={busy} onSubmit={onSubmit} focusKey="forgotPassword">
        <Field label={t('login.email.label')} name="email" type="email" inputMode="email" autoComplete="username" defaultValue={snapshot.context.email} error={fieldError} />
        <SubmitButton busy={busy} label={t('forgotPassword.submit')} busyLabel={t('forgotPassword.busy')} />
      </LightForm>
    </Card>
  );
}
