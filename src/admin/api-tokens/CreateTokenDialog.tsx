/**
 * The create-token dialog (admin spec §3 "API token", §5; AB-3.09, AB-5.07, AB-5.08, AB-6.07): runs
 * machines/admin-create-token.machine.ts on the tokens resource. Editing: description (required), expiry (never,
 * 7 / 30 / 90 / 365 days or a custom number of days → minutes = days × 1440), roles for tenant tokens. Created: the
 * client id and the secret, shown once, each with a copy button ("Copied" announced), a warning that the secret won't
 * be shown again, and Done. A refused creation keeps the form as typed and shows the server's message, announced.
 */
import { useSelector } from '@xstate/react';
import { useEffect, useState, type FormEvent } from 'react';
import { draftProblem, EXPIRY_CHOICES, MAX_TOKEN_DAYS, type ExpiryChoice, type TokenDraft } from '../../../machines/admin-create-token.machine.ts';
import type { Role } from '../../api/admin-types.ts';
import type { CreatedToken, TokenOwner, TokenType } from '../resources/tokens.ts';
import { useSection } from '../shell/context.ts';
import { useSectionFlow } from '../shell/use-section-flow.ts';
import { createTokenFlow } from './flows.ts';
import * as css from '../ui/admin.css.ts';
import { SecretOnce } from '../ui/secret-once.tsx';
import { AdminDialog } from '../ui/dialog.tsx';
import { DialogActions, TextField } from '../ui/form.tsx';
import { ErrorSlot } from '../ui/states.tsx';
import { Checklist } from '../ui/checklist.tsx';
import { Select } from '../ui/select.tsx';
import { roleItem } from '../resources/roles.ts';

interface Props {
  owner: TokenOwner;
  type: TokenType;
  roles: Role[];
  rolesError?: unknown;
  onClose: () => void;
}

/** The dialog: open while mounted; the machine lives as long as it. */
export function CreateTokenDialog(props: Props) {
  const { owner, type, onClose } = props;
  const { t, toasts } = useSection();
  const actor = useSectionFlow(createTokenFlow, { owner, type, roleIds: props.roles.filter((r) => r.isDefault).map((r) => r.id) });
  const busy = useSelector(actor, (s) => s.hasTag('busy'));
  const closed = useSelector(actor, (s) => s.status === 'done');
  // the secret is handed over once, in the machine's `created` event, and lives only in this dialog's state
  const [created, setCreated] = useState<CreatedToken | null>(null);

  useEffect(() => {
    const sub = actor.on('created', (e) => {
      setCreated(e.token);
      toasts.show(t('admin.tokens.created', { description: e.token.row.description }));
    });
    return () => sub.unsubscribe();
  }, [actor, t, toasts]);
  useEffect(() => {
    if (closed) onClose();
  }, [closed, onClose]);

  return (
    <AdminDialog open onClose={onClose} busy={busy} dismissable={!created} title={created ? t('admin.tokens.createdTitle') : t(`admin.tokens.createTitle.${type}`)}>
      {created ? <CreatedPanel token={created} type={type} onDone={() => actor.send({ type: 'secret.dismiss' })} /> : <TokenForm {...props} actor={actor} busy={busy} />}
    </AdminDialog>
  );
}

function TokenForm({ owner, roles, rolesError, onClose, actor, busy }: Props & { actor: ReturnType<typeof useSectionFlow<typeof createTokenFlow>>; busy: boolean }) {
  const { t } = useSection();
  const error = useSelector(actor, (s) => s.context.error);
  // the machine's draft: empty with the default roles when the dialog opens (a story's state: its own)
  const [draft, setDraft] = useState<TokenDraft>(() => actor.getSnapshot().context.draft);
  const [problem, setProblem] = useState<ReturnType<typeof draftProblem>>(null);
  const set = (patch: Partial<TokenDraft>) => setDraft((d) => ({ ...d, ...patch }));

  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    if (busy) return;
    const wrong = draftProblem(draft);
    setProblem(wrong);
    if (wrong) {
      e.currentTarget.querySelector<HTMLInputElement>(`[name=${wrong}]`)?.focus();
      return;
    }
    actor.send({ type: 'form.submit', draft });
  };
  return (
    <form className={css.form} onSubmit={submit} noValidate aria-busy={busy}>
      <TextField
        label={t('admin.tokens.description')}
        fieldId="fe-token-description"
        hint={t('admin.tokens.descriptionHint')}
        error={problem === 'description' ? t('admin.tokens.descriptionRequired') : null}
        name="description"
        autoComplete="off"
        required
        maxLength={255}
        value={draft.description}
        onChange={(e) => set({ description: e.target.value })}
        autoFocus
      />
      <Select<ExpiryChoice>
        label={t('admin.tokens.expiry')}
        name="expiry"
        items={EXPIRY_CHOICES.map((c) => ({ key: c, label: t(`admin.tokens.expiry.${c}`) }))}
        value={draft.expiry}
        onChange={(expiry) => set({ expiry })}
      />
      {draft.expiry === 'custom' ? (
        <TextField
          label={t('admin.tokens.customDays')}
          fieldId="fe-token-days"
          error={problem === 'customDays' ? t('admin.tokens.customDaysInvalid') : null}
          name="customDays"
          type="number"
          inputMode="numeric"
          min={1}
          max={MAX_TOKEN_DAYS}
          step={1}
          value={draft.customDays}
          onChange={(e) => set({ customDays: e.target.value })}
        />
      ) : null}
      {owner === 'tenant' ? (
        roles.length ? (
          <div className={css.field}>
            <Checklist legend={t('admin.tokens.roles')} items={roles.map(roleItem)} value={draft.roleIds} onChange={(roleIds) => set({ roleIds })} disabled={busy} />
            <span className={css.hint}>{t('admin.tokens.rolesHint')}</span>
          </div>
        ) : (
          <>
            <p className={css.muted}>{t('admin.tokens.noRoles')}</p>
            <ErrorSlot error={rolesError} />
          </>
        )
      ) : null}
      <ErrorSlot error={error} />
      <DialogActions onCancel={onClose} busy={busy} label={t('admin.tokens.create')} busyLabel={t('admin.tokens.creating')} />
    </form>
  );
}

/** The new token's client id and secret, shown once, with copy buttons and Done (the kit's SecretOnce). */
function CreatedPanel({ token, type, onDone }: { token: CreatedToken; type: TokenType; onDone: () => void }) {
  const { t } = useSection();
  const items = [
    ...(type === 'ClientCredentials' ? [{ id: 'fe-token-clientId', label: t('admin.tokens.clientId'), value: token.row.key }] : []),
    { id: 'fe-token-secret', label: t(`admin.tokens.secret.${type}`), value: token.secret },
  ];
  return <SecretOnce warning={t('admin.tokens.secretWarning')} items={items} onDone={onDone} />;
}
