/**
 * The subscription section (admin spec §3 "Subscription", "Plan", "Invoice", "Payment method"; §4 billing; issue 32
 * items 1, 3, 4): the current plan with its status and date line, cancel (confirmed) and renew; every plan in tier
 * order with Upgrade / Downgrade / Current; the payment details (card, billing details and their form); the invoices
 * with a PDF each. An externally managed account (AB-5.10) says who manages it and refuses every action with
 * "Billing is externally managed."; no payment provider says "Payment provider not configured" (AB-8.06).
 *
 * Sub-routes (registry): `cancel` (the confirmation), `billing-details` (the form), `checkout::planId` (the checkout
 * of a plan, `./checkout/Checkout.tsx`), each for an admin who may write.
 */
import { useStore } from '@nanostores/react';
import type { Plan, Subscription } from '../../api/billing.ts';
import { createSubscriptionResource } from '../resources/subscription.ts';
import { useRouteState, useSection, useSubRoute } from '../shell/context.ts';
import { useDateTime } from '../shell/use-date-time.ts';
import * as css from '../ui/admin.css.ts';
import { ConfirmDialog } from '../ui/dialog.tsx';
import { SectionHeader } from '../ui/section-header.tsx';
import { LoadStates } from '../ui/states.tsx';
import { useInlineAction } from '../ui/use-inline-action.ts';
import { useSave } from '../ui/use-save.ts';
import { Checkout } from './checkout/Checkout.tsx';
import { InvoicesPanel } from './InvoicesPanel.tsx';
import { canCancel, canRenew, formatMoney, isFree, periodLine, statusOf } from './model.ts';
import { PaymentPanel } from './PaymentPanel.tsx';
import { PlansPanel } from './PlansPanel.tsx';
import * as subCss from './subscription.css.ts';

/** The subscription section view. */
export function SubscriptionView() {
  const { t, resources } = useSection();
  const billing = resources.use(createSubscriptionResource);
  const subscription = useStore(billing.$subscription);
  const plans = useStore(billing.$plans);
  const sub = useSubRoute();
  return (
    <section className={css.section} aria-labelledby="fe-subscription-title" aria-busy={subscription.loading || undefined}>
      <SectionHeader titleId="fe-subscription-title" title={t('admin.subscription.title')} intro={t('admin.subscription.intro')} />
      <LoadStates state={subscription} retry={() => billing.$subscription.revalidate()}>
        {subscription.data ? (
          sub.route === 'checkout::planId' ? (
            <LoadStates state={plans} retry={() => billing.$plans.revalidate()}>
              {plans.data ? <CheckoutPage subscription={subscription.data} plans={plans.data} planId={sub.params.planId ?? ''} /> : null}
            </LoadStates>
          ) : (
            <Overview subscription={subscription.data} plans={plans.data} />
          )
        ) : null}
      </LoadStates>
    </section>
  );
}

/** The checkout sub-page of plan `planId` (the `ui-checkout` part's component), or a note when that plan is not offered. */
function CheckoutPage({ subscription, plans, planId }: { subscription: Subscription; plans: Plan[]; planId: string }) {
  const { t, resources } = useSection();
  const { go } = useSubRoute();
  const billing = resources.use(createSubscriptionResource);
  const plan = plans.find((p) => p.id === planId);
  const current = plans.find((p) => p.id === subscription.planId);
  if (!plan || !current || subscription.externallyManaged) {
    return (
      <div className={css.form}>
        <p className={css.notice}>{subscription.externallyManaged ? t('admin.subscription.externallyManaged') : t('admin.subscription.checkoutUnknownPlan')}</p>
        <div className={css.toolbar}>
          <button type="button" className={css.secondaryButton} onClick={() => go(null)}>
            {t('admin.cancel')}
          </button>
        </div>
      </div>
    );
  }
  return (
    <Checkout
      plan={plan}
      current={current}
      subscription={subscription}
      onDone={({ local }) => {
        // AB-4.28: a local confirmation is not read back (the server still says trialing); AB-4.29: anything else is
        if (local) billing.confirmLocally();
        else void billing.reloadAfterCheckout();
        go(null);
      }}
      onCancel={() => go(null)}
    />
  );
}

/** The page: the current plan, the plans, the payment details, the invoices. */
function Overview({ subscription, plans }: { subscription: Subscription; plans: Plan[] | undefined }) {
  return (
    <>
      <CurrentPlan subscription={subscription} plans={plans} />
      <PlansPanel subscription={subscription} />
      <PaymentPanel subscription={subscription} />
      <InvoicesPanel />
    </>
  );
}

/** The chip class of a status: success for Active and On trial, danger for Incomplete and Expired, plain otherwise. */
function statusChip(status: ReturnType<typeof statusOf>): string {
  if (status === 'ACTIVE' || status === 'TRIALING') return css.badgeOk;
  if (status === 'INCOMPLETE' || status === 'EXPIRED') return css.badgeDanger;
  return css.chip;
}

