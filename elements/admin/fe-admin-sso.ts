import { addMessages } from '../../src/i18n/index.ts';
import { enAdmin } from '../../src/i18n/en-admin.ts';
import { adminCss } from '../../src/admin/ui/styles.ts';
import { sectionElement } from '../internal/section-element.tsx';
import { defineElement } from '../internal/react-element.ts';
import '../fe-app.ts';

addMessages('en', enAdmin);

/**
 * The SSO section on its own (admin spec §3, §4, §7; issue 23): the account's SSO connections (SAML or OIDC) with
 * their domains (each proven by a DNS TXT record), enabled switch, default roles and group-to-role mappings, each
 * connection's page (`#/admin/sso/<connection id>`), the setup flow (`#/admin/sso/add`: choose the IdP, configure by
 * metadata URL, metadata file, fields or OIDC issuer, review the certificate and our ACS URL / entity ID, domains,
 * roles) and the legacy single SAML configuration. Writing needs `fe.secure.write.samlConfiguration`; reading
 * `fe.secure.read.samlConfiguration` (without it: "You don’t have access to this section." and no request). Must sit
 * inside `<fe-app>`.
 *
 * @tag fe-admin-sso
 * @summary The SSO section of the admin portal.
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
