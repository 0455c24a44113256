/**
 * The usage section (AB-6.01; admin spec §1 "usage"; issue 32 item 6): what the account's plan grants — its name and
 * its features, by name — and each of its limits (seats, API tokens, SSO connections) against what is in use: the
 * numbers in words, a meter, "Unlimited" where the plan sets none; a limit 80 % used says "Nearly at the limit", a
 * full one "Limit reached — upgrade to add more" with the way to the subscription section when the admin may open it;
 * who holds each limit (users, tokens, connections) in its details dialog. Designed states: loading, the read's
 * failure with a retry, no plan (with the way to choose one). Read-only: needs `fe.usage.read`, nothing here writes.
 */
import { useStore } from '@nanostores/react';
import { useId } from 'react';
import type { UsageLimit } from '../../api/billing.ts';
import { createUsageResource } from '../resources/usage.ts';
import { useSection } from '../shell/context.ts';
import * as css from '../ui/admin.css.ts';
import { inlineVars } from '../ui/css-vars.ts';
import { RowDetails, useRowDetails } from '../ui/row-details.tsx';
import { SectionHeader } from '../ui/section-header.tsx';
import { EmptyState, LoadStates } from '../ui/states.tsx';
import { hasNoPlan, orderedLimits, usageLevel, usagePercent } from './model.ts';
import * as usageCss from './usage.css.ts';

/** The usage section view. */
export function UsageView() {
  const { t, resources, sectionOpener } = useSection();
  const usage = resources.use(createUsageResource);
  const state = useStore(usage.$usage);
  const data = state.data;
  // the subscription section, when the admin may open it from here (the portal; null in a section element)
  const openSubscription = sectionOpener('subscription');
  const details = useRowDetails<UsageLimit>();
  const planTitleId = useId();
  const featuresId = useId();
  const limitsTitleId = useId();
  return (
    <section className={css.section} aria-labelledby="fe-usage-title" aria-busy={state.loading || undefined}>
      <SectionHeader titleId="fe-usage-title" title={t('admin.usage.title')} intro={t('admin.usage.intro')} />
      <LoadStates state={state} retry={() => usage.$usage.revalidate()}>
        {!data ? null : hasNoPlan(data) ? (
          <EmptyState title={t('admin.usage.noPlan')}>
            <p className={`${css.muted} ${css.flush}`}>{t('admin.usage.noPlanHint')}</p>
            {openSubscription ? (
              <button type="button" className={css.button} onClick={() => openSubscription(null)}>
                {t('admin.usage.choosePlan')}
              </button>
            ) : null}
          </EmptyState>
        ) : (
          <>
            <section className={usageCss.panel} aria-labelledby={planTitleId} data-plan={data.planId}>
              <h3 id={planTitleId} className={css.subtitle}>
                {t('admin.usage.plan', { plan: data.planName })}
              </h3>
              {data.features.length ? (
                <div className={usageCss.featureBlock}>
                  <p id={featuresId} className={`${css.muted} ${css.flush}`}>
                    {t('admin.usage.features')}
                  </p>
                  <ul className={usageCss.features} aria-labelledby={featuresId}>
                    {data.features.map((f) => (
                      <li key={f.key} className={`${css.chip} ${usageCss.feature}`} data-feature={f.key}>
                        <span className={usageCss.check} aria-hidden="true">
                          ✓
                        </span>
                        {f.name}
                      </li>
                    ))}
                  </ul>
                </div>
              ) : (
                <p className={`${css.muted} ${css.flush}`}>{t('admin.usage.noFeatures')}</p>
              )}
            </section>
            <section className={usageCss.panel} aria-labelledby={limitsTitleId}>
              <h3 id={limitsTitleId} className={css.subtitle}>
                {t('admin.usage.limits')}
              </h3>
              {data.limits.length ? (
                <ul className={usageCss.limits}>
                  {orderedLimits(data).map((l) => (
                    <LimitCard key={l.key} limit={l} onUpgrade={openSubscription} onHolders={() => details.open(l)} />
                  ))}
                </ul>
              ) : (
                <p className={`${css.muted} ${css.flush}`}>{t('admin.usage.noLimits')}</p>
              )}
            </section>
          </>
        )}
      </LoadStates>
      {details.row ? <HoldersDetails limit={details.row} onClose={details.close} /> : null}
    </section>
  );
}

