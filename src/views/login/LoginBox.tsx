/**
 * `<fe-login-box>`'s view (sign-in §4 "Login steps"): renders the login
 * machine's snapshot and sends its events. The first step (preLogin,
 * loginWithPassword) is here; every later step (./LaterSteps.tsx: the MFA
 * steps, passwordless, passkeys …), preLogin's extras and the signed-in card
 * load on demand (React.lazy), so nothing before the first input waits for them.
 */
import { useStore } from '@nanostores/react';
import { useSelector } from '@xstate/react';
import { lazy, Suspense, useEffect, useState } from 'react';
import { loginStep, type LoginActor, type LoginEvent, type LoginSnapshot } from '../../../machines/login.machine.ts';
import { errorText, type Translate } from '../../i18n/index.ts';
import * as c from '../shared/card.css.ts';
import { useFlow } from '../shared/flow.tsx';
import { useT } from '../../i18n/use-t.ts';
import { Card, Field, focusFirstInvalid, LightForm, SubmitButton } from '../shared/ui.tsx';
import { looksLikeEmail } from '../../auth/email.ts';

// every step after the first, the signed-in card and preLogin's extras (passkeys, social buttons, quick SMS login) load on
// demand: nothing before the first input waits for them
const LaterSteps = lazy(() => import('./LaterSteps.tsx'));
const SignedIn = lazy(() => import('./SignedIn.tsx'));
const PreLoginExtras = lazy(() => import('./PreLoginExtras.tsx'));

/** The login box: the signed-in card when a session exists on the first step, else the step the machine is in. */
export function LoginView() {
  const { actor, app, host } = useFlow<LoginActor>();
  const t = useT(app);
  const snapshot = useSelector(actor, (s) => s);
  const session = useStore(app.stores.$session);
  const allowSignups = useStore(app.stores.$vendorConfig).allowSignups === true;
  const step = loginStep(snapshot);
  const finished = snapshot.matches({ success: 'navigated' });
  // the session ended elsewhere (sign out, failed refresh): start over
  useEffect(() => {
    if (!session.isAuthenticated && !session.isLoading && finished) actor.send({ type: 'flow.reset' });
  }, [session.isAuthenticated, session.isLoading, finished, actor]);
  const signedIn = session.isAuthenticated && (step === 'preLogin' || step === 'loginWithPassword' || finished) && !snapshot.hasTag('busy');
  if (signedIn || step === 'signingOut') {
    return (
      <Suspense>
        <SignedIn t={t} email={session.user?.email ?? snapshot.context.user?.email ?? ''} busy={step === 'signingOut'} send={actor.send} />
      </Suspense>
    );
  }
  return <LoginSteps host={host} t={t} snapshot={snapshot} send={actor.send} signUp={allowSignups} />;
}

/** Renders a login snapshot (the first step here, the others on demand), sends events. */
export function LoginSteps({ host, t, snapshot, send, signUp }: { host: HTMLElement; t: Translate; snapshot: LoginSnapshot; send: (e: LoginEvent) => void; signUp?: boolean }) {
  const step = loginStep(snapshot);
  const ctx = snapshot.context;
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  // preLogin: the passkey button, the social buttons and the quick SMS login, when there is one
  const extras =
    ctx.passkeys || ctx.socialProviders?.length || ctx.quickLoginUserId ? (
      <Suspense>
        <PreLoginExtras t={t} snapshot={snapshot} send={send} />
      </Suspense>
    ) : null;
  const withPassword = step === 'loginWithPassword';
  if ((step !== 'preLogin' && !withPassword) || (step === 'preLogin' && ctx.authStrategy === 'NoLocalAuthentication')) {
    return (
      <Suspense fallback={<Card step="loading" title={t('login.title')} busyText={t('common.loading')} />}>
        <LaterSteps host={host} t={t} snapshot={snapshot} send={send} fieldErrors={fieldErrors} setFieldErrors={setFieldErrors} extras={extras} />
      </Suspense>
    );
  }
  const busy = snapshot.hasTag('busy');
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
  const link = (label: string, event: LoginEvent) => (
    <button type="button" className={c.linkButton} onClick={() => send(event)}>
      {label}
    </button>
  );
  return (
    <Card
      step={step}
      title={t('login.title')}
      subtitle={t('login.subtitle')}
      error={errorText(t, ctx.error)}
      notice={ctx.notice ? t(ctx.notice) : ''}
      footer={
        withPassword ? (
          <>
            {link(t('login.changeEmail'), { type: 'email.change' })}
            {link(t('login.forgotPassword'), { type: 'forgotPassword.open' })}
          </>
        ) : (
          <>
            {extras}
            {signUp ? (
              <p>
                {t('login.noAccount')} {link(t('login.signUpLink'), { type: 'route.open', route: 'signUpUrl' })}
              </p>
            ) : null}
          </>
        )
      }
    >
      <LightForm host={host} name="login" busy={busy} onSubmit={onSubmit} focusKey={step}>
        <Field label={t('login.email.label')} name="email" type="email" inputMode="email" autoComplete="username webauthn" defaultValue={ctx.email} error={fieldErrors.email} />
        {withPassword ? <Field label={t('login.password.label')} name="password" type="password" autoComplete="current-password" error={fieldErrors.password} focus /> : null}
        <SubmitButton busy={busy} label={withPassword ? t('login.submit') : t('login.continue')} busyLabel={withPassword ? t('login.busy') : t('login.checking')} />
      </LightForm>
    </Card>
  );
}
