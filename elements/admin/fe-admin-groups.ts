import { addMessages } from '../../src/i18n/index.ts';
import { enAdmin } from '../../src/i18n/en-admin.ts';
import { adminCss } from '../../src/admin/ui/styles.ts';
import { sectionElement } from '../internal/section-element.tsx';
import { defineElement } from '../internal/react-element.ts';
import '../fe-app.ts';

addMessages('en', enAdmin);

/**
 * The groups section on its own (admin spec §3 "Group", §6; api-contract §K; AB-3.08, AB-6.05, AB-7.19, AB-8.13):
 * the tenant's groups in a sortable table (colour and name, description, roles, member count, managed by); create
 * and edit (name required, colour, description), delete (confirmed), and a members-and-roles dialog that adds users
 * of the tenant (found by email), removes members and ticks the group's roles — changes show at once and are undone
 * if the server refuses. Groups managed by SCIM (`managedBy: 'scim2'`) keep their name, details and members (the
 * directory owns them; only their roles can be set). With groups turned off for the tenant (groups configuration
 * `enabled: false`) it says so; with `rolesEnabled: false` roles are only listed. Needs `fe.secure.read.groups`
 * (without it: "You don’t have access to this section." and no request); every change needs
 * `fe.secure.write.groups` (without it the section is read-only). Member search reads users (`fe.secure.read.users`).
 * Must sit inside `<fe-app>`.
 *
 * @tag fe-admin-groups
 * @summary Manage the groups of the signed-in user's account: details, members and roles.
 *
 * @csspart error - A failure (an ARIA alert): the list could not load, or a change was refused.
 * @cssprop [--fe-color-primary=#4f46e5] - Brand colour of buttons and links.
 * @cssprop [--fe-color-surface=#ffffff] - Background of the table and dialogs.
 * @cssprop [--fe-color-danger=#b91c1c] - Colour of the delete action and of failures.
 */
export class FeAdminGroupsElement extends sectionElement('groups', adminCss) {}

defineElement('fe-admin-groups', FeAdminGroupsElement);

declare global {
  interface HTMLElementTagNameMap {
    'fe-admin-groups': FeAdminGroupsElement;
  }
}
