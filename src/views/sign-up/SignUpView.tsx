/**
 * `<fe-sign-up>`'s view (sign-in §3 "Sign-up result"): the sign-up form
 * with the vendor's password rules, or the step the machine is in; renders
 * the snapshot, sends `signUp.submit` and `route.open`.
 */
import { useSelector } from '@xstate/react';
import { useState } from 'react';
import type { ActorRefFrom } from 'xstate';
import { signUpStep, type signUpMachine } from '../../../machines/sign-up.machine.ts';
import { checkPassword } from '../../auth/password-rules.ts';
import { errorText } from '../../i18n/index.ts';
import * as c from '../shared/card.css.ts';
import { useFlow } from '../shared/flow.tsx';
import { useT } from '../../i18n/use-t.ts';
import { Card, Field, focusFirstInvalid, LightForm, SubmitButton } from '../shared/ui.tsx';
import { looksLikeEmail } from '../../auth/email.ts';

/** Default password length rule when the config says nothing. */
const DEFAULT_MIN_LENGTH = 8;

export function SignUpView() {
  const { actor, app, host } = useFlow<ActorRefFrom<typeof signUpMachine>>();
  const t = useT(app);
  const snapshot = useSelector(actor, (s) => s);
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const step = signUpStep(snapshot);
  const busy = snapshot.hasTag('busy');
  const ctx = snapshot.context;
  const min = ctx.policy?.passwordConfig.minLength ?? DEFAULT_MIN_LENGTH;
  const signInLink = (
    <p>
      {t('signUp.haveAccount')}{' '}
      <button type="button" className={c.linkButton} onClick={() => actor.send({ type: 'route.open', route: 'loginUrl' })}>
        {t('signUp.signInLink')}
      </button>
    </p>
  );

  switch (step) {
    case 'loading':
      return <Card step={step} title={t('signUp.title')} busyText={t('signUp.loading')} />;
    case 'notAllowed':
      return <Card step={step} title={t('signUp.notAllowed.title')} subtitle={t('signUp.notAllowed.body')} footer={signInLink} />;
    case 'activationSent':
      return <Card step={step} title={t('signUp.activationSent.title')} subtitle={t('signUp.activationSent.body', { email: ctx.values.email })} />;
    case 'redirectToLogin':
      return <Card step={step} title={t('signUp.success.title')} subtitle={t('signUp.redirectToLogin.body')} footer={signInLink} />;
    case 'success':
      return <Card step={step} title={t('signUp.success.title')} subtitle={t('signUp.success.body')} />;
    default: {
      const onSubmit = (data: FormData, form: HTMLFormElement) => {
        const values = {
          name: String(data.get('name') ?? '').trim(),
          email: String(data.get('email') ?? '').trim(),
          companyName: String(data.get('companyName') ?? '').trim(),
          password: String(data.get('password') ?? ''),
        };
        const errors: Record<string, string> = {};
        if (!values.name) errors.name = t('signUp.name.required');
        if (!values.email) errors.email = t('login.email.required');
        else if (!looksLikeEmail(values.email)) errors.email = t('login.email.invalid');
        const problems = checkPassword(values.password, ctx.policy?.passwordConfig ?? { minLength: min });
        if (problems.length) errors.password = problems.map((p) => t(p.key, p.params)).join(' ');
        setFieldErrors(errors);
        if (Object.keys(errors).length) return focusFirstInvalid(form);
        actor.send({ type: 'signUp.submit', ...values });
      };
      return (
        <Card step="form" title={t('signUp.title')} subtitle={t('signUp.subtitle')} error={errorText(t, ctx.error)} footer={signInLink}>
          <LightForm host={host} name="signUp" busy={busy} onSubmit={onSubmit} focusKey="form">
            <Field label={t('signUp.name.label')} name="name" autoComplete="name" defaultValue={ctx.values.name} error={fieldErrors.name} />
            <Field label={t('signUp.email.label')} name="email" type="email" inputMode="email" autoComplete="email" defaultValue={ctx.values.email} error={fieldErrors.email} />
            <Field label={t('signUp.company.label')} name="companyName" autoComplete="organization" defaultValue={ctx.values.companyName} />
            <Field
              label={t('signUp.password.label')}
              name="password"
              type="password"
              autoComplete="new-password"
              hint={t('signUp.password.hint', { min })}
              error={fieldErrors.password}
            />
            <SubmitButton busy={busy} label={t('signUp.submit')} busyLabel={t('signUp.busy')} />
          </LightForm>
        </Card>
      );
    }
  }
}
