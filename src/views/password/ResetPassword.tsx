import { useStore } from '@nanostores/react';
import { useMachine } from '@xstate/react';
import { useState } from 'react';
import { fromPromise } from 'xstate';
import { dispatch } from '../../../elements/internal/react-element.ts';
import { hostOf, useLitContext } from '../../../elements/internal/use-lit-context.ts';
import { resetPasswordMachine, resetPasswordStep } from '../../../machines/reset-password.machine.ts';
import { createPasswordsApi } from '../../api/passwords.ts';
import { createUsersApi } from '../../api/users.ts';
import { appContext } from '../../app/context.ts';
import type { FeApp } from '../../app/app.ts';
import '../../i18n/en-password.ts';
import * as c from '../shared/card.css.ts';
import { Card, errorText, Field, focusFirstInvalid, LightForm, NoProvider, SubmitButton } from '../shared/ui.tsx';
import { NewPasswordFields, newPasswordErrors } from '../shared/new-password.tsx';
import { goTo, restore } from './ForgotPassword.tsx';

/** Props of `<fe-reset-password>`. */
export interface ResetPasswordProps {
  container?: ShadowRoot | HTMLElement;
  /** Default the page's `userId` query parameter. */
  userId?: string;
  /** Default the page's `token` query parameter. */
  token?: string;
  /** For stories and tests: a JSON `{ value, context }` to start the machine in. */
  initialState?: string;
}

/** `<fe-reset-password>`'s React root. */
export function ResetPassword(props: ResetPasswordProps) {
  const host = hostOf(props.container);
  const app = useLitContext(host, appContext);
  if (!host) return null;
  if (!app) return <NoProvider />;
  return <ResetPasswordFlow app={app} host={host} {...props} />;
}

function ResetPasswordFlow({ app, host, userId, token, initialState }: ResetPasswordProps & { app: FeApp; host: HTMLElement }) {
  const t = useStore(app.i18n.$t);
  const query = new URLSearchParams(location.search);
  const [logic] = useState(() => {
    const api = createPasswordsApi(app.client);
    return resetPasswordMachine.provide({
      actors: {
        validate: fromPromise(async ({ input }) => {
          const [, passwordConfig] = await Promise.all([api.validate(input), createUsersApi(app.client).getPasswordConfig(input.userId).catch(() => ({}))]);
          return { passwordConfig };
        }),
        resetPassword: fromPromise(({ input }) => api.resetPassword(input)),
      },
      actions: { notifyError: ({ context }) => dispatch(host, 'fe-error', { ...context.error, message: errorText(app.i18n.$t.get(), context.error) }) },
    });
  });
  const [snapshot, send] = useMachine(logic, {
    input: { userId: userId ?? query.get('userId'), token: token ?? query.get('token') },
    snapshot: initialState ? restore(logic, initialState, { userId: 'u', token: 't', passwordConfig: { minLength: 8 }, error: null }) : undefined,
  });
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const step = resetPasswordStep(snapshot);
  const busy = snapshot.hasTag('busy');

  if (step === 'invalid') {
    return (
      <Card step="invalid" title={t('resetPassword.invalid.title')} subtitle={t('resetPassword.invalid.body')}>
        <button type="button" className={c.button} onClick={() => goTo(app, host, app.routes.forgetPasswordUrl)}>
          {t('resetPassword.requestNew')}
        </button>
      </Card>
    );
  }
  if (step === 'success') {
    return (
      <Card step="success" title={t('resetPassword.success.title')} subtitle={t('resetPassword.success.body')}>
        <button type="button" className={c.button} onClick={() => goTo(app, host, app.routes.loginUrl)}>
          {t('resetPassword.signIn')}
        </button>
      </Card>
    );
  }
  if (step !== 'resetPassword') return <Card step={step} title={t('resetPassword.title')} busyText={t('resetPassword.checking')} />;

  const min = snapshot.context.passwordConfig.minLength;
  const onSubmit = (data: FormData, form: HTMLFormElement) => {
    const errors = newPasswordErrors(t, 'resetPassword', data, snapshot.context.passwordConfig);
    setFieldErrors(errors);
    if (Object.keys(errors).length) return focusFirstInvalid(form);
    send({ type: 'password.submit', password: String(data.get('password')) });
  };
  return (
    <Card step="resetPassword" title={t('resetPassword.title')} error={errorText(t, snapshot.context.error)}>
      <LightForm host={host} name="resetPassword" busy={busy} onSubmit={onSubmit} focusKey="resetPassword">
        <NewPasswordFields t={t} flow="resetPassword" min={min} errors={fieldErrors} />
        <SubmitButton busy={busy} label={t('resetPassword.submit')} busyLabel={t('resetPassword.busy')} />
      </LightForm>
    </Card>
  );
}
