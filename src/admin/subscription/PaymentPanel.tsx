/**
 * The payment details of the subscription section (admin spec §3 "Payment method"; AB-3.49, AB-7.70; issue 32 item 3):
 * the card (brand, •••• last 4, expiry) and the billing details (email and address), or "No billing information set";
 * an admin who may write edits the billing details in a dialog (sub-route `billing-details`), saved with a PATCH
 * that flattens the address; a failed save keeps what was typed. Refused on an externally managed account (AB-5.10).
 */
import { useStore } from '@nanostores/react';
import { useState, type FormEvent } from 'react';
import type { BillingDetails, PaymentMethod, Subscription } from '../../api/billing.ts';
import { createSubscriptionResource, type BillingDetailsInput } from '../resources/subscription.ts';
import { useRouteState, useSection } from '../shell/context.ts';
import * as css from '../ui/admin.css.ts';
import { AdminDialog } from '../ui/dialog.tsx';
import { DialogActions, TextField } from '../ui/form.tsx';
import { EmptyState, ErrorSlot, LoadStates } from '../ui/states.tsx';
import { useSave } from '../ui/use-save.ts';
import { cardExpiry } from './model.ts';
import { Part } from './part.tsx';
import * as subCss from './subscription.css.ts';

/** The form's fields in order, with their autocomplete tokens. */
const FIELDS = [
  ['email', 'email'],
  ['addressLine1', 'address-line1'],
  ['addressLine2', 'address-line2'],
  ['city', 'address-level2'],
  ['state', 'address-level1'],
  ['postalCode', 'postal-code'],
  ['country', 'country'],
] as const satisfies readonly (readonly [keyof BillingDetailsInput, string])[];

/** The payment method the subscription uses: its own, else the account's default, else the first. */
export function paymentMethodOf(methods: readonly PaymentMethod[] | undefined, subscription: Subscription): PaymentMethod | undefined {
  if (!methods?.length) return undefined;
  return methods.find((m) => m.id === subscription.paymentMethodId) ?? methods.find((m) => m.isDefault) ?? methods[0];
}

/** Whether billing details hold anything (an email or a line of address). */
export function hasBillingDetails(details: BillingDetails | undefined): boolean {
  return !!(details?.email || Object.values(details?.address ?? {}).some(Boolean));
}

/** The form's values of `details` (absent = ''). */
function inputOf(details: BillingDetails | undefined): BillingDetailsInput {
  const a = details?.address ?? {};
  return {
    email: details?.email ?? '',
    addressLine1: a.addressLine1 ?? '',
    addressLine2: a.addressLine2 ?? '',
    city: a.city ?? '',
    state: a.state ?? '',
    postalCode: a.postalCode ?? '',
    country: a.country ?? '',
  };
}

