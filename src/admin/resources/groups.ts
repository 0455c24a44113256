/**
 * Groups as the portal reads and writes them (admin spec §3 "Group"; AB-3.08, AB-6.05, AB-7.19). Two reads of the
 * same list: `$groups` for the other sections, whose load failure is swallowed into `[]` (admin spec §8, AB-8.13),
 * and `$list` for the groups section itself, which shows the failure. Writes (api-contract §K) edit both cached
 * lists — optimistically where the change is small and local (edit, members, roles), rolled back on failure — and
 * mark the users pages stale when memberships change (their groups column).
 */
import type { Group, GroupInput, Role } from '../../api/admin-types.ts';
import type { ApiClient } from '../../api/client.ts';
import { createGroupsApi } from '../../api/groups.ts';
import type { ListPage } from './paged.ts';
import type { CacheTools, QueryContext } from './query.ts';
import { USERS_KEY, type UserRow } from './users.ts';

/** Cache key of the groups list as other sections read it (failure → `[]`). */
export const GROUPS_KEY = 'admin/groups';
/** Cache key of the groups list as the groups section reads it (failure shown). */
export const GROUPS_LIST_KEY = 'admin/groups/list';
/** Cache key of the groups configuration. */
export const GROUPS_CONFIG_KEY = 'admin/groups/config';

/** The groups configuration of the tenant (`GET groups/v1/config`): groups on, roles of groups on. */
export interface GroupsConfig {
  enabled: boolean;
  rolesEnabled: boolean;
}

/** A member of a group, as the group lists it. */
export type GroupMember = NonNullable<Group['users']>[number];

/** True for a group the directory provisioned (SCIM): its details and members are read-only here. */
export function isScimGroup(group: Pick<Group, 'managedBy'>): boolean {
  return group.managedBy === 'scim2';
}

/** Applies `edit` to the cached lists (both keys; a key not loaded yet is left alone). */
function editLists(cache: CacheTools, edit: (groups: Group[]) => Group[]): void {
  for (const key of [GROUPS_KEY, GROUPS_LIST_KEY]) {
    const list = cache.read<Group[]>(key);
    if (list) cache.write(key, edit(list));
  }
}

/** Applies `edit` to group `id` in the cached lists. */
function editGroup(cache: CacheTools, id: string, edit: (group: Group) => Group): void {
  editLists(cache, (groups) => groups.map((g) => (g.id === id ? edit(g) : g)));
}

/** Group `id` as cached (the section's list first), or undefined. */
function cachedGroup(cache: CacheTools, id: string): Group | undefined {
  return (cache.read<Group[]>(GROUPS_LIST_KEY) ?? cache.read<Group[]>(GROUPS_KEY))?.find((g) => g.id === id);
}

/** Applies `edit` to every row of every cached users page (their group ids). */
function editUserRows(cache: CacheTools, edit: (row: UserRow) => UserRow): void {
  for (const key of cache.keys().filter((k) => k.startsWith(USERS_KEY))) {
    const page = cache.read<ListPage<UserRow>>(key);
    if (page) cache.write(key, { ...page, items: page.items.map(edit) });
  }
}

/** Gives (`on`) or takes group `groupId` to or from the users `userIds` in the cached users pages. */
function setMembership(cache: CacheTools, groupId: string, userIds: ReadonlySet<string> | 'all', on: boolean): void {
  editUserRows(cache, (row) => {
    if (userIds !== 'all' && !userIds.has(row.id)) return row;
    const rest = row.groupIds.filter((g) => g !== groupId);
    return { ...row, groupIds: on ? [...rest, groupId] : rest };
  });
}

/**
 * Runs `call` after `apply`ing its effect to the cache; if the server refuses, `undo` puts back this group's
 * field as it was (other edits made meanwhile stay) and the failure is rethrown.
 */
async function optimistic(cache: CacheTools, id: string, apply: (g: Group) => Group, undo: (now: Group, before: Group) => Group, call: () => Promise<void>) {
  const before = cachedGroup(cache, id);
  editGroup(cache, id, apply);
  try {
    await call();
  } catch (error) {
    if (before) editGroup(cache, id, (now) => undo(now, before));
    throw error;
  }
}

/** The linked lists a group holds (members and roles), each a list of rows with an `id`. */
type Linked = 'users' | 'roles';

/** Links `items` (members or roles) to group `id` through `call`, optimistically; rolled back on failure. */
function link<K extends Linked>(cache: CacheTools, id: string, field: K, items: NonNullable<Group[K]>, call: () => Promise<void>) {
  const ids = new Set(items.map((i) => i.id));
  const rows = (g: Group) => (g[field] ?? []) as { id: string }[];
  return optimistic(
    cache,
    id,
    (g) => ({ ...g, [field]: [...rows(g).filter((i) => !ids.has(i.id)), ...items] }),
    (now, before) => ({ ...now, [field]: rows(now).filter((i) => !ids.has(i.id) || rows(before).some((b) => b.id === i.id)) }),
    call,
  );
}

