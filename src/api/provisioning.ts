/**
 * Directory (SCIM 2.0) provisioning connections (admin spec §3 "Provisioning connection", §7 "Directory (SCIM)";
 * api-contract §W; AB-3.23, AB-7.53): the calls exactly as Frontegg's client makes them
 * (`@frontegg/rest-api` directory/index.js, `urls.directory`), plus the emulator's request log of a connection.
 * Calls send `frontegg-source: admin-portal`, take a trailing {@link CallOptions} and reject with an `FeApiError`.
 */
import type { ApiClient } from './client.ts';
import { adminOptions } from './admin-request.ts';
import type { CallOptions } from './request.ts';

/** Paths, without the `/{prefix}` (Frontegg's `urls.directory.v1` and `urls.directory.temp`). */
export const PROVISIONING_PATHS = Object.freeze({
  configurations: '/directory/resources/v1/configurations/scim2',
  temp: '/directory/resources/scim/temp',
});

/** The identity providers a connection is made for (AB-3.23; Frontegg's `ScimConnectionSource`). */
export const SCIM_SOURCES = ['okta', 'azure-ad', 'frontegg', 'other'] as const;
/** One SCIM source: `okta`, `azure-ad` (Microsoft Entra ID), `frontegg` or `other`. */
export type ScimSource = (typeof SCIM_SOURCES)[number];

/**
 * One provisioning connection (`Scim2ConnectionConfigResponse`): `createdAt` and `lastSync` are ISO dates (`lastSync`
 * null or absent until its first request). The emulator adds how many users and groups it pushed and `scimUrl`, the
 * connection's SCIM 2.0 base URL an identity provider is given.
 */
export interface ScimConnection {
  id: string;
  connectionName: string;
  source: ScimSource;
  syncToUserManagement: boolean;
  createdAt: string;
  lastSync?: string | null;
  userCount?: number;
  groupCount?: number;
  scimUrl?: string;
}

/** The create body (`Scim2CreateConnectionConfigRequest`). */
export interface CreateScimConnectionRequest {
  source: ScimSource;
  connectionName?: string;
  syncToUserManagement?: boolean;
}

/** The create answer (`Scim2CreateConnectionConfigResponse`): `token` is the bearer token, answered this once. */
export interface CreatedScimConnection {
  id: string;
  connectionName: string;
  token: string;
}

/** One request a connection's SCIM client made (newest first): `status` is the HTTP status; `createdAt` an ISO date. */
export interface ScimRequestLogEntry {
  id?: string;
  method: string;
  /** What was asked for, e.g. `Users`, `Users/<id>`, `Groups?filter=…`. */
  resource: string;
  status: number;
  /** The SCIM error's `detail`, when the request failed. */
  error?: string | null;
  createdAt: string;
  /** The user a `Users/<id>` request names, when the account knows them (emulator addition; name null when unknown). */
  user?: { id: string; name?: string | null; email: string } | null;
}

/** Creates the provisioning calls on top of `client`. */
export function createProvisioningApi(client: ApiClient) {
  const one = (id: string) => `${PROVISIONING_PATHS.configurations}/${encodeURIComponent(id)}`;
  return {
    /** `GET directory/resources/v1/configurations/scim2` (getConfigs): every connection of the tenant. */
    list(o?: CallOptions): Promise<ScimConnection[]> {
      return client.get<ScimConnection[]>(PROVISIONING_PATHS.configurations, adminOptions(o));
    },
    /** `POST …/scim2` (createConfiguration): the new connection's id, name and its token (shown once). */
    create(body: CreateScimConnectionRequest, o?: CallOptions): Promise<CreatedScimConnection> {
      return client.post<CreatedScimConnection>(PROVISIONING_PATHS.configurations, body, adminOptions(o));
    },
    /** `PATCH …/scim2/{id}` (updateConfiguration) with `{ syncToUserManagement }`. */
    update(id: string, body: { syncToUserManagement: boolean }, o?: CallOptions): Promise<void> {
      return client.patch<void>(one(id), body, adminOptions(o));
    },
    /**
     * `DELETE …/scim2/{id}` (deleteConfiguration) with `{ deleteAll }` as a JSON body (not a query, as Frontegg's
     * client sends it): `deleteAll` also deletes the users and groups the connection pushed.
     */
    remove(id: string, deleteAll: boolean, o?: CallOptions): Promise<void> {
      return client.delete<void>(one(id), { deleteAll }, adminOptions(o));
    },
    /** `GET directory/resources/scim/temp/{id}/Users/count` (countConfigurationUsers): `{ count }` users pushed. */
    countUsers(id: string, o?: CallOptions): Promise<{ count: number }> {
      return client.get<{ count: number }>(`${PROVISIONING_PATHS.temp}/${encodeURIComponent(id)}/Users/count`, adminOptions(o));
    },
    /** `GET …/scim2/{id}/logs` (the emulator's): the connection's latest SCIM requests, newest first. */
    logs(id: string, o?: CallOptions): Promise<ScimRequestLogEntry[]> {
      return client.get<ScimRequestLogEntry[]>(`${one(id)}/logs`, adminOptions(o));
    },
  };
}

/** The provisioning calls. */
export type ProvisioningApi = ReturnType<typeof createProvisioningApi>;
