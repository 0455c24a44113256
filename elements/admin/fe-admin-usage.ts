import { addMessages } from '../../src/i18n/index.ts';
import { enAdmin } from '../../src/i18n/en-admin.ts';
import { adminCss } from '../../src/admin/ui/styles.ts';
import { sectionElement } from '../internal/section-element.tsx';
import { defineElement } from '../internal/react-element.ts';
import '../fe-app.ts';

addMessages('en', enAdmin);

/**
 * The usage section on its own (AB-6.01; admin spec §1 "usage"; api-contract §AB, our `GET …/billing/usage/v1`):
 * the account's plan by name and the features it grants, and each limit it sets — seats (users, invited ones too),
 * API tokens (the account's and its users' personal ones), SSO connections — as "<used> of <limit> in use" with a
 * meter (role `meter`, its value in words), "Unlimited" where the plan sets none, "Nearly at the limit" from 80 %, and
 * "Limit reached — upgrade to add more" at the limit (the emulator then refuses the next user, token or connection);
 * "Who holds them" lists the holders (at most 50 by name, the rest counted) in a dialog. Designed states: loading,
 * the read's failure with "Try again", no plan. Read-only. In the portal a reached limit and the no-plan state offer
 * the subscription section when the admin may open it; on its own it offers no way out. Needs `fe.usage.read`
 * (without it: "You don’t have access to this section." and no request). Must sit inside `<fe-app>`.
 *
 * @tag fe-admin-usage
 * @summary What the account's plan grants and how much of each limit is in use.
 *
 * @csspart error - A failure (an ARIA alert).
 * @cssprop [--fe-color-primary=#4f46e5] - Brand colour of buttons and of a meter's filled part.
 * @cssprop [--fe-color-danger=#b91c1c] - A meter near or at its limit, and the "Limit reached" badge.
 * @cssprop [--fe-color-surface=#ffffff] - Background of the limits' cards.
 */
export class FeAdminUsageElement extends sectionElement('usage', adminCss) {}

defineElement('fe-admin-usage', FeAdminUsageElement);

declare global {
  interface HTMLElementTagNameMap {
    'fe-admin-usage': FeAdminUsageElement;
  }
}
