import { useStore } from '@nanostores/react';
import { useMachine } from '@xstate/react';
import { useState } from 'react';
import { fromPromise } from 'xstate';
import { dispatch } from '../../../elements/internal/react-element.ts';
import { hostOf, useLitContext } from '../../../elements/internal/use-lit-context.ts';
import { unlockAccountMachine, unlockAccountStep } from '../../../machines/unlock-account.machine.ts';
import { createActivationApi } from '../../api/activation.ts';
import { appContext } from '../../app/context.ts';
import type { FeApp } from '../../app/app.ts';
import '../../i18n/en-unlock.ts';
import { goTo, restore } from '../password/ForgotPassword.tsx';
import * as c from '../shared/card.css.ts';
import { Card, errorText, NoProvider } from '../shared/ui.tsx';

/** Props of `<fe-unlock-account>`. */
export interface UnlockAccountProps {
  container?: ShadowRoot | HTMLElement;
  /** Default the page's `token` query parameter. */
  token?: string;
  /** For stories and tests: a JSON `{ value, context }` to start the machine in. */
  initialState?: string;
}

/** `<fe-unlock-account>`'s React root. */
export function UnlockAccount(props: UnlockAccountProps) {
  const host = hostOf(props.container);
  const app = useLitContext(host, appContext);
  if (!host) return null;
  if (!app) return <NoProvider />;
  return <UnlockAccountFlow app={app} host={host} {...props} />;
}

function UnlockAccountFlow({ app, host, token, initialState }: UnlockAccountProps & { app: FeApp; host: HTMLElement }) {
  const t = useStore(app.i18n.$t);
  const [logic] = useState(() => {
    const api = createActivationApi(app.client);
    return unlockAccountMachine.provide({
      actors: { unlock: fromPromise(({ input }) => api.unlock(input)) },
      actions: {
        notifyUnlocked: () => dispatch(host, 'fe-unlock', {}),
        notifyError: ({ context }) => dispatch(host, 'fe-error', { ...context.error, message: errorText(app.i18n.$t.get(), context.error) }),
      },
    });
  });
  const [snapshot] = useMachine(logic, {
    input: { token: token ?? new URLSearchParams(location.search).get('token') },
    snapshot: initialState ? restore(logic, initialState, { token: 't', error: null }) : undefined,
  });
  const step = unlockAccountStep(snapshot);
  const toLogin = () => goTo(app, host, app.routes.loginUrl);

  if (step === 'success') {
    return (
      <Card step="success" title={t('unlock.success.title')} subtitle={t('unlock.success.body')}>
        <button type="button" className={c.button} onClick={toLogin}>
          {t('unlock.signIn')}
        </button>
      </Card>
    );
  }
  if (step === 'failed') {
    return (
      <Card
        step="failed"
        title={t('unlock.failed.title')}
        subtitle={t('unlock.failed.body')}
        error={errorText(t, snapshot.context.error)}
        footer={
          <button type="button" className={c.linkButton} onClick={toLogin}>
            {t('login.backToLogin')}
          </button>
        }
      />
    );
  }
  return <Card step="unlocking" title={t('unlock.title')} busyText={t('unlock.unlocking')} />;
}
