import { useStore } from '@nanostores/react';
import { useMachine } from '@xstate/react';
import { lazy, Suspense, useEffect, useState } from 'react';
import { fromPromise, type AnyActorLogic } from 'xstate';
import { dispatch } from '../../../elements/internal/react-element.ts';
import { hostOf, useLitContext } from '../../../elements/internal/use-lit-context.ts';
import { loginMachine, type LoginStateSpec, loginStep, type LoginEvent, type LoginSnapshot } from '../../../machines/login.machine.ts';
// types only: the MFA machine, its logic and views load on demand (two-factor steps, initial-state)
import type { MfaActor } from '../../../machines/mfa.machine.ts';
import { appContext } from '../../app/context.ts';
import type { FeApp } from '../../app/app.ts';
import type { Translate } from '../../i18n/index.ts';
import type { AuthUser } from '../../stores/index.ts';
import * as c from '../shared/card.css.ts';
import { Card, errorText, Field, focusFirstInvalid, LightForm, looksLikeEmail, NoProvider, SubmitButton } from '../shared/ui.tsx';
// steps after the first load on demand: nothing before the first input waits for them
const MfaChild = lazy(() => import('../mfa/MfaSteps.tsx').then((m) => ({ default: m.MfaChild })));
// initial-state (stories, tests): the restore helper and the MFA logic load first
const RestoredLogin = lazy(() => import('../mfa/RestoredLogin.tsx'));
// the signed-in card (a session exists) loads on demand too
const SignedIn = lazy(() => import('./SignedIn.tsx'));
const MoreSteps = lazy(() => import('./MoreSteps.tsx').then((m) => ({ default: m.MoreSteps })));
// passkeys (src/passkeys): views, calls and @simplewebauthn/browser all load on demand
const Passkeys = lazy(() => import('../../passkeys/views.tsx'));
// passwordless steps, NoLocalAuthentication, failed SSO, social buttons and quick SMS login (./Passwordless.tsx) load on demand
const Passwordless = lazy(() => import('./Passwordless.tsx'));

/** Props of `<fe-login-box>` (attributes through r2wc). */
export interface LoginBoxProps {
  /** Injected by r2wc: the shadow root. */
  container?: ShadowRoot | HTMLElement;
  /** Where to go after sign-in; defaults to the page's `redirectUrl` query parameter. */
  redirectUrl?: string;
  /** Pre-filled email. */
  email?: string;
  /** For stories and tests: a JSON {@link LoginStateSpec} (`{ value, context, mfa? }`) to start the machine in. */
  initialState?: string;
  /** On a callback route (set by <fe-routes>): progress instead of the sign-in form until the callback is found. */
  callbackPage?: boolean;
}

/** The user as events carry it: no tokens. */
export function publicUser(user: AuthUser): AuthUser {
  const { accessToken: _a, refreshToken: _r, mfaToken: _m, ...rest } = user as AuthUser & Record<string, unknown>;
  return rest as AuthUser;
}

/** `<fe-login-box>`'s React root: finds the app through context, then runs the login flow. */
export function LoginBox(props: LoginBoxProps) {
  const host = hostOf(props.container);
  const app = useLitContext(host, appContext);
  if (!host) return null;
  if (!app) return <NoProvider />;
  if (props.initialState) {
    return (
      <Suspense>
        <RestoredLogin {...props} app={app} host={host} createLogic={createLoginLogic} Flow={LoginFlow} />
      </Suspense>
    );
  }
  return <LoginFlow app={app} host={host} {...props} />;
}

/** A login logic and a snapshot to start it from (`initial-state`; see src/views/mfa/RestoredLogin.tsx). */
export type Restored = { logic: ReturnType<typeof createLoginLogic>; snapshot: unknown };

