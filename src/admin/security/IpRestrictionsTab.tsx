/**
 * The security section's IP restrictions tab (issue 22 item 3; AB-3.16–3.17, AB-4.18–4.19, AB-7.33–7.35, AB-8.12,
 * AB-9.01–9.04, AB-9.17): the config (enforced on/off; allow only the listed addresses, or block them), the caller's
 * address as the server sees it, the rules of one strategy (allow at first), paged (4 at first, 10 by default, 50 in
 * preview), and for an admin who may write: add one, add many, delete (confirmed). The config is a block saved with
 * its Save button (issue 31 item 2; an allow list without an address cannot be enforced, item 1); before a change that
 * would lock the admin out the lock-out warning asks first, "Add my IP" its default choice. After every change the resource checks the caller's address again and,
 * with the security-center flag on, reloads the security center.
 */
import { useStore } from '@nanostores/react';
import type { IpRestriction, IpRestrictionsConfig, RestrictionType } from '../../api/restrictions.ts';
import { IP_PAGE_SIZES, SECURITY_CENTER_FLAG } from '../resources/restrictions.ts';
import { useRouteState, useSection } from '../shell/context.ts';
import { useDateTime } from '../shell/use-date-time.ts';
import * as css from '../ui/admin.css.ts';
import { ConfirmDialog } from '../ui/dialog.tsx';
import { buttonColumn, DataTable, type ColumnDef } from '../ui/data-table.tsx';
import { Pagination } from '../ui/pagination.tsx';
import { Select } from '../ui/select.tsx';
import { EmptyState, LoadStates } from '../ui/states.tsx';
import { useSave } from '../ui/use-save.ts';
import { AddIpDialog, BulkAddIpDialog, LockOutDialog, type NewIpRule } from './restrictions-ip-dialogs.tsx';
import { lockOutOnConfig, lockOutOnDelete, type LockOut } from './restrictions-model.ts';
import { EnforcementBlock, useRestrictions } from './restrictions-parts.tsx';
import { useDraft } from './PolicyForm.tsx';

/** The dialog open on the tab: add, add many, delete one rule, or the lock-out warning before `proceed`. */
type IpDialog = { kind: 'add' } | { kind: 'bulk' } | { kind: 'delete'; rule: IpRestriction } | { kind: 'lockOut'; reason: Exclude<LockOut, null>; proceed: () => Promise<void> };

