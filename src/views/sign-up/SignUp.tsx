import { useStore } from '@nanostores/react';
import { useMachine } from '@xstate/react';
import { useState } from 'react';
import { fromPromise } from 'xstate';
import { dispatch } from '../../../elements/internal/react-element.ts';
import { hostOf, useLitContext } from '../../../elements/internal/use-lit-context.ts';
import { signUpMachine, signUpSnapshotFrom, type SignUpStateSpec, signUpStep, type SignUpEvent, type SignUpSnapshot } from '../../../machines/sign-up.machine.ts';
import { appContext } from '../../app/context.ts';
import { createUsersApi } from '../../api/users.ts';
import type { FeApp } from '../../app/app.ts';
import type { Translate } from '../../i18n/index.ts';
import '../../i18n/en-sign-up.ts';
import '../../i18n/en-password.ts';
import { checkPassword } from '../../auth/password-rules.ts';
import * as c from '../shared/card.css.ts';
import { Card, errorText, Field, focusFirstInvalid, LightForm, looksLikeEmail, NoProvider, SubmitButton } from '../shared/ui.tsx';
import { publicUser } from '../login/LoginBox.tsx';

/** Props of `<fe-sign-up>`. */
export interface SignUpProps {
  container?: ShadowRoot | HTMLElement;
  /** Invitation token; default the page's `invitationToken` query parameter. */
  invitationToken?: string;
  /** For stories and tests: a JSON {@link SignUpStateSpec} to start the machine in. */
  initialState?: string;
}

/** Default password length rules when the config says nothing. */
const DEFAULT_MIN_LENGTH = 8;

/** `<fe-sign-up>`'s React root. */
export function SignUp(props: SignUpProps) {
  const host = hostOf(props.container);
  const app = useLitContext(host, appContext);
  if (!host) return null;
  if (!app) return <NoProvider />;
  return <SignUpFlow app={app} host={host} {...props} />;
}

/** The sign-up machine with the app's API calls and the element's DOM events. */
export function createSignUpLogic(app: FeApp, host: HTMLElement) {
  const { auth } = app;
  const users = createUsersApi(app.client);
  return signUpMachine.provide({
    actors: {
      loadPolicy: fromPromise(async () => {
        const [config, passwordConfig] = await Promise.all([auth.getVendorConfig(), users.getPasswordConfig().catch(() => ({}))]);
        return { allowSignups: config.allowSignups !== false, passwordConfig };
      }),
      signUp: fromPromise(({ input }) => users.signUp(input)),
      completeLogin: fromPromise(async ({ input }) => {
        const result = await app.completeLogin(input);
        return result ? { user: result.user } : null;
      }),
    },
    actions: {
      notifySignUp: (_, detail) => dispatch(host, 'fe-sign-up', detail),
      notifyLogin: (_, { user }) => dispatch(host, 'fe-login', { user: publicUser(user), restored: false }),
      notifyError: ({ context }) => dispatch(host, 'fe-error', { ...context.error, message: errorText(app.i18n.$t.get(), context.error) }),
      navigate: (_, { to }) => {
        const path = to === 'login' ? app.routes.loginUrl : (app.routes.signUpSuccessUrl ?? app.routes.authenticatedUrl);
        const url = new URL(path, location.href).href;
        if (dispatch(host, 'fe-navigate', { url }, { cancelable: true }) && url !== location.href) app.navigate(url);
      },
    },
  });
}

function SignUpFlow({ app, host, invitationToken, initialState }: SignUpProps & { app: FeApp; host: HTMLElement }) {
  const t = useStore(app.i18n.$t);
  const [logic] = useState(() => createSignUpLogic(app, host));
  const [snapshot, send] = useMachine(logic, {
    input: { invitationToken: invitationToken ?? new URLSearchParams(location.search).get('invitationToken') },
    snapshot: initialState ? signUpSnapshotFrom(logic, JSON.parse(initialState)) : undefined,
  });
  const toLogin = () => {
    const url = new URL(app.routes.loginUrl, location.href).href;
    if (dispatch(host, 'fe-navigate', { url }, { cancelable: true })) app.navigate(url);
  };
  return <SignUpSteps host={host} t={t} snapshot={snapshot} send={send} toLogin={toLogin} />;
}

/** Pure view of the sign-up flow. */
export function SignUpSteps({ host, t, snapshot, send, toLogin }: { host: HTMLElement; t: Translate; snapshot: SignUpSnapshot; send: (e: SignUpEvent) => void; toLogin: () => void }) {
  const step = signUpStep(snapshot);
  const busy = snapshot.hasTag('busy');
  const ctx = snapshot.context;
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const min = ctx.policy?.passwordConfig.minLength ?? DEFAULT_MIN_LENGTH;
  const signInLink = (
    <p>
      {t('signUp.haveAccount')}{' '}
      <button type="button" className={c.linkButton} onClick={toLogin}>
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
    case 'authenticating':
      return <Card step={step} title={t('signUp.title')} busyText={t('signUp.busy')} />;
    case 'success':
      return <Card step={step} title={t('signUp.success.title')} subtitle={t('signUp.success.body')} />;
    case 'form':
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
        send({ type: 'signUp.submit', ...values });
      };
      return (
        <Card step="form" title={t('signUp.title')} subtitle={t('signUp.subtitle')} error={errorText(t, ctx.error)} footer={signInLink}>
          <LightForm host={host} name="signUp" busy={busy} onSubmit={onSubmit} focusKey={step}>
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
