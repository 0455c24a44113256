/**
 * The dialogs of the allAccounts section (issue 34 item 2; api-contract §N; AB-6.11, AB-7.24–7.25), each a sub-route
 * of the section: create a sub-account (name, parent from the picker, reseller, access type — `defaultOff` chosen, as
 * every dialog starts it, AB-6.11), rename, move under another parent (our extension; a cycle is refused with the
 * server's text), and delete, confirmed — the confirmation says the users only in that account are removed, and the
 * server's refusal while it has sub-accounts is shown as it says it. A refusal keeps the dialog open with what was
 * typed, announced; a success says so in a toast.
 */
import { useState, type FormEvent } from 'react';
import type { AccountRow, AllAccountsResource, SubAccountAccessType } from '../resources/all-accounts.ts';
import { ACCESS_TYPES } from '../resources/all-accounts.ts';
import { useSection } from '../shell/context.ts';
import * as css from '../ui/admin.css.ts';
import { AdminDialog, ConfirmDialog } from '../ui/dialog.tsx';
import { CheckboxRow, DialogActions, TextField } from '../ui/form.tsx';
import { Select } from '../ui/select.tsx';
import { ErrorSlot } from '../ui/states.tsx';
import { useSave } from '../ui/use-save.ts';
import { ParentPicker } from './ParentPicker.tsx';

/** What every dialog gets: the resource, the active account (the picker's first option) and how to close. */
interface DialogBase {
  accounts: AllAccountsResource;
  root: AccountRow;
  onClose: () => void;
}

/** The access type picker (AB-3.11): its options in the admin's language. */
export function AccessTypeSelect({
  value,
  onChange,
  disabled,
  name = 'subAccountAccessType',
}: {
  value: SubAccountAccessType;
  onChange: (v: SubAccountAccessType) => void;
  disabled?: boolean;
  name?: string;
}) {
  const { t } = useSection();
  return (
    <Select
      label={t('admin.allAccounts.accessType')}
      description={t(`admin.allAccounts.accessType.${value}.hint`)}
      name={name}
      value={value}
      disabled={disabled}
      onChange={onChange}
      items={ACCESS_TYPES.map((key) => ({ key, label: t(`admin.allAccounts.accessType.${key}`) }))}
    />
  );
}

/** An account's name field (focused when the dialog opens); `missing`: the announced "Enter a name." */
function NameField({ fieldId, value, onChange, missing }: { fieldId: string; value: string; onChange: (name: string) => void; missing: boolean }) {
  const { t } = useSection();
  return (
    <TextField
      label={t('admin.allAccounts.name')}
      fieldId={fieldId}
      name="name"
      autoComplete="off"
      required
      autoFocus
      value={value}
      onChange={(e) => onChange(e.target.value)}
      error={missing ? t('admin.allAccounts.nameRequired') : null}
    />
  );
}

/** Creates a sub-account under `parent` (default: the active account), chosen again in the picker. */
export function CreateDialog({ accounts, root, parent, onClose }: DialogBase & { parent?: AccountRow }) {
  const { t, toasts } = useSection();
  const [name, setName] = useState('');
  const [under, setUnder] = useState<AccountRow | null>(parent ?? root);
  const [isReseller, setReseller] = useState(false);
  // AB-6.11: the access type starts off in a dialog
  const [access, setAccess] = useState<SubAccountAccessType>('defaultOff');
  const [problems, setProblems] = useState<{ name?: boolean; parent?: boolean }>({});
  const save = useSave();
  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    if (save.busy) return;
    const found = { name: !name.trim() || undefined, parent: !under || undefined };
    setProblems(found);
    const form = e.currentTarget;
    if (found.name || !under) {
      form.querySelector<HTMLElement>(found.name ? '[name=name]' : '[name=parent]')?.focus();
      return;
    }
    void save.run(
      () => accounts.create.run({ name: name.trim(), parentTenantId: under.tenantId, isReseller, subAccountAccessType: access }),
      (row) => {
        toasts.show(t('admin.allAccounts.created', { name: row.name, parent: under.name }));
        onClose();
      },
    );
  };
  return (
    <AdminDialog open onClose={onClose} busy={save.busy} title={t('admin.allAccounts.createTitle')}>
      <form className={css.form} onSubmit={submit} noValidate aria-busy={save.busy || undefined}>
        <NameField fieldId="fe-account-name" value={name} onChange={setName} missing={Boolean(problems.name)} />
        <ParentPicker
          label={t('admin.allAccounts.parent')}
          hint={t('admin.allAccounts.parentHint')}
          error={problems.parent ? t('admin.allAccounts.parentRequired') : undefined}
          accounts={accounts}
          root={root}
          value={under}
          onChange={setUnder}
        />
        <CheckboxRow name="isReseller" checked={isReseller} onChange={setReseller}>
          {t('admin.allAccounts.isReseller')}
        </CheckboxRow>
        <AccessTypeSelect value={access} onChange={setAccess} />
        <ErrorSlot error={save.error} />
        <DialogActions onCancel={onClose} busy={save.busy} label={t('admin.allAccounts.create')} busyLabel={t('admin.allAccounts.creating')} />
      </form>
    </AdminDialog>
  );
}

