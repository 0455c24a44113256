/**
 * The provisioning section's server data (admin spec §3 "Provisioning connection", §7 "Directory (SCIM)"; api-contract
 * §W; AB-3.23, AB-7.53): the tenant's SCIM connections, each connection's request log, and the writes — create (the
 * token is handed back once, to the caller, and never cached), the "sync to user management" switch (optimistic,
 * rolled back on failure) and delete (with or without the users and groups it pushed). Read by the section through
 * `resources.use(createProvisioningResource)`.
 */
import type { ApiClient } from '../../api/client.ts';
import {
  createProvisioningApi,
  PROVISIONING_PATHS,
  SCIM_SOURCES,
  type CreateScimConnectionRequest,
  type CreatedScimConnection,
  type ScimConnection,
  type ScimRequestLogEntry,
  type ScimSource,
} from '../../api/provisioning.ts';
import type { CacheTools, QueryContext } from './query.ts';
import { GROUPS_KEY } from './groups.ts';
import { USERS_KEY } from './users.ts';

/** The area's paths and sources, for the section's preview data and views (views take values from resources, not src/api). */
export { PROVISIONING_PATHS, SCIM_SOURCES };
export type { CreateScimConnectionRequest, CreatedScimConnection, ScimConnection, ScimRequestLogEntry, ScimSource };

/** Cache key of the connections list. */
export const CONNECTIONS_KEY = 'admin/provisioning/connections';
/** Key prefix of each connection's request log: `admin/provisioning/logs/<id>`. */
export const SCIM_LOGS_KEY = 'admin/provisioning/logs/';

/** A connection just made: its id, name, the bearer token (shown once) and its SCIM base URL when the server lists it. */
export interface NewScimConnection extends CreatedScimConnection {
  source: ScimSource;
  scimUrl?: string;
}

function editConnections(cache: CacheTools, edit: (rows: ScimConnection[]) => ScimConnection[]): void {
  const rows = cache.read<ScimConnection[]>(CONNECTIONS_KEY);
  if (rows) cache.write(CONNECTIONS_KEY, edit(rows));
}

/** Builds the provisioning resource of one app. */
export function createProvisioningResource(q: QueryContext, client: ApiClient) {
  const api = createProvisioningApi(client);
  const logs = new Map<string, ReturnType<typeof makeLog>>();
  function makeLog(id: string) {
    return q.createFetcherStore<ScimRequestLogEntry[]>([`${SCIM_LOGS_KEY}${id}`], { fetcher: () => api.logs(id) });
  }

  return {
    /** Every connection of the tenant (with user and group counts, last sync and SCIM base URL). */
    $connections: q.createFetcherStore<ScimConnection[]>([CONNECTIONS_KEY], { fetcher: () => api.list() }),

    /** The request log store of connection `id`, newest first (the same store for the same id: safe in render). */
    log(id: string) {
      let store = logs.get(id);
      if (!store) logs.set(id, (store = makeLog(id)));
      return store;
    },

    /**
     * Creates a connection (`POST …/scim2`); the list is then read again (the new row with its SCIM base URL and
     * counts), and the new connection's `scimUrl` is taken from it. The token comes back to the caller only.
     * @throws FeApiError
     */
    create: q.mutation<CreateScimConnectionRequest, NewScimConnection>(async (body, cache) => {
      const created = await api.create(body);
      let scimUrl: string | undefined;
      try {
        const rows = await api.list();
        cache.write(CONNECTIONS_KEY, rows);
        scimUrl = rows.find((r) => r.id === created.id)?.scimUrl;
      } catch {
        cache.revalidate((key) => key === CONNECTIONS_KEY);
      }
      return { ...created, source: body.source, scimUrl };
    }),

    /**
     * Turns "sync to user management" on or off (`PATCH …/scim2/{id}`), optimistically: the row shows the new value at
     * once and gets the old one back if the server refuses. @throws FeApiError — after the rollback
     */
    setSync: q.mutation<{ id: string; syncToUserManagement: boolean }>(async ({ id, syncToUserManagement }, cache) => {
      const set = (value: boolean) => editConnections(cache, (rows) => rows.map((r) => (r.id === id ? { ...r, syncToUserManagement: value } : r)));
      set(syncToUserManagement);
      try {
        await api.update(id, { syncToUserManagement });
      } catch (error) {
        set(!syncToUserManagement);
        throw error;
      }
    }),

    /**
     * Deletes a connection (`DELETE …/scim2/{id}` with `{ deleteAll }`): gone from the list once the server agrees;
     * with `deleteAll` the users and groups it pushed are gone too (and without it they stay, no longer managed by
     * it), so those lists are read again. @throws FeApiError
     */
    remove: q.mutation<{ id: string; deleteAll: boolean }>(async ({ id, deleteAll }, cache) => {
      await api.remove(id, deleteAll);
      editConnections(cache, (rows) => rows.filter((r) => r.id !== id));
      cache.invalidate((key) => key === `${SCIM_LOGS_KEY}${id}`);
      cache.revalidate((key) => key.startsWith(USERS_KEY) || key.startsWith(GROUPS_KEY));
    }),
  };
}

/** The provisioning resource of one app. */
export type ProvisioningResource = ReturnType<typeof createProvisioningResource>;
