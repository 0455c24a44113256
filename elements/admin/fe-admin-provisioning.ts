import { addMessages } from '../../src/i18n/index.ts';
import { enAdmin } from '../../src/i18n/en-admin.ts';
import { adminCss } from '../../src/admin/ui/styles.ts';
import { sectionElement } from '../internal/section-element.tsx';
import { defineElement } from '../internal/react-element.ts';
import '../fe-app.ts';

addMessages('en', enAdmin);

/**
 * The provisioning section on its own (admin spec §3 "Provisioning connection", §7 "Directory (SCIM)"; issue 23): the
 * account's SCIM 2.0 connections — identity provider (Okta, Microsoft Entra ID, Frontegg, other), users and groups
 * pushed, last sync, the "sync to user management" switch — and each connection's request log. An admin with
 * `fe.secure.write.provisioningConfiguration` adds a connection (its SCIM base URL and bearer token shown once), turns
 * its sync on or off and deletes it (optionally with the users and groups it pushed); with
 * `fe.secure.read.provisioningConfiguration` alone the section is read-only (without it: "You don’t have access to
 * this section." and no request). Inside `<fe-admin-portal>` a connection's log is a deep link,
 * `#/admin/provisioning/<connection id>`. Must sit inside `<fe-app>`.
 *
 * ```html
 * <fe-app base-url="https://auth.example.com"><fe-admin-provisioning></fe-admin-provisioning></fe-app>
 * ```
 *
 * @tag fe-admin-provisioning
 * @summary The provisioning section of the admin portal.
 *
 * @csspart error - A failure (an ARIA alert).
 * @cssprop [--fe-color-primary=#4f46e5] - Brand colour of buttons and links.
 * @cssprop [--fe-color-surface=#ffffff] - Background of the tables.
 */
export class FeAdminProvisioningElement extends sectionElement('provisioning', adminCss) {}

defineElement('fe-admin-provisioning', FeAdminProvisioningElement);

declare global {
  interface HTMLElementTagNameMap {
    'fe-admin-provisioning': FeAdminProvisioningElement;
  }
}
