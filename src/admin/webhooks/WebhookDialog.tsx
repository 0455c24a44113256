/**
 * The add and edit form of a webhook (api-contract §Y `postWebhooksConfiguration`; AB-3.39, AB-7.57; issue 33 item 1):
 * display name, description, URL (an http(s) address), the events chosen by category from the emulator's catalogue
 * (`GET /event/resources/configurations/v1/categories`), active, and the secret — left empty, the emulator generates
 * one (`whsec_…`), shown here once with its copy button and the "verify it" snippet; typed, at least 8 characters (used
 * as raw bytes). Editing keeps the secret unless "Change the secret" is ticked (a rotation: the old one keeps signing
 * for 24 hours). A refusal keeps what was typed and shows the server's message, announced.
 */
import { useStore } from '@nanostores/react';
import { useState, type FormEvent } from 'react';
import { createWebhooksResource, type WebhookConfiguration, type WebhookSaveData } from '../resources/webhooks.ts';
import { useSection } from '../shell/context.ts';
import * as css from '../ui/admin.css.ts';
import { Checklist } from '../ui/checklist.tsx';
import { AdminDialog } from '../ui/dialog.tsx';
import { CheckboxRow, DialogActions, TextAreaField, TextField } from '../ui/form.tsx';
import { SecretOnce } from '../ui/secret-once.tsx';
import { ErrorSlot, LoadStates } from '../ui/states.tsx';
import { useSave } from '../ui/use-save.ts';
import { MIN_SECRET_LENGTH, nodeSnippet, secretFormatOf, secretProblem, urlProblem } from './model.ts';
import * as webhooksCss from './webhooks.css.ts';

/** The form's problems, by field. */
type Problems = { displayName?: boolean; url?: 'required' | 'invalid'; events?: boolean; secret?: 'short' };

