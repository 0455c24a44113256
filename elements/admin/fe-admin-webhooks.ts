import { addMessages } from '../../src/i18n/index.ts';
import { enAdmin } from '../../src/i18n/en-admin.ts';
import { adminCss } from '../../src/admin/ui/styles.ts';
import { sectionElement } from '../internal/section-element.tsx';
import { defineElement } from '../internal/react-element.ts';
import '../fe-app.ts';

addMessages('en', enAdmin);

/**
 * The webhooks section on its own (scaffolded by `npm run new:section`): the account's items in a server-paged,
 * searchable, sortable table; an admin with `fe.connectivity.write.webhooks` adds items. Needs `fe.connectivity.read.webhooks`
 * (without it: "You don’t have access to this section." and no request). Must sit inside `<fe-app>`.
 *
 * @tag fe-admin-webhooks
 * @summary The webhooks section of the admin portal.
 *
 * @csspart error - A failure (an ARIA alert).
 * @cssprop [--fe-color-primary=#4f46e5] - Brand colour of buttons and links.
 * @cssprop [--fe-color-surface=#ffffff] - Background of the table.
 */
export class FeAdminWebhooksElement extends sectionElement('webhooks', adminCss) {}

defineElement('fe-admin-webhooks', FeAdminWebhooksElement);

declare global {
  interface HTMLElementTagNameMap {
    'fe-admin-webhooks': FeAdminWebhooksElement;
  }
}
