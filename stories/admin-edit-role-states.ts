/**
 * Every state of the add/edit role machine (machines/admin-edit-role.machine.ts) as data: the Admin/Roles stories
 * and the accessibility test share them. `routing` is transient. Adding "Billing Admin" (a new role: one create
 * call), or editing the demo account's Editor role (its fields, then its permissions); the key `Support` is taken
 * (the server's answer). "Read users" is an ALWAYS permission: every role has it.
 */
import type { RoleDraft } from '../machines/admin-edit-role.machine.ts';
import type { DialogStateSpec } from './support/admin-story.tsx';

const role = (name: string, key: string, description: string, permissionIds: string[], isDefault = false): RoleDraft => ({ name, key, description, isDefault, permissionIds });
const billingAdmin = role('Billing Admin', 'billing-admin', 'Manages invoices and payment methods', ['perm-users-read', 'perm-account-read', 'perm-account-write']);
const support = role('Support', 'Support', 'First line of customer support', ['perm-users-read', 'perm-users-write']);
// the preview's Editor role (the default role), its description and permissions changed
const editor = role('Editor', 'Editor', 'Edits content and reports, reads groups', ['perm-users-read', 'perm-reports-read', 'perm-groups-read'], true);

export const adminEditRoleStates = {
  idle: { value: 'editing' },
  creating: { value: 'creating', context: { draft: billingAdmin } },
  error: { value: 'editing', context: { draft: support, error: { message: 'A role with the key "Support" already exists', statusCode: 409 } } },
  updating: { value: 'updating', context: { draft: editor } },
  // the fields are saved; the permission set goes next
  permissions: { value: 'permissions', context: { draft: editor, saved: { ...editor, permissionIds: ['perm-users-read', 'perm-reports-read'] } } },
  // saved: the dialog closes, a toast tells
  done: { value: 'done', context: { draft: editor, saved: editor }, emitted: [{ type: 'saved', created: false, name: editor.name }] },
} satisfies Record<string, DialogStateSpec>;