/** The payment details panel. */
export function PaymentPanel({ subscription }: { subscription: Subscription }) {
  const { t, resources, toasts, can } = useSection();
  const billing = resources.use(createSubscriptionResource);
  const methods = useStore(billing.$paymentMethods);
  const method = paymentMethodOf(methods.data, subscription);
  const details = method?.billingDetails;
  const canEdit = can('write') && !!method;
  // a link or story may open the form before the payment methods are in: it shows once there is one
  const [editing, setEditing] = useRouteState(({ route }) => route === 'billing-details' && can('write'));
  const address = details?.address ?? {};
  // "City, State Postal code", then the country (as an address label writes it)
  const place = [address.city, [address.state, address.postalCode].filter(Boolean).join(' ')].filter(Boolean).join(', ');

  return (
    <Part id="fe-subscription-payment" title={t('admin.subscription.payment')}>
      <LoadStates state={methods} retry={() => billing.$paymentMethods.revalidate()}>
        <div className={subCss.paymentGrid}>
          <div className={subCss.panel}>
            {method && method.type === 'card' ? (
              <p className={subCss.lines}>
                <strong className={subCss.cardNumber}>{t('admin.subscription.card', { brand: brandName(method.brand), last4: method.last4 })}</strong>
                <span className={css.muted}>{t('admin.subscription.cardExpires', { expiry: cardExpiry(method.expMonth, method.expYear) })}</span>
              </p>
            ) : (
              <p className={`${css.flush} ${css.muted}`}>{t('admin.subscription.noCard')}</p>
            )}
          </div>
          <section className={subCss.panel} aria-labelledby="fe-subscription-billing">
            <h4 id="fe-subscription-billing" className={`${css.subtitle} ${css.flush}`}>
              {t('admin.subscription.billingDetails')}
            </h4>
            {hasBillingDetails(details) ? (
              <address className={subCss.lines}>
                {/* what the admin typed, isolated in its own direction (an English address on a Hebrew page) */}
                {details?.email ? (
                  <span>
                    <bdi>{details.email}</bdi>
                  </span>
                ) : null}
                {[address.addressLine1, address.addressLine2, place, address.country].filter(Boolean).map((line, i) => (
                  <span key={i}>
                    <bdi>{line}</bdi>
                  </span>
                ))}
              </address>
            ) : (
              <EmptyState title={t('admin.subscription.noBillingInfo')}>
                {!method ? <p className={`${css.flush} ${css.muted}`}>{t('admin.subscription.noBillingInfoHint')}</p> : null}
              </EmptyState>
            )}
            {canEdit ? (
              <div className={css.toolbar}>
                <button
                  type="button"
                  className={css.secondaryButton}
                  aria-disabled={subscription.externallyManaged || undefined}
                  onClick={() => (subscription.externallyManaged ? toasts.show(t('admin.subscription.externallyManaged'), 'error') : setEditing(true))}
                >
                  {t('admin.subscription.editBilling')}
                </button>
              </div>
            ) : null}
          </section>
        </div>
      </LoadStates>
      {editing && canEdit && method && !subscription.externallyManaged ? <BillingDetailsDialog method={method} onClose={() => setEditing(false)} /> : null}
    </Part>
  );
}

/** A card brand as written on the card (`visa` → Visa, `amex` → American Express). */
function brandName(brand: string): string {
  const known: Record<string, string> = {
    visa: 'Visa',
    mastercard: 'Mastercard',
    amex: 'American Express',
    discover: 'Discover',
    jcb: 'JCB',
    diners: 'Diners Club',
    unionpay: 'UnionPay',
  };
  return known[brand.toLowerCase()] ?? (brand ? brand[0]!.toUpperCase() + brand.slice(1) : '');
}

/** The billing details form: email and address; Save sends them flat (AB-7.70); a failure keeps the form as typed. */
function BillingDetailsDialog({ method, onClose }: { method: PaymentMethod; onClose: () => void }) {
  const { t, resources, toasts } = useSection();
  const billing = resources.use(createSubscriptionResource);
  const [values, setValues] = useState<BillingDetailsInput>(() => inputOf(method.billingDetails));
  const save = useSave();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const details = Object.fromEntries(Object.entries(values).map(([k, v]) => [k, v.trim()])) as BillingDetailsInput;
    void save.run(
      () => billing.updateBillingDetails.run({ paymentMethodId: method.id, details }),
      () => {
        toasts.show(t('admin.subscription.billingSaved'));
        onClose();
      },
    );
  };
  return (
    <AdminDialog open title={t('admin.subscription.billingTitle')} onClose={onClose} busy={save.busy}>
      <form className={css.form} onSubmit={submit} aria-busy={save.busy || undefined}>
        <div className={subCss.fieldGrid}>
          {FIELDS.map(([name, autoComplete], i) => (
            <TextField
              key={name}
              label={t(`admin.subscription.${name}`)}
              fieldId={`fe-billing-${name}`}
              name={name}
              type={name === 'email' ? 'email' : 'text'}
              required={name === 'email'}
              autoComplete={autoComplete}
              autoFocus={i === 0}
              value={values[name]}
              onChange={(e) => setValues((v) => ({ ...v, [name]: e.target.value }))}
            />
          ))}
        </div>
        <ErrorSlot error={save.error} />
        <DialogActions onCancel={onClose} busy={save.busy} label={t('admin.subscription.save')} busyLabel={t('admin.subscription.saving')} />
      </form>
    </AdminDialog>
  );
}
