import { useStore } from '@nanostores/react';
import { useMachine } from '@xstate/react';
import { useState } from 'react';
import { fromPromise } from 'xstate';
import { dispatch } from '../../../elements/internal/react-element.ts';
import { hostOf, useLitContext } from '../../../elements/internal/use-lit-context.ts';
import { activateAccountMachine, activateAccountStep, type ActivateAccountContext } from '../../../machines/activate-account.machine.ts';
import { createActivationApi } from '../../api/activation.ts';
import { createUsersApi } from '../../api/users.ts';
import { appContext } from '../../app/context.ts';
import type { FeApp } from '../../app/app.ts';
import { DEFAULT_MIN_PASSWORD_LENGTH } from '../../auth/password-rules.ts';
import { NewPasswordFields, newPasswordErrors } from '../shared/new-password.tsx';
import '../../i18n/en-activation.ts';
import '../../i18n/en-password.ts';
import { publicUser } from '../login/LoginBox.tsx';
import { goTo, restore } from '../password/ForgotPassword.tsx';
import * as c from '../shared/card.css.ts';
import { Card, digitsOf, errorText, Field, focusFirstInvalid, LightForm, looksLikeEmail, NoProvider, SubmitButton } from '../shared/ui.tsx';

/** Props of `<fe-activate-account>`. */
export interface ActivateAccountProps {
  container?: ShadowRoot | HTMLElement;
  /** Default the page's `userId` query parameter. */
  userId?: string;
  /** Default the page's `token` query parameter. */
  token?: string;
  /** `code`: ask for the emailed 6-digit code (`/account/activate/code`); default `code` on the app's activateWithOTCUrl page. */
  mode?: string;
  /** For stories and tests: a JSON `{ value, context }` to start the machine in. */
  initialState?: string;
}

/** Context of a restored state when the JSON leaves parts out (stories, tests). */
export const ACTIVATE_DEFAULTS: ActivateAccountContext = {
  userId: 'u',
  token: 't',
  mode: 'link',
  shouldSetPassword: true,
  passwordConfig: { minLength: DEFAULT_MIN_PASSWORD_LENGTH },
  response: null,
  email: '',
  error: null,
};

/** `<fe-activate-account>`'s React root. */
export function ActivateAccount(props: ActivateAccountProps) {
  const host = hostOf(props.container);
  const app = useLitContext(host, appContext);
  if (!host) return null;
  if (!app) return <NoProvider />;
  return <ActivateAccountFlow app={app} host={host} {...props} />;
}

/** The activate-account machine with the app's API calls and the element's DOM events. */
export function createActivateAccountLogic(app: FeApp, host: HTMLElement, redirectUrl: string | null) {
  const api = createActivationApi(app.client);
  return activateAccountMachine.provide({
    actors: {
      getStrategy: fromPromise(async ({ input }) => {
        const [strategy, passwordConfig] = await Promise.all([api.getStrategy(input), createUsersApi(app.client).getPasswordConfig(input.userId).catch(() => ({}))]);
        return { shouldSetPassword: !!strategy.shouldSetPassword, passwordConfig };
      }),
      activate: fromPromise(({ input }) => (input.code !== undefined ? api.activateWithCode({ ...input, code: input.code }) : api.activate(input))),
      completeLogin: fromPromise(async ({ input }) => {
        const result = await app.completeLogin(input);
        return result ? { user: result.user } : null;
      }),
      resendActivation: fromPromise(({ input }) => api.resendActivation(input)),
    },
    actions: {
      notifyLogin: (_, { user }) => dispatch(host, 'fe-login', { user: publicUser(user), restored: false }),
      notifyError: ({ context }) => dispatch(host, 'fe-error', { ...context.error, message: errorText(app.i18n.$t.get(), context.error) }),
      navigate: (_, { to }) => {
        const url = new URL(to === 'login' ? app.routes.loginUrl : app.resolvePostAuthUrl(redirectUrl), location.href).href;
        if (dispatch(host, 'fe-navigate', { url }, { cancelable: true }) && url !== location.href) app.navigate(url);
      },
    },
  });
}

