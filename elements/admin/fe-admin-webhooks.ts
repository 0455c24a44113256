import { addMessages } from '../../src/i18n/index.ts';
import { enAdmin } from '../../src/i18n/en-admin.ts';
import { adminCss } from '../../src/admin/ui/styles.ts';
import { sectionElement } from '../internal/section-element.tsx';
import { defineElement } from '../internal/react-element.ts';
import '../fe-app.ts';

addMessages('en', enAdmin);

/**
 * The webhooks section on its own (admin spec §3 "Connectivity", §4 "Webhook test"; api-contract §Y; issue 33): the
 * account's webhooks by name (URL, events count, active switch, last call), add and edit (events by category from the
 * catalogue; a secret left empty is generated and shown once, a typed one has at least 8 characters), test (the status
 * and the pretty-printed answer; succeeded on 200 or 201), delete (confirmed), and each webhook's delivery inspector
 * (deliveries filtered by status and event, resend, recover failed since a time, the secret's overlap after a
 * rotation, "verify it" snippets for `standardwebhooks`) and each delivery's attempts. Its sub-routes live in memory
 * here (`add`, `edit:<id>`, `test:<id>`, `delete:<id>`, `<id>`, `<id>/deliveries/<deliveryId>`). Needs
 * `fe.connectivity.read.webhooks` (without it: "You don’t have access to this section." and no request);
 * `fe.connectivity.write.webhooks` adds, edits, tests, switches, resends and recovers; `fe.connectivity.delete.webhooks`
 * deletes. Must sit inside `<fe-app>`.
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