/** Builds the machine with the app's API calls as actors and the element's DOM events as actions. */
export function createLoginLogic(app: FeApp, host: HTMLElement) {
  const { auth } = app;
  // calls after the first step load on demand
  const mfaApi = () => import('../../api/mfa-login.ts').then((m) => m.createMfaLoginApi(app.client));
  const passkeys = () => import('../../passkeys/index.ts');
  // passwordless and callback actors (./passwordless-actors.ts) load on demand
  type Pl = typeof import('./passwordless-actors.ts');
  const pl = <K extends 'start' | 'preLogin' | 'postLogin' | 'callback' | 'quickLogin'>(name: K) =>
    fromPromise<Awaited<ReturnType<Pl[K]>>, Parameters<Pl[K]>[1]>(async ({ input, signal }) => (await import('./passwordless-actors.ts'))[name](app, input as never, signal) as never);
  return loginMachine.provide({
    actors: {
      preLogin: fromPromise(({ input }) => auth.preLogin({ email: input.email })),
      login: fromPromise(({ input }) => auth.login({ email: input.email, password: input.password })),
      completeLogin: fromPromise(async ({ input }) => {
        const result = await app.completeLogin(input);
        return result ? { user: result.user } : null;
      }),
      recoverMfa: fromPromise(async ({ input }) => (await mfaApi()).recoverMfa(input)),
      sendResetPasswordEmail: fromPromise(async ({ input }) =>
        (await import('../../api/passwords.ts')).createPasswordsApi(app.client).forgotPassword({ email: input.email }),
      ),
      passkeys: fromPromise(async ({ input, signal }) => (await passkeys()).runPasskeys(app, input, signal)),
      // strategy, callback page, login mode (./start.ts)
      start: pl('start'),
      passwordlessPreLogin: pl('preLogin'),
      passwordlessPostLogin: pl('postLogin'),
      postLogin: pl('callback'),
      quickLogin: pl('quickLogin'),
      // the MFA machine with the app's calls (src/views/mfa/mfa-logic.ts), loaded when a two-factor step starts
      loadMfa: fromPromise<AnyActorLogic | null>(async () => (await import('../mfa/mfa-logic.ts')).createMfaLogic(app, host)),
    },
    actions: {
      clearSession: () => app.clearSession(),
      notifyLogin: (_, { user }) => dispatch(host, 'fe-login', { user: publicUser(user), restored: false }),
      notifyError: ({ context }) => dispatch(host, 'fe-error', { ...context.error, message: errorText(app.i18n.$t.get(), context.error) }),
      redirect: (_, { url }) => {
        if (dispatch(host, 'fe-navigate', { url }, { cancelable: true })) app.navigate(url);
      },
      navigateAfterAuth: (_, { redirectUrl }) => {
        const url = app.resolvePostAuthUrl(redirectUrl);
        const target = new URL(url, location.href);
        if (!dispatch(host, 'fe-navigate', { url: target.href }, { cancelable: true })) return;
        if (target.href !== location.href) app.navigate(target.href);
      },
    },
  });
}

