/**
 * PLACEHOLDER of the checkout (the `ui-checkout` part of issue 32 replaces this file: card form, machine, challenge,
 * plan diff). The subscription section renders it at its sub-route `checkout::planId` (write access) with the plan
 * chosen, the current plan and the subscription; `onDone` after a successful checkout (the section reloads the
 * summary, payment method and invoices: AB-4.29), `onCancel` to go back to the plans.
 */
import type { Plan, Subscription } from '../../../api/billing.ts';
import { useSection } from '../../shell/context.ts';
import * as css from '../../ui/admin.css.ts';

/** The checkout of `plan` for `subscription` (now on `current`). */
export function Checkout(props: { plan: Plan; current: Plan; subscription: Subscription; onDone(): void; onCancel(): void }) {
  const { t } = useSection();
  return (
    <div className={css.form}>
      <h3 className={css.subtitle}>{t('admin.subscription.upgradeTo', { plan: props.plan.name })}</h3>
      <div className={css.toolbar}>
        <button type="button" className={css.secondaryButton} onClick={props.onCancel}>
          {t('admin.cancel')}
        </button>
      </div>
    </div>
  );
}
