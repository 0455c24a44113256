import { useStore } from '@nanostores/react';
import { useMachine } from '@xstate/react';
import { atom } from 'nanostores';
import { useState } from 'react';
import { fromPromise } from 'xstate';
import { dispatch } from '../../../elements/internal/react-element.ts';
import { hostOf, useLitContext } from '../../../elements/internal/use-lit-context.ts';
import { impersonationMachine, impersonationStep, type ImpersonationContext, type ImpersonationSnapshot } from '../../../machines/impersonation.machine.ts';
import { createImpersonationApi, impersonatorOf, isImpersonated } from '../../api/invitation.ts';
import { appContext } from '../../app/context.ts';
import type { FeApp } from '../../app/app.ts';
import type { Translate } from '../../i18n/index.ts';
import '../../i18n/en-impersonation.ts';
import { publicUser } from '../login/LoginBox.tsx';
import { goTo, restore } from '../password/ForgotPassword.tsx';
import * as c from '../shared/card.css.ts';
import { Card, errorText, NoProvider } from '../shared/ui.tsx';

export { isImpersonated, impersonatorOf };

/** Props of `<fe-impersonate>`. */
export interface ImpersonateProps {
  container?: ShadowRoot | HTMLElement;
  /** The user to impersonate; default the page's `userId` query parameter. */
  userId?: string;
  /** Where to go afterwards; default the page's `redirectUrl` query parameter, else the authenticated URL. */
  redirectUrl?: string;
  /** For stories and tests: a JSON `{ value, context }` to start the machine in. */
  initialState?: string;
}

const RESTORE_DEFAULTS: ImpersonationContext = { userId: 'u', redirectUrl: null, impersonated: null, error: null };

/** Stand-in session store before the app is known (React hooks run unconditionally). */
const fallbackSession = atom({ isLoading: true, isAuthenticated: false, user: null, accessToken: null, expiresAt: null });

/** `<fe-impersonate>`'s React root. */
export function Impersonate(props: ImpersonateProps) {
  const host = hostOf(props.container);
  const app = useLitContext(host, appContext);
  const session = useStore(app?.stores.$session ?? fallbackSession);
  if (!host) return null;
  if (!app) return <NoProvider />;
  // impersonating needs the admin's session: wait for the start-up refresh
  if (session.isLoading && !props.initialState) {
    const t = app.i18n.$t.get();
    return <Card step="loading" title={t('impersonation.title')} busyText={t('common.loading')} />;
  }
  return <ImpersonateFlow app={app} host={host} {...props} />;
}

/** The impersonation machine with the app's calls and the element's DOM events. */
export function createImpersonationLogic(app: FeApp, host: HTMLElement) {
  const api = createImpersonationApi(app.client);
  return impersonationMachine.provide({
    actors: {
      impersonate: fromPromise(async ({ input }) => {
        const response = await api.impersonate({ ...input, actorToken: app.stores.$session.get().accessToken });
        const result = await app.completeLogin(response);
        if (!result) throw new Error(app.i18n.$t.get()('error.generic'));
        const user = result.user;
        return { email: user.email, name: user.name, userId: (user.id ?? user.sub) as string | undefined, actorId: impersonatorOf(user) };
      }),
    },
    actions: {
      notifyImpersonated: ({ context }) => {
        const user = app.stores.$session.get().user;
        dispatch(host, 'fe-impersonate', { user: user ? publicUser(user) : null, actorId: context.impersonated?.actorId });
      },
      navigateAfterImpersonation: ({ context }) => {
        const url = new URL(app.resolvePostAuthUrl(context.redirectUrl), location.href).href;
        if (dispatch(host, 'fe-navigate', { url }, { cancelable: true }) && url !== location.href) app.navigate(url);
      },
      notifyError: ({ context }) => dispatch(host, 'fe-error', { ...context.error, message: errorText(app.i18n.$t.get(), context.error) }),
    },
  });
}

function ImpersonateFlow({ app, host, userId, redirectUrl, initialState }: ImpersonateProps & { app: FeApp; host: HTMLElement }) {
  const t = useStore(app.i18n.$t);
  const query = new URLSearchParams(location.search);
  const [logic] = useState(() => createImpersonationLogic(app, host));
  const [snapshot] = useMachine(logic, {
    input: { userId: userId ?? query.get('userId'), redirectUrl: redirectUrl ?? query.get('redirectUrl') },
    snapshot: initialState ? restore(logic, initialState, RESTORE_DEFAULTS) : undefined,
  });
  return <ImpersonateSteps app={app} host={host} t={t} snapshot={snapshot} />;
}

/** Pure view of the impersonation flow. */
export function ImpersonateSteps({ app, host, t, snapshot }: { app: FeApp; host: HTMLElement; t: Translate; snapshot: ImpersonationSnapshot }) {
  const step = impersonationStep(snapshot);
  const { context } = snapshot;
  const toApp = (label: string, className: string) => (
    <button type="button" className={className} onClick={() => goTo(app, host, app.resolvePostAuthUrl(context.redirectUrl))}>
      {label}
    </button>
  );
  if (step === 'success') {
    const who = context.impersonated?.email ?? context.impersonated?.name ?? context.userId ?? '';
    return (
      <Card step="success" title={t('impersonation.success.title')} subtitle={t('impersonation.success.body', { email: who })} busyText={t('impersonation.success.redirect')}>
        <p className={c.notice} part="badge" data-impersonating="">
          {t('impersonation.badge')}
        </p>
        {toApp(t('impersonation.continue'), c.button)}
      </Card>
    );
  }
  if (step === 'failed') {
    return (
      <Card
        step="failed"
        title={t('impersonation.failed.title')}
        subtitle={t('impersonation.failed.body')}
        error={errorText(t, context.error)}
        footer={toApp(t('impersonation.back'), c.linkButton)}
      />
    );
  }
  return <Card step="impersonating" title={t('impersonation.title')} busyText={t('impersonation.busy')} />;
}
