/**
 * A webhook's last call in its row (issue 33 item 1: the list shows the last delivery's status): "200 · <time>", or
 * the word "Failed" with an icon and the status (not colour alone), "Never" before the first call, nothing while it
 * loads; the webhook's log (`GET /webhook/logs/?id&offset=0&limit=1`, AB-7.62) gives it.
 */
import { useStore } from '@nanostores/react';
import { createWebhooksResource } from '../resources/webhooks.ts';
import { useSection } from '../shell/context.ts';
import { useDateTime } from '../shell/use-date-time.ts';
import * as css from '../ui/admin.css.ts';
import { attemptSucceeded } from './model.ts';

/** The last call of webhook `id`. */
export function LastCall({ id }: { id: string }) {
  const { t, resources } = useSection();
  const dateText = useDateTime();
  const state = useStore(resources.use(createWebhooksResource).lastCall(id));
  if (state.error) return <span className={css.muted}>{t('admin.webhooks.lastCallUnknown')}</span>;
  if (state.data === undefined) return null;
  const call = state.data;
  if (!call) return <span className={css.muted}>{t('admin.never')}</span>;
  return (
    <span className={css.cellStack}>
      {attemptSucceeded(call.statusCode) ? (
        <span>{t('admin.webhooks.status.ok', { status: call.statusCode })}</span>
      ) : (
        <span className={css.badgeDanger} data-failed="">
          <span aria-hidden="true">⚠ </span>
          {t('admin.webhooks.status.failed', { status: call.statusCode })}
        </span>
      )}
      <time dateTime={call.createdAt} className={`${css.muted} ${css.wraps}`}>
        {dateText(call.createdAt, { time: true })}
      </time>
    </span>
  );
}