function LoginFlow({ app, host, redirectUrl, email, callbackPage, restored }: LoginBoxProps & { app: FeApp; host: HTMLElement; restored?: Restored }) {
  const t = useStore(app.i18n.$t);
  const session = useStore(app.stores.$session);
  const [logic] = useState(() => restored?.logic ?? createLoginLogic(app, host));
  const [snapshot, send] = useMachine(logic, {
    input: { email, callbackPage, redirectUrl: redirectUrl ?? new URLSearchParams(location.search).get('redirectUrl') },
    snapshot: restored?.snapshot as never,
  });
  const metadata = useStore(app.stores.$metadata);
  const allowSignups = useStore(app.stores.$vendorConfig).allowSignups === true;
  const toSignUp = () => {
    const url = new URL(app.routes.signUpUrl, location.href).href;
    if (dispatch(host, 'fe-navigate', { url }, { cancelable: true })) app.navigate(url);
  };
  useEffect(() => {
    // metadata theme applied at run time (sign-in §3, §9), its code loaded only when there is one;
    // a bad colour is logged and the defaults stay
    if (!metadata.theme) return;
    let remove: (() => void) | undefined;
    let live = true;
    import('../../theme/runtime.ts')
      .then(({ applyTheme }) => {
        if (live) remove = applyTheme(host, metadata.theme as Parameters<typeof applyTheme>[1]);
      })
      .catch((error) => app.logger.error('metadata theme not applied', error));
    return () => {
      live = false;
      remove?.();
    };
  }, [host, metadata.theme, app]);
  const step = loginStep(snapshot);
  const finished = snapshot.matches({ success: 'navigated' });
  // the session ended elsewhere (sign out, failed refresh): start over
  useEffect(() => {
    if (!session.isAuthenticated && !session.isLoading && finished) send({ type: 'flow.reset' });
  }, [session.isAuthenticated, session.isLoading, finished, send]);
  if (session.isAuthenticated && (step === 'preLogin' || step === 'loginWithPassword' || finished) && !snapshot.hasTag('busy')) {
    return (
      <Suspense>
        <SignedIn app={app} host={host} t={t} />
      </Suspense>
    );
  }
  const toForgotPassword = () => {
    const url = new URL(app.routes.forgetPasswordUrl, location.href);
    if (snapshot.context.email) url.searchParams.set('email', snapshot.context.email);
    if (dispatch(host, 'fe-navigate', { url: url.href }, { cancelable: true })) app.navigate(url.href);
  };
  const passkeyEntry = (
    <Suspense>
      <Passkeys app={app} t={t} snapshot={snapshot} send={send} />
    </Suspense>
  );
  // preLogin: social buttons (src/federation) and the quick SMS login, both on demand
  const social = (
    <Suspense>
      <Passwordless extras app={app} t={t} snapshot={snapshot} send={send} />
    </Suspense>
  );
  return (
    <LoginSteps
      host={host}
      t={t}
      snapshot={snapshot}
      send={send}
      signUp={allowSignups ? toSignUp : undefined}
      forgotPassword={toForgotPassword}
      passkeys={passkeyEntry}
      social={social}
    />
  );
}

