/**
 * A group's members and roles (admin spec §6 "groups hold roles and users"; AB-6.05; api-contract §K
 * addUsersToGroup, deleteUsersFromGroup, addRolesToGroup, deleteRolesFromGroup). Lists the members; a writer adds
 * users of the tenant (found by email through the users resource) and removes members, and ticks the group's roles.
 * Every change shows at once (optimistic) and comes back undone, with the server's message announced, if refused.
 * A SCIM group keeps its members (the directory owns them) but its roles may be set here; with roles for groups
 * turned off, the roles are only listed.
 */
import { useStore } from '@nanostores/react';
import { useId, useRef, useState, type RefObject } from 'react';
import type { Group, Role } from '../../api/admin-types.ts';
import { createGroupsResource, isScimGroup, type GroupMember } from '../resources/groups.ts';
import { useSection } from '../shell/context.ts';
import * as css from '../ui/admin.css.ts';
import * as groupsCss from './groups.css.ts';
import { AdminDialog } from '../ui/dialog.tsx';
import { Chips } from '../ui/chips.tsx';
import { CheckboxRow, DoneActions } from '../ui/form.tsx';
import { ItemLabel } from '../ui/checklist.tsx';
import { createRolesResource, roleItem } from '../resources/roles.ts';
import { ErrorSlot, Loading } from '../ui/states.tsx';
import { useInlineAction, type InlineAction } from '../ui/use-inline-action.ts';
import { useDebouncedSearch } from '../ui/use-search.ts';
import { createUsersResource } from '../resources/users.ts';
import { UserCell, userName } from '../ui/user-cell.tsx';

/** How many users the member search shows. */
export const CANDIDATES_LIMIT = 10;

/** The members-and-roles dialog of `group` (the group as cached: optimistic changes show here at once). */
export function GroupMembersDialog({ group, canWrite, rolesEnabled, onClose }: { group: Group; canWrite: boolean; rolesEnabled: boolean; onClose: () => void }) {
  const { t, resources } = useSection();
  const [error, setError] = useState<unknown>(null);
  const scim = isScimGroup(group);
  const membersEditable = canWrite && !scim;
  const members = group.users ?? [];
  const membersId = useId();
  const rolesId = useId();
  // the button pressed leaves the list (added, removed): the keyboard continues from the search box
  const searchRef = useRef<HTMLInputElement>(null);

  // each change shows at once and gets a toast; a refusal (rolled back by the resource) is shown in the dialog, whose
  // outside (the toasts) a screen reader does not hear while it is open
  const inline = { inline: true, onError: setError } as const;
  const addUsers = useInlineAction(resources.use(createGroupsResource).addUsers, inline);
  const removeUsers = useInlineAction(resources.use(createGroupsResource).removeUsers, inline);
  const addRoles = useInlineAction(resources.use(createGroupsResource).addRoles, inline);
  const removeRoles = useInlineAction(resources.use(createGroupsResource).removeRoles, inline);
  /** Runs one change (the last refusal shown goes). */
  const change = <D,>(action: InlineAction<D>, data: D, done: string) => {
    setError(null);
    void action.run(data, done);
  };

  return (
    <AdminDialog open onClose={onClose} title={t('admin.groups.manageTitle', { name: group.name })}>
      {scim ? <p className={css.hint}>{t('admin.groups.scimNote')}</p> : null}
      <ErrorSlot error={error} />
      <section aria-labelledby={membersId} className={groupsCss.part}>
        <h3 id={membersId} className={groupsCss.partTitle}>
          {t('admin.groups.members', { count: members.length })}
        </h3>
        {members.length === 0 ? (
          <p className={`${css.muted} ${css.flush}`}>{t('admin.groups.noMembers')}</p>
        ) : (
          <ul className={groupsCss.people} aria-label={t('admin.groups.membersList', { name: group.name })}>
            {members.map((m) => (
              <li key={m.id} className={groupsCss.person} data-member={m.email}>
                <UserCell user={m} />
                {membersEditable ? (
                  <button
                    type="button"
                    className={css.secondaryButton}
                    aria-label={t('admin.groups.removeMember', { name: userName(m), group: group.name })}
                    onClick={() => {
                      change(removeUsers, { id: group.id, userIds: [m.id] }, t('admin.groups.removed', { name: userName(m), group: group.name }));
                      searchRef.current?.focus();
                    }}
                  >
                    {t('admin.groups.remove')}
                  </button>
                ) : null}
              </li>
            ))}
          </ul>
        )}
      </section>
      {membersEditable ? (
        <AddMembers
          group={group}
          inputRef={searchRef}
          onAdd={(user) => change(addUsers, { id: group.id, users: [user] }, t('admin.groups.added', { name: userName(user), group: group.name }))}
        />
      ) : null}
      <section aria-labelledby={rolesId} className={groupsCss.part}>
        <h3 id={rolesId} className={groupsCss.partTitle}>
          {t('admin.groups.roles')}
        </h3>
        {canWrite && rolesEnabled ? (
          <GroupRoles
            group={group}
            labelledBy={rolesId}
            onToggle={(role, on) =>
              on
                ? change(addRoles, { id: group.id, roles: [role] }, t('admin.groups.roleAdded', { group: group.name, role: role.name }))
                : change(removeRoles, { id: group.id, roleIds: [role.id] }, t('admin.groups.roleRemoved', { group: group.name, role: role.name }))
            }
          />
        ) : (
          <>
            {!rolesEnabled ? <p className={css.hint}>{t('admin.groups.rolesDisabled')}</p> : null}
            <Chips none={t('admin.groups.noRoles')} items={(group.roles ?? []).map((r) => ({ key: r.id, label: r.name }))} />
          </>
        )}
      </section>
      <DoneActions label={t('admin.done')} onDone={onClose} autoFocus={false} />
    </AdminDialog>
  );
}

