import { useStore } from '@nanostores/react';
import { useMachine, useSelector } from '@xstate/react';
import { atom } from 'nanostores';
import { useState } from 'react';
import { fromPromise } from 'xstate';
import { dispatch } from '../../../elements/internal/react-element.ts';
import { hostOf, useLitContext } from '../../../elements/internal/use-lit-context.ts';
import { mfaMachine, type MfaActor, type MfaEvent, type RememberDevicePolicy } from '../../../machines/mfa.machine.ts';
import { stepUpMachine, stepUpSnapshotFrom, stepUpStep, type StepUpSnapshot, type StepUpStateSpec } from '../../../machines/step-up.machine.ts';
import { createStepUpApi } from '../../api/step-up.ts';
import { appContext } from '../../app/context.ts';
import type { FeApp } from '../../app/app.ts';
import { clearStepUpFlag, isSteppedUp, readStepUpFlag } from '../../auth/step-up.ts';
import type { Translate } from '../../i18n/index.ts';
import '../../i18n/en-step-up.ts';
import { MfaSteps } from '../mfa/MfaSteps.tsx';
import { createMfaLogic } from '../mfa/mfa-logic.ts';
import { publicUser } from '../login/LoginBox.tsx';
import { Card, errorText, NoProvider } from '../shared/ui.tsx';

/** Props of `<fe-step-up>`. */
export interface StepUpProps {
  container?: ShadowRoot | HTMLElement;
  /** Seconds; default the page's `maxAge` query parameter, else the stored flag's. */
  maxAge?: number;
  /** Where to return; default the page's `redirectUrl` query parameter, else the authenticated URL. */
  redirectUrl?: string;
  /** For stories and tests: a JSON {@link StepUpStateSpec} to start the machine in. */
  initialState?: string;
}

/** `<fe-step-up>`'s React root. */
export function StepUp(props: StepUpProps) {
  const host = hostOf(props.container);
  const app = useLitContext(host, appContext);
  const session = useStore(app?.stores.$session ?? fallbackSession);
  if (!host) return null;
  if (!app) return <NoProvider />;
  // step-up needs the session: wait for the start-up refresh
  if (session.isLoading && !props.initialState) return <Card step="loading" title="" busyText={app.i18n.$t.get()('common.loading')} />;
  return <StepUpFlow app={app} host={host} {...props} />;
}

/** Stand-in session store before the app is known (React hooks run unconditionally). */
const fallbackSession = atom({ isLoading: true, isAuthenticated: false, user: null, accessToken: null, expiresAt: null });

/**
 * The step-up machine with the app's calls and the element's DOM events. Its
 * `verify` step runs the same MFA logic as sign-in (src/views/mfa/mfa-logic.ts:
 * device choice, authenticator / SMS / email codes, WebAuthn keys) on the
 * step-up mfaToken, without the "remember this device" offer: a step-up is a
 * fresh proof, not a sign-in to remember.
 */
export function createStepUpLogic(app: FeApp, host: HTMLElement, redirectUrl: string | null) {
  const api = createStepUpApi(app.client);
  const t = () => app.i18n.$t.get();
  const notifyError = ({ context }: { context: { error: unknown } }) =>
    dispatch(host, 'fe-error', { ...(context.error as object), message: errorText(t(), context.error as never) });
  const verify = createMfaLogic(app, host).provide({
    actors: { checkRememberDevice: fromPromise<RememberDevicePolicy, { mfaToken: string }>(async () => ({ allowed: false, expiresIn: 0 })) },
  });
  const enrol = mfaMachine.provide({
    actors: {
      preEnrollAuthenticator: fromPromise(() => api.preEnrollAuthenticator()),
      enrollAuthenticator: fromPromise(({ input }) => api.enrollAuthenticator({ token: input.code }) as never),
    },
    actions: { notifyError },
  });
  return stepUpMachine.provide({
    actors: {
      generate: fromPromise(({ input }) => api.generate(input)),
      completeLogin: fromPromise(async ({ input }) => {
        const result = await app.completeLogin(input);
        return result ? { user: result.user } : null;
      }),
      mfa: verify,
      enrol,
    },
    actions: {
      clearFlag: () => clearStepUpFlag(),
      notifySteppedUp: (_, { user }) => dispatch(host, 'fe-step-up', { user: publicUser(user) }),
      notifyError,
      navigateBack: () => {
        const url = new URL(app.resolvePostAuthUrl(redirectUrl), location.href).href;
        if (dispatch(host, 'fe-navigate', { url }, { cancelable: true }) && url !== location.href) app.navigate(url);
      },
      logoutPreservingQuery: () => {
        const url = new URL(app.routes.logoutUrl + location.search, location.href).href;
        if (dispatch(host, 'fe-navigate', { url }, { cancelable: true })) app.navigate(url);
      },
    },
  });
}

function StepUpFlow({ app, host, maxAge, redirectUrl, initialState }: StepUpProps & { app: FeApp; host: HTMLElement }) {
  const t = useStore(app.i18n.$t);
  const query = new URLSearchParams(location.search);
  const flag = readStepUpFlag();
  const queryMaxAge = query.get('maxAge');
  const age = maxAge ?? (queryMaxAge !== null && queryMaxAge !== '' ? Number(queryMaxAge) : flag?.maxAge);
  const [logic] = useState(() => createStepUpLogic(app, host, redirectUrl ?? query.get('redirectUrl')));
  const user = app.stores.$session.get().user;
  const [snapshot] = useMachine(logic, {
    input: { maxAge: age, flagSet: !!flag, steppedUp: isSteppedUp(user, { maxAge: age }), email: user?.email },
    snapshot: initialState ? stepUpSnapshotFrom(logic, JSON.parse(initialState) as StepUpStateSpec) : undefined,
  });
  return <StepUpSteps host={host} t={t} snapshot={snapshot} />;
}

/** Pure view of the step-up flow. */
export function StepUpSteps({ host, t, snapshot }: { host: HTMLElement; t: Translate; snapshot: StepUpSnapshot }) {
  const step = stepUpStep(snapshot);
  switch (step) {
    case 'verify':
    case 'noMFAEnrolledStepUp':
      return <StepUpMfa host={host} t={t} actor={snapshot.children.mfa as MfaActor | undefined} step={step} />;
    case 'done':
      return <Card step="done" title={t('stepUp.done.title')} subtitle={t('stepUp.done.body')} />;
    case 'notRequested':
      return <Card step="notRequested" title={t('stepUp.notRequested.title')} subtitle={t('stepUp.notRequested.body')} />;
    case 'failed':
      return <Card step="failed" title={t('stepUp.failed.title')} subtitle={t('stepUp.failed.body')} error={errorText(t, snapshot.context.error)} />;
    default:
      return <Card step={step} title={t('stepUp.title')} subtitle={t('stepUp.body')} busyText={t('stepUp.checking')} />;
  }
}

function StepUpMfa({ host, t, actor, step }: { host: HTMLElement; t: Translate; actor?: MfaActor; step: string }) {
  const snapshot = useSelector(actor, (s) => s);
  if (!actor || !snapshot) return <Card step={step} title={t('stepUp.title')} busyText={t('stepUp.checking')} />;
  return (
    <div data-step-up={step}>
      <MfaSteps host={host} t={t} snapshot={snapshot} send={(e: MfaEvent) => actor.send(e)} />
    </div>
  );
}
