/**
 * The security center (AB-2.02, AB-3.29–3.33, AB-7.37, AB-9.05): the account's security score as a meter with its
 * label; the recommendations, most severe first, each with its severity and category badges, a human title and
 * description, and its action — "Send reset emails" for breached passwords (confirmed first, progress, then "Reset
 * emails sent to N users"), or the recommended session value applied through the session configurations
 * (ADJUST_FORCE_RELOGIN, ADJUST_MAX_CONCURRENT_SESSIONS, ADJUST_IDLE_TIMEOUT), or, for one fixed by hand in this
 * section, the button that opens its tab (MFA, lockout and password history in general settings, the IP and email-domain
 * tabs; in the portal, single sign-on's opens the SSO section's new connection: issue 31 item 3); the insights; and
 * three tables —
 * users with breached passwords, users without MFA, users inactive for 90 days — 10 a page. After any action the
 * score reloads (the resource refreshes the security center). What the MFA texts say follows the counts sent in
 * `metadata` (nobody, some or everybody enrolled), so no statement is untrue of the account.
 */
import { useStore } from '@nanostores/react';
import { useId, useMemo, useState, type ReactNode } from 'react';
import type { TenantUser } from '../../api/admin-types.ts';
import type { Insight, Recommendation, RecommendationActionKey, RecommendationSeverity } from '../../api/security.ts';
import type { Translate } from '../../i18n/index.ts';
import { createSecurityResource, type SecurityCenterTable } from '../resources/security.ts';
import { useSection, useSubRoute } from '../shell/context.ts';
import { useDateTime } from '../shell/use-date-time.ts';
import * as css from '../ui/admin.css.ts';
import * as securityCss from './security.css.ts';
import { DataTable, type ColumnDef } from '../ui/data-table.tsx';
import { ConfirmDialog } from '../ui/dialog.tsx';
import { Pagination } from '../ui/pagination.tsx';
import { EmptyState, ErrorSlot, LoadStates } from '../ui/states.tsx';
import { useSave } from '../ui/use-save.ts';
import { userColumn } from '../ui/user-cell.tsx';
import { adjustedSessions } from '../resources/security.ts';
import { actionOf, bySeverity, fixPlaceOf, mfaUsage, scoreBand, toDurationInput, type FixPlace } from './model.ts';

/** A duration in seconds as words ("30 minutes", "1 day"). */
export function durationText(seconds: number, t: Translate): string {
  const { value, unit } = toDurationInput(seconds);
  return t(`admin.security.duration.${unit}`, { count: Number(value) });
}

/** The security center tab. */
export function SecurityCenterTab({ canWrite }: { canWrite: boolean }) {
  const { t } = useSection();
  const security = useSection().resources.use(createSecurityResource);
  const recommendations = useStore(security.$recommendations);
  const insights = useStore(security.$insights);
  const breached = useStore(security.tables.breachedPasswords.$state);
  const [resetting, setResetting] = useState(false);
  const items = useMemo(() => bySeverity(recommendations.data?.recommendations.items ?? []), [recommendations.data]);
  const breachedCount = breached.data?.total ?? items.find((r) => r.code === 'BREACHED_PASSWORDS_EXIST')?.metadata?.password?.breachedPasswordUsersCount ?? 0;

  return (
    <div className={css.section}>
      <div className={`${css.section} ${securityCss.card}`}>
        <LoadStates state={recommendations} retry={() => security.$recommendations.revalidate()}>
          {recommendations.data ? <Score score={recommendations.data.scoring.score} refreshing={recommendations.loading} /> : null}
        </LoadStates>
      </div>
      <Card id="fe-security-recommendations" title={t('admin.security.center.recommendations')}>
        <LoadStates state={recommendations} retry={() => security.$recommendations.revalidate()}>
          {items.length === 0 ? (
            <EmptyState title={t('admin.security.center.noRecommendations')} />
          ) : (
            <ul className={securityCss.recommendations}>
              {items.map((r) => (
                <RecommendationItem key={r.code} recommendation={r} canWrite={canWrite} onReset={() => setResetting(true)} />
              ))}
            </ul>
          )}
        </LoadStates>
      </Card>
      <Card id="fe-security-insights" title={t('admin.security.center.insights')}>
        <LoadStates state={insights} retry={() => security.$insights.revalidate()}>
          {insights.data?.insights.items.length ? (
            <ul className={securityCss.insights}>
              {insights.data.insights.items.map((i) => (
                <li key={i.code} className={css.toolbar}>
                  <span className={css.chip}>{t(`admin.security.category.${i.category}`)}</span>
                  <span>{insightText(i, t)}</span>
                </li>
              ))}
            </ul>
          ) : (
            <EmptyState title={t('admin.security.center.noInsights')} />
          )}
        </LoadStates>
      </Card>
      <UsersTable table="breachedPasswords" />
      <UsersTable table="mfaUnenrolled" />
      <UsersTable table="inactive" />
      {resetting ? <ResetDialog count={breachedCount} onClose={() => setResetting(false)} /> : null}
    </div>
  );
}