/** Renames `row`: the new name shows at once and the old one comes back if the server refuses. */
export function RenameDialog({ accounts, row, onClose }: Omit<DialogBase, 'root'> & { row: AccountRow }) {
  const { t, toasts } = useSection();
  const [name, setName] = useState(row.name);
  const [missing, setMissing] = useState(false);
  const save = useSave();
  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    if (save.busy) return;
    setMissing(!name.trim());
    if (!name.trim()) {
      e.currentTarget.querySelector<HTMLElement>('[name=name]')?.focus();
      return;
    }
    if (name.trim() === row.name) {
      onClose();
      return;
    }
    void save.run(
      () => accounts.rename.run({ row, name: name.trim() }),
      () => {
        toasts.show(t('admin.allAccounts.renamed', { old: row.name, name: name.trim() }));
        onClose();
      },
    );
  };
  return (
    <AdminDialog open onClose={onClose} busy={save.busy} title={t('admin.allAccounts.renameTitle', { name: row.name })}>
      <form className={css.form} onSubmit={submit} noValidate aria-busy={save.busy || undefined}>
        <NameField fieldId="fe-account-rename" value={name} onChange={setName} missing={missing} />
        <ErrorSlot error={save.error} />
        <DialogActions onCancel={onClose} busy={save.busy} label={t('admin.allAccounts.save')} busyLabel={t('admin.allAccounts.saving')} />
      </form>
    </AdminDialog>
  );
}

/** Moves `row` under another account chosen in the picker (not itself; the server refuses a cycle with its text). */
export function MoveDialog({ accounts, root, row, onClose }: DialogBase & { row: AccountRow }) {
  const { t, toasts } = useSection();
  const [under, setUnder] = useState<AccountRow | null>(null);
  const [missing, setMissing] = useState(false);
  const save = useSave();
  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    if (save.busy) return;
    setMissing(!under);
    if (!under) {
      e.currentTarget.querySelector<HTMLElement>('[name=parent]')?.focus();
      return;
    }
    void save.run(
      () => accounts.move.run({ row, parentTenantId: under.tenantId }),
      () => {
        toasts.show(t('admin.allAccounts.moved', { name: row.name, parent: under.name }));
        onClose();
      },
    );
  };
  return (
    <AdminDialog open onClose={onClose} busy={save.busy} title={t('admin.allAccounts.moveTitle', { name: row.name })}>
      <form className={css.form} onSubmit={submit} noValidate aria-busy={save.busy || undefined}>
        <p className={css.flush}>{t('admin.allAccounts.moveBody', { name: row.name })}</p>
        <ParentPicker
          label={t('admin.allAccounts.newParent')}
          error={missing ? t('admin.allAccounts.parentRequired') : undefined}
          accounts={accounts}
          root={root}
          value={under}
          onChange={setUnder}
          exclude={row.tenantId}
        />
        <ErrorSlot error={save.error} />
        <DialogActions onCancel={onClose} busy={save.busy} label={t('admin.allAccounts.move')} busyLabel={t('admin.allAccounts.moving')} />
      </form>
    </AdminDialog>
  );
}

/** Deletes `row` after a confirmation that says its users only there are removed; the server's refusal (it has sub-accounts) stays shown. */
export function DeleteDialog({ accounts, row, onClose }: Omit<DialogBase, 'root'> & { row: AccountRow }) {
  const { t, toasts } = useSection();
  const save = useSave();
  const close = () => {
    save.setError(null);
    onClose();
  };
  return (
    <ConfirmDialog
      open
      title={t('admin.allAccounts.deleteTitle', { name: row.name })}
      body={
        <>
          <p className={css.flush}>{t('admin.allAccounts.deleteBody', { name: row.name })}</p>
          <p>{t('admin.allAccounts.deleteUsers')}</p>
        </>
      }
      action={t('admin.allAccounts.deleteAction')}
      busyAction={t('admin.deleting')}
      busy={save.busy}
      error={save.error}
      onClose={close}
      onConfirm={() =>
        void save.run(
          () => accounts.remove.run({ row }),
          () => {
            toasts.show(t('admin.allAccounts.deleted', { name: row.name }));
            onClose();
          },
        )
      }
    />
  );
}
