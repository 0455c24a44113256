/**
 * Add, edit or view a role (admin spec §3 "Role", §6; AB-3.01–AB-3.03, AB-6.02, AB-7.17, AB-7.18): name, key (made
 * from the name until edited), description, default flag and permissions by category. Runs
 * machines/admin-edit-role.machine.ts on the roles resource: adding is one `POST roles/v2`; editing is `PATCH` of the
 * fields then `PUT` of the permissions, each only when changed. A refused save keeps the form as typed and shows the
 * server's message, announced. A vendor-level role, or a user without `fe.secure.write.roles`, gets the form read-only.
 */
import { useStore } from '@nanostores/react';
import { useSelector } from '@xstate/react';
import { useEffect, useId, useMemo, useRef, useState, type FormEvent } from 'react';
import { draftOf, keyFromName, type RoleDraft } from '../../../machines/admin-edit-role.machine.ts';
import type { Permission, Role } from '../../api/admin-types.ts';
import { useSection } from '../shell/context.ts';
import { useSectionFlow } from '../shell/use-section-flow.ts';
import { editRoleFlow } from './flows.ts';
import * as css from '../ui/admin.css.ts';
import { AdminDialog } from '../ui/dialog.tsx';
import { CheckboxRow, DialogActions, DoneActions, TextAreaField, TextField } from '../ui/form.tsx';
import { ErrorSlot, Loading } from '../ui/states.tsx';
import { useLastData } from '../ui/use-last-data.ts';
import { groupPermissions, initialPermissionIds, isVendorRole, type PermissionGroup } from './model.ts';
import { PermissionPicker } from './PermissionPicker.tsx';
import { createRolesResource } from '../resources/roles.ts';

/** The role dialog: `role` absent = add; `readOnly` = view only (no write permission). */
export function RoleDialog({ role, readOnly, onClose }: { role?: Role; readOnly: boolean; onClose: () => void }) {
  const { t, resources, offers } = useSection();
  const permissions = useStore(resources.use(createRolesResource).$permissions);
  const categories = useStore(resources.use(createRolesResource).$categories);
  const permissionList = useLastData(permissions.data);
  const categoryList = useLastData(categories.data);
  const vendor = role ? isVendorRole(role) : false;
  const viewOnly = readOnly || vendor;
  // a permission of a section not built yet is not offered (issue 31 item 8); a role keeps it when it has it (the
  // picker changes only the ids it shows)
  const groups = useMemo(
    () =>
      groupPermissions(
        (permissionList ?? []).filter((p) => offers(p.key)),
        categoryList ?? [],
        t('admin.roles.otherCategory'),
      ),
    [permissionList, categoryList, t, offers],
  );
  const title = !role ? t('admin.roles.addTitle') : viewOnly ? t('admin.roles.viewTitle', { name: role.name }) : t('admin.roles.editTitle', { name: role.name });
  const error = permissions.error ?? categories.error;
  return (
    <AdminDialog open onClose={onClose} title={title}>
      {permissionList && categoryList ? (
        <RoleForm role={role} viewOnly={viewOnly} vendor={vendor} groups={groups} permissions={permissionList} onClose={onClose} />
      ) : error ? (
        <>
          <ErrorSlot
            error={error}
            retry={() => (permissions.error ? resources.use(createRolesResource).$permissions.revalidate() : resources.use(createRolesResource).$categories.revalidate())}
          />
          <div className={css.dialogActions}>
            <button type="button" className={css.secondaryButton} onClick={onClose} autoFocus>
              {t('admin.close')}
            </button>
          </div>
        </>
      ) : (
        <Loading label={t('admin.roles.loadingPermissions')} />
      )}
    </AdminDialog>
  );
}

