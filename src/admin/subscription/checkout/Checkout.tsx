/**
 * The checkout of a plan (admin spec §7 "Billing"; AB-1.04, AB-4.28, AB-4.29; issue 32 items 2 and 5), shown by the
 * subscription section at its sub-route `checkout::planId` (the section owns the page around it). Runs
 * machines/admin-checkout.machine.ts:
 * - first what the new plan adds and removes against the current one (features by name; limits such as seats
 *   50 → 200, or unlimited) and its price per month as money;
 * - a trialing subscription with a payment method, checking out its own plan: confirmed locally, no call (AB-4.28);
 * - a free plan (price 0) or a payment method on file: the change confirmed, no card;
 * - else the billing details (name, email; autocomplete) and the card fields of the vendor's provider: Stripe
 *   Elements (../card/stripe-card.tsx, a lazy chunk loaded only with a publishable key) or the test-mode provider's
 *   own inputs (../card/test-mode-card.tsx). A decline shows the provider's message as is and keeps the form as typed;
 *   while a payment runs the button is busy and a second submit is ignored (nothing charged twice).
 * Done: a toast that says what changed ("You are now on Pro."), then `onDone()`; the billing reads and the signed-in
 * user's entitlements are read again, so `<fe-authorized feature>` on the host page follows without a reload.
 */
import { useStore } from '@nanostores/react';
import { useSelector } from '@xstate/react';
import { lazy, Suspense, useCallback, useEffect, useId, useState, type FormEvent } from 'react';
import type { BillingDetails, Plan, Subscription } from '../../../api/billing.ts';
import { useSection } from '../../shell/context.ts';
import { useSectionFlow } from '../../shell/use-section-flow.ts';
import * as css from '../../ui/admin.css.ts';
import { DialogActions, TextField } from '../../ui/form.tsx';
import { ErrorSlot, Loading } from '../../ui/states.tsx';
import { TestModeCardFields } from '../card/test-mode-card.tsx';
import type { ConfirmCard } from '../card/provider.ts';
import * as checkoutCss from '../checkout.css.ts';
import { checkoutFlow } from '../flows.ts';
import { formatMoney, isFree } from '../model.ts';
import { planDiff, type LimitChange } from './model.ts';

/** Stripe Elements: their chunk (and Stripe's script) load only when the vendor has a publishable key. */
const StripeCardFields = lazy(() => import('../card/stripe-card.tsx'));

/** Props of {@link Checkout}: the plan chosen, the plan now, the subscription, and where to go when done or cancelled. */
export interface CheckoutProps {
  plan: Plan;
  current: Plan;
  subscription: Subscription;
  /** The plan changed (the toast is shown already). */
  /** `local`: confirmed on the client only (AB-4.28: a trialing subscription with a card becomes ACTIVE with no call). */
  onDone(outcome: { local: boolean }): void;
  /** Cancel: nothing changed. */
  onCancel(): void;
}

/** The checkout (see the module's comment). */
export function Checkout({ plan, current, subscription, onDone, onCancel }: CheckoutProps) {
  const { t, toasts, app } = useSection();
  const locale = useStore(app.i18n.$locale);
  const titleId = useId();
  const actor = useSectionFlow(checkoutFlow, {
    subscriptionId: subscription.id,
    status: subscription.status,
    currentPlanId: current.id,
    paymentMethodId: subscription.paymentMethodId,
    planId: plan.id,
    planName: plan.name,
    free: isFree(plan),
  });
  const busy = useSelector(actor, (s) => s.hasTag('busy'));
  const step = useSelector(actor, (s) =>
    s.matches('confirmingLocally')
      ? 'local'
      : s.matches('loadingProvider')
        ? 'loading'
        : s.matches('providerFailed')
          ? 'failed'
          : s.matches('card') || (s.context.newPaymentMethodId && (s.matches('updating') || s.matches('reloading')))
            ? 'card'
            : 'review',
  );
  const error = useSelector(actor, (s) => s.context.error);
  const provider = useSelector(actor, (s) => s.context.provider);
  const onReady = useCallback((confirm: ConfirmCard) => actor.send({ type: 'card.ready', confirm }), [actor]);

  // done: the toast says what changed, then the page around goes on
  useEffect(() => {
    const sub = actor.on('changed', (e) => {
      toasts.show(t('admin.checkout.done', { plan: e.planName }));
      onDone({ local: e.local });
    });
    return () => sub.unsubscribe();
  }, [actor, t, toasts, onDone]);

  const price = formatMoney(plan.price.amount, plan.price.currency, locale);
  return (
    <section className={checkoutCss.checkout} aria-labelledby={titleId} aria-busy={busy || undefined}>
      <h3 id={titleId} className={css.subtitle}>
        {t('admin.checkout.title', { plan: plan.name })}
      </h3>
      <p className={checkoutCss.planLine}>
        <span className={checkoutCss.price}>{t('admin.checkout.perMonth', { price })}</span>
        <span className={css.muted}>{t('admin.checkout.current', { plan: current.name })}</span>
      </p>
      <PlanChanges current={current} plan={plan} locale={locale} />
      {step === 'local' ? <Loading label={t('admin.checkout.confirmingLocally', { plan: plan.name })} /> : null}
      {step === 'loading' ? <Loading label={t('admin.checkout.loadingProvider')} /> : null}
      {step === 'failed' ? (
        <>
          <ErrorSlot error={error} retry={() => actor.send({ type: 'provider.retry' })} />
          <DialogActions onCancel={onCancel} />
        </>
      ) : null}
      {step === 'card' ? (
        <CardForm
          planName={plan.name}
          busy={busy}
          error={error}
          onCancel={onCancel}
          onSubmit={(billingDetails) => actor.send({ type: 'card.submit', billingDetails })}
          onReady={onReady}
          publishableKey={provider?.kind === 'stripe' ? provider.publishableKey : null}
        />
      ) : null}
      {step === 'review' ? (
        <form
          className={css.form}
          noValidate
          aria-busy={busy || undefined}
          onSubmit={(e) => {
            e.preventDefault();
            actor.send({ type: 'checkout.confirm' });
          }}
        >
          <p className={`${css.muted} ${css.flush}`}>{isFree(plan) ? t('admin.checkout.noPayment') : t('admin.checkout.onFile', { price })}</p>
          <ErrorSlot error={error} />
          <DialogActions onCancel={onCancel} busy={busy} label={t('admin.checkout.confirm', { plan: plan.name })} busyLabel={t('admin.checkout.confirming')} autoFocus />
        </form>
      ) : null}
    </section>
  );
}

