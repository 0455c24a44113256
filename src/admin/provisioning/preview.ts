/**
 * The provisioning section's canned data in preview mode (`<fe-app preview>`), an answer for every call of
 * src/api/provisioning.ts: two connections (Okta, synced with a user count; Microsoft Entra ID, never synced), the
 * Okta connection's request log (a failing request among them), create (a preview token), PATCH, DELETE and the user
 * count.
 */
import type { SectionPreviewRoutes } from '../../preview/section-routes.ts';
import { PROVISIONING_PATHS, type ScimConnection, type ScimRequestLogEntry } from '../resources/provisioning.ts';

/** The SCIM base URL of a preview connection. */
const scimUrl = (id: string) => `https://preview.example/scim/v2/${id}`;

/** The canned connections. */
export const PREVIEW_SCIM_CONNECTIONS: ScimConnection[] = [
  {
    id: 'scim-okta',
    connectionName: 'Okta production',
    source: 'okta',
    syncToUserManagement: true,
    createdAt: '2030-01-02T09:00:00.000Z',
    lastSync: '2030-01-05T08:30:00.000Z',
    userCount: 42,
    groupCount: 5,
    scimUrl: scimUrl('scim-okta'),
  },
  {
    id: 'scim-entra',
    connectionName: 'Entra ID staging',
    source: 'azure-ad',
    syncToUserManagement: false,
    createdAt: '2030-01-03T10:00:00.000Z',
    lastSync: null,
    userCount: 0,
    groupCount: 0,
    scimUrl: scimUrl('scim-entra'),
  },
];

/** The Okta connection's canned request log, newest first: an Okta-style lookup, create, a refused create, a group push. */
export const PREVIEW_SCIM_LOG: ScimRequestLogEntry[] = [
  { id: 'log-4', method: 'PATCH', resource: 'Groups/grp-1', status: 204, error: null, createdAt: '2030-01-05T08:30:00.000Z' },
  { id: 'log-3', method: 'POST', resource: 'Users', status: 409, error: 'A user with userName ada@example.com already exists', createdAt: '2030-01-05T08:29:00.000Z' },
  { id: 'log-2', method: 'POST', resource: 'Users', status: 201, error: null, createdAt: '2030-01-05T08:28:00.000Z' },
  { id: 'log-1', method: 'GET', resource: 'Users?filter=userName eq "grace@example.com"', status: 200, error: null, createdAt: '2030-01-05T08:27:00.000Z' },
];

/** Answers every provisioning call (null when the request is not the section's). */
export const previewProvisioning: SectionPreviewRoutes = (req) => {
  const base = PROVISIONING_PATHS.configurations;
  if (req.path === base) {
    if (req.method === 'POST') {
      const id = 'scim-new';
      return { status: 201, body: { id, connectionName: String(req.body?.connectionName ?? ''), token: 'preview-scim-token-shown-once' } };
    }
    return { status: 200, body: PREVIEW_SCIM_CONNECTIONS };
  }
  if (req.path.startsWith(`${PROVISIONING_PATHS.temp}/`) && req.path.endsWith('/Users/count')) {
    const id = req.path.slice(PROVISIONING_PATHS.temp.length + 1, -'/Users/count'.length);
    return { status: 200, body: { count: PREVIEW_SCIM_CONNECTIONS.find((c) => c.id === id)?.userCount ?? 0 } };
  }
  if (!req.path.startsWith(`${base}/`)) return null;
  const [id, sub] = req.path.slice(base.length + 1).split('/');
  if (sub === 'logs') return { status: 200, body: id === 'scim-okta' ? PREVIEW_SCIM_LOG : [] };
  if (req.method === 'PATCH' || req.method === 'DELETE') return { status: 200, body: {} };
  return null;
};

/** The section's preview answers, loaded and registered by the shell in preview mode only (src/admin/shell/preview-answers.ts). */
export default previewProvisioning;
