/**
 * `<fe-admin-roles>`: the roles section in each designed state and each dialog (admin spec §3, §6), preview mode
 * (canned data: built-in roles Admin and Read Only, the demo account's Support, Editor and Viewer; permissions by
 * category with one NEVER and one ALWAYS), no network. The add and edit role dialogs have a story per state of their
 * flow (stories/admin-edit-role-states.ts).
 */
import { adminEditRoleStates } from './admin-edit-role-states.ts';
import { adminStoriesMeta, dialogStateStory, type AdminStory } from './support/admin-story.tsx';
import './support/admin-dialogs.ts';
import '../elements/admin/fe-admin-roles.ts';

// an object literal with a literal title: Storybook's static indexer reads the default export
export default { title: 'Admin/Roles', component: 'fe-admin-roles', ...adminStoriesMeta('Admin/Roles', 'roles') };

export const Filled: AdminStory = { args: { scenario: 'filled' } };
export const Empty: AdminStory = { args: { scenario: 'empty' } };
export const Loading: AdminStory = { args: { scenario: 'loading' } };
export const Failed: AdminStory = { args: { scenario: 'error' } };

const editRole = dialogStateStory('fe-admin-edit-role', adminEditRoleStates, 'add');
const editor = { dialog: 'edit:role-editor' };
/** Add a role: NEVER permission disabled with its reason, ALWAYS permission checked and disabled. */
export const AddRoleDialog: AdminStory = editRole('idle');
/** A new role: one create call with its permissions. */
export const AddRoleAdding: AdminStory = editRole('creating');
/** The key is taken: the server's message, the form as typed. */
export const AddRoleFailed: AdminStory = editRole('error');
/** Edit a role of the account. */
export const EditRoleDialog: AdminStory = editRole('idle', editor);
/** Its changed fields are saved first… */
export const EditRoleSaving: AdminStory = editRole('updating', editor);
/** …then its changed permission set. */
export const EditRoleSavingPermissions: AdminStory = editRole('permissions', editor);
/** Saved: the dialog has closed, a toast tells. */
export const EditRoleDone: AdminStory = editRole('done', editor);
/** A built-in (vendor-level) role: read-only with a note. */
export const BuiltInRoleDialog: AdminStory = editRole('idle', { dialog: 'edit:role-admin' });

export const DeleteRoleDialog: AdminStory = { args: { scenario: 'filled', dialog: 'delete:role-viewer' } };
/** The permissions tab. */
export const Permissions: AdminStory = { args: { scenario: 'filled', dialog: 'permissions' } };
export const PermissionsEmpty: AdminStory = { args: { scenario: 'empty', dialog: 'permissions' } };
/** One permission given to many roles at once. */
export const GiveToRolesDialog: AdminStory = { args: { scenario: 'filled', dialog: 'attach:perm-reports-read' } };
