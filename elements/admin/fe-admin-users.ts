import { addMessages } from '../../src/i18n/index.ts';
import { enAdmin } from '../../src/i18n/en-admin.ts';
import { adminCss } from '../../src/admin/ui/styles.ts';
import { sectionElement } from '../internal/section-element.tsx';
import { defineElement } from '../internal/react-element.ts';
import '../fe-app.ts';

addMessages('en', enAdmin);

/**
 * The users section on its own (admin spec §2 "Users", §4, §9; SI-3.10; AB-2.01, AB-4.02–AB-4.11): the tenant's
 * users in a server-paged (20 a page), sortable, searchable table with the presets mfa-unenrolled,
 * breached-passwords and inactive, and a Status filter for pending invitations; add (prepended), bulk invite
 * (addresses checked first; members and pending invitations not invited, with the reason), delete, enable, disable,
 * role edit (optimistic, rolled back on error), temporary users (until a date; make permanent, change the access
 * end), resend and revoke an invitation. Needs `fe.secure.read.users` (writes:
 * `fe.secure.write.users`, delete: `fe.secure.delete.users`); without it shows "You don’t have access to this
 * section." and makes no request. Must sit inside `<fe-app>`.
 *
 * @tag fe-admin-users
 * @summary Manage the users of the signed-in user's account.
 *
 * @csspart error - A failure (an ARIA alert).
 * @cssprop [--fe-color-primary=#4f46e5] - Brand colour of buttons and links.
 * @cssprop [--fe-color-surface=#ffffff] - Background of the table and dialogs.
 */
export class FeAdminUsersElement extends sectionElement('users', adminCss) {}

defineElement('fe-admin-users', FeAdminUsersElement);

declare global {
  interface HTMLElementTagNameMap {
    'fe-admin-users': FeAdminUsersElement;
  }
}
