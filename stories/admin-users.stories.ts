/**
 * `<fe-admin-users>`: the users section in each designed state and each dialog (admin spec §2, §4), preview mode
 * (canned data, demo roles Read Only, Admin, Support, Editor, Viewer), no network. The add-user and bulk-invite
 * dialogs have a story per state of their flow (stories/admin-add-user-states.ts, admin-bulk-invite-states.ts).
 */
import { adminAddUserStates } from './admin-add-user-states.ts';
import { adminBulkInviteStates } from './admin-bulk-invite-states.ts';
import { adminBulkUsersStates } from './admin-bulk-users-states.ts';
import { adminStoriesMeta, dialogStateStory, type AdminStory } from './support/admin-story.tsx';
import './support/admin-dialogs.ts';
import '../elements/admin/fe-admin-users.ts';

// an object literal with a literal title: Storybook's static indexer reads the default export
export default { title: 'Admin/Users', component: 'fe-admin-users', ...adminStoriesMeta('Admin/Users', 'users') };

export const Filled: AdminStory = { args: { scenario: 'filled' } };
export const Empty: AdminStory = { args: { scenario: 'empty' } };
export const Loading: AdminStory = { args: { scenario: 'loading' } };
export const Failed: AdminStory = { args: { scenario: 'error' } };
/** The rows are being replaced (a query changed, its answer awaited): they stay, dimmed; the table is busy, a bar runs above it. */
export const Stale: AdminStory = { args: { scenario: 'stale' } };

const addUser = dialogStateStory('fe-admin-add-user', adminAddUserStates, 'add');
export const AddUserDialog: AdminStory = addUser('idle');
export const AddUserSubmitting: AdminStory = addUser('submitting');
/** The server refused the invitation: the form keeps what was typed. */
export const AddUserFailed: AdminStory = addUser('error');
/** Invited: the dialog has closed, a toast tells. */
export const AddUserDone: AdminStory = addUser('done');

const bulkInvite = dialogStateStory('fe-admin-bulk-invite', adminBulkInviteStates, 'bulk');
export const BulkInviteDialog: AdminStory = bulkInvite('idle');
/** Each email is one invitation, in order (AB-4.10). */
export const BulkInviteInviting: AdminStory = bulkInvite('inviting');
/** The summary ("2 invited, 1 already a member, …") and the folded lists, each not-invited address with its reason (AB-4.11; a refused one with the server's message, admin spec §8). */
export const BulkInviteResults: AdminStory = bulkInvite('results');

/**
 * The pending invitations (`#/admin/users/pending`: the Status filter on "Pending invitations"): only who never joined
 * (user-03, user-10, user-17), each marked "Pending invitation"; their row menu offers "Resend invitation" and
 * "Revoke invitation" instead of "Delete user".
 */
export const PendingInvitations: AdminStory = { args: { scenario: 'filled', dialog: 'pending' } };

const bulkUsers = dialogStateStory('fe-admin-bulk-users', adminBulkUsersStates, 'bulk-delete');
/** Three users selected, "Delete": one confirmation for all, Cancel focused, the users listed (folded). */
export const BulkDeleteConfirm: AdminStory = bulkUsers('confirming');
/** Each user in turn, progress announced. */
export const BulkDeleteApplying: AdminStory = bulkUsers('applying');
/** A result per user: two deleted, one refused with the server's message. */
export const BulkDeleteResults: AdminStory = bulkUsers('results');
/** "Change roles" of the selected users: the roles to set, then one confirmation. */
export const BulkRolesConfirm: AdminStory = { args: { scenario: 'filled', dialog: 'bulk-roles' } };

export const InviteLinkDialog: AdminStory = { args: { scenario: 'filled', dialog: 'link' } };
// row dialogs (`<action>:<userId>` of the preview users: user-03 a pending invitation, user-05 disabled, user-06 temporary)
export const EditRolesDialog: AdminStory = { args: { scenario: 'filled', dialog: 'roles:user-01' } };
export const DeleteUserDialog: AdminStory = { args: { scenario: 'filled', dialog: 'delete:user-01' } };
export const DisableUserDialog: AdminStory = { args: { scenario: 'filled', dialog: 'disable:user-01' } };
export const EnableUserDialog: AdminStory = { args: { scenario: 'filled', dialog: 'enable:user-05' } };
/** A temporary user ("Temporary until <date>" in the table): "Change access end" says when access ends now (AB-4.09). */
export const AccessEndDialog: AdminStory = { args: { scenario: 'filled', dialog: 'expiry:user-06' } };
/** "Revoke invitation" of a pending invitation asks first: its link stops working. */
export const RevokeInvitationDialog: AdminStory = { args: { scenario: 'filled', dialog: 'revoke:user-03' } };

// issue 34: acting in a sub-account, its users' dialogs, applications behind the `multi-apps-admin-portal` flag
/** Acting in a sub-account: the "Acting in Acme West" banner with the way back; its users 10 a page by name, "Invite users". */
export const ActingInSubAccount: AdminStory = { args: { scenario: 'filled', acting: 'Acme West' } };
/** Invite up to 5 users into the sub-account, with roles and "also give access to existing and future sub-accounts" (off by default). */
export const InviteToSubAccountDialog: AdminStory = { args: { scenario: 'filled', acting: 'Acme West', dialog: 'invite' } };
/** Remove a user from the sub-account and its sub-accounts: the accounts to leave, all chosen. */
export const RemoveFromSubAccountDialog: AdminStory = { args: { scenario: 'filled', acting: 'Acme West', dialog: 'removeAccount:user-01' } };
/** The `multi-apps-admin-portal` flag on: each user's applications in the table (the free one marked "free access"). */
export const Applications: AdminStory = { args: { scenario: 'filled', flags: 'multi-apps-admin-portal' } };
/** A user's applications: the managed ones to tick, the free one listed as every user's. */
export const ApplicationsDialog: AdminStory = { args: { scenario: 'filled', flags: 'multi-apps-admin-portal', dialog: 'apps:user-01' } };
