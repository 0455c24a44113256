import { addMessages } from '../src/i18n/index.ts';
import { enAdmin } from '../src/i18n/en-admin.ts';
import { adminCss } from '../src/admin/ui/styles.ts';
import { portalElement } from './internal/section-element.tsx';
import { defineElement } from './internal/react-element.ts';
import './fe-app.ts';

// the shell's texts; each section's own come with its chunk (src/admin/shell/sections.ts)
addMessages('en', enAdmin);

/**
 * The self-service admin portal (admin spec §2, §6; SI-1.07, SI-2.29–SI-2.32, SI-6.01): navigation of the sections
 * the signed-in user may open — by default users, profile, privacy, account (and security, audits once built) when
 * the user holds their permission keys; roles, groups and API tokens when the host turns them on through
 * `options.adminPortal` (`{ roles: { visibility: 'byPermissions' } }`) or metadata `navigation` — and the current
 * section, each loaded as its own chunk. Sections not built yet are not listed. Deep links: the `section`
 * attribute or the URL hash `#/admin/<section>[/<sub-page>]` (a connection's page, a tab, a dialog); back and forward
 * move between sections and sub-pages. Must sit inside `<fe-app>`.
 *
 * @tag fe-admin-portal
 * @summary The admin portal: users, roles, groups, profile, privacy, API tokens, account settings.
 *
 * @attr {string} section - The section to show (e.g. `users`); default the URL hash, else the first visible section.
 * @attr {string} routing - `hash` (default) keeps the URL hash in step with the section; `none` leaves the URL alone.
 *
 * @fires {FeAdminSectionChangeEvent} fe-admin-section-change - When another section is shown (`detail: { section, previous }`).
 *
 * @csspart frame - The navigation and the section.
 * @csspart nav - The navigation.
 * @csspart main - The current section.
 * @csspart error - A failure (an ARIA alert).
 * @cssprop [--fe-color-primary=#4f46e5] - Brand colour of buttons, links and the current navigation item.
 * @cssprop [--fe-color-surface=#ffffff] - Background of the portal and dialogs.
 */
export class FeAdminPortalElement extends portalElement(adminCss) {}

defineElement('fe-admin-portal', FeAdminPortalElement);

declare global {
  interface HTMLElementTagNameMap {
    'fe-admin-portal': FeAdminPortalElement;
  }
}
