/**
 * The plans of the subscription section (admin spec §3 "Plan"; issue 32 item 1): every plan the vendor offers (not only
 * five), in tier order, each with its price (free by price 0), features and limits, and Upgrade, Downgrade (when the
 * vendor allows downgrades) or Current. Upgrade and Downgrade open the checkout sub-route `checkout::planId`; an
 * externally managed account is refused ("Billing is externally managed.", AB-5.10), and so is a paid plan while no
 * payment provider is configured ("Payment provider not configured", AB-8.06).
 */
import { useStore } from '@nanostores/react';
import type { Plan, PlanLimits, Subscription } from '../../api/billing.ts';
import { createSubscriptionResource } from '../resources/subscription.ts';
import { useSection, useSubRoute } from '../shell/context.ts';
import * as css from '../ui/admin.css.ts';
import { EmptyState, LoadStates } from '../ui/states.tsx';
import { Part } from './part.tsx';
import { byTier, canMoveTo, formatMoney, isFree, planMove, statusOf } from './model.ts';
import * as subCss from './subscription.css.ts';

/** The limits a plan card lists, in this order. */
const LIMITS: readonly (keyof PlanLimits)[] = ['seats', 'apiTokens', 'ssoConnections'];

/** The plans panel. */
export function PlansPanel({ subscription }: { subscription: Subscription }) {
  const { t, resources } = useSection();
  const billing = resources.use(createSubscriptionResource);
  const plans = useStore(billing.$plans);
  const sorted = byTier(plans.data ?? []);
  const current = sorted.find((p) => p.id === subscription.planId);
  return (
    <Part id="fe-subscription-plans" title={t('admin.subscription.plans')}>
      <LoadStates state={plans} retry={() => billing.$plans.revalidate()}>
        {sorted.length === 0 ? (
          <EmptyState title={t('admin.subscription.noPlans')} />
        ) : (
          <ul className={subCss.plans} aria-label={t('admin.subscription.plansList')}>
            {sorted.map((plan) => (
              <PlanCard key={plan.id} plan={plan} current={current} subscription={subscription} />
            ))}
          </ul>
        )}
      </LoadStates>
    </Part>
  );
}

/** One plan: name, price, features, limits and its action. */
function PlanCard({ plan, current, subscription }: { plan: Plan; current: Plan | undefined; subscription: Subscription }) {
  const { t, app, resources, toasts, can } = useSection();
  const { go } = useSubRoute();
  const billing = resources.use(createSubscriptionResource);
  const vendor = useStore(billing.$vendor).data;
  const providers = useStore(billing.$providers).data;
  const locale = useStore(app.i18n.$locale);
  const move = planMove(plan, current);
  const count = new Intl.NumberFormat(locale);
  const limits = LIMITS.filter((key) => typeof plan.limits?.[key] === 'number');
  const headingId = `fe-plan-${plan.id}`;
  const refusal = subscription.externallyManaged ? t('admin.subscription.externallyManaged') : !isFree(plan) && providers?.length === 0 ? t('admin.subscription.noProvider') : null;

  return (
    <li className={subCss.plan} data-current={move === 'current' || undefined}>
      {/* the vendor's texts, isolated in their own direction (English plans on a Hebrew page) */}
      <h4 id={headingId} className={subCss.planName}>
        <bdi>{plan.name}</bdi>
      </h4>
      <p className={css.flush}>
        {isFree(plan) ? t('admin.subscription.free') : t('admin.subscription.perMonth', { price: formatMoney(plan.price.amount, plan.price.currency, locale) })}
      </p>
      {plan.description ? (
        <p className={`${css.flush} ${css.muted}`}>
          <bdi>{plan.description}</bdi>
        </p>
      ) : null}
      {plan.features?.length ? (
        <ul className={subCss.planList} aria-label={t('admin.subscription.features', { plan: plan.name })}>
          {plan.features.map((f) => (
            <li key={f.key}>
              <bdi>{f.name}</bdi>
            </li>
          ))}
        </ul>
      ) : null}
      {limits.length ? (
        <ul className={subCss.planList}>
          {limits.map((key) => (
            <li key={key}>{t(`admin.subscription.limit.${key}`, { count: count.format(plan.limits[key]!) })}</li>
          ))}
        </ul>
      ) : (
        <p className={`${css.flush} ${css.muted}`}>{t('admin.subscription.unlimited')}</p>
      )}
      <div className={subCss.planAction}>
        {move === 'current' ? (
          <>
            <span className={css.badgeOk}>{t('admin.subscription.currentPlan')}</span>
            {/* on trial: subscribing keeps the plan after the trial (AB-4.28: with a card on file, confirmed with no call) */}
            {statusOf(subscription.status) === 'TRIALING' && !isFree(plan) && can('write') ? (
              <button
                type="button"
                className={css.button}
                aria-label={t('admin.subscription.subscribeTo', { plan: plan.name })}
                aria-disabled={refusal ? true : undefined}
                onClick={() => (refusal ? toasts.show(refusal, 'error') : go('checkout::planId', { planId: plan.id }))}
              >
                {t('admin.subscription.subscribe')}
              </button>
            ) : null}
          </>
        ) : !can('write') ? null : canMoveTo(move, vendor) ? (
          <button
            type="button"
            className={move === 'upgrade' ? css.button : css.secondaryButton}
            aria-label={t(move === 'upgrade' ? 'admin.subscription.upgradeTo' : 'admin.subscription.downgradeTo', { plan: plan.name })}
            aria-disabled={refusal ? true : undefined}
            onClick={() => (refusal ? toasts.show(refusal, 'error') : go('checkout::planId', { planId: plan.id }))}
          >
            {t(move === 'upgrade' ? 'admin.subscription.upgrade' : 'admin.subscription.downgrade')}
          </button>
        ) : (
          <span className={`${css.muted} ${css.hint}`}>{t('admin.subscription.downgradeNotAllowed')}</span>
        )}
      </div>
    </li>
  );
}