/** What an insight says, true of the counts it carries (PARTIAL_MFA_USAGE is Frontegg's code for nobody enrolled too). */
function insightText(i: Insight, t: Translate): string {
  if (i.code !== 'PARTIAL_MFA_USAGE') return t(`admin.security.insight.${i.code}`);
  const usage = mfaUsage(i.metadata);
  if (usage === 'none') return t('admin.security.insight.PARTIAL_MFA_USAGE.none');
  if (usage === 'some') return t('admin.security.insight.PARTIAL_MFA_USAGE.some', { enrolled: i.metadata!.mfa!.enrolledUsersCount!, total: i.metadata!.totalUsers! });
  return t('admin.security.insight.PARTIAL_MFA_USAGE');
}

/** What a recommendation's text says, true of its counts (FORCE_MFA when everybody is enrolled but nothing requires it). */
function recommendationText(r: Recommendation, t: Translate): string {
  if (r.code === 'FORCE_MFA' && mfaUsage(r.metadata) === 'all') return t('admin.security.rec.FORCE_MFA.text.all');
  return t(`admin.security.rec.${r.code}.text`);
}

/** The score: a meter (0–100) with its label, the value in words and its band. */
function Score({ score, refreshing }: { score: number; refreshing: boolean }) {
  const { t } = useSection();
  const id = useId();
  const band = scoreBand(score);
  return (
    <div className={securityCss.score} aria-busy={refreshing || undefined}>
      <label htmlFor={id} className={css.subtitle}>
        {t('admin.security.center.score')}
      </label>
      <div className={css.toolbar}>
        <meter
          id={id}
          min={0}
          max={100}
          low={50}
          high={80}
          optimum={100}
          value={score}
          aria-valuetext={`${t('admin.security.center.scoreValue', { score })} · ${t(`admin.security.center.band.${band}`)}`}
          className={securityCss.scoreMeter}
        />
        <strong data-score={score}>{t('admin.security.center.scoreValue', { score })}</strong>
        <span className={band === 'low' ? css.badgeDanger : css.chip}>{t(`admin.security.center.band.${band}`)}</span>
      </div>
      {refreshing ? (
        <span className={css.hint} role="status">
          {t('admin.security.center.refreshing')}
        </span>
      ) : null}
    </div>
  );
}

const SEVERITY_BADGE: Record<RecommendationSeverity, string> = { SEVERE: css.badgeDanger, WARNING: css.chip, INFO: css.chip };

/** One recommendation: badges, title, description, and its action for an admin who may write. */
function RecommendationItem({ recommendation: r, canWrite, onReset }: { recommendation: Recommendation; canWrite: boolean; onReset: () => void }) {
  const { t } = useSection();
  const { can, sectionOpener } = useSection();
  const action = actionOf(r.code);
  const fix = useFix(r, canWrite && !action, can('write', 'sso') ? sectionOpener('sso') : null);
  const titleId = useId();
  return (
    <li className={securityCss.recommendation} aria-labelledby={titleId} data-code={r.code}>
      <span className={css.chips}>
        <span className={SEVERITY_BADGE[r.severity]}>{t(`admin.security.severity.${r.severity}`)}</span>
        <span className={css.chip}>{t(`admin.security.category.${r.category}`)}</span>
      </span>
      <strong id={titleId}>{t(`admin.security.rec.${r.code}`)}</strong>
      <span className={css.muted}>{recommendationText(r, t)}</span>
      {canWrite && action ? <ActionButton action={action} recommendation={r} onReset={onReset} /> : null}
      {fix ? (
        <span className={securityCss.recommendationAction}>
          <button type="button" className={css.secondaryButton} onClick={fix.run}>
            {t(`admin.security.fix.${fix.label}`)}
          </button>
        </span>
      ) : null}
    </li>
  );
}

/**
 * The button that takes the admin to where recommendation `r` is fixed by hand (issue 31 item 3): its tab of this
 * section when `here` (the admin may write here and no action fixes it at once), or, for CONFIGURE_SSO, the SSO
 * section's new connection through `openSso` (the portal's, when the admin may set up SSO); null when there is none.
 */
function useFix(r: Recommendation, here: boolean, openSso: ((sub: string | null) => void) | null): { label: FixPlace['label'] | 'sso'; run: () => void } | null {
  const { go } = useSubRoute();
  const place = here ? fixPlaceOf(r.code) : null;
  if (place) return { label: place.label, run: () => go(place.tab) };
  if (r.code === 'CONFIGURE_SSO' && openSso) return { label: 'sso', run: () => openSso('add') };
  return null;
}

/** What an action's button says, with the recommended value of `metadata.sessions`. */
function actionLabel(action: RecommendationActionKey, r: Recommendation, t: Translate): string {
  if (action === 'SEND_RESET_BREACHED_PASSWORD_EMAIL') return t('admin.security.action.SEND_RESET_BREACHED_PASSWORD_EMAIL');
  const body = adjustedSessions(action, r.metadata);
  if (action === 'ADJUST_MAX_CONCURRENT_SESSIONS') return t('admin.security.action.ADJUST_MAX_CONCURRENT_SESSIONS', { count: body.sessionConcurrentConfiguration!.maxSessions });
  const seconds = (body.sessionTimeoutConfiguration ?? body.sessionIdleTimeoutConfiguration)!.timeout;
  return t(`admin.security.action.${action}`, { value: durationText(seconds, t) });
}