/** The current plan: name, price, status chip, date line, notices (externally managed, no provider), cancel or renew. */
function CurrentPlan({ subscription, plans }: { subscription: Subscription; plans: Plan[] | undefined }) {
  const { t, app, resources, toasts, can } = useSection();
  const billing = resources.use(createSubscriptionResource);
  const vendor = useStore(billing.$vendor).data;
  const providers = useStore(billing.$providers).data;
  const locale = useStore(app.i18n.$locale);
  const dateText = useDateTime();
  const canWrite = can('write');
  const plan = plans?.find((p) => p.id === subscription.planId);
  const status = statusOf(subscription.status);
  const line = periodLine(subscription);
  const managed = subscription.externallyManaged;
  const [confirming, setConfirming] = useRouteState(({ route }) => route === 'cancel' && canWrite);
  const save = useSave();
  const renew = useInlineAction(billing.renew, {
    done: (s) => t('admin.subscription.renewed', { date: dateText(s.currentPeriodEnd) }),
    failed: (reason) => reason,
  });
  /** An action refused before any call: the reason as an error toast (an announced alert). */
  const refuse = (reason: string) => toasts.show(reason, 'error');
  const refusal = managed ? t('admin.subscription.externallyManaged') : null;

  const closeConfirm = () => {
    setConfirming(false);
    save.setError(null);
  };
  const cancel = () =>
    save.run(
      () => billing.cancel.run(subscription.id),
      (s) => {
        toasts.show(t('admin.subscription.canceled', { date: dateText(s.currentPeriodEnd) }));
        closeConfirm();
      },
    );

  return (
    <section className={subCss.panel} aria-labelledby="fe-subscription-current">
      <h3 id="fe-subscription-current" className={`${css.subtitle} ${css.muted}`}>
        {t('admin.subscription.current')}
      </h3>
      <div className={subCss.panelHead}>
        <p className={subCss.planName}>{plan?.name ?? subscription.plan}</p>
        <span className={statusChip(status)}>
          <span className={css.visuallyHidden}>{t('admin.subscription.statusLabel')}: </span>
          {t(`admin.subscription.status.${status}`)}
        </span>
      </div>
      {plan ? (
        <p className={css.flush}>
          {isFree(plan) ? t('admin.subscription.free') : t('admin.subscription.perMonth', { price: formatMoney(plan.price.amount, plan.price.currency, locale) })}
        </p>
      ) : null}
      {line ? <p className={css.flush}>{t(`admin.subscription.${line.kind}`, { date: dateText(line.date) })}</p> : null}
      {managed ? (
        <div className={css.notice} role="note">
          <p className={css.flush}>
            <strong>{subscription.managedBy ? t('admin.subscription.managedBy', { managedBy: subscription.managedBy }) : t('admin.subscription.managedByUnknown')}</strong>
          </p>
          <p className={`${css.flush} ${css.muted}`} id="fe-subscription-managed">
            {t('admin.subscription.externallyManaged')} {t('admin.subscription.managedHint')}
          </p>
        </div>
      ) : null}
      {providers && providers.length === 0 ? (
        <div className={css.notice} role="note">
          <p className={css.flush}>
            <strong id="fe-subscription-no-provider">{t('admin.subscription.noProvider')}</strong>
          </p>
          <p className={`${css.flush} ${css.muted}`}>{t('admin.subscription.noProviderHint')}</p>
        </div>
      ) : null}
      {!canWrite ? <p className={`${css.flush} ${css.muted}`}>{t('admin.subscription.readOnly')}</p> : null}
      {canWrite && (canCancel(subscription, vendor) || canRenew(subscription)) ? (
        <div className={css.toolbar}>
          {canCancel(subscription, vendor) ? (
            <button
              type="button"
              className={css.secondaryButton}
              aria-disabled={refusal ? true : undefined}
              aria-describedby={refusal ? 'fe-subscription-managed' : undefined}
              onClick={() => (refusal ? refuse(refusal) : setConfirming(true))}
            >
              {t('admin.subscription.cancel')}
            </button>
          ) : null}
          {canRenew(subscription) ? (
            <button
              type="button"
              className={css.button}
              aria-disabled={refusal || renew.busy ? true : undefined}
              aria-describedby={refusal ? 'fe-subscription-managed' : undefined}
              onClick={() => (refusal ? refuse(refusal) : !renew.busy && void renew.run(subscription.id))}
            >
              {renew.busy ? t('admin.subscription.renewing') : t('admin.subscription.renew')}
            </button>
          ) : null}
        </div>
      ) : null}
      {confirming && !refusal && canCancel(subscription, vendor) ? (
        <ConfirmDialog
          open
          title={t('admin.subscription.cancelTitle')}
          body={t('admin.subscription.cancelBody', { plan: plan?.name ?? subscription.plan, date: dateText(subscription.currentPeriodEnd) })}
          action={t('admin.subscription.cancelAction')}
          busyAction={t('admin.subscription.canceling')}
          busy={save.busy}
          error={save.error}
          onClose={closeConfirm}
          onConfirm={() => void cancel()}
        />
      ) : null}
    </section>
  );
}
