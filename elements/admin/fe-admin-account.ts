import { addMessages } from '../../src/i18n/index.ts';
import { enAdmin } from '../../src/i18n/en-admin.ts';
import { adminCss } from '../../src/admin/ui/styles.ts';
import { sectionElement } from '../internal/section-element.tsx';
import { defineElement } from '../internal/react-element.ts';
import '../fe-app.ts';

addMessages('en', enAdmin);

/**
 * The account section on its own (admin spec §2 "account", §3 "Account settings"; SI-2.34, SI-2.35, SI-2.36,
 * SI-3.09, AB-3.14, AB-5.01, AB-7.27): the tabs `settings` (company name, address, website, time zone, date and time
 * formats, currency, logo by address or upload) and `customLogin` (application URL, login URL). Saving sends only the
 * changed fields; with none it says "No changes to update" and makes no call. `options.adminPortal.account.fields`
 * (`companyName`, `address`, … → `hidden` | `viewOnly` | `edit`) and `.tabs` (`settings`, `customLogin` → `hidden` |
 * `edit`) set each field's and tab's appearance. Needs `fe.secure.read.accountSettings`; saving needs
 * `fe.secure.write.accountSettings` (without it the form is read-only). Without the read key it shows "You don’t
 * have access to this section." and makes no request. Must sit inside `<fe-app>`.
 *
 * @tag fe-admin-account
 * @summary View and edit the signed-in user's account (tenant) settings.
 *
 * @csspart error - A failure (an ARIA alert).
 * @cssprop [--fe-color-primary=#4f46e5] - Brand colour of buttons, links and the selected tab.
 * @cssprop [--fe-color-surface=#ffffff] - Background of the form.
 */
export class FeAdminAccountElement extends sectionElement('account', adminCss) {}

defineElement('fe-admin-account', FeAdminAccountElement);

declare global {
  interface HTMLElementTagNameMap {
    'fe-admin-account': FeAdminAccountElement;
  }
}