/**
 * One limit: its name, what is in use against it in words and as a meter (role meter, its value in words too), its
 * state in words when near or at the limit (with "Upgrade the plan" when `onUpgrade`), and, while any is in use, the
 * button that lists who holds it.
 */
function LimitCard({ limit: l, onUpgrade, onHolders }: { limit: UsageLimit; onUpgrade: ((sub: string | null) => void) | null; onHolders: () => void }) {
  const { t } = useSection();
  const nameId = useId();
  const level = usageLevel(l);
  const percent = usagePercent(l);
  const name = t('admin.usage.limit', { key: l.key });
  return (
    <li className={usageCss.limit} aria-labelledby={nameId} data-limit={l.key} data-level={level}>
      <div className={usageCss.limitHead}>
        <h4 id={nameId} className={usageCss.limitName}>
          {name}
        </h4>
        <span data-usage-count="">{l.limit === null ? t('admin.usage.usedUnlimited', { used: l.used }) : t('admin.usage.usedOf', { used: l.used, limit: l.limit })}</span>
      </div>
      {l.limit === null ? (
        <span className={`${css.chip} ${usageCss.cardChip}`}>{t('admin.usage.unlimited')}</span>
      ) : (
        <div
          role="meter"
          className={usageCss.meter}
          aria-labelledby={nameId}
          aria-valuemin={0}
          aria-valuemax={l.limit}
          aria-valuenow={Math.min(l.used, l.limit)}
          aria-valuetext={t('admin.usage.meterText', { used: l.used, limit: l.limit, percent })}
        >
          <div className={usageCss.meterFill} data-level={level} style={inlineVars({ [usageCss.fill]: `${percent}%` })} />
        </div>
      )}
      {level === 'near' || level === 'reached' ? (
        <div className={usageCss.limitFoot}>
          <span className={level === 'reached' ? css.badgeDanger : css.chip} data-usage-state={level}>
            {t(level === 'reached' ? 'admin.usage.reached' : 'admin.usage.near')}
          </span>
          {level === 'reached' && onUpgrade ? (
            <button type="button" className={css.button} onClick={() => onUpgrade(null)}>
              {t('admin.usage.upgrade')}
            </button>
          ) : null}
        </div>
      ) : null}
      {l.used > 0 ? (
        <button type="button" className={usageCss.holdersButton} aria-haspopup="dialog" onClick={onHolders}>
          {t('admin.usage.holdersFor', { key: l.key })}
        </button>
      ) : null}
    </li>
  );
}

/** Who holds limit `l`: its count, its limit and the holders by name (those past the answer's 50 counted), in the kit's details dialog. */
function HoldersDetails({ limit: l, onClose }: { limit: UsageLimit; onClose: () => void }) {
  const { t } = useSection();
  const more = l.used - l.holders.length;
  const holders = l.holders.length ? (
    <ul className={usageCss.holders} data-holders="">
      {l.holders.map((h) => (
        <li key={h.id}>{h.name}</li>
      ))}
      {more > 0 ? <li className={css.muted}>{t('admin.usage.holdersMore', { count: more })}</li> : null}
    </ul>
  ) : (
    ''
  );
  return (
    <RowDetails
      title={t('admin.usage.holdersTitle', { key: l.key })}
      onClose={onClose}
      fields={[
        { label: t('admin.usage.field.used'), value: t('admin.usage.number', { value: l.used }) },
        { label: t('admin.usage.field.limit'), value: l.limit === null ? t('admin.usage.unlimited') : t('admin.usage.number', { value: l.limit }) },
        { label: t('admin.usage.field.holders'), value: holders },
      ]}
    />
  );
}
