/**
 * `<fe-admin-provisioning>`: the provisioning section in each designed state (admin spec §3 "Provisioning connection",
 * §7 "Directory (SCIM)"; AB-3.23), preview mode (canned connections and request log), no network: the list loading,
 * empty, failed, filled and read-only; the delete confirmation; every state of the create-connection flow
 * (stories/admin-scim-connection-states.ts: `CreateCreated` shows the preview token, shown once); one connection's
 * request log (with a failed request), empty, loading and failed.
 */
import { adminScimConnectionStates } from './admin-scim-connection-states.ts';
import { adminStoriesMeta, dialogStateStory, READ_ONLY, type AdminStory } from './support/admin-story.tsx';
import './support/admin-dialogs.ts';
import '../elements/admin/fe-admin-provisioning.ts';

// an object literal with a literal title: Storybook's static indexer reads the default export
export default { title: 'Admin/Provisioning', component: 'fe-admin-provisioning', ...adminStoriesMeta('Admin/Provisioning', 'provisioning') };

export const Filled: AdminStory = { args: { scenario: 'filled' } };
export const Empty: AdminStory = { args: { scenario: 'empty' } };
export const Loading: AdminStory = { args: { scenario: 'loading' } };
export const Failed: AdminStory = { args: { scenario: 'error' } };
/** An admin with the read key only: no Add connection, no delete, the switch disabled. */
export const ReadOnly: AdminStory = { args: { scenario: READ_ONLY } };
/** Delete, confirmed: with the choice to delete the users and groups it pushed too. */
export const DeleteDialog: AdminStory = { args: { scenario: 'filled', dialog: 'delete' } };

const create = dialogStateStory('fe-admin-scim-connection', adminScimConnectionStates, 'create');
/** Step 1: the identity provider. */
export const CreateChoosing: AdminStory = create('choosing');
/** Step 2: the connection's name. */
export const CreateNaming: AdminStory = create('naming');
export const CreateCreating: AdminStory = create('creating');
/** The server refused: its message, the name as typed. */
export const CreateFailed: AdminStory = create('error');
/** The SCIM base URL and the token, shown once, with copy buttons and Okta's setup hints. */
export const CreateCreated: AdminStory = create('created');
/** Done: the dialog has closed. */
export const CreateClosed: AdminStory = create('closed');

/** The Okta connection's request log (deep link `#/admin/provisioning/scim-okta`): a failed request marked. */
export const Log: AdminStory = { args: { scenario: 'filled', dialog: 'scim-okta' } };
/** A connection that has had no requests yet. */
export const LogEmpty: AdminStory = { args: { scenario: 'filled', dialog: 'scim-entra' } };
export const LogLoading: AdminStory = { args: { scenario: 'loading', dialog: 'scim-okta' } };
export const LogFailed: AdminStory = { args: { scenario: 'error', dialog: 'scim-okta' } };
