/**
 * A webhook's test (admin spec §4 "Webhook test", §7; api-contract §Y `postWebhookTest`; AB-4.30, AB-7.60): sends a
 * sample event of the webhook's first event key to its URL (`POST /webhook/test` with `{ url, payload }`, and the
 * emulator's `webhookId`: signed with the webhook's secrets) and shows how
 * it went — succeeded on status 200 or 201, failed otherwise (the word and an icon, not colour alone) — with the
 * receiver's answer, pretty-printed. A call the emulator refused shows its message, announced.
 */
import { useState } from 'react';
import { createWebhooksResource, type WebhookConfiguration, type WebhookTestResult } from '../resources/webhooks.ts';
import { useSection } from '../shell/context.ts';
import * as css from '../ui/admin.css.ts';
import { AdminDialog } from '../ui/dialog.tsx';
import { DialogActions } from '../ui/form.tsx';
import { ErrorSlot } from '../ui/states.tsx';
import { useSave } from '../ui/use-save.ts';
import { prettyBody, testSucceeded } from './model.ts';
import * as webhooksCss from './webhooks.css.ts';

/** The sample event a test sends: the webhook's first event key (or a user created), marked as a test. */
export function samplePayload(webhook: Pick<WebhookConfiguration, 'eventKeys'>): Record<string, unknown> {
  return { eventKey: webhook.eventKeys[0] ?? 'frontegg.user.created', test: true, user: { email: 'test@example.com' } };
}

/** The test dialog of `webhook`, open while mounted. */
export function TestDialog({ webhook, onClose }: { webhook: WebhookConfiguration; onClose: () => void }) {
  const { t, resources } = useSection();
  const webhooks = resources.use(createWebhooksResource);
  const [result, setResult] = useState<WebhookTestResult | null>(null);
  const save = useSave();
  const send = () => void save.run(() => webhooks.test.run({ url: webhook.url, payload: samplePayload(webhook), webhookId: webhook._id }), setResult);
  const ok = result ? testSucceeded(result.statusCode) : false;
  const body = result ? prettyBody(result.body) : '';
  return (
    <AdminDialog open onClose={onClose} busy={save.busy} title={t('admin.webhooks.testTitle', { name: webhook.displayName })}>
      <form
        className={css.form}
        onSubmit={(e) => {
          e.preventDefault();
          send();
        }}
        aria-busy={save.busy || undefined}
      >
        <p className={css.flush}>{t('admin.webhooks.testBody', { url: webhook.url })}</p>
        {result ? (
          <div className={css.form} role="status" data-test-result={ok ? 'success' : 'failed'}>
            {ok ? (
              <p className={`${css.badgeOk} ${css.flush}`}>{t('admin.webhooks.testSucceeded', { status: result.statusCode ?? '' })}</p>
            ) : (
              <p className={`${css.badgeDanger} ${css.flush}`}>
                <span aria-hidden="true">⚠ </span>
                {result.statusCode === null ? t('admin.webhooks.testNoAnswer', { error: result.error ?? '' }) : t('admin.webhooks.testFailed', { status: result.statusCode })}
              </p>
            )}
            <span className={css.label} id="fe-webhook-test-answer">
              {t('admin.webhooks.answer')}
            </span>
            <pre className={webhooksCss.code} aria-labelledby="fe-webhook-test-answer" tabIndex={0}>
              {body || t('admin.webhooks.noAnswerBody')}
            </pre>
          </div>
        ) : null}
        <ErrorSlot error={save.error} />
        <DialogActions
          onCancel={onClose}
          busy={save.busy}
          label={result ? t('admin.webhooks.testAgain') : t('admin.webhooks.sendTest')}
          busyLabel={t('admin.webhooks.sending')}
          autoFocus
        />
      </form>
    </AdminDialog>
  );
}
