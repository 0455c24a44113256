/**
 * `<fe-reset-password>`'s view (api-contract E; sign-in §8): the link is
 * checked, then a new password under the vendor's rules; renders the
 * machine's snapshot, sends `password.submit` and `route.open`.
 */
import { useSelector } from '@xstate/react';
import { useState } from 'react';
import type { ActorRefFrom } from 'xstate';
import { resetPasswordStep, type resetPasswordMachine } from '../../../machines/reset-password.machine.ts';
import { errorText } from '../../i18n/index.ts';
import * as c from '../shared/card.css.ts';
import { useFlow } from '../shared/flow.tsx';
import { useT } from '../../i18n/use-t.ts';
import { NewPasswordFields, newPasswordErrors } from '../shared/new-password.tsx';
import { Card, focusFirstInvalid, LightForm, SubmitButton } from '../shared/ui.tsx';

export function ResetPasswordView() {
  const { actor, app, host } = useFlow<ActorRefFrom<typeof resetPasswordMachine>>();
  const t = useT(app);
  const snapshot = useSelector(actor, (s) => s);
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const step = resetPasswordStep(snapshot);
  const busy = snapshot.hasTag('busy');

  if (step === 'invalid' || step === 'success') {
    const [route, label] = step === 'invalid' ? (['forgetPasswordUrl', 'resetPassword.requestNew'] as const) : (['loginUrl', 'resetPassword.signIn'] as const);
    return (
      <Card step={step} title={t(`resetPassword.${step}.title`)} subtitle={t(`resetPassword.${step}.body`)}>
        <button type="button" className={c.button} onClick={() => actor.send({ type: 'route.open', route })}>
          {t(label)}
        </button>
      </Card>
    );
  }
  if (step !== 'resetPassword') return <Card step={step} title={t('resetPassword.title')} busyText={t('resetPassword.checking')} />;

  const onSubmit = (data: FormData, form: HTMLFormElement) => {
    const errors = newPasswordErrors(t, 'resetPassword', data, snapshot.context.passwordConfig);
    setFieldErrors(errors);
    if (Object.keys(errors).length) return focusFirstInvalid(form);
    actor.send({ type: 'password.submit', password: String(data.get('password')) });
  };
  return (
    <Card step="resetPassword" title={t('resetPassword.title')} error={errorText(t, snapshot.context.error)}>
      <LightForm host={host} name="resetPassword" busy={busy} onSubmit={onSubmit} focusKey="resetPassword">
        <NewPasswordFields t={t} flow="resetPassword" min={snapshot.context.passwordConfig.minLength} errors={fieldErrors} />
        <SubmitButton busy={busy} label={t('resetPassword.submit')} busyLabel={t('resetPassword.busy')} />
      </LightForm>
    </Card>
  );
}
