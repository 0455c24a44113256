/**
 * The users section's dialogs for a sub-account's users and for applications (issue 34 items 4 and 5; admin spec §3
 * "Team user", §4 "Sub-tenant user deletion", §5 "Applications"; AB-6.10, AB-6.11, AB-6.13, AB-7.21): inviting up to
 * five users at a time into the sub-account acted in (with roles, and "also give access to existing and future
 * sub-accounts", off by default), removing a user from that account and its sub-accounts, the per-user sub-account
 * access switch, and a user's applications (assign, unassign; the free-access ones shown as such). Loaded when one of
 * them opens (the users section's chunk holds only ./apps-text.ts).
 */
import { useStore } from '@nanostores/react';
import { useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import type { Role } from '../../api/admin-types.ts';
import type { SubTenantUser } from '../../api/sub-tenants.ts';
import { SUB_TENANT_INVITE_MAX } from '../resources/sub-tenants.ts';
import { looksLikeEmail } from '../../auth/email.ts';
import { createApplicationsResource } from '../resources/applications.ts';
import { roleItem } from '../resources/roles.ts';
import { createSubTenantsResource } from '../resources/sub-tenants.ts';
import { createUsersResource, type UserRow } from '../resources/users.ts';
import { useSection } from '../shell/context.ts';
import * as css from '../ui/admin.css.ts';
import * as usersCss from './users.css.ts';
import { Checklist } from '../ui/checklist.tsx';
import { AdminDialog } from '../ui/dialog.tsx';
import { CheckboxRow, DialogActions, TextField } from '../ui/form.tsx';
import { ErrorSlot, Loading } from '../ui/states.tsx';
import { useInlineAction } from '../ui/use-inline-action.ts';
import { useSave } from '../ui/use-save.ts';
import { userName } from '../ui/user-cell.tsx';
import { RemoveDialog } from './SubTenantUsers.tsx';

/**
 * Invite up to {@link SUB_TENANT_INVITE_MAX} users into the sub-account acted in (addUsersToSubTenant v2): their
 * addresses (one field each, "Add another address" up to five), their roles, and whether they also get access to the
 * account's existing and future sub-accounts (off by default, AB-6.11). Every address is checked before anything is
 * sent; the server's refusal stays in the dialog, announced.
 */
export function InviteToAccountDialog({ open, roles, onClose }: { open: boolean; roles: Role[]; onClose: () => void }) {
  return open ? <InviteForm roles={roles} onClose={onClose} /> : null;
}

function InviteForm({ roles, onClose }: { roles: Role[]; onClose: () => void }) {
  const { t, resources, toasts } = useSection();
  const account = resources.scope?.name ?? '';
  const [emails, setEmails] = useState<string[]>(['']);
  const [roleIds, setRoleIds] = useState<string[]>([]);
  const [allow, setAllow] = useState(false);
  const [errors, setErrors] = useState<(string | null)[]>([]);
  const save = useSave();
  const form = useRef<HTMLFormElement>(null);
  const fieldId = (i: number) => `fe-invite-email-${i}`;
  // the address field to focus once rendered: a new one, the one before a removed one, the first one in error
  const focusNext = useRef<number | null>(null);
  useEffect(() => {
    if (focusNext.current === null) return;
    form.current?.querySelector<HTMLInputElement>(`#${fieldId(focusNext.current)}`)?.focus();
    focusNext.current = null;
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const list = emails.map((x) => x.trim());
    const found = list.map((email, i) =>
      !email ? (i === 0 || list.length === 1 ? t('admin.users.invite.emailMissing') : null) : looksLikeEmail(email) ? null : t('admin.users.invite.emailInvalid'),
    );
    setErrors(found);
    const first = found.findIndex(Boolean);
    if (first >= 0) {
      focusNext.current = first;
      return;
    }
    const chosen = [...new Set(list.filter(Boolean).map((x) => x.toLowerCase()))];
    void save.run(
      () => resources.use(createUsersResource).inviteToAccount.run({ emails: chosen, roleIds, allowSubAccountAccess: allow }),
      () => {
        toasts.show(t('admin.users.invite.done', { count: chosen.length, account }));
        onClose();
      },
    );
  };
  return (
    <AdminDialog open onClose={onClose} busy={save.busy} title={t('admin.users.invite.title', { account })}>
      <form ref={form} className={css.form} onSubmit={submit} noValidate aria-busy={save.busy}>
        <p className={css.muted}>{t('admin.users.invite.intro', { count: SUB_TENANT_INVITE_MAX })}</p>
        {emails.map((email, i) => (
          <div key={i} className={usersCss.inviteRow}>
            <TextField
              label={t('admin.users.invite.email', { n: i + 1 })}
              fieldId={fieldId(i)}
              type="email"
              autoComplete="off"
              value={email}
              error={errors[i] ?? undefined}
              disabled={save.busy}
              autoFocus={i === 0}
              onChange={(e) => setEmails((all) => all.map((x, j) => (j === i ? e.target.value : x)))}
            />
            {i > 0 ? (
              <button
                type="button"
                className={css.secondaryButton}
                disabled={save.busy}
                aria-label={t('admin.users.invite.removeEmailFor', { n: i + 1 })}
                onClick={() => {
                  setEmails((all) => all.filter((_x, j) => j !== i));
                  setErrors((all) => all.filter((_x, j) => j !== i));
                  focusNext.current = i - 1;
                }}
              >
                {t('admin.users.invite.removeEmail')}
              </button>
            ) : null}
          </div>
        ))}
        {emails.length < SUB_TENANT_INVITE_MAX ? (
          <div>
            <button
              type="button"
              className={css.secondaryButton}
              disabled={save.busy}
              onClick={() => {
                setEmails((all) => [...all, '']);
                focusNext.current = emails.length;
              }}
            >
              {t('admin.users.invite.addEmail')}
            </button>
          </div>
        ) : (
          <p className={css.hint}>{t('admin.users.invite.max', { count: SUB_TENANT_INVITE_MAX })}</p>
        )}
        <Checklist legend={t('admin.users.roles')} items={roles.map(roleItem)} value={roleIds} onChange={setRoleIds} disabled={save.busy} />
        <CheckboxRow checked={allow} onChange={setAllow} disabled={save.busy} name="allowSubAccountAccess">
          {t('admin.users.invite.allowAccess')}
        </CheckboxRow>
        <ErrorSlot error={save.error} />
        <DialogActions
          onCancel={onClose}
          busy={save.busy}
          label={t('admin.users.invite.send', { count: emails.filter((x) => x.trim()).length || 1 })}
          busyLabel={t('admin.users.invite.sending')}
        />
      </form>
    </AdminDialog>
  );
}

/**
 * Remove a user from the sub-account acted in and its sub-accounts (admin spec §4 "Sub-tenant user deletion";
 * DELETE sub-tenants/users/v1): their memberships there are read first (loadAllUsers), all chosen by default; the
 * users table is read again afterwards.
 */
export function RemoveFromAccountDialog({ row, onClose }: { row: UserRow; onClose: () => void }) {
  const { t, resources } = useSection();
  const subTenants = resources.use(createSubTenantsResource);
  const tree = useStore(subTenants.$subTenants);
  const [user, setUser] = useState<SubTenantUser | null | undefined>(undefined);
  const [error, setError] = useState<unknown>(null);
  useEffect(() => {
    let live = true;
    subTenants.findUser(row.email).then(
      (found) => live && setUser(found),
      (e: unknown) => live && setError(e),
    );
    return () => {
      live = false;
    };
  }, [subTenants, row.email]);
  const nameOf = useMemo(() => {
    const names = new Map<string, string>((tree.data ?? []).map((s) => [s.tenantId, s.tenantName ?? s.tenantId]));
    if (resources.scope) names.set(resources.scope.tenantId, resources.scope.name);
    return (id: string) => names.get(id) ?? id;
  }, [tree.data, resources.scope]);
  if (user) return <RemoveDialog user={user} nameOf={nameOf} onClose={onClose} onRemoved={() => resources.use(createUsersResource).refreshList()} />;
  return (
    <AdminDialog open onClose={onClose} title={t('admin.users.sub.removeTitle', { name: userName(row) })}>
      <div className={css.form}>
        {error || user === null ? <ErrorSlot error={error ?? new Error(t('admin.users.sub.notFound', { email: row.email }))} /> : <Loading label={t('admin.loading')} />}
        <DialogActions onCancel={onClose} />
      </div>
    </AdminDialog>
  );
}

/**
 * The per-user sub-account access switch (updateSubAccountAccess; AB-6.10): runs at once from the row menu, progress
 * announced, then a toast; a refusal puts the old value back and says why.
 */
export function SubAccountAccessNow({ row, onClose }: { row: UserRow; onClose: () => void }) {
  const { t, resources } = useSection();
  const access = useInlineAction(resources.use(createUsersResource).setSubAccountAccess, { failed: (reason) => reason });
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const allow = !row.subAccountAccessAllowed;
    void access.run({ userId: row.id, allow }, t(allow ? 'admin.users.access.allowed' : 'admin.users.access.denied', { email: row.email })).then(onClose);
  });
  return access.running ? (
    <p role="status" className={css.muted}>
      {t('admin.saving')}
    </p>
  ) : null;
}

