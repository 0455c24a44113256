/**
 * `<fe-unlock-account>`'s view (SI-7.29): unlocking, then unlocked (sign in)
 * or failed (the server's message, back to sign in); renders the machine's
 * snapshot and sends `route.open`.
 */
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import { unlockAccountStep, type unlockAccountMachine } from '../../../machines/unlock-account.machine.ts';
import { errorText } from '../../i18n/index.ts';
import * as c from '../shared/card.css.ts';
import { useFlow } from '../shared/flow.tsx';
import { useT } from '../../i18n/use-t.ts';
import { Card } from '../shared/ui.tsx';

export function UnlockAccountView() {
  const { actor, app } = useFlow<ActorRefFrom<typeof unlockAccountMachine>>();
  const t = useT(app);
  const snapshot = useSelector(actor, (s) => s);
  const step = unlockAccountStep(snapshot);
  const toLogin = () => actor.send({ type: 'route.open', route: 'loginUrl' });

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
