/**
 * `<fe-accept-invitation>`'s view (sign-in §4 validate → pending → success
 * or failed): renders the machine's snapshot, sends `code.submit`,
 * `password.submit` and `route.open`.
 */
import { useSelector } from '@xstate/react';
import { useState } from 'react';
import type { ActorRefFrom } from 'xstate';
import { acceptInvitationStep, acceptInvitationSuccessStep, type acceptInvitationMachine } from '../../../machines/accept-invitation.machine.ts';
import { errorText } from '../../i18n/index.ts';
import * as c from '../shared/card.css.ts';
import { useFlow } from '../shared/flow.tsx';
import { useT } from '../../i18n/use-t.ts';
import { NewPasswordFields, newPasswordErrors } from '../shared/new-password.tsx';
import { Card, digitsOf, Field, focusFirstInvalid, LightForm, SubmitButton } from '../shared/ui.tsx';

export function AcceptInvitationView() {
  const { actor, app, host } = useFlow<ActorRefFrom<typeof acceptInvitationMachine>>();
  const t = useT(app);
  const snapshot = useSelector(actor, (s) => s);
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const step = acceptInvitationStep(snapshot);
  const busy = snapshot.hasTag('busy');
  const { context } = snapshot;
  const tenant = context.tenantName;
  const toLogin = () => actor.send({ type: 'route.open', route: 'loginUrl' });
  const back = (
    <button type="button" className={c.linkButton} onClick={toLogin}>
      {t('login.backToLogin')}
    </button>
  );

  if (step === 'invalid') return <Card step="invalid" title={t('invitation.invalid.title')} subtitle={t('invitation.invalid.body')} footer={back} />;
  if (step === 'failed') {
    return <Card step="failed" title={t('invitation.failed.title')} subtitle={t('invitation.failed.body')} error={errorText(t, context.error)} footer={back} />;
  }
  if (step === 'pending') return <Card step="pending" title={t('invitation.title')} busyText={t('invitation.pending')} />;

  if (step === 'success') {
    const sub = acceptInvitationSuccessStep(snapshot);
    if (sub === 'signedIn') {
      return (
        <Card
          step="signedIn"
          title={t('invitation.signedIn.title')}
          subtitle={tenant ? t('invitation.signedIn.body', { tenant }) : t('invitation.signedIn.bodyNoTenant')}
          busyText={t('common.loading')}
        />
      );
    }
    if (sub === 'setPassword') {
      const onSubmit = (data: FormData, form: HTMLFormElement) => {
        const errors = newPasswordErrors(t, 'invitation', data, context.passwordConfig);
        setFieldErrors(errors);
        if (Object.keys(errors).length) return focusFirstInvalid(form);
        actor.send({ type: 'password.submit', password: String(data.get('password')) });
      };
      return (
        <Card
          step="setPassword"
          title={t('invitation.setPassword.title')}
          subtitle={tenant ? t('invitation.setPassword.body', { tenant }) : t('invitation.setPassword.bodyNoTenant')}
          error={errorText(t, context.error)}
        >
          <LightForm host={host} name="acceptInvitationPassword" busy={busy} onSubmit={onSubmit} focusKey="setPassword">
            <NewPasswordFields t={t} flow="invitation" min={context.passwordConfig.minLength} errors={fieldErrors} />
            <SubmitButton busy={busy} label={t('invitation.setPassword.submit')} busyLabel={t('invitation.setPassword.busy')} />
          </LightForm>
        </Card>
      );
    }
    return (
      <Card step="success" title={t('invitation.success.title')} subtitle={tenant ? t('invitation.success.body', { tenant }) : t('invitation.success.bodyNoTenant')}>
        <button type="button" className={c.button} onClick={toLogin}>
          {t('invitation.signIn')}
        </button>
      </Card>
    );
  }

  // validate: the code variant asks for the emailed code; the link variant only passes through
  if (context.mode !== 'code') return <Card step="validate" title={t('invitation.title')} busyText={t('invitation.checking')} />;
  const onSubmit = (data: FormData, form: HTMLFormElement) => {
    const code = digitsOf(data.get('code'));
    const problem = code.length === 6 ? '' : t('invitation.code.required');
    setFieldErrors(problem ? { code: problem } : {});
    if (problem) return focusFirstInvalid(form);
    actor.send({ type: 'code.submit', code });
  };
  return (
    <Card step="validate" title={t('invitation.code.title')} subtitle={t('invitation.code.body')} error={errorText(t, context.error)} footer={back}>
      <LightForm host={host} name="acceptInvitationCode" busy={busy} onSubmit={onSubmit} focusKey={`validate-${context.error?.message ?? ''}`}>
        <Field label={t('invitation.code.label')} name="code" inputMode="numeric" autoComplete="one-time-code" code error={fieldErrors.code} />
        <SubmitButton busy={busy} label={t('invitation.code.submit')} busyLabel={t('invitation.code.busy')} />
      </LightForm>
    </Card>
  );
}
