/**
 * One account's page (sub-route `:tenantId`; issue 34 items 1–2; AB-3.11, AB-6.12, AB-7.23, AB-7.25): its breadcrumbs
 * from the active account down (`hierarchy/v1/parents/{id}`), its facts (id, created, users, sub-accounts), the
 * reseller switch and the sub-account access type (each saved at once, optimistically, put back with an error toast
 * when refused), its actions (add a sub-account here, rename, move, delete) and its own sub-accounts as a tree.
 *
 * Entering the account (issue 34 items 3–4; the shell's acting code) is the section's: the page shows what `enter`
 * renders for it (AllAccountsView gives the shell's "Enter" button, which opens the account's users once in).
 */
import { useStore } from '@nanostores/react';
import { useEffect, useState, type ReactNode } from 'react';
import type { AccountRow, AllAccountsResource, ParentTenant } from '../resources/all-accounts.ts';
import { useSection } from '../shell/context.ts';
import { useDateTime } from '../shell/use-date-time.ts';
import * as css from '../ui/admin.css.ts';
import { CheckboxRow } from '../ui/form.tsx';
import type { RowAction } from '../ui/row-menu.tsx';
import { SectionHeader } from '../ui/section-header.tsx';
import { EmptyState, ErrorSlot, Loading } from '../ui/states.tsx';
import { useInlineAction } from '../ui/use-inline-action.ts';
import { AccessTypeSelect } from './AccountDialogs.tsx';
import { AccountTree } from './AccountTree.tsx';
import * as own from './all-accounts.css.ts';
import type { RowDialog } from './model.ts';

/** Props of {@link AccountPage}. */
export interface AccountPageProps {
  tenantId: string;
  accounts: AllAccountsResource;
  /** The active account (the breadcrumbs' first step; its own page offers no change of itself). */
  root: AccountRow;
  onBack: () => void;
  onOpen: (row: AccountRow) => void;
  actions: (row: AccountRow, isRoot: boolean) => RowAction<RowDialog | 'open'>[];
  onAction: (row: AccountRow, action: RowDialog | 'open') => void;
  /** What enters the account (issue 34 item 3), shown beside its actions; not on the active account's own page. */
  enter?: (row: AccountRow) => ReactNode;
}

/** The ancestors of an account from the active account down, given its parents nearest first (those above the active account left out). */
export function crumbsOf(parents: readonly ParentTenant[], rootId: string): ParentTenant[] {
  const upTo = parents.findIndex((p) => p.tenantId === rootId);
  return (upTo < 0 ? parents : parents.slice(0, upTo + 1)).slice().reverse();
}

