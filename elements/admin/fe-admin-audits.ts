import { addMessages } from '../../src/i18n/index.ts';
import { enAdmin } from '../../src/i18n/en-admin.ts';
import { adminCss } from '../../src/admin/ui/styles.ts';
import { sectionElement } from '../internal/section-element.tsx';
import { defineElement } from '../internal/react-element.ts';
import '../fe-app.ts';

addMessages('en', enAdmin);

/**
 * The audit log on its own (admin spec §2 "Audit log columns", §4 "Audits", §8, §9; AB-2.03, AB-3.51–AB-3.53,
 * AB-7.54–AB-7.56): every sign-in and change in the signed-in user's account — Time, User, Action, Description, IP
 * Address, Severity, User Agent and Json Data (the columns of the `audits` metadata) — 20 a page, newest first,
 * sortable, searched by free text and filtered by user, action, severity and a time range; today's count and the
 * week's severe events; a row's JSON in a dialog; "Export CSV" saves exactly the current filter and sort as
 * `audits.csv`. Needs `fe.secure.read.audits` (without it: "You don’t have access to this section." and no request).
 * Must sit inside `<fe-app>`.
 *
 * @tag fe-admin-audits
 * @summary The audit log of the signed-in user's account, searchable and exportable as CSV.
 *
 * @csspart error - A failure (an ARIA alert): the log could not load.
 * @cssprop [--fe-color-primary=#4f46e5] - Brand colour of buttons and links.
 * @cssprop [--fe-color-surface=#ffffff] - Background of the table and dialogs.
 * @cssprop [--fe-color-danger=#b91c1c] - Colour of warnings and severe events.
 */
export class FeAdminAuditsElement extends sectionElement('audits', adminCss) {}

defineElement('fe-admin-audits', FeAdminAuditsElement);

declare global {
  interface HTMLElementTagNameMap {
    'fe-admin-audits': FeAdminAuditsElement;
  }
}
