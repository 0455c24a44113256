/**
 * `<fe-activate-account>`'s view (sign-in §4 activating → activatingForm →
 * success, resend → resend): renders the machine's snapshot, sends
 * `activate.submit`, `resend.start`, `resend.submit` and `route.open`.
 */
import { useSelector } from '@xstate/react';
import { useState } from 'react';
import type { ActorRefFrom } from 'xstate';
import { activateAccountStep, type activateAccountMachine } from '../../../machines/activate-account.machine.ts';
import { DEFAULT_MIN_PASSWORD_LENGTH } from '../../auth/password-rules.ts';
import { errorText } from '../../i18n/index.ts';
import * as c from '../shared/card.css.ts';
import { useFlow } from '../shared/flow.tsx';
import { useT } from '../../i18n/use-t.ts';
import { NewPasswordFields, newPasswordErrors } from '../shared/new-password.tsx';
import { Card, digitsOf, Field, focusFirstInvalid, LightForm, SubmitButton } from '../shared/ui.tsx';
import { looksLikeEmail } from '../../auth/email.ts';

export function ActivateAccountView() {
  const { actor, app, host } = useFlow<ActorRefFrom<typeof activateAccountMachine>>();
  const t = useT(app);
  const snapshot = useSelector(actor, (s) => s);
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const step = activateAccountStep(snapshot);
  const busy = snapshot.hasTag('busy');
  const ctx = snapshot.context;
  const toLogin = () => actor.send({ type: 'route.open', route: 'loginUrl' });
  const back = (
    <button type="button" className={c.linkButton} onClick={toLogin}>
      {t('login.backToLogin')}
    </button>
  );
  const requestNew = (
    <button type="button" className={c.button} onClick={() => actor.send({ type: 'resend.start' })}>
      {t('activate.requestNew')}
    </button>
  );

  switch (step) {
    case 'invalid':
      return (
        <Card step="invalid" title={t('activate.invalid.title')} subtitle={t('activate.invalid.body')} footer={back}>
          {requestNew}
        </Card>
      );
    case 'failed':
      return (
        <Card step="failed" title={t('activate.failed.title')} subtitle={t('activate.failed.body')} error={errorText(t, ctx.error)} footer={back}>
          {requestNew}
        </Card>
      );
    case 'success':
      return <Card step="success" title={t('activate.success.title')} subtitle={t('activate.success.body')} />;
    case 'redirectToLogin':
      return (
        <Card step="redirectToLogin" title={t('activate.redirectToLogin.title')} subtitle={t('activate.redirectToLogin.body')}>
          <button type="button" className={c.button} onClick={toLogin}>
            {t('activate.signIn')}
          </button>
        </Card>
      );
    case 'resendSent':
      return <Card step="resendSent" title={t('activate.resend.sent.title')} subtitle={t('activate.resend.sent.body', { email: ctx.email })} footer={back} />;
    case 'resend': {
      const onResend = (data: FormData, form: HTMLFormElement) => {
        const value = String(data.get('email') ?? '').trim();
        const problem = !value ? t('login.email.required') : looksLikeEmail(value) ? '' : t('login.email.invalid');
        setFieldErrors({ email: problem });
        if (problem) return focusFirstInvalid(form);
        actor.send({ type: 'resend.submit', email: value });
      };
      return (
        <Card step="resend" title={t('activate.resend.title')} subtitle={t('activate.resend.body')} error={errorText(t, ctx.error)} footer={back}>
          <LightForm host={host} name="resendActivation" busy={busy} onSubmit={onResend} focusKey="resend">
            <Field label={t('login.email.label')} name="email" type="email" inputMode="email" autoComplete="email" defaultValue={ctx.email} error={fieldErrors.email} />
            <SubmitButton busy={busy} label={t('activate.resend.submit')} busyLabel={t('activate.resend.busy')} />
          </LightForm>
        </Card>
      );
    }
    case 'activatingForm': {
      const min = ctx.passwordConfig.minLength ?? DEFAULT_MIN_PASSWORD_LENGTH;
      const onSubmit = (data: FormData, form: HTMLFormElement) => {
        const errors: Record<string, string> = {};
        const code = digitsOf(data.get('code'));
        if (ctx.mode === 'code' && code.length !== 6) errors.code = t('activate.code.required');
        const password = String(data.get('password') ?? '');
        if (ctx.shouldSetPassword) Object.assign(errors, newPasswordErrors(t, 'activate', data, { minLength: min, ...ctx.passwordConfig }));
        setFieldErrors(errors);
        if (Object.keys(errors).length) return focusFirstInvalid(form);
        actor.send({ type: 'activate.submit', ...(ctx.shouldSetPassword ? { password } : {}), ...(ctx.mode === 'code' ? { code } : {}) });
      };
      return (
        <Card
          step="activatingForm"
          title={t('activate.title')}
          subtitle={ctx.mode === 'code' ? t('activate.form.codeSubtitle') : t('activate.form.subtitle')}
          error={errorText(t, ctx.error)}
          footer={
            <button type="button" className={c.linkButton} onClick={() => actor.send({ type: 'resend.start' })}>
              {t('activate.requestNew')}
            </button>
          }
        >
          <LightForm host={host} name="activateAccount" busy={busy} onSubmit={onSubmit} focusKey="activatingForm">
            {ctx.mode === 'code' ? <Field label={t('activate.code.label')} name="code" inputMode="numeric" autoComplete="one-time-code" code error={fieldErrors.code} /> : null}
            {ctx.shouldSetPassword ? <NewPasswordFields t={t} flow="activate" min={min} errors={fieldErrors} /> : null}
            <SubmitButton busy={busy} label={t('activate.submit')} busyLabel={t('activate.busy')} />
          </LightForm>
        </Card>
      );
    }
    default:
      return <Card step="activating" title={t('activate.title')} busyText={t('activate.checking')} />;
  }
}