/** What the new plan adds and removes against the current one: features by name, then the limits that change. */
function PlanChanges({ current, plan, locale }: { current: Plan; plan: Plan; locale: string }) {
  const { t } = useSection();
  const titleId = useId();
  const diff = planDiff(current, plan);
  const amount = (n: number | null) => (n === null ? t('admin.checkout.unlimited') : new Intl.NumberFormat(locale).format(n));
  const limitText = (change: LimitChange) => t('admin.checkout.limitChange', { limit: t(`admin.checkout.limit.${change.key}`), from: amount(change.from), to: amount(change.to) });
  if (!diff.added.length && !diff.removed.length && !diff.limits.length) {
    return <p className={css.muted}>{t('admin.checkout.sameGrants', { plan: current.name })}</p>;
  }
  return (
    <section className={checkoutCss.changes} aria-labelledby={titleId}>
      <h4 id={titleId} className={css.subtitle}>
        {t('admin.checkout.changes')}
      </h4>
      <ChangeGroup term={t('admin.checkout.adds')} sign="+ " className={checkoutCss.added} items={diff.added.map((f) => ({ key: f.key, text: f.name }))} />
      <ChangeGroup term={t('admin.checkout.removes')} sign="− " className={checkoutCss.removed} items={diff.removed.map((f) => ({ key: f.key, text: f.name }))} />
      <ChangeGroup term={t('admin.checkout.limits')} items={diff.limits.map((change) => ({ key: change.key, text: limitText(change) }))} />
    </section>
  );
}

/** One group of changes (a term above its list; nothing when empty); `sign` before each item is not read out (the term says it). */
function ChangeGroup({ term, items, sign, className }: { term: string; items: { key: string; text: string }[]; sign?: string; className?: string }) {
  const termId = useId();
  if (!items.length) return null;
  return (
    <div>
      <p id={termId} className={`${css.flush} ${checkoutCss.changeTerm}`}>
        {term}
      </p>
      <ul className={checkoutCss.changeList} aria-labelledby={termId}>
        {items.map((item) => (
          <li key={item.key} className={className}>
            {sign ? <span aria-hidden="true">{sign}</span> : null}
            {item.text}
          </li>
        ))}
      </ul>
    </div>
  );
}

/**
 * The billing details and the provider's card fields. The admin's name and email are offered (autocomplete); the
 * fields stay as typed through a decline; a submit while a payment runs, or before the card is complete, sends nothing.
 */
function CardForm(props: {
  planName: string;
  busy: boolean;
  error: unknown;
  publishableKey: string | null;
  onReady: (confirm: ConfirmCard) => void;
  onSubmit: (billingDetails: BillingDetails) => void;
  onCancel: () => void;
}) {
  const { t, app } = useSection();
  const user = useStore(app.stores.$session).user;
  const [details, setDetails] = useState({ name: user?.name ?? '', email: user?.email ?? '' });
  const [complete, setComplete] = useState(false);
  const [incomplete, setIncomplete] = useState(false);
  const onComplete = useCallback((value: boolean) => {
    setComplete(value);
    if (value) setIncomplete(false);
  }, []);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (props.busy) return;
    setIncomplete(!complete);
    if (complete) props.onSubmit({ name: details.name.trim() || undefined, email: details.email.trim() || undefined });
  };
  // the billing details, offered by the browser's autofill (cc-name, email)
  const detail = (key: 'name' | 'email', label: string, autoComplete: string) => (
    <TextField
      label={label}
      fieldId={`fe-checkout-${key}`}
      name={autoComplete}
      type={key === 'email' ? 'email' : 'text'}
      autoComplete={autoComplete}
      value={details[key]}
      onChange={(e) => setDetails((d) => ({ ...d, [key]: e.target.value }))}
      readOnly={props.busy}
    />
  );
  const fields = { onReady: props.onReady, onCompleteChange: onComplete, disabled: props.busy };
  return (
    <form className={css.form} noValidate aria-busy={props.busy || undefined} onSubmit={submit}>
      <h4 className={css.subtitle}>{t('admin.checkout.payment')}</h4>
      {detail('name', t('admin.checkout.name'), 'cc-name')}
      {detail('email', t('admin.checkout.email'), 'email')}
      {props.publishableKey ? (
        <Suspense fallback={<Loading label={t('admin.checkout.loadingProvider')} />}>
          <StripeCardFields {...fields} publishableKey={props.publishableKey} />
        </Suspense>
      ) : (
        <TestModeCardFields {...fields} />
      )}
      <ErrorSlot error={incomplete ? { message: t('admin.checkout.cardIncomplete') } : props.error} />
      <DialogActions onCancel={props.onCancel} busy={props.busy} label={t('admin.checkout.pay', { plan: props.planName })} busyLabel={t('admin.checkout.paying')} />
    </form>
  );
}