/** The dialog, open while mounted: `webhook` to edit, none to add. */
export function WebhookDialog({ webhook, onClose }: { webhook?: WebhookConfiguration; onClose: () => void }) {
  const { t, resources, toasts } = useSection();
  const webhooks = resources.use(createWebhooksResource);
  const categories = useStore(webhooks.$categories);
  const [displayName, setDisplayName] = useState(webhook?.displayName ?? '');
  const [description, setDescription] = useState(webhook?.description ?? '');
  const [url, setUrl] = useState(webhook?.url ?? '');
  const [eventKeys, setEventKeys] = useState<string[]>(webhook?.eventKeys ?? []);
  const [isActive, setIsActive] = useState(webhook?.isActive ?? true);
  const [changeSecret, setChangeSecret] = useState(!webhook);
  const [secret, setSecret] = useState('');
  const [problems, setProblems] = useState<Problems>({});
  // a generated secret, answered once by the save: it lives only in this dialog's state
  const [shown, setShown] = useState<WebhookConfiguration | null>(null);
  const save = useSave();

  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    if (save.busy) return;
    const found: Problems = {
      displayName: !displayName.trim() || undefined,
      url: urlProblem(url) ?? undefined,
      events: eventKeys.length === 0 || undefined,
      secret: changeSecret ? (secretProblem(secret) ?? undefined) : undefined,
    };
    setProblems(found);
    const first = (['displayName', 'url', 'events', 'secret'] as const).find((k) => found[k]);
    if (first) {
      e.currentTarget.querySelector<HTMLElement>(first === 'events' ? 'fieldset input' : `[name=${first}]`)?.focus();
      return;
    }
    const data: WebhookSaveData = {
      ...(webhook ? { _id: webhook._id } : {}),
      displayName: displayName.trim(),
      description: description.trim(),
      url: url.trim(),
      eventKeys,
      isActive,
      ...(changeSecret ? { secret } : {}),
    };
    void save.run(
      () => webhooks.save.run(data),
      (saved) => {
        toasts.show(t(webhook ? 'admin.webhooks.saved' : 'admin.webhooks.added', { name: data.displayName }));
        // a secret the emulator generated is shown once; a typed one the admin has already
        if (changeSecret && !secret && saved?.secret) setShown(saved);
        else onClose();
      },
    );
  };

  const title = shown ? t('admin.webhooks.secretTitle') : webhook ? t('admin.webhooks.editTitle', { name: webhook.displayName }) : t('admin.webhooks.addTitle');
  return (
    <AdminDialog open onClose={onClose} busy={save.busy} dismissable={!shown} title={title}>
      {shown ? (
        <SecretOnce
          warning={t('admin.webhooks.secretWarning')}
          items={[{ id: 'fe-webhook-secret', label: t('admin.webhooks.secret'), value: shown.secret ?? '' }]}
          onDone={onClose}
        >
          <p className={css.hint}>{t('admin.webhooks.secretHowTo')}</p>
          <pre className={webhooksCss.code} aria-label={t('admin.webhooks.verifyNode')} tabIndex={0}>
            {nodeSnippet(secretFormatOf(shown))}
          </pre>
        </SecretOnce>
      ) : (
        <form className={css.form} onSubmit={submit} noValidate aria-busy={save.busy || undefined}>
          <TextField
            label={t('admin.webhooks.displayName')}
            fieldId="fe-webhook-displayName"
            name="displayName"
            autoComplete="off"
            required
            value={displayName}
            onChange={(e) => setDisplayName(e.target.value)}
            error={problems.displayName ? t('admin.webhooks.displayNameRequired') : null}
            autoFocus
          />
          <TextAreaField
            label={t('admin.webhooks.description')}
            fieldId="fe-webhook-description"
            name="description"
            rows={2}
            value={description}
            onChange={(e) => setDescription(e.target.value)}
          />
          <TextField
            label={t('admin.webhooks.url')}
            fieldId="fe-webhook-url"
            name="url"
            type="url"
            inputMode="url"
            autoComplete="off"
            required
            hint={t('admin.webhooks.urlHint')}
            value={url}
            onChange={(e) => setUrl(e.target.value)}
            error={problems.url ? t(`admin.webhooks.url.${problems.url}`) : null}
          />
          <div className={css.field}>
            <span className={css.label} id="fe-webhook-events-label">
              {t('admin.webhooks.events')}
            </span>
            <LoadStates state={categories} retry={() => webhooks.$categories.revalidate()}>
              <div className={webhooksCss.categories} role="group" aria-labelledby="fe-webhook-events-label">
                {(categories.data ?? []).map((category) => (
                  <Checklist
                    key={category.id}
                    legend={category.name}
                    items={category.events.map((ev) => ({ key: ev.key, label: ev.displayName, description: ev.description }))}
                    value={eventKeys}
                    onChange={setEventKeys}
                  />
                ))}
              </div>
            </LoadStates>
            {problems.events ? (
              <p className={css.fieldError} role="alert">
                {t('admin.webhooks.eventsRequired')}
              </p>
            ) : null}
          </div>
          <CheckboxRow name="isActive" checked={isActive} onChange={setIsActive}>
            {t('admin.webhooks.active')}
          </CheckboxRow>
          {webhook ? (
            <CheckboxRow name="changeSecret" checked={changeSecret} onChange={setChangeSecret}>
              {t('admin.webhooks.changeSecret')}
            </CheckboxRow>
          ) : null}
          {changeSecret ? (
            <TextField
              label={t('admin.webhooks.secret')}
              fieldId="fe-webhook-secret-input"
              name="secret"
              type="password"
              autoComplete="new-password"
              hint={t(webhook ? 'admin.webhooks.secretRotateHint' : 'admin.webhooks.secretHint', { min: MIN_SECRET_LENGTH })}
              value={secret}
              onChange={(e) => setSecret(e.target.value)}
              error={problems.secret ? t('admin.webhooks.secretShort', { min: MIN_SECRET_LENGTH }) : null}
            />
          ) : null}
          <ErrorSlot error={save.error} />
          <DialogActions
            onCancel={onClose}
            busy={save.busy}
            label={webhook ? t('admin.webhooks.save') : t('admin.webhooks.create')}
            busyLabel={webhook ? t('admin.webhooks.saving') : t('admin.webhooks.creating')}
          />
        </form>
      )}
    </AdminDialog>
  );
}
