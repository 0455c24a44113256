/**
 * The create-connection dialog (admin spec §3 "Provisioning connection", §7 "Directory (SCIM)"; AB-3.23, AB-7.53):
 * runs machines/admin-scim-connection.machine.ts on the provisioning resource. Choose the identity provider (Okta,
 * Microsoft Entra ID, Frontegg, Other) → name the connection → creating → the SCIM base URL and the bearer token, shown
 * once, each with a copy button ("Copied" announced), a warning that the token won't be shown again and where the
 * provider asks for each → Done. A refused creation keeps the name as typed and shows the server's message, announced.
 */
import { useSelector } from '@xstate/react';
import { useEffect, useState, type FormEvent } from 'react';
import { connectionNameProblem, MAX_CONNECTION_NAME } from '../../../machines/admin-scim-connection.machine.ts';
import type { NewScimConnection, ScimSource } from '../resources/provisioning.ts';
import { useSection } from '../shell/context.ts';
import { useSectionFlow } from '../shell/use-section-flow.ts';
import * as css from '../ui/admin.css.ts';
import { SecretOnce } from '../ui/secret-once.tsx';
import { AdminDialog } from '../ui/dialog.tsx';
import { DialogActions, TextField } from '../ui/form.tsx';
import { ErrorSlot } from '../ui/states.tsx';
import { scimConnectionFlow } from './flows.ts';
import { SOURCE_CHOICES } from './model.ts';

type Actor = ReturnType<typeof useSectionFlow<typeof scimConnectionFlow>>;

/** The dialog: open while mounted; the machine lives as long as it. */
export function CreateConnectionDialog({ onClose }: { onClose: () => void }) {
  const { t, toasts } = useSection();
  const actor = useSectionFlow(scimConnectionFlow, {});
  const busy = useSelector(actor, (s) => s.hasTag('busy'));
  const choosing = useSelector(actor, (s) => s.matches('choosing'));
  const closed = useSelector(actor, (s) => s.status === 'done');
  // the token is handed over once, in the machine's `created` event, and lives only in this dialog's state
  const [created, setCreated] = useState<NewScimConnection | null>(null);

  useEffect(() => {
    const sub = actor.on('created', (e) => {
      setCreated(e.connection);
      toasts.show(t('admin.provisioning.created', { name: e.connection.connectionName }));
    });
    return () => sub.unsubscribe();
  }, [actor, t, toasts]);
  useEffect(() => {
    if (closed) onClose();
  }, [closed, onClose]);

  const title = created ? t('admin.provisioning.createdTitle') : t('admin.provisioning.createTitle');
  return (
    <AdminDialog open onClose={onClose} busy={busy} dismissable={!created} title={title}>
      {created ? (
        <TokenPanel connection={created} onDone={() => actor.send({ type: 'token.dismiss' })} />
      ) : choosing ? (
        <SourceStep actor={actor} onClose={onClose} />
      ) : (
        <NameStep actor={actor} busy={busy} onClose={onClose} />
      )}
    </AdminDialog>
  );
}

/** Step 1: the identity provider, as radio buttons (arrow keys move, Enter continues). */
function SourceStep({ actor, onClose }: { actor: Actor; onClose: () => void }) {
  const { t } = useSection();
  const [source, setSource] = useState<ScimSource>(() => actor.getSnapshot().context.source ?? 'okta');
  const submit = (e: FormEvent) => {
    e.preventDefault();
    actor.send({ type: 'source.choose', source });
  };
  return (
    <form className={css.form} onSubmit={submit}>
      <fieldset className={`${css.field} ${css.bareFieldset}`}>
        <legend className={css.label}>{t('admin.provisioning.source')}</legend>
        {SOURCE_CHOICES.map((s, i) => (
          <label key={s} className={css.checkboxRow}>
            <input type="radio" name="source" value={s} checked={source === s} onChange={() => setSource(s)} autoFocus={source === s || (i === 0 && !source)} />
            <span>
              {t(`admin.provisioning.source.${s}`)}
              <span className={`${css.hint} ${css.block}`}>{t(`admin.provisioning.sourceHint.${s}`)}</span>
            </span>
          </label>
        ))}
      </fieldset>
      <DialogActions onCancel={onClose} busy={false} label={t('admin.provisioning.next')} busyLabel={t('admin.provisioning.next')} />
    </form>
  );
}

/** Step 2: the connection's name; a refusal shows the server's message and keeps the name. */
function NameStep({ actor, busy, onClose }: { actor: Actor; busy: boolean; onClose: () => void }) {
  const { t } = useSection();
  const error = useSelector(actor, (s) => s.context.error);
  const source = useSelector(actor, (s) => s.context.source);
  const [name, setName] = useState(() => actor.getSnapshot().context.connectionName);
  const [problem, setProblem] = useState<ReturnType<typeof connectionNameProblem>>(null);
  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    if (busy) return;
    const wrong = connectionNameProblem(name);
    setProblem(wrong);
    if (wrong) {
      e.currentTarget.querySelector<HTMLInputElement>('[name=connectionName]')?.focus();
      return;
    }
    actor.send({ type: 'name.submit', connectionName: name });
  };
  return (
    <form className={css.form} onSubmit={submit} noValidate aria-busy={busy}>
      <p className={`${css.muted} ${css.flush}`}>{t('admin.provisioning.sourceChosen', { source: source ? t(`admin.provisioning.source.${source}`) : '' })}</p>
      <TextField
        label={t('admin.provisioning.name')}
        fieldId="fe-provisioning-name"
        hint={t('admin.provisioning.nameHint')}
        error={problem ? t(`admin.provisioning.name.${problem}`, { max: MAX_CONNECTION_NAME }) : null}
        name="connectionName"
        autoComplete="off"
        required
        maxLength={MAX_CONNECTION_NAME}
        value={name}
        onChange={(e) => setName(e.target.value)}
        autoFocus
      />
      <ErrorSlot error={error} />
      <DialogActions onCancel={onClose} busy={busy} label={t('admin.provisioning.create')} busyLabel={t('admin.provisioning.creating')}>
        <button type="button" className={css.secondaryButton} disabled={busy} onClick={() => actor.send({ type: 'source.back' })}>
          {t('admin.provisioning.back')}
        </button>
      </DialogActions>
    </form>
  );
}

/** The SCIM base URL and the token, shown once (the kit's SecretOnce), with the provider's setup hints. */
function TokenPanel({ connection, onDone }: { connection: NewScimConnection; onDone: () => void }) {
  const { t } = useSection();
  const items = [
    ...(connection.scimUrl ? [{ id: 'fe-scim-scimUrl', label: t('admin.provisioning.scimUrl'), value: connection.scimUrl }] : []),
    { id: 'fe-scim-token', label: t('admin.provisioning.token'), value: connection.token },
  ];
  return (
    <SecretOnce warning={t('admin.provisioning.tokenWarning')} items={items} onDone={onDone}>
      <p className={css.hint}>{t(`admin.provisioning.setup.${connection.source}`)}</p>
    </SecretOnce>
  );
}
