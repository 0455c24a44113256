/**
 * `<fe-impersonate>`'s view (sign-in §4 impersonating → success): renders
 * the machine's snapshot, sends `app.open` ("Continue", "Back to the app").
 */
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import { impersonateStep, type impersonateMachine } from '../../../machines/impersonate.machine.ts';
import { errorText } from '../../i18n/index.ts';
import * as c from '../shared/card.css.ts';
import { useFlow } from '../shared/flow.tsx';
import { useT } from '../../i18n/use-t.ts';
import { Card } from '../shared/ui.tsx';

export function ImpersonateView() {
  const { actor, app } = useFlow<ActorRefFrom<typeof impersonateMachine>>();
  const t = useT(app);
  const snapshot = useSelector(actor, (s) => s);
  const step = impersonateStep(snapshot);
  const { context } = snapshot;
  const toApp = (label: string, className: string) => (
    <button type="button" className={className} onClick={() => actor.send({ type: 'app.open' })}>
      {label}
    </button>
  );
  if (step === 'success') {
    const user = context.impersonated?.user;
    const who = [user?.email, user?.name, context.userId].find((v): v is string => typeof v === 'string' && !!v) ?? '';
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
