/**
 * Every state of the create-token machine (machines/admin-create-token.machine.ts) as data: the Admin/API tokens
 * stories and the accessibility test share them. A client-credentials token of the tenant, Editor role, 90 days.
 * The secret is never in the context (AB-3.09: shown once): `created` hands it to the dialog in the `created` event,
 * the preview transport's secret.
 */
import type { TokenDraft } from '../machines/admin-create-token.machine.ts';
import type { CreatedToken } from '../src/admin/resources/tokens.ts';
import { PREVIEW_TENANT } from '../src/preview/data.ts';
import type { DialogStateSpec } from './support/admin-story.tsx';

const draft: TokenDraft = { description: 'Deploy bot', expiry: '90', customDays: '', roleIds: ['role-editor'] };
const token: CreatedToken = {
  row: {
    clientId: 'preview-client-new',
    key: 'preview-client-new',
    type: 'ClientCredentials',
    description: draft.description,
    createdAt: '2026-01-01T00:00:00.000Z',
    expires: '2026-04-01T00:00:00.000Z',
    roleIds: draft.roleIds,
    tenantId: PREVIEW_TENANT.tenantId,
  },
  secret: 'preview-secret-shown-once',
};
const created = { key: token.row.key, description: token.row.description };

export const adminCreateTokenStates = {
  idle: { value: { form: 'idle' } },
  creating: { value: { form: 'submitting' }, context: { draft } },
  error: { value: { form: 'idle' }, context: { draft, error: { message: 'Not authorized', statusCode: 403 } } },
  created: { value: 'created', context: { draft, created }, emitted: [{ type: 'created', token }] },
  // Done: the dialog has closed
  closed: { value: 'closed', context: { draft, created } },
} satisfies Record<string, DialogStateSpec>;
