/**
 * `<fe-admin-api-tokens>`: the tenant's API tokens (and, `Personal…`, the signed-in user's) in each designed state
 * and each dialog (admin spec §2, §3 "API token", §5; AB-3.09, AB-3.10), preview mode (canned tokens and roles), no
 * network. The create dialog has a story per state of its flow (stories/admin-create-token-states.ts): `Created`
 * shows the preview secret, shown once.
 */
import { adminCreateTokenStates } from './admin-create-token-states.ts';
import { adminStoriesMeta, dialogStateStory, type AdminStory } from './support/admin-story.tsx';
import './support/admin-dialogs.ts';
import '../elements/admin/fe-admin-api-tokens.ts';

// an object literal with a literal title: Storybook's static indexer reads the default export
export default { title: 'Admin/API tokens', component: 'fe-admin-api-tokens', ...adminStoriesMeta('Admin/API tokens', 'apiTokens') };

export const Filled: AdminStory = { args: { scenario: 'filled' } };
export const Empty: AdminStory = { args: { scenario: 'empty' } };
export const Loading: AdminStory = { args: { scenario: 'loading' } };
export const Failed: AdminStory = { args: { scenario: 'error' } };
const createToken = dialogStateStory('fe-admin-create-token', adminCreateTokenStates, 'create');
export const CreateDialog: AdminStory = createToken('idle');
export const CreateDialogCreating: AdminStory = createToken('creating');
/** The server refused: its message, the form as typed. */
export const CreateDialogFailed: AdminStory = createToken('error');
/** The client id and the secret, shown once, with copy buttons (AB-3.09). */
export const CreateDialogCreated: AdminStory = createToken('created');
/** Done: the dialog has closed. */
export const CreateDialogClosed: AdminStory = createToken('closed');
export const DeleteDialog: AdminStory = { args: { scenario: 'filled', dialog: 'delete' } };

/** The personal tokens section (`kind="personal"`): the same view, no roles. */
const personal = { admin: { section: 'personalApiTokens' } };
export const PersonalFilled: AdminStory = { args: { scenario: 'filled' }, parameters: personal };
export const PersonalEmpty: AdminStory = { args: { scenario: 'empty' }, parameters: personal };
export const PersonalLoading: AdminStory = { args: { scenario: 'loading' }, parameters: personal };
export const PersonalFailed: AdminStory = { args: { scenario: 'error' }, parameters: personal };
export const PersonalCreateDialog: AdminStory = createToken('idle', { section: 'personalApiTokens' });
