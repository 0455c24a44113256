import { addMessages } from '../../src/i18n/index.ts';
import { enAdmin } from '../../src/i18n/en-admin.ts';
import { adminCss } from '../../src/admin/ui/styles.ts';
import { sectionElement } from '../internal/section-element.tsx';
import { defineElement } from '../internal/react-element.ts';
import '../fe-app.ts';

addMessages('en', enAdmin);

/**
 * The subscription section on its own (admin spec §3 "Subscription", "Plan", "Invoice", "Payment method"; issue 32):
 * the account's current plan with its status (Active, Incomplete, Canceled, Expired, On trial, Trial ended) and its
 * "Renews on" / "Will be canceled on" / "Trial ends on" line, cancel (confirmed) and renew; every plan in tier order
 * with Upgrade / Downgrade / Current and its checkout; the card and billing details (editable); the invoices, each
 * downloadable as a PDF (`invoice_<ddMMyyyy>.pdf`). Money is shown in the plan's currency as the app's locale writes
 * it. An externally managed account says who manages its billing and refuses every action ("Billing is externally
 * managed."). Needs `fe.subscriptions.*` to see it and to act (without it: "You don’t have access to this section."
 * and no request). Must sit inside `<fe-app>`.
 *
 * @tag fe-admin-subscription
 * @summary The subscription section of the admin portal: plan, status, plans, payment details, invoices.
 *
 * @csspart error - A failure (an ARIA alert).
 * @cssprop [--fe-color-primary=#4f46e5] - Brand colour of buttons, links and the current plan's border.
 * @cssprop [--fe-color-surface=#ffffff] - Background of the panels, plans and the invoices table.
 * @cssprop [--fe-color-success=#15803d] - The Active, On trial, Current and Paid chips.
 * @cssprop [--fe-color-danger=#b91c1c] - The Incomplete, Expired and Unpaid chips; failures.
 */
export class FeAdminSubscriptionElement extends sectionElement('subscription', adminCss) {}

defineElement('fe-admin-subscription', FeAdminSubscriptionElement);

declare global {
  interface HTMLElementTagNameMap {
    'fe-admin-subscription': FeAdminSubscriptionElement;
  }
}
