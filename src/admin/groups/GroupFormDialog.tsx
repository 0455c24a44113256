/**
 * Create, edit and delete a group (admin spec §3 "Group": name, color, description; api-contract §K createGroup,
 * updateGroup, deleteGroup; AB-7.19). Name is required; the colour is a preset swatch or any colour of the native
 * picker. A save shows progress and a toast; a refusal (name in use, SCIM group) keeps what was typed and shows the
 * server's message, announced. Delete confirms first.
 */
import { useState, type FormEvent } from 'react';
import type { Group } from '../../api/admin-types.ts';
import { useSection } from '../shell/context.ts';
import * as css from '../ui/admin.css.ts';
import * as groupsCss from './groups.css.ts';
import { AdminDialog, ConfirmDialog } from '../ui/dialog.tsx';
import { DialogActions, TextAreaField, TextField } from '../ui/form.tsx';
import { ErrorSlot } from '../ui/states.tsx';
import { useSave } from '../ui/use-save.ts';
import { hexColor, PRESET_COLORS, Swatch } from './Swatch.tsx';
import { createGroupsResource } from '../resources/groups.ts';

/** The create dialog (no `group`) or the edit dialog of `group`. */
export function GroupFormDialog({ open, group, onClose }: { open: boolean; group?: Group; onClose: () => void }) {
  const { t } = useSection();
  const [busy, setBusy] = useState(false);
  return (
    <AdminDialog open={open} onClose={onClose} busy={busy} title={group ? t('admin.groups.editTitle', { name: group.name }) : t('admin.groups.createTitle')}>
      {open ? <GroupForm group={group} onClose={onClose} onBusy={setBusy} /> : null}
    </AdminDialog>
  );
}

function GroupForm({ group, onClose, onBusy }: { group?: Group; onClose: () => void; onBusy: (busy: boolean) => void }) {
  const { t, resources, toasts } = useSection();
  const [name, setName] = useState(group?.name ?? '');
  const [color, setColor] = useState(hexColor(group?.color));
  const [description, setDescription] = useState(group?.description ?? '');
  const [nameError, setNameError] = useState('');
  const { busy, error, run } = useSave(onBusy);

  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    if (busy) return;
    const trimmed = name.trim();
    if (!trimmed) {
      setNameError(t('admin.required'));
      e.currentTarget.querySelector<HTMLInputElement>('input[name=name]')?.focus();
      return;
    }
    setNameError('');
    const input = { name: trimmed, color, description: description.trim() };
    void run(
      async () => {
        if (group) await resources.use(createGroupsResource).update.run({ id: group.id, input });
        else await resources.use(createGroupsResource).create.run({ input });
      },
      () => {
        toasts.show(t(group ? 'admin.groups.saved' : 'admin.groups.created', { name: trimmed }));
        onClose();
      },
    );
  };

  return (
    <form className={css.form} onSubmit={submit} noValidate aria-busy={busy}>
      <TextField
        label={t('admin.groups.name')}
        fieldId="fe-group-name"
        error={nameError}
        name="name"
        autoComplete="off"
        required
        maxLength={200}
        value={name}
        onChange={(e) => setName(e.target.value)}
        autoFocus
      />
      <fieldset className={`${css.field} ${css.bareFieldset}`}>
        <legend className={css.label}>{t('admin.groups.color')}</legend>
        <div className={css.toolbar}>
          {PRESET_COLORS.map((p) => (
            <button key={p.value} type="button" className={groupsCss.preset} aria-label={t(p.name)} aria-pressed={color === p.value} onClick={() => setColor(p.value)}>
              <Swatch color={p.value} size={18} />
            </button>
          ))}
          <label className={css.checkboxRow}>
            <input type="color" name="color" value={color} onChange={(e) => setColor(hexColor(e.target.value))} className={groupsCss.colorInput} />
            <span>{t('admin.groups.customColor')}</span>
          </label>
        </div>
      </fieldset>
      <TextAreaField label={t('admin.groups.description')} fieldId="fe-group-description" name="description" value={description} onChange={(e) => setDescription(e.target.value)} />
      <ErrorSlot error={error} />
      <DialogActions onCancel={onClose} busy={busy} label={group ? t('admin.save') : t('admin.groups.create')} busyLabel={group ? t('admin.saving') : t('admin.groups.creating')} />
    </form>
  );
}

/** Confirms deleting `group`; the group leaves the table once the server agrees. */
export function DeleteGroupDialog({ group, onClose }: { group: Group; onClose: () => void }) {
  const { t, resources, toasts } = useSection();
  const { busy, error, run } = useSave();
  const confirm = () =>
    run(
      () => resources.use(createGroupsResource).delete.run({ id: group.id }),
      () => {
        toasts.show(t('admin.groups.deleted', { name: group.name }));
        onClose();
      },
    );
  return (
    <ConfirmDialog
      open
      title={t('admin.groups.deleteTitle', { name: group.name })}
      body={t('admin.groups.deleteBody', { count: group.users?.length ?? 0 })}
      action={t('admin.groups.delete')}
      busyAction={t('admin.deleting')}
      busy={busy}
      error={error}
      onClose={onClose}
      onConfirm={() => void confirm()}
    />
  );
}
