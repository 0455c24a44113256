/**
 * Every state of the create-connection machine (machines/admin-scim-connection.machine.ts) as data: the
 * Admin/Provisioning stories and the accessibility test share them. An Okta connection, "Okta production". The token
 * is never in the context (shown once): `created` hands it to the dialog in the `created` event, with the SCIM base URL.
 */
import type { NewScimConnection } from '../src/admin/resources/provisioning.ts';
import type { DialogStateSpec } from './support/admin-story.tsx';

const named = { source: 'okta', connectionName: 'Okta production' } as const;
const connection: NewScimConnection = {
  id: 'scim-new',
  connectionName: named.connectionName,
  source: 'okta',
  token: 'preview-scim-token-shown-once',
  scimUrl: 'https://preview.example/frontegg/scim/v2/scim-new',
};
const created = { id: connection.id, connectionName: connection.connectionName };

export const adminScimConnectionStates = {
  choosing: { value: 'choosing' },
  naming: { value: 'naming', context: { source: 'okta' } },
  creating: { value: 'creating', context: named },
  error: { value: 'naming', context: { ...named, error: { message: 'Not authorized', statusCode: 403 } } },
  created: { value: 'created', context: { ...named, created }, emitted: [{ type: 'created', connection }] },
  // Done: the dialog has closed
  closed: { value: 'closed', context: { ...named, created } },
} satisfies Record<string, DialogStateSpec>;