/** Unlinks the rows `ids` (members or roles) from group `id` through `call`, optimistically; rolled back on failure. */
function unlink(cache: CacheTools, id: string, field: Linked, ids: ReadonlySet<string>, call: () => Promise<void>) {
  const rows = (g: Group) => (g[field] ?? []) as { id: string }[];
  return optimistic(
    cache,
    id,
    (g) => ({ ...g, [field]: rows(g).filter((i) => !ids.has(i.id)) }),
    (now, before) => ({ ...now, [field]: [...rows(now), ...rows(before).filter((i) => ids.has(i.id) && !rows(now).some((n) => n.id === i.id))] }),
    call,
  );
}

/** Builds the groups resource of one app (its API from `client`); sections read it with `resources.use(createGroupsResource)`. */
export function createGroupsResource(q: QueryContext, client: ApiClient) {
  const groups = createGroupsApi(client);
  return {
    /** Every group with roles and users; `[]` when the call fails (AB-8.13). */
    $groups: q.createFetcherStore<Group[]>([GROUPS_KEY], { fetcher: () => groups.getGroups().catch(() => [] as Group[]) }),

    /** Every group with roles and users, for the groups section: a failure is the store's `error`. */
    $list: q.createFetcherStore<Group[]>([GROUPS_LIST_KEY], { fetcher: () => groups.getGroups() }),

    /** The groups configuration; both on when it cannot be read (the list then says what failed). */
    $config: q.createFetcherStore<GroupsConfig>([GROUPS_CONFIG_KEY], {
      fetcher: () =>
        groups.getConfiguration().then(
          (c) => ({ enabled: c.enabled !== false, rolesEnabled: c.rolesEnabled !== false }),
          () => ({ enabled: true, rolesEnabled: true }),
        ),
    }),

    /** Creates a group (`POST groups/v1`): the server's answer is appended to the lists. @throws FeApiError */
    create: q.mutation<{ input: GroupInput }, Group>(async ({ input }, cache) => {
      const created = await groups.createGroup(input);
      const group: Group = { roles: [], users: [], ...created };
      editLists(cache, (list) => [...list.filter((g) => g.id !== group.id), group]);
      return group;
    }),

    /**
     * Edits a group's name, colour and description (`PATCH groups/v1/{id}`), optimistically: the lists show the
     * new details at once and get the old ones back if the server refuses (400 for a SCIM group, 409 for a name in
     * use). @throws FeApiError — after the rollback
     */
    update: q.mutation<{ id: string; input: GroupInput }>(async ({ id, input }, cache) => {
      await optimistic(
        cache,
        id,
        (g) => ({ ...g, name: input.name, color: input.color ?? g.color, description: input.description ?? g.description }),
        (now, before) => ({ ...now, name: before.name, color: before.color, description: before.description }),
        () => groups.updateGroup(id, input),
      );
    }),

    /** Deletes a group (`DELETE groups/v1/{id}`): gone from the lists once the server agrees. @throws FeApiError */
    delete: q.mutation<{ id: string }>(async ({ id }, cache) => {
      await groups.deleteGroup(id);
      editLists(cache, (list) => list.filter((g) => g.id !== id));
      setMembership(cache, id, 'all', false);
    }),

    /** Adds members (`POST groups/v1/{id}/users`), optimistically, rolled back on failure. @throws FeApiError */
    addUsers: q.mutation<{ id: string; users: GroupMember[] }>(async ({ id, users }, cache) => {
      const ids = new Set(users.map((u) => u.id));
      await link(cache, id, 'users', users, () =>
        groups.addUsers(
          id,
          users.map((u) => u.id),
        ),
      );
      setMembership(cache, id, ids, true);
    }),

    /** Removes members (`DELETE groups/v1/{id}/users`), optimistically, rolled back on failure. @throws FeApiError */
    removeUsers: q.mutation<{ id: string; userIds: string[] }>(async ({ id, userIds }, cache) => {
      const ids = new Set(userIds);
      await unlink(cache, id, 'users', ids, () => groups.removeUsers(id, userIds));
      setMembership(cache, id, ids, false);
    }),

    /** Gives the group roles (`POST groups/v1/{id}/roles`), optimistically, rolled back on failure. @throws FeApiError */
    addRoles: q.mutation<{ id: string; roles: Role[] }>(async ({ id, roles }, cache) => {
      await link(cache, id, 'roles', roles, () =>
        groups.addRoles(
          id,
          roles.map((r) => r.id),
        ),
      );
    }),

    /** Takes roles from the group (`DELETE groups/v1/{id}/roles`), optimistically, rolled back on failure. @throws FeApiError */
    removeRoles: q.mutation<{ id: string; roleIds: string[] }>(async ({ id, roleIds }, cache) => {
      await unlink(cache, id, 'roles', new Set(roleIds), () => groups.removeRoles(id, roleIds));
    }),
  };
}

/** The groups resource of one app. */
export type GroupsResource = ReturnType<typeof createGroupsResource>;