function RoleForm({
  role,
  viewOnly,
  vendor,
  groups,
  permissions,
  onClose,
}: {
  role?: Role;
  viewOnly: boolean;
  vendor: boolean;
  groups: PermissionGroup[];
  permissions: Permission[];
  onClose: () => void;
}) {
  const { t, toasts } = useSection();
  const id = useId();
  const [initial] = useState<RoleDraft>(() => ({
    ...(role ? draftOf(role) : { name: '', key: '', description: '', isDefault: false }),
    permissionIds: initialPermissionIds(role, permissions),
  }));
  const actor = useSectionFlow(editRoleFlow, { role: role ? { ...role, permissions: initial.permissionIds } : undefined, draft: initial });
  const busy = useSelector(actor, (s) => s.hasTag('busy'));
  const error = useSelector(actor, (s) => s.context.error);
  // the machine's draft: `initial` when the dialog opens (a story's state: its own)
  const [draft, setDraft] = useState<RoleDraft>(() => actor.getSnapshot().context.draft);
  // the key follows the name while adding, until the user types a key of their own
  const [keyTouched, setKeyTouched] = useState(Boolean(role));
  const [invalid, setInvalid] = useState<{ name?: boolean; key?: boolean }>({});
  const formRef = useRef<HTMLFormElement>(null);

  useEffect(() => {
    const sub = actor.on('saved', (e) => {
      toasts.show(t(e.created ? 'admin.roles.added' : 'admin.roles.saved', { name: e.name }));
      onClose();
    });
    return () => sub.unsubscribe();
  }, [actor, onClose, t, toasts]);

  const set = (patch: Partial<RoleDraft>) => setDraft((d) => ({ ...d, ...patch }));
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (busy || viewOnly) return;
    const missing = { name: !draft.name.trim(), key: !draft.key.trim() };
    setInvalid(missing);
    if (missing.name || missing.key) {
      formRef.current?.querySelector<HTMLInputElement>(`input[name=${missing.name ? 'name' : 'key'}]`)?.focus();
      return;
    }
    actor.send({ type: 'form.submit', draft });
  };
  const required = (field: 'name' | 'key') => (invalid[field] ? t('admin.required') : null);

  return (
    <form ref={formRef} className={css.form} onSubmit={submit} noValidate aria-busy={busy}>
      {vendor ? (
        <p className={css.muted} role="note">
          {t('admin.roles.vendorNote')}
        </p>
      ) : viewOnly ? (
        <p className={css.muted} role="note">
          {t('admin.roles.readOnly')}
        </p>
      ) : null}
      <TextField
        label={t('admin.roles.name')}
        fieldId={`${id}-name`}
        error={required('name')}
        name="name"
        autoComplete="off"
        required
        readOnly={viewOnly}
        value={draft.name}
        onChange={(e) => set(keyTouched ? { name: e.target.value } : { name: e.target.value, key: keyFromName(e.target.value) })}
        // the first field takes the focus, read-only too: the dialog opens at its top, not scrolled to Close
        autoFocus
      />
      <TextField
        label={t('admin.roles.key')}
        fieldId={`${id}-key`}
        hint={t('admin.roles.keyHint')}
        error={required('key')}
        name="key"
        autoComplete="off"
        spellCheck={false}
        required
        readOnly={viewOnly}
        value={draft.key}
        onChange={(e) => {
          setKeyTouched(true);
          set({ key: e.target.value });
        }}
      />
      <TextAreaField
        label={t('admin.roles.description')}
        fieldId={`${id}-description`}
        name="description"
        readOnly={viewOnly}
        value={draft.description}
        onChange={(e) => set({ description: e.target.value })}
      />
      <CheckboxRow name="isDefault" disabled={viewOnly} checked={draft.isDefault} onChange={(isDefault) => set({ isDefault })}>
        {t('admin.roles.isDefault')}
      </CheckboxRow>
      <PermissionPicker groups={groups} value={draft.permissionIds} onChange={(permissionIds) => set({ permissionIds })} readOnly={viewOnly} />
      <ErrorSlot error={error} />
      {viewOnly ? (
        <DoneActions label={t('admin.close')} onDone={onClose} autoFocus={false} />
      ) : (
        <DialogActions onCancel={onClose} busy={busy} label={role ? t('admin.save') : t('admin.roles.add')} busyLabel={role ? t('admin.saving') : t('admin.roles.adding')} />
      )}
    </form>
  );
}