/** The page of account `tenantId`. */
export function AccountPage(props: AccountPageProps) {
  const { tenantId, accounts, root } = props;
  const { t } = useSection();
  const known = useStore(accounts.$known)[tenantId];
  const isRoot = tenantId === root.tenantId;
  const row = isRoot ? root : known;
  const [lookup, setLookup] = useState<{ loading: boolean; error?: unknown; missing?: boolean }>({ loading: !row });
  useEffect(() => {
    if (row) return;
    let live = true;
    accounts.locate(tenantId).then(
      (found) => live && setLookup({ loading: false, missing: !found }),
      (error: unknown) => live && setLookup({ loading: false, error }),
    );
    return () => {
      live = false;
    };
    // a row that arrives from the lookup needs no second one
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [accounts, tenantId]);
  const back = (
    <button type="button" className={css.secondaryButton} onClick={props.onBack}>
      {t('admin.allAccounts.back')}
    </button>
  );
  if (!row)
    return (
      <>
        <SectionHeader titleId="fe-all-accounts-title" title={t('admin.allAccounts.title')}>
          {back}
        </SectionHeader>
        {lookup.loading ? <Loading label={t('admin.loading')} /> : null}
        <ErrorSlot error={lookup.error} />
        {lookup.missing ? <EmptyState title={t('admin.allAccounts.notFound')} /> : null}
      </>
    );
  return <AccountDetails {...props} row={row} isRoot={isRoot} back={back} />;
}

/** The page of a known account. */
function AccountDetails(props: AccountPageProps & { row: AccountRow; isRoot: boolean; back: ReactNode }) {
  const { row, isRoot, accounts, root } = props;
  const section = useSection();
  const { t } = section;
  const canWrite = section.can('write');
  const dateText = useDateTime();
  const figures = useStore(accounts.$figures)[row.tenantId] ?? {};
  const parents = useStore(accounts.parents(row.tenantId));
  const [expanded, setExpanded] = useState<Set<string>>(() => new Set([row.tenantId]));
  useEffect(() => {
    void accounts.loadFigures([row.tenantId]);
  }, [accounts, row.tenantId]);
  const reseller = useInlineAction(accounts.setReseller, {
    done: (_, { isReseller }) => t(isReseller ? 'admin.allAccounts.resellerOn' : 'admin.allAccounts.resellerOff', { name: row.name }),
    failed: (reason) => t('admin.allAccounts.changeFailed', { name: row.name, reason }),
  });
  const access = useInlineAction(accounts.setAccessType, {
    done: (_, { subAccountAccessType }) => t('admin.allAccounts.accessTypeSaved', { name: row.name, type: t(`admin.allAccounts.accessType.${subAccountAccessType}`) }),
    failed: (reason) => t('admin.allAccounts.changeFailed', { name: row.name, reason }),
  });
  const figure = (n: number | undefined) => (n === undefined ? '—' : String(n));
  const crumbs = isRoot ? [] : crumbsOf(parents.data ?? [], root.tenantId);
  const actions = props.actions(row, isRoot).filter((a) => a.id !== 'open');
  return (
    <>
      <nav aria-label={t('admin.allAccounts.breadcrumbs')}>
        <ol className={own.crumbs}>
          {crumbs.map((p) => (
            <li key={p.tenantId}>
              <a
                href={`#/admin/allAccounts/${encodeURIComponent(p.tenantId)}`}
                onClick={(e) => {
                  e.preventDefault();
                  props.onOpen({ tenantId: p.tenantId, name: p.tenantName, createdAt: p.createdAt ?? '', metadata: { isParent: true } });
                }}
              >
                {p.tenantName}
              </a>
            </li>
          ))}
          <li aria-current="page">{row.name}</li>
        </ol>
      </nav>
      <SectionHeader titleId="fe-all-accounts-title" title={row.name}>
        {props.back}
      </SectionHeader>
      <dl className={own.facts}>
        <dt>{t('admin.allAccounts.col.tenantId')}</dt>
        <dd>
          <code>{row.tenantId}</code>
        </dd>
        <dt>{t('admin.allAccounts.col.createdAt')}</dt>
        <dd>{dateText(row.createdAt)}</dd>
        <dt>{t('admin.allAccounts.col.users')}</dt>
        <dd>{figure(figures.users)}</dd>
        <dt>{t('admin.allAccounts.col.subAccounts')}</dt>
        <dd>{figure(figures.subAccounts)}</dd>
      </dl>
      {!isRoot ? (
        <div className={own.settings}>
          <CheckboxRow
            role="switch"
            name="isReseller"
            checked={row.isReseller ?? false}
            disabled={!canWrite || reseller.busy}
            onChange={(on) => void reseller.run({ row, isReseller: on })}
          >
            {t('admin.allAccounts.isReseller')}
          </CheckboxRow>
          <AccessTypeSelect
            value={row.subAccountAccessType ?? 'defaultOff'}
            disabled={!canWrite || access.busy}
            onChange={(subAccountAccessType) => void access.run({ row, subAccountAccessType })}
          />
        </div>
      ) : null}
      <div className={own.pageActions}>
        {actions.map((a) => (
          <button key={a.id} type="button" className={a.id === 'delete' ? css.dangerButton : css.secondaryButton} onClick={() => props.onAction(row, a.id)}>
            {a.label}
          </button>
        ))}
        {props.enter && !isRoot ? props.enter(row) : null}
      </div>
      <h3 className={own.subheading}>{t('admin.allAccounts.subAccountsOf', { name: row.name })}</h3>
      {row.metadata?.isParent || (figures.subAccounts ?? 0) > 0 ? (
        <AccountTree root={row} accounts={accounts} expanded={expanded} onExpandedChange={setExpanded} onOpen={props.onOpen} actions={props.actions} onAction={props.onAction} />
      ) : (
        <p className={css.muted}>{t('admin.allAccounts.noSubAccounts')}</p>
      )}
    </>
  );
}