/**
 * A user's applications (AB-6.13, AB-7.21): a box per managed application (ticked when assigned), the free-access
 * ones listed as every user's (nothing to assign); Save assigns what was ticked and unassigns what was cleared.
 */
export function ApplicationsDialog({ row, onClose }: { row: UserRow; onClose: () => void }) {
  const { t, resources, toasts, app } = useSection();
  const apps = resources.use(createApplicationsResource);
  const all = useStore(apps.$applications);
  const usersApps = useStore(apps.$usersApps);
  const assigned = usersApps.data?.[row.id];
  const { managed, free, had } = useMemo(() => {
    const list = all.data ?? [];
    const managedApps = list.filter((a) => a.accessType !== 'FREE_ACCESS');
    return {
      managed: managedApps,
      free: list.filter((a) => a.accessType === 'FREE_ACCESS'),
      had: managedApps.filter((a) => assigned?.includes(a.id)).map((a) => a.id),
    };
  }, [all.data, assigned]);
  const [chosen, setChosen] = useState<string[] | null>(null);
  const value = chosen ?? had;
  const save = useSave();
  const tenantId = resources.scope?.tenantId ?? app.stores.$session.get().user?.tenantId ?? row.tenantId ?? '';
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const add = value.filter((id) => !had.includes(id));
    const remove = had.filter((id) => !value.includes(id));
    void save.run(
      () => apps.setUserApps.run({ userId: row.id, tenantId, add, remove }),
      () => {
        toasts.show(t('admin.users.apps.saved', { name: userName(row) }));
        onClose();
      },
    );
  };
  const ready = all.data && usersApps.data;
  return (
    <AdminDialog open onClose={onClose} busy={save.busy} title={t('admin.users.apps.title', { name: userName(row) })}>
      <form className={css.form} onSubmit={submit} noValidate>
        {!ready ? (
          all.error || usersApps.error ? (
            <ErrorSlot error={all.error ?? usersApps.error} />
          ) : (
            <Loading label={t('admin.loading')} />
          )
        ) : (
          <>
            {managed.length ? (
              <Checklist
                legend={t('admin.users.apps.assigned')}
                items={managed.map((a) => ({ key: a.id, label: a.name, description: a.description ?? null }))}
                value={value}
                onChange={setChosen}
                disabled={save.busy}
              />
            ) : (
              <p className={css.muted}>{t('admin.users.apps.noneManaged')}</p>
            )}
            {free.length ? (
              <div>
                <p className={css.subtitle}>{t('admin.users.apps.freeTitle')}</p>
                <ul className={css.flush}>
                  {free.map((a) => (
                    <li key={a.id}>{t('admin.users.apps.free', { app: a.name })}</li>
                  ))}
                </ul>
              </div>
            ) : null}
          </>
        )}
        <ErrorSlot error={save.error} />
        <DialogActions onCancel={onClose} busy={save.busy} label={t('admin.save')} busyLabel={t('admin.saving')} />
      </form>
    </AdminDialog>
  );
}
