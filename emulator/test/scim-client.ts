/**
 * A directory's SCIM client for the tests (RFC 7644): what Okta and Entra ID send to a provisioning connection's
 * endpoint — JSON as `application/scim+json`, the connection's bearer token on every request — and the SCIM message
 * schemas the answers carry. Used by test/scim.test.ts and test/attack-scim.test.ts.
 */
import { ScimConnectionSource, type FronteggApiClient } from '@frontegg/rest-api';
import type { Emulator } from '../src/app.ts';
import { Client, type Json as Parsed, type Res } from './helpers.ts';

/** A parsed JSON object of an answer. */
export type ScimJson = Record<string, Parsed>;

export const USER_SCHEMA = 'urn:ietf:params:scim:schemas:core:2.0:User';
export const GROUP_SCHEMA = 'urn:ietf:params:scim:schemas:core:2.0:Group';
export const PATCH_OP = 'urn:ietf:params:scim:api:messages:2.0:PatchOp';
export const LIST = 'urn:ietf:params:scim:api:messages:2.0:ListResponse';
export const ERROR = 'urn:ietf:params:scim:api:messages:2.0:Error';
export const ENTERPRISE = 'urn:ietf:params:scim:schemas:extension:enterprise:2.0:User';

/** The SCIM client of one connection: its base path, and every request with its bearer token. */
export class ScimClient {
  readonly http: Client;
  constructor(
    emu: Emulator,
    readonly id: string,
    readonly token: string,
  ) {
    this.http = new Client(emu);
  }
  /** The base path of the connection (what the portal shows as `scimUrl`, without the origin). */
  get base() {
    return `/frontegg/scim/v2/${this.id}`;
  }
  req(method: string, path: string, body?: unknown, token = this.token): Promise<Res<ScimJson>> {
    return this.http.req(method, `${this.base}${path}`, body, { 'content-type': 'application/scim+json', authorization: `Bearer ${token}` });
  }
  get = (path: string) => this.req('GET', path);
  post = (path: string, body: unknown) => this.req('POST', path, body);
  put = (path: string, body: unknown) => this.req('PUT', path, body);
  patch = (path: string, Operations: unknown[]) => this.req('PATCH', path, { schemas: [PATCH_OP], Operations });
  del = (path: string) => this.req('DELETE', path);
}

/** A new connection of the account `api` signs in to (Frontegg's client), and a SCIM client holding its token. */
export async function connectScim(emu: Emulator, api: FronteggApiClient, source = ScimConnectionSource.OKTA, connectionName?: string): Promise<ScimClient> {
  const created = await api.directory.createConfiguration({ source, connectionName });
  return new ScimClient(emu, created.id, created.token);
}
