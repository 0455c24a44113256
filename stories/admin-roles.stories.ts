/**
 * `<fe-admin-roles>`: the roles section in each designed state and each dialog (admin spec §3, §6), preview mode
 * (canned data: built-in roles Admin and Read Only, the demo account's Support, Editor and Viewer; permissions by
 * category with one NEVER and one ALWAYS), no network.
 */
import { adminStoriesMeta, type AdminStory } from './support/admin-story.tsx';
import '../elements/admin/fe-admin-roles.ts';

// an object literal with a literal title: Storybook's static indexer reads the default export
export default { title: 'Admin/Roles', component: 'fe-admin-roles', ...adminStoriesMeta('Admin/Roles', 'roles') };

export const Filled: AdminStory = { args: { scenario: 'filled' } };
export const Empty: AdminStory = { args: { scenario: 'empty' } };
export const Loading: AdminStory = { args: { scenario: 'loading' } };
export const Failed: AdminStory = { args: { scenario: 'error' } };
/** Add a role: NEVER permission disabled with its reason, ALWAYS permission checked and disabled. */
export const AddRoleDialog: AdminStory = { args: { scenario: 'filled', dialog: 'add' } };
/** Edit a role of the account. */
export const EditRoleDialog: AdminStory = { args: { scenario: 'filled', dialog: 'edit:role-editor' } };
/** A built-in (vendor-level) role: read-only with a note. */
export const BuiltInRoleDialog: AdminStory = { args: { scenario: 'filled', dialog: 'edit:role-admin' } };
export const DeleteRoleDialog: AdminStory = { args: { scenario: 'filled', dialog: 'delete:role-viewer' } };
/** The permissions tab. */
export const Permissions: AdminStory = { args: { scenario: 'filled', dialog: 'permissions' } };
export const PermissionsEmpty: AdminStory = { args: { scenario: 'empty', dialog: 'permissions' } };
/** One permission given to many roles at once. */
export const GiveToRolesDialog: AdminStory = { args: { scenario: 'filled', dialog: 'attach:perm-reports-read' } };