/** The IP restrictions tab (no props: reads the section through `useSection()`). */
export function IpRestrictionsTab() {
  const section = useSection();
  const { app, toasts, t } = section;
  const dateText = useDateTime();
  const r = useRestrictions();
  const flags = useStore(app.stores.$featureFlags);
  const reloadSecurityCenter = flags[SECURITY_CENTER_FLAG] === 'on';
  const configState = useStore(r.$ipConfig);
  const config = configState.data;
  const me = useStore(r.$currentIp).data ?? {};
  const query = useStore(r.ipRules.$query);
  const state = useStore(r.ipRules.$state);
  const canWrite = section.can('write');
  const strategy: RestrictionType = query.filters.strategy === 'BLOCK' ? 'BLOCK' : 'ALLOW';

  // the config as the admin sets it, saved with the block's Save (issue 31 item 2: every block of the section saves on Save)
  const draft = useDraft<IpRestrictionsConfig>(config ? { isActive: config.isActive, strategy: config.strategy ?? 'ALLOW' } : undefined);
  const form = draft.value;
  const save = useSave();
  // an allow list without an address cannot be enforced (issue 31 item 1; the emulator refuses it too)
  const allowCount = useStore(r.$ipAllowCount).data;
  const emptyAllow = !!form?.isActive && form.strategy === 'ALLOW' && allowCount === 0;
  // the save, after the lock-out warning too (whose dialog shows progress and a refusal)
  const saveConfig = async (next: IpRestrictionsConfig) => {
    await r.saveIpConfig.run({ config: next, reloadSecurityCenter });
    draft.clear();
    toasts.show(t('admin.security.ip.configSaved'));
  };
  const addMyIp = async () => {
    if (me.ip === undefined) return;
    await r.addMyIp.run({ ip: me.ip, reloadSecurityCenter });
    toasts.show(t('admin.security.ip.myIpAdded', { ip: me.ip }));
  };
  // a sub-route (a link, a story) may open a dialog: `ip-add`, `ip-bulk`, `ip-lockout` (./model.ts IP_DIALOG_ROUTES)
  const [dialog, setDialog] = useRouteState<IpDialog | null>(({ route: asked }) => {
    if (asked === 'ip-add') return { kind: 'add' };
    if (asked === 'ip-bulk') return { kind: 'bulk' };
    if (asked === 'ip-lockout') return { kind: 'lockOut', reason: 'activateAllow', proceed: () => saveConfig({ isActive: true, strategy: 'ALLOW' }) };
    return null;
  });
  const close = () => setDialog(null);

  /** Save: the lock-out warning first when the change would lock the admin out (AB-9.17), else saved. */
  const submit = () => {
    if (!form || emptyAllow) return;
    const reason = lockOutOnConfig(config, form, me);
    if (reason) return setDialog({ kind: 'lockOut', reason, proceed: () => saveConfig(form) });
    void save.run(
      () => saveConfig(form),
      () => undefined,
    );
  };

  const addRule = async (rule: NewIpRule) => {
    await r.addIpRule.run({ rule: { ip: rule.ip, strategy: rule.strategy, description: rule.description || undefined }, reloadSecurityCenter });
    toasts.show(t('admin.security.ip.added', { ip: rule.ip }));
    if (rule.strategy !== strategy) r.ipRules.setFilter('strategy', rule.strategy);
  };
  const bulkAdd = async (rules: NewIpRule[]) => {
    await r.bulkAddIpRules.run({ rules: rules.map((x) => ({ ip: x.ip, strategy: x.strategy, description: x.description || undefined })), reloadSecurityCenter });
    toasts.show(t('admin.security.ip.bulk.added', { count: rules.length }));
    if (rules[0] && rules[0].strategy !== strategy) r.ipRules.setFilter('strategy', rules[0].strategy);
  };
  const remove = useSave();
  const deleteRule = (rule: IpRestriction) =>
    void remove.run(
      () => r.deleteIpRule.run({ id: rule.id, reloadSecurityCenter }),
      () => {
        toasts.show(t('admin.security.ip.deleted', { ip: rule.ip }));
        close();
      },
    );
  /** Delete asks first; deleting the allow rule that admits the admin shows the lock-out warning instead. */
  const askDelete = (rule: IpRestriction) => {
    remove.setError(null);
    const reason = lockOutOnDelete(rule, config, me, state.data?.items ?? []);
    if (reason)
      return setDialog({
        kind: 'lockOut',
        reason,
        proceed: async () => {
          await r.deleteIpRule.run({ id: rule.id, reloadSecurityCenter });
          toasts.show(t('admin.security.ip.deleted', { ip: rule.ip }));
        },
      });
    setDialog({ kind: 'delete', rule });
  };

  const columns: ColumnDef<IpRestriction, unknown>[] = [
    { id: 'ip', accessorKey: 'ip', header: t('admin.security.ip.col.ip'), size: 220, enableSorting: false },
    {
      id: 'description',
      accessorKey: 'description',
      header: t('admin.security.ip.col.description'),
      size: 240,
      enableSorting: false,
      cell: ({ row }) => row.original.description || '—',
    },
    {
      id: 'createdAt',
      accessorKey: 'createdAt',
      header: t('admin.security.ip.col.createdAt'),
      size: 160,
      enableSorting: false,
      cell: ({ row }) => dateText(row.original.createdAt),
    },
    ...(canWrite
      ? [
          buttonColumn<IpRestriction>(t('admin.security.ip.col.actions'), 110, {
            text: t('admin.security.ip.delete'),
            label: (rule) => t('admin.security.ip.deleteLabel', { ip: rule.ip }),
            onClick: askDelete,
          }),
        ]
      : []),
  ];

  return (
    <div className={css.section} data-tab="ipRestrictions">
      {canWrite ? null : <p className={css.muted}>{t('admin.security.ip.readOnly')}</p>}
      <EnforcementBlock
        kind="ip"
        state={configState}
        retry={() => void r.$ipConfig.revalidate()}
        save={save}
        canWrite={canWrite}
        onSubmit={submit}
        blocked={emptyAllow ? t('admin.security.ip.emptyAllow') : undefined}
        value={form ? { active: form.isActive, list: form.strategy ?? 'ALLOW' } : undefined}
        onChange={({ active, list }) => draft.edit({ ...(active === undefined ? {} : { isActive: active }), ...(list ? { strategy: list } : {}) })}
      />
      {me.ip !== undefined ? (
        <p className={css.muted} data-current-ip={me.ip}>
          {t('admin.security.ip.currentAddress', { ip: me.ip })}
          {config?.isActive && me.valid === false ? <> {t('admin.security.ip.currentRefused')}</> : null}
        </p>
      ) : null}
      <div className={css.toolbar}>
        <Select
          label={t('admin.security.ip.filter')}
          name="strategyFilter"
          items={[
            { key: 'ALLOW', label: t('admin.security.ip.filter.allow') },
            { key: 'BLOCK', label: t('admin.security.ip.filter.block') },
          ]}
          value={strategy}
          onChange={(value) => r.ipRules.setFilter('strategy', value)}
        />
        {canWrite ? (
          <>
            <button type="button" className={css.button} onClick={() => setDialog({ kind: 'add' })}>
              {t('admin.security.ip.addButton')}
            </button>
            <button type="button" className={css.secondaryButton} onClick={() => setDialog({ kind: 'bulk' })}>
              {t('admin.security.ip.bulkButton')}
            </button>
          </>
        ) : null}
      </div>
      <LoadStates state={state} retry={r.ipRules.retry}>
        <>
          <DataTable
            label={strategy === 'ALLOW' ? t('admin.security.ip.table.allow') : t('admin.security.ip.table.block')}
            columns={columns}
            data={state.data?.items ?? []}
            busy={state.stale}
            empty={
              <EmptyState title={strategy === 'ALLOW' ? t('admin.security.ip.empty.allow') : t('admin.security.ip.empty.block')}>
                <p>{strategy === 'ALLOW' ? t('admin.security.ip.empty.allowHint') : t('admin.security.ip.empty.blockHint')}</p>
              </EmptyState>
            }
          />
          <Pagination
            page={query.page}
            totalPages={state.data?.totalPages ?? 1}
            total={state.data?.total}
            onPage={r.ipRules.setPage}
            busy={state.loading}
            pageSize={query.pageSize}
            pageSizes={IP_PAGE_SIZES}
            onPageSize={r.ipRules.setPageSize}
          />
        </>
      </LoadStates>
      {dialog?.kind === 'add' ? <AddIpDialog strategy={strategy} me={me} onAdd={addRule} onClose={close} /> : null}
      {dialog?.kind === 'bulk' ? <BulkAddIpDialog strategy={strategy} onAdd={bulkAdd} onClose={close} /> : null}
      {dialog?.kind === 'delete' ? (
        <ConfirmDialog
          open
          title={t('admin.security.ip.deleteTitle')}
          body={t('admin.security.ip.deleteBody', { ip: dialog.rule.ip })}
          action={t('admin.security.ip.delete')}
          busyAction={t('admin.security.ip.deleting')}
          busy={remove.busy}
          error={remove.error}
          onConfirm={() => deleteRule(dialog.rule)}
          onClose={close}
        />
      ) : null}
      {dialog?.kind === 'lockOut' ? (
        <LockOutDialog
          reason={dialog.reason}
          me={me}
          onContinue={dialog.proceed}
          onAddMyIp={async () => {
            await addMyIp();
            // "Add my IP" enforces the allow list: the edit is saved
            if (dialog.reason === 'activateAllow') draft.clear();
            // activating the allow list is what "Add my IP" does; another change (a deletion) still runs
            if (dialog.reason !== 'activateAllow') await dialog.proceed();
          }}
          onClose={close}
        />
      ) : null}
    </div>
  );
}
