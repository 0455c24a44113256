/**
 * One delivery (issue 33 item 2, beyond Frontegg; deep link `#/admin/webhooks/<id>/deliveries/<deliveryId>`): its
 * event, `webhook-id`, status and next attempt, and every attempt, oldest first — when, the answer's status (or why
 * there was none), how long it took, the request headers and body sent, and the receiver's answer — with Back,
 * Refresh and, for an admin who may write, Resend (the same `webhook-id`).
 */
import { useStore } from '@nanostores/react';
import { createWebhooksResource, type DeliveryAttempt } from '../resources/webhooks.ts';
import { useSection } from '../shell/context.ts';
import { useDateTime } from '../shell/use-date-time.ts';
import * as css from '../ui/admin.css.ts';
import { SectionHeader } from '../ui/section-header.tsx';
import { LoadStates } from '../ui/states.tsx';
import { useInlineAction } from '../ui/use-inline-action.ts';
import { attemptSucceeded, prettyBody } from './model.ts';
import { DeliveryStatusBadge } from './WebhookDeliveries.tsx';
import * as webhooksCss from './webhooks.css.ts';

/** Delivery `deliveryId` of webhook `id`, with a way back to the webhook's deliveries. */
export function DeliveryView({ id, deliveryId, onBack }: { id: string; deliveryId: string; onBack: () => void }) {
  const section = useSection();
  const { t, resources } = section;
  const canWrite = section.can('write');
  const webhooks = resources.use(createWebhooksResource);
  const $delivery = webhooks.delivery(id, deliveryId);
  const state = useStore($delivery);
  const dateText = useDateTime();
  const resend = useInlineAction(webhooks.resend, {
    done: () => t('admin.webhooks.resent'),
    failed: (reason) => t('admin.webhooks.resendFailed', { reason }),
  });
  const delivery = state.data;
  const title = delivery ? t('admin.webhooks.deliveryTitle', { event: delivery.eventKey }) : t('admin.webhooks.deliveryTitleLoading');
  return (
    <>
      <SectionHeader
        titleId="fe-webhooks-title"
        title={title}
        intro={delivery ? t('admin.webhooks.deliveryIntro', { time: dateText(delivery.createdAt, { time: true }) }) : undefined}
      >
        <button type="button" className={css.secondaryButton} onClick={onBack}>
          {t('admin.webhooks.backToDeliveries')}
        </button>
        <button type="button" className={css.secondaryButton} onClick={() => $delivery.revalidate()} aria-disabled={state.loading || undefined}>
          {state.loading ? t('admin.webhooks.refreshing') : t('admin.webhooks.refresh')}
        </button>
        {canWrite ? (
          <button type="button" className={css.button} aria-disabled={resend.busy || undefined} onClick={() => !resend.busy && void resend.run({ id, deliveryId })}>
            {t('admin.webhooks.resend')}
          </button>
        ) : null}
      </SectionHeader>
      <LoadStates state={state} retry={() => $delivery.revalidate()}>
        {delivery ? (
          <>
            <dl className={css.detailsList}>
              <div className={css.detailsItem}>
                <dt className={css.detailsLabel}>{t('admin.webhooks.delivery.col.status')}</dt>
                <dd className={css.detailsValue}>
                  <DeliveryStatusBadge status={delivery.status} t={t} />
                </dd>
              </div>
              <div className={css.detailsItem}>
                <dt className={css.detailsLabel}>{t('admin.webhooks.delivery.messageId')}</dt>
                <dd className={css.detailsValue}>
                  <code>{delivery.messageId}</code>
                </dd>
              </div>
              <div className={css.detailsItem}>
                <dt className={css.detailsLabel}>{t('admin.webhooks.delivery.col.next')}</dt>
                <dd className={css.detailsValue}>
                  {delivery.nextAttemptAt ? dateText(delivery.nextAttemptAt, { time: true }) : <span className={css.muted}>{t('admin.none')}</span>}
                </dd>
              </div>
            </dl>
            <h3 className={css.subtitle}>{t('admin.webhooks.attemptsTitle', { count: delivery.attempts.length })}</h3>
            {delivery.attempts.length === 0 ? <p className={css.muted}>{t('admin.webhooks.noAttempts')}</p> : null}
            <ol className={webhooksCss.attempts}>
              {delivery.attempts.map((attempt, i) => (
                <Attempt key={attempt.id} attempt={attempt} n={i + 1} />
              ))}
            </ol>
          </>
        ) : null}
      </LoadStates>
    </>
  );
}

/** One attempt: its heading (number, time, status, duration), then what was sent and what came back. */
function Attempt({ attempt, n }: { attempt: DeliveryAttempt; n: number }) {
  const { t } = useSection();
  const dateText = useDateTime();
  const ok = attemptSucceeded(attempt.statusCode);
  const headingId = `fe-webhook-attempt-${attempt.id}`;
  const headers = Object.entries(attempt.requestHeaders ?? {})
    .map(([k, v]) => `${k}: ${v}`)
    .join('\n');
  return (
    <li className={webhooksCss.attempt}>
      <h4 id={headingId} className={webhooksCss.attemptTitle}>
        {t('admin.webhooks.attemptTitle', { n, time: dateText(attempt.at, { time: true }) })}
      </h4>
      <p className={webhooksCss.attemptFacts}>
        {ok ? (
          <span className={css.badgeOk}>{t('admin.webhooks.status.ok', { status: attempt.statusCode ?? '' })}</span>
        ) : (
          <span className={css.badgeDanger} data-failed="">
            <span aria-hidden="true">⚠ </span>
            {attempt.statusCode === null ? t('admin.webhooks.status.noAnswer') : t('admin.webhooks.status.failed', { status: attempt.statusCode })}
          </span>
        )}
        <span>{t('admin.webhooks.duration', { ms: attempt.durationMs })}</span>
        {attempt.error ? <span className={css.wraps}>{attempt.error}</span> : null}
      </p>
      <Block label={t('admin.webhooks.requestHeaders')} id={`${headingId}-h`} text={headers} />
      <Block label={t('admin.webhooks.requestBody')} id={`${headingId}-b`} text={prettyBody(attempt.requestBody)} />
      <Block label={t('admin.webhooks.answer')} id={`${headingId}-r`} text={prettyBody(attempt.responseBody)} />
    </li>
  );
}

/** A labelled block of code (scrollable, reachable by keyboard); "None" when empty. */
function Block({ label, id, text }: { label: string; id: string; text: string }) {
  const { t } = useSection();
  return (
    <div className={css.field}>
      <span className={css.label} id={id}>
        {label}
      </span>
      {text ? (
        <pre className={webhooksCss.code} aria-labelledby={id} tabIndex={0}>
          {text}
        </pre>
      ) : (
        <span className={css.muted}>{t('admin.none')}</span>
      )}
    </div>
  );
}
