import { addMessages } from '../../src/i18n/index.ts';
import { enAdmin } from '../../src/i18n/en-admin.ts';
import { adminCss } from '../../src/admin/ui/styles.ts';
import { sectionElement } from '../internal/section-element.tsx';
import { defineElement } from '../internal/react-element.ts';
import '../fe-app.ts';

addMessages('en', enAdmin);

/**
 * The API tokens section on its own (admin spec §2 "apiTokens" / "personalApiTokens", §3 "API token", §5; AB-3.09,
 * AB-3.10, AB-5.07, AB-5.08, AB-6.07, AB-7.20): the tenant's tokens (`kind="tenant"`, the default) or the signed-in
 * user's (`kind="personal"`), one tab per machine-to-machine strategy (client credentials, access tokens), each a
 * sortable table of description, client id or id, kind, roles (tenant tokens), created and expires (or "Never").
 * Create: description, expiry (never, 7 / 30 / 90 / 365 days or a custom number of days, sent as days × 1440
 * minutes), roles for tenant tokens; the client id and secret are then shown ONCE, with copy buttons. Delete asks
 * first. Needs `fe.secure.read.tenantApiTokens` (personal: `fe.secure.read.userApiTokens`); create and delete need
 * `fe.secure.write.tenantApiTokens` (personal: `fe.secure.write.userApiTokens`) and are hidden without it. Without
 * the read key it shows "You don’t have access to this section." and makes no request. Must sit inside `<fe-app>`.
 *
 * @tag fe-admin-api-tokens
 * @summary Create, list and delete the account's or the signed-in user's API tokens.
 *
 * @attr {'tenant' | 'personal'} kind - Whose tokens: the account's (`tenant`, default) or the signed-in user's (`personal`).
 *
 * @csspart error - A failure (an ARIA alert).
 * @cssprop [--fe-color-primary=#4f46e5] - Brand colour of buttons, links and the selected tab.
 * @cssprop [--fe-color-surface=#ffffff] - Background of the table and dialogs.
 */
export class FeAdminApiTokensElement extends sectionElement<{ kind?: string }>((p: { kind?: string }) => (p.kind === 'personal' ? 'personalApiTokens' : 'apiTokens'), adminCss, {
  kind: 'string',
}) {}

defineElement('fe-admin-api-tokens', FeAdminApiTokensElement);

declare global {
  interface HTMLElementTagNameMap {
    'fe-admin-api-tokens': FeAdminApiTokensElement;
  }
}
