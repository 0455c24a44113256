/**
 * The login steps after the first (loaded on demand with React.lazy by
 * ./LoginBox.tsx): the two-factor steps (the MFA machine's child `mfa`),
 * the passwordless and callback steps, SSO, recovery, the steps after sign-in
 * (child `afterSignIn`: breached password, quick SMS login registration,
 * passkey prompt), and the progress and success cards. Renders the login
 * machine's snapshot (and its children's), sends its events.
 */
import { lazy, Suspense, type ReactNode } from 'react';
import { loginStep } from '../../../machines/login.machine.ts';
import { enLoginMore } from '../../i18n/en-login-more.ts';
import { addMessages, errorText } from '../../i18n/index.ts';
import * as c from '../shared/card.css.ts';
import { Card } from '../shared/ui.tsx';
import type { LoginStepProps } from './step-props.ts';

// the later steps' texts (the success card, and the notices the machine sets on the first step after them)
addMessages('en', enLoginMore);

const MfaChild = lazy(() => import('../mfa/MfaSteps.tsx').then((m) => ({ default: m.MfaChild })));
const MoreSteps = lazy(() => import('./MoreSteps.tsx'));
const AfterSignIn = lazy(() => import('./AfterSignIn.tsx'));
const Passwordless = lazy(() => import('./Passwordless.tsx'));

/** The later login step shown (the default export, for React.lazy). */
export default function LaterSteps(
  props: LoginStepProps & {
    /** preLogin's extras (NoLocalAuthentication shows them too). */
    extras: ReactNode;
  },
) {
  const { host, t, snapshot, send, extras, ...fields } = props;
  const step = loginStep(snapshot);
  const back = (
    <button type="button" className={c.linkButton} onClick={() => send({ type: 'flow.cancel' })}>
      {t('login.backToLogin')}
    </button>
  );
  const loading = <Card step="loading" title={t('login.title')} busyText={t('common.loading')} />;
  const steps = { host, t, snapshot, send, ...fields };
  switch (step) {
    case 'loginWithTwoFactor':
    case 'forceTwoFactor': {
      // the MFA steps (lazy) once the MFA machine runs; before: loading it, or the error it failed with
      const child = snapshot.children.mfa;
      const card = (
        <Card
          step={step}
          title={t('login.title')}
          error={errorText(t, snapshot.context.error)}
          busyText={child || snapshot.hasTag('busy') ? t('common.loading') : undefined}
          footer={back}
        />
      );
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
      return (
        <Suspense fallback={loading}>
          <MoreSteps step={step} {...steps} back={back} />
        </Suspense>
      );
    case 'afterSignIn': {
      // the steps after sign-in (lazy) once their machine runs; before: loading it
      const child = snapshot.children.afterSignIn;
      return child ? (
        <Suspense fallback={loading}>
          <AfterSignIn host={host} t={t} actor={child} />
        </Suspense>
      ) : (
        loading
      );
    }
    case 'loading':
    case 'postLogin':
      return <Card step={step} title={t('login.title')} busyText={t('common.loading')} />;
    case 'success':
      return <Card step="success" title={t('login.success.title')} subtitle={t('login.success.body')} />;
    case 'ssoTestFinished':
      // an administrator's SSO test sign-in (issue 31 item 5): nobody signed in, the result is in the portal
      return <Card step={step} title={t('login.ssoTestFinished.title')} subtitle={t('login.ssoTestFinished.body')} />;
    default:
      // preLogin (NoLocalAuthentication), magicLinkPreLoginSuccess, loginWithOtc, loginWithSmsOtc, loginWithQuickSmsOtc, loginWithSSOFailed
      return (
        <Suspense fallback={loading}>
          <Passwordless step={step} {...steps} social={extras} />
        </Suspense>
      );
  }
}