/** A recommendation's action: the reset asks first; a session adjustment is applied at once (progress, toast, error). */
function ActionButton({ action, recommendation, onReset }: { action: RecommendationActionKey; recommendation: Recommendation; onReset: () => void }) {
  const { t, resources, toasts } = useSection();
  const security = resources.use(createSecurityResource);
  const save = useSave();
  if (action === 'SEND_RESET_BREACHED_PASSWORD_EMAIL') {
    return (
      <span>
        <button type="button" className={css.button} onClick={onReset}>
          {actionLabel(action, recommendation, t)}
        </button>
      </span>
    );
  }
  const apply = () =>
    void save.run(
      () => security.adjust.run({ action, recommendation }),
      (stored) => {
        const text =
          action === 'ADJUST_MAX_CONCURRENT_SESSIONS'
            ? t('admin.security.applied.ADJUST_MAX_CONCURRENT_SESSIONS', { count: stored.sessionConcurrentConfiguration.maxSessions })
            : t(`admin.security.applied.${action}`, {
                value: durationText((action === 'ADJUST_FORCE_RELOGIN' ? stored.sessionTimeoutConfiguration : stored.sessionIdleTimeoutConfiguration).timeout, t),
              });
        toasts.show(text);
      },
    );
  return (
    <span className={securityCss.recommendationAction}>
      <button type="button" className={css.secondaryButton} aria-disabled={save.busy || undefined} onClick={() => !save.busy && apply()}>
        {save.busy ? t('admin.security.action.applying') : actionLabel(action, recommendation, t)}
      </button>
      <ErrorSlot error={save.error} />
    </span>
  );
}

/** The confirmation of the breached-password reset emails (AB-3.33). */
function ResetDialog({ count, onClose }: { count: number; onClose: () => void }) {
  const { t, resources, toasts } = useSection();
  const security = resources.use(createSecurityResource);
  const save = useSave();
  return (
    <ConfirmDialog
      open
      title={t('admin.security.reset.title')}
      body={<p className={css.flush}>{t('admin.security.reset.body', { count })}</p>}
      action={t('admin.security.reset.confirm')}
      busyAction={t('admin.security.action.sending')}
      busy={save.busy}
      error={save.error}
      danger={false}
      onClose={onClose}
      onConfirm={() =>
        void save.run(
          () => security.resetBreachedPasswords.run({ count }),
          (sent) => {
            toasts.show(t('admin.security.reset.sent', { count: sent }));
            onClose();
          },
        )
      }
    />
  );
}

/** One of the security center's user tables (AB-2.02): 10 a page (AB-9.05), with its designed empty state. */
function UsersTable({ table }: { table: SecurityCenterTable }) {
  const { t } = useSection();
  const security = useSection().resources.use(createSecurityResource);
  const list = security.tables[table];
  const query = useStore(list.$query);
  const state = useStore(list.$state);
  const dateText = useDateTime();
  const titleId = `fe-security-table-${table}`;
  const columns = useMemo<ColumnDef<TenantUser, unknown>[]>(
    () => [
      userColumn(t('admin.security.col.user'), 260),
      {
        id: 'lastLogin',
        header: t('admin.security.col.lastLogin'),
        size: 180,
        cell: ({ row }) => (row.original.lastLogin ? dateText(row.original.lastLogin) : t('admin.security.never')),
      },
      { id: 'createdAt', header: t('admin.security.col.createdAt'), size: 160, cell: ({ row }) => dateText(row.original.createdAt) },
    ],
    [t, dateText],
  );
  const totalPages = state.data?.totalPages ?? 1;
  return (
    <section className={`${css.section} ${securityCss.card}`} aria-labelledby={titleId} data-table={table}>
      <div className={css.cellStack}>
        <h3 id={titleId} className={css.subtitle}>
          {t(`admin.security.table.${table}`)}
        </h3>
        <p className={`${css.muted} ${css.flush}`}>{t(`admin.security.table.${table}.intro`)}</p>
      </div>
      <LoadStates state={state} retry={list.retry}>
        <DataTable
          label={t(`admin.security.table.${table}`)}
          columns={columns}
          data={state.data?.items ?? []}
          busy={state.stale}
          rowHeight={56}
          empty={<EmptyState title={t(`admin.security.table.${table}.empty`)} />}
        />
        {totalPages > 1 ? <Pagination page={query.page} totalPages={totalPages} total={state.data?.total} onPage={list.setPage} busy={state.loading} /> : null}
      </LoadStates>
    </section>
  );
}

/** One card of the tab: a section named by its heading (`id` is the heading's), then `children`. */
function Card({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section className={`${css.section} ${securityCss.card}`} aria-labelledby={id}>
      <h3 id={id} className={css.subtitle}>
        {title}
      </h3>
      {children}
    </section>
  );
}
