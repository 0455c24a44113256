import { useStore } from '@nanostores/react';
import { useMachine } from '@xstate/react';
import { useState } from 'react';
import { fromPromise, type AnyStateMachine } from 'xstate';
import { dispatch } from '../../../elements/internal/react-element.ts';
import { hostOf, useLitContext } from '../../../elements/internal/use-lit-context.ts';
import { forgotPasswordMachine } from '../../../machines/forgot-password.machine.ts';
import { createPasswordsApi } from '../../api/passwords.ts';
import { appContext } from '../../app/context.ts';
import type { FeApp } from '../../app/app.ts';
import '../../i18n/en-password.ts';
import * as c from '../shared/card.css.ts';
import { Card, errorText, Field, focusFirstInvalid, LightForm, looksLikeEmail, NoProvider, SubmitButton } from '../shared/ui.tsx';

/** Props of `<fe-forgot-password>`. */
export interface ForgotPasswordProps {
  container?: ShadowRoot | HTMLElement;
  /** Pre-filled email; default the page's `email` query parameter. */
  email?: string;
  /** For stories and tests: a JSON `{ value, context }` to start the machine in. */
  initialState?: string;
}

/** `<fe-forgot-password>`'s React root. */
export function ForgotPassword(props: ForgotPasswordProps) {
  const host = hostOf(props.container);
  const app = useLitContext(host, appContext);
  if (!host) return null;
  if (!app) return <NoProvider />;
  return <ForgotPasswordFlow app={app} host={host} email={props.email} initialState={props.initialState} />;
}

/** A snapshot of `logic` from a JSON `{ value, context }` (stories and tests), the context filled from `defaults`. */
export function restore<T extends AnyStateMachine>(logic: T, json: string, defaults: object) {
  const spec = JSON.parse(json) as { value: unknown; context?: object };
  return logic.resolveState({ value: spec.value as never, context: { ...defaults, ...spec.context } as never }) as ReturnType<T['resolveState']>;
}

/** Sends the browser (through a cancelable fe-navigate) to one of the app's routes. */
export function goTo(app: FeApp, host: HTMLElement, path: string): void {
  const url = new URL(path, location.href).href;
  if (dispatch(host, 'fe-navigate', { url }, { cancelable: true })) app.navigate(url);
}

function ForgotPasswordFlow({ app, host, email, initialState }: { app: FeApp; host: HTMLElement; email?: string; initialState?: string }) {
  const t = useStore(app.i18n.$t);
  const [logic] = useState(() => {
    const api = createPasswordsApi(app.client);
    return forgotPasswordMachine.provide({
      actors: { sendResetLink: fromPromise(({ input }) => api.forgotPassword(input)) },
      actions: { notifyError: ({ context }) => dispatch(host, 'fe-error', { ...context.error, message: errorText(app.i18n.$t.get(), context.error) }) },
    });
  });
  const [snapshot, send] = useMachine(logic, {
    input: { email: email ?? new URLSearchParams(location.search).get('email') ?? '' },
    snapshot: initialState ? restore(logic, initialState, { email: '', error: null }) : undefined,
  });
  const [fieldError, setFieldError] = useState('');
  const back = (
    <button type="button" className={c.linkButton} onClick={() => goTo(app, host, app.routes.loginUrl)}>
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
    send({ type: 'email.submit', email: value });
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