function ActivateAccountFlow({ app, host, userId, token, mode, initialState }: ActivateAccountProps & { app: FeApp; host: HTMLElement }) {
  const t = useStore(app.i18n.$t);
  const query = new URLSearchParams(location.search);
  const [logic] = useState(() => createActivateAccountLogic(app, host, query.get('redirectUrl')));
  const codeMode = mode ? mode === 'code' : location.pathname === app.routes.activateWithOTCUrl;
  const [snapshot, send] = useMachine(logic, {
    input: { userId: userId ?? query.get('userId'), token: token ?? query.get('token'), mode: codeMode ? 'code' : 'link' },
    snapshot: initialState ? restore(logic, initialState, ACTIVATE_DEFAULTS) : undefined,
  });
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const step = activateAccountStep(snapshot);
  const busy = snapshot.hasTag('busy');
  const ctx = snapshot.context;
  const back = (
    <button type="button" className={c.linkButton} onClick={() => goTo(app, host, app.routes.loginUrl)}>
      {t('login.backToLogin')}
    </button>
  );
  const requestNew = (
    <button type="button" className={c.button} onClick={() => send({ type: 'resend.start' })}>
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
      return snapshot.matches({ success: 'signingIn' }) ? (
        <Card step="success" title={t('activate.success.title')} busyText={t('activate.signingIn')} />
      ) : (
        <Card step="success" title={t('activate.success.title')} subtitle={t('activate.success.body')} />
      );
    case 'redirectToLogin':
      return (
        <Card step="redirectToLogin" title={t('activate.redirectToLogin.title')} subtitle={t('activate.redirectToLogin.body')}>
          <button type="button" className={c.button} onClick={() => goTo(app, host, app.routes.loginUrl)}>
            {t('activate.signIn')}
          </button>
        </Card>
      );
    case 'resend': {
      if (snapshot.matches({ resend: 'sent' })) {
        return <Card step="resendSent" title={t('activate.resend.sent.title')} subtitle={t('activate.resend.sent.body', { email: ctx.email })} footer={back} />;
      }
      const onResend = (data: FormData, form: HTMLFormElement) => {
        const value = String(data.get('email') ?? '').trim();
        const problem = !value ? t('login.email.required') : looksLikeEmail(value) ? '' : t('login.email.invalid');
        setFieldErrors({ email: problem });
        if (problem) return focusFirstInvalid(form);
        send({ type: 'resend.submit', email: value });
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
        send({ type: 'activate.submit', ...(ctx.shouldSetPassword ? { password } : {}), ...(ctx.mode === 'code' ? { code } : {}) });
      };
      return (
        <Card
          step="activatingForm"
          title={t('activate.title')}
          subtitle={ctx.mode === 'code' ? t('activate.form.codeSubtitle') : t('activate.form.subtitle')}
          error={errorText(t, ctx.error)}
          footer={
            <button type="button" className={c.linkButton} onClick={() => send({ type: 'resend.start' })}>
              {t('activate.requestNew')}
            </button>
          }
        >
          <LightForm host={host} name="activateAccount" busy={busy} onSubmit={onSubmit} focusKey="activatingForm">
            {ctx.mode === 'code' ? (
              <Field label={t('activate.code.label')} name="code" inputMode="numeric" autoComplete="one-time-code" code error={fieldErrors.code} />
            ) : null}
            {ctx.shouldSetPassword ? (
              <NewPasswordFields t={t} flow="activate" min={min} errors={fieldErrors} />
            ) : null}
            <SubmitButton busy={busy} label={t('activate.submit')} busyLabel={t('activate.busy')} />
          </LightForm>
        </Card>
      );
    }
    default:
      return <Card step="activating" title={t('activate.title')} busyText={t('activate.checking')} />;
  }
}
