/**
 * `<fe-admin-accounts>`: the allAccounts section in each designed state (issue 34 items 1–2; api-contract §N), preview
 * mode (a canned tree under the demo account: regions, countries, a city three levels down, 120 partners under "Acme
 * Partners"), no network: the tree loading, empty, failed, filled and read-only; the table view; the create, rename,
 * move and delete dialogs; an account's page with its breadcrumbs.
 */
import { adminStoriesMeta, READ_ONLY, type AdminStory } from './support/admin-story.tsx';
import '../elements/admin/fe-admin-accounts.ts';

// an object literal with a literal title: Storybook's static indexer reads the default export
export default { title: 'Admin/AllAccounts', component: 'fe-admin-accounts', ...adminStoriesMeta('Admin/AllAccounts', 'allAccounts') };

/** The tree: the demo account at the root with its users, its sub-accounts loaded (open one with → or its arrow). */
export const Filled: AdminStory = { args: { scenario: 'filled' } };
export const Empty: AdminStory = { args: { scenario: 'empty' } };
export const Loading: AdminStory = { args: { scenario: 'loading' } };
export const Failed: AdminStory = { args: { scenario: 'error' } };
/** An admin with the read key only: no Add sub-account, no rename, move or delete. */
export const ReadOnly: AdminStory = { args: { scenario: READ_ONLY } };
/** The table view: the demo account's sub-accounts, 50 a page, sorted by a column's header. */
export const Table: AdminStory = { args: { scenario: 'filled', dialog: 'table' } };
/** Add a sub-account: name, parent (searched by name), reseller, access type (off by default, AB-6.11). */
export const CreateDialog: AdminStory = { args: { scenario: 'filled', dialog: 'add' } };
/** Add a sub-account under a row's account. */
export const CreateUnderDialog: AdminStory = { args: { scenario: 'filled', dialog: 'add:preview-acme-emea' } };
/** Rename an account. */
export const RenameDialog: AdminStory = { args: { scenario: 'filled', dialog: 'rename:preview-acme-emea' } };
/** Move an account under another parent (a cycle is refused with the server's text). */
export const MoveDialog: AdminStory = { args: { scenario: 'filled', dialog: 'move:preview-acme-uk' } };
/** Delete an account, confirmed: its users only there are removed (refused while it has sub-accounts). */
export const DeleteDialog: AdminStory = { args: { scenario: 'filled', dialog: 'delete:preview-acme-london' } };
/** An account's page (deep link `#/admin/allAccounts/preview-acme-london`): breadcrumbs, facts, reseller, access type. */
export const AccountPage: AdminStory = { args: { scenario: 'filled', dialog: 'preview-acme-london' } };
/** A reseller's page with its 120 sub-accounts (50 shown, "Show more"). */
export const ResellerPage: AdminStory = { args: { scenario: 'filled', dialog: 'preview-acme-partners' } };