/** Pure view of the login flow: renders a snapshot, sends events (house style: no API calls). */
export function LoginSteps({
  host,
  t,
  snapshot,
  send,
  signUp,
  forgotPassword,
  passkeys,
  social,
}: {
  host: HTMLElement;
  t: Translate;
  snapshot: LoginSnapshot;
  send: (e: LoginEvent) => void;
  /** Present when sign-ups are allowed: goes to the sign-up route. */
  signUp?: () => void;
  /** Goes to the forgot-password route. */
  forgotPassword?: () => void;
  /** preLogin: the passkey sign-in entry (button, autofill). */
  passkeys?: React.ReactNode;
  /** preLogin: the social login buttons (src/federation, lazy). */
  social?: React.ReactNode;
}) {
  const step = loginStep(snapshot);
  const busy = snapshot.hasTag('busy');
  const ctx = snapshot.context;
  const error = errorText(t, ctx.error);
  const notice = ctx.notice ? t(ctx.notice) : '';
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const back = (
    <button type="button" className={c.linkButton} onClick={() => send({ type: 'flow.cancel' })}>
      {t('login.backToLogin')}
    </button>
  );

  // passwordless steps and NoLocalAuthentication's preLogin (./Passwordless.tsx, on demand)
  const more = (
    <Suspense fallback={<Card step="loading" title={t('login.title')} busyText={t('common.loading')} />}>
      <Passwordless step={step} host={host} t={t} snapshot={snapshot} send={send} fieldErrors={fieldErrors} setFieldErrors={setFieldErrors} social={social} />
    </Suspense>
  );
  switch (step) {
    case 'preLogin':
    case 'loginWithPassword': {
      const withPassword = step === 'loginWithPassword';
      if (!withPassword && ctx.authStrategy === 'NoLocalAuthentication') return more;
      const onSubmit = (data: FormData, form: HTMLFormElement) => {
        const email = String(data.get('email') ?? '').trim();
        const password = String(data.get('password') ?? '');
        const errors: Record<string, string> = {};
        if (!email) errors.email = t('login.email.required');
        else if (!looksLikeEmail(email)) errors.email = t('login.email.invalid');
        if (withPassword && !password) errors.password = t('login.password.required');
        setFieldErrors(errors);
        if (Object.keys(errors).length) return focusFirstInvalid(form);
        send(withPassword ? { type: 'password.submit', email, password } : { type: 'identifier.submit', email });
      };
      return (
        <Card
          step={step}
          title={t('login.title')}
          subtitle={t('login.subtitle')}
          error={error}
          notice={notice}
          footer={
            withPassword ? (
              <>
                <button type="button" className={c.linkButton} onClick={() => send({ type: 'email.change' })}>
                  {t('login.changeEmail')}
                </button>
                {forgotPassword ? (
                  <button type="button" className={c.linkButton} onClick={forgotPassword}>
                    {t('login.forgotPassword')}
                  </button>
                ) : null}
              </>
            ) : (
              <>
                {passkeys}
                {social}
                {signUp ? (
                  <p>
                    {t('login.noAccount')}{' '}
                    <button type="button" className={c.linkButton} onClick={signUp}>
                      {t('login.signUpLink')}
                    </button>
                  </p>
                ) : null}
              </>
            )
          }
        >
          <LightForm host={host} name="login" busy={busy} onSubmit={onSubmit} focusKey={step}>
            <Field label={t('login.email.label')} name="email" type="email" inputMode="email" autoComplete="username webauthn" defaultValue={ctx.email} error={fieldErrors.email} />
            {withPassword ? (
              <Field label={t('login.password.label')} name="password" type="password" autoComplete="current-password" error={fieldErrors.password} focus />
            ) : null}
            <SubmitButton busy={busy} label={withPassword ? t('login.submit') : t('login.continue')} busyLabel={withPassword ? t('login.busy') : t('login.checking')} />
          </LightForm>
        </Card>
      );
    }
    case 'loginWithTwoFactor':
    case 'forceTwoFactor': {
      // the MFA steps (lazy) once the MFA machine runs; before: loading it, or the error it failed with
      const child = snapshot.children.mfa as MfaActor | undefined;
      const card = <Card step={step} title={t('login.title')} error={error} busyText={child || busy ? t('common.loading') : undefined} footer={back} />;
      return child ? (
        <Suspense fallback={card}>
          <MfaChild host={host} t={t} actor={child} footer={back} startOver={() => send({ type: 'flow.cancel' })} />
        </Suspense>
      ) : (
        card
      );
    }
    case 'redirectToSSO':
    case 'recoverTwoFactor':
    case 'breachedPassword':
    case 'breachedPasswordSuccess':
      return (
        <Suspense fallback={<Card step="loading" title={t('login.title')} busyText={t('common.loading')} />}>
          <MoreSteps step={step} host={host} t={t} snapshot={snapshot} send={send} fieldErrors={fieldErrors} setFieldErrors={setFieldErrors} back={back} />
        </Suspense>
      );
    case 'promptPasskeys':
      return passkeys;
    case 'loading':
    case 'postLogin':
    case 'authenticating':
      return <Card step={step} title={t('login.title')} busyText={t(step === 'authenticating' ? 'login.busy' : 'common.loading')} />;
    case 'success':
      return <Card step="success" title={t('login.success.title')} subtitle={t('login.success.body')} />;
    default:
      // magicLinkPreLoginSuccess, loginWithOtc, loginWithSmsOtc, loginWithQuickSmsOtc, loginWithSSOFailed
      return more;
  }
}
