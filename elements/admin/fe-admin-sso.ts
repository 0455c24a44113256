import { addMessages } from '../../src/i18n/index.ts';
import { enAdmin } from '../../src/i18n/en-admin.ts';
import adminCss from '../../src/admin/ui/admin.css.ts?inline';
import { sectionElement } from '../internal/section-element.tsx';
import { defineElement } from '../internal/react-element.ts';
import '../fe-app.ts';

addMessages('en', enAdmin);

/**
 * The sso section on its own (scaffolded by `npm run new:section`): the account's items in a server-paged,
 * searchable, sortable table; an admin with `fe.secure.write.samlConfiguration` adds items. Needs `fe.secure.read.samlConfiguration`
 * (without it: "You don’t have access to this section." and no request). Must sit inside `<fe-app>`.
 *
 * @tag fe-admin-sso
 * @summary The sso section of the admin portal.
 *
 * @csspart error - A failure (an ARIA alert).
 * @cssprop [--fe-color-primary=#4f46e5] - Brand colour of buttons and links.
 * @cssprop [--fe-color-surface=#ffffff] - Background of the table.
 */
export class FeAdminSsoElement extends sectionElement('sso', adminCss) {}

defineElement('fe-admin-sso', FeAdminSsoElement);

declare global {
  interface HTMLElementTagNameMap {
    'fe-admin-sso': FeAdminSsoElement;
  }
}
