import { addMessages } from '../../src/i18n/index.ts';
import { enAdmin } from '../../src/i18n/en-admin.ts';
import { adminCss } from '../../src/admin/ui/styles.ts';
import { sectionElement } from '../internal/section-element.tsx';
import { defineElement } from '../internal/react-element.ts';
import '../fe-app.ts';

addMessages('en', enAdmin);

/**
 * The security section on its own (admin spec §2 "security", issue 22): the security center (the score, the
 * recommendations with their actions, the insights, the breached-password, unenrolled-MFA and inactive users),
 * general settings (MFA, user lockout, password history), session management (idle timeout, force re-login,
 * concurrent sessions), IP and email-domain restrictions. An admin with `fe.secure.write.securityPolicy` changes them;
 * with `fe.secure.read.securityPolicy` alone every tab is read-only (without it: "You don’t have access to this
 * section." and no request). Inside `<fe-admin-portal>` each tab is a deep link, `#/admin/security/<tab>`. Must sit
 * inside `<fe-app>`.
 *
 * ```html
 * <fe-app base-url="https://auth.example.com"><fe-admin-security></fe-admin-security></fe-app>
 * ```
 *
 * @tag fe-admin-security
 * @summary The security section of the admin portal.
 *
 * @csspart error - A failure (an ARIA alert).
 * @cssprop [--fe-color-primary=#4f46e5] - Brand colour of buttons and links.
 * @cssprop [--fe-color-surface=#ffffff] - Background of the tables and settings blocks.
 */
export class FeAdminSecurityElement extends sectionElement('security', adminCss) {}

defineElement('fe-admin-security', FeAdminSecurityElement);

declare global {
  interface HTMLElementTagNameMap {
    'fe-admin-security': FeAdminSecurityElement;
  }
}
