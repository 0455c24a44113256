import { addMessages } from '../../src/i18n/index.ts';
import { enAdmin } from '../../src/i18n/en-admin.ts';
import { adminCss } from '../../src/admin/ui/styles.ts';
import { sectionElement } from '../internal/section-element.tsx';
import { defineElement } from '../internal/react-element.ts';
import '../fe-app.ts';

addMessages('en', enAdmin);

/**
 * The allAccounts section on its own (issue 34; named `fe-admin-accounts`): the active account and its sub-accounts as
 * a tree loaded level by level, 50 at a time with "Show more" (an ARIA treegrid: arrow keys move, open and close), or
 * as a table of 50 a page; sorted by name, created or id; searched by name across the whole subtree; each account's
 * page with its breadcrumbs, reseller flag and sub-account access type; add, rename, move and delete (confirmed). Needs
 * `fe.account-hierarchy.read.subAccount` (without it: "You don’t have access to this section." and no request);
 * changes need `fe.account-hierarchy.write.subAccount`. Must sit inside `<fe-app>`.
 *
 * @tag fe-admin-accounts
 * @summary The all-accounts (sub-accounts) section of the admin portal.
 *
 * @csspart error - A failure (an ARIA alert).
 * @cssprop [--fe-color-primary=#4f46e5] - Brand colour of buttons and links.
 * @cssprop [--fe-color-surface=#ffffff] - Background of the table.
 */
export class FeAdminAccountsElement extends sectionElement('allAccounts', adminCss) {}

defineElement('fe-admin-accounts', FeAdminAccountsElement);

declare global {
  interface HTMLElementTagNameMap {
    'fe-admin-accounts': FeAdminAccountsElement;
  }
}
