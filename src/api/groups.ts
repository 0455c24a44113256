/**
 * Groups (api-contract §K; AB-3.08, AB-7.19). Calls send `frontegg-source: admin-portal`, take a trailing
 * {@link CallOptions} and reject with an `FeApiError`; groups managed by SCIM (`managedBy: 'scim2'`) are refused
 * changes by the server.
 */
import type { ApiClient } from './client.ts';
import { adminOptions } from './admin-request.ts';
import type { CallOptions } from './request.ts';
import type { Group, GroupInput } from './admin-types.ts';

/** Paths, without the `/{prefix}`. */
export const GROUPS_PATHS = Object.freeze({
  groups: '/identity/resources/groups/v1',
  config: '/identity/resources/groups/v1/config',
});

/** Creates the groups calls on top of `client`. */
export function createGroupsApi(client: ApiClient) {
  const group = (id: string) => `${GROUPS_PATHS.groups}/${encodeURIComponent(id)}`;
  return {
    /** `GET groups/v1?_groupsRelations=rolesAndUsers` (getGroups): every group with its roles and users. */
    getGroups(o?: CallOptions): Promise<Group[]> {
      return client.get<Group[]>(GROUPS_PATHS.groups, adminOptions(o, { query: { _groupsRelations: 'rolesAndUsers' } }));
    },
    /** `GET groups/v1/config` (getGroupConfiguration): `{ enabled, rolesEnabled }`. */
    getConfiguration(o?: CallOptions): Promise<{ enabled: boolean; rolesEnabled: boolean }> {
      return client.get(GROUPS_PATHS.config, adminOptions(o));
    },
    /** `POST groups/v1` with `{ name, color, description, metadata }` (createGroup). */
    createGroup(input: GroupInput, o?: CallOptions): Promise<Group> {
      return client.post<Group>(GROUPS_PATHS.groups, input, adminOptions(o));
    },
    /** `PATCH groups/v1/{groupId}` (updateGroup). */
    async updateGroup(id: string, input: GroupInput, o?: CallOptions): Promise<void> {
      await client.patch(group(id), input, adminOptions(o));
    },
    /** `DELETE groups/v1/{groupId}` (deleteGroup). */
    async deleteGroup(id: string, o?: CallOptions): Promise<void> {
      await client.delete(group(id), undefined, adminOptions(o));
    },
    /** `POST groups/v1/{groupId}/users` with `{ userIds }` (addUsersToGroup). */
    async addUsers(id: string, userIds: readonly string[], o?: CallOptions): Promise<void> {
      await client.post(`${group(id)}/users`, { userIds: [...userIds] }, adminOptions(o));
    },
    /** `DELETE groups/v1/{groupId}/users` with `{ userIds }` (deleteUsersFromGroup). */
    async removeUsers(id: string, userIds: readonly string[], o?: CallOptions): Promise<void> {
      await client.delete(`${group(id)}/users`, { userIds: [...userIds] }, adminOptions(o));
    },
    /** `POST groups/v1/{groupId}/roles` with `{ roleIds }` (addRolesToGroup). */
    async addRoles(id: string, roleIds: readonly string[], o?: CallOptions): Promise<void> {
      await client.post(`${group(id)}/roles`, { roleIds: [...roleIds] }, adminOptions(o));
    },
    /** `DELETE groups/v1/{groupId}/roles` with `{ roleIds }` (deleteRolesFromGroup). */
    async removeRoles(id: string, roleIds: readonly string[], o?: CallOptions): Promise<void> {
      await client.delete(`${group(id)}/roles`, { roleIds: [...roleIds] }, adminOptions(o));
    },
  };
}

/** The groups calls of one client. */
export type GroupsApi = ReturnType<typeof createGroupsApi>;
