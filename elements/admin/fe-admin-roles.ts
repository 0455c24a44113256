import { addMessages } from '../../src/i18n/index.ts';
import { enAdmin } from '../../src/i18n/en-admin.ts';
import { adminCss } from '../../src/admin/ui/styles.ts';
import { sectionElement } from '../internal/section-element.tsx';
import { defineElement } from '../internal/react-element.ts';
import '../fe-app.ts';

addMessages('en', enAdmin);

/**
 * The roles section on its own (admin spec §3 "Role", "Permission", §6; AB-3.01–AB-3.03, AB-6.02, AB-6.03,
 * AB-7.16–AB-7.18, SI-6.01). Tab "Roles": the account's roles and the built-in (vendor-level) ones in a sortable
 * table (name, key, description, Default and Built-in badges, number of permissions), searched by name; add a role
 * (name, key made from the name, description, default flag, permissions by category: NEVER ones disabled with the
 * reason, ALWAYS ones checked and disabled), edit it (`PATCH` then `PUT` of its permissions), delete it (confirmed).
 * Built-in roles open read-only with a note. Tab "Permissions": every permission with its roles; "Roles…" gives one
 * permission to many roles at once. Needs `fe.secure.read.roles`; writes need `fe.secure.write.roles` (without it the
 * write buttons are hidden and roles open read-only). Without the read key it shows "You don’t have access to this
 * section." and makes no request. Must sit inside `<fe-app>`. Saves show progress in the button and a toast.
 *
 * Deep links and stories open a dialog at once through the section's `dialog` value: `add`, `permissions`,
 * `edit:<roleId>`, `delete:<roleId>`, `attach:<permissionId>`.
 *
 * @tag fe-admin-roles
 * @summary Manage the roles of the signed-in user's account and the permissions each role holds.
 *
 * @csspart error - A failure (an ARIA alert).
 * @cssprop [--fe-color-primary=#4f46e5] - Brand colour of buttons, links and the selected tab.
 * @cssprop [--fe-color-surface=#ffffff] - Background of the table and dialogs.
 */
export class FeAdminRolesElement extends sectionElement('roles', adminCss) {}

defineElement('fe-admin-roles', FeAdminRolesElement);

declare global {
  interface HTMLElementTagNameMap {
    'fe-admin-roles': FeAdminRolesElement;
  }
}