/** The role checkboxes of a group: ticking gives the role, unticking takes it away (each at once). */
function GroupRoles({ group, labelledBy, onToggle }: { group: Group; labelledBy: string; onToggle: (role: Role, on: boolean) => void }) {
  const { t, resources } = useSection();
  const roles = useStore(resources.use(createRolesResource).$roles);
  const has = new Set((group.roles ?? []).map((r) => r.id));
  if (!roles.data && roles.loading) return <Loading label={t('admin.loading')} />;
  return (
    <fieldset className={`${css.field} ${css.bareFieldset}`} aria-labelledby={labelledBy}>
      <p className={`${css.hint} ${css.flush}`}>{t('admin.groups.rolesHint')}</p>
      <ErrorSlot error={roles.error} />
      {(roles.data ?? []).map((role) => (
        <CheckboxRow key={role.id} name="role" value={role.id} checked={has.has(role.id)} onChange={(on) => onToggle(role, on)}>
          <ItemLabel item={roleItem(role)} />
        </CheckboxRow>
      ))}
    </fieldset>
  );
}

/** Find users of the tenant by email (the users resource's page store) and add them. */
function AddMembers({ group, inputRef, onAdd }: { group: Group; inputRef: RefObject<HTMLInputElement | null>; onAdd: (user: GroupMember) => void }) {
  const { t, resources } = useSection();
  const headingId = useId();
  // a users list of the dialog's own: its search does not move the users table's
  const [list] = useState(() => resources.use(createUsersResource).newList(CANDIDATES_LIMIT));
  const email = useStore(list.$query).search;
  const page = useStore(list.$state);
  // one request per pause in typing, not per keystroke
  const { text: search, setText: setSearch } = useDebouncedSearch(list.setSearch);
  const memberIds = new Set((group.users ?? []).map((u) => u.id));
  const candidates = (page.data?.items ?? []).filter((u) => !memberIds.has(u.id));

  return (
    <section aria-labelledby={headingId} className={groupsCss.part}>
      <h3 id={headingId} className={groupsCss.partTitle}>
        {t('admin.groups.addMembers')}
      </h3>
      <label className={css.field}>
        <span className={css.label}>{t('admin.groups.findUsers')}</span>
        <input ref={inputRef} className={css.input} type="search" name="member-search" autoComplete="off" value={search} onChange={(e) => setSearch(e.target.value)} />
      </label>
      <ErrorSlot error={page.error} retry={list.retry} />
      {!page.data && page.loading ? (
        <Loading label={t('admin.groups.searching')} />
      ) : page.data && candidates.length === 0 ? (
        <p className={`${css.muted} ${css.flush}`}>{email ? t('admin.groups.noCandidates', { query: email }) : t('admin.groups.everyoneIn')}</p>
      ) : candidates.length > 0 ? (
        <ul className={groupsCss.people} aria-label={t('admin.groups.candidates')}>
          {candidates.map((u) => (
            <li key={u.id} className={groupsCss.person} data-candidate={u.email}>
              <UserCell user={u} />
              <button
                type="button"
                className={css.secondaryButton}
                aria-label={t('admin.groups.addMember', { name: userName(u), group: group.name })}
                onClick={() => {
                  onAdd({ id: u.id, email: u.email, name: u.name ?? '' });
                  inputRef.current?.focus();
                }}
              >
                {t('admin.groups.add')}
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
