/**
 * The security section's email-domain restrictions tab (issue 22 item 4; AB-3.18, AB-7.33, AB-7.36): the config
 * (enforced on/off; an allow list — only these domains may join — or a block list; "Block public email domains"),
 * and the domains of the list in force, with add (checked before sending, the server's message on refusal, input
 * kept) and delete (confirmed, optimistic, back on failure) for an admin who may write. Config edits save at once,
 * optimistically, and roll back with an error toast when refused.
 */
import { useStore } from '@nanostores/react';
import { useState, type FormEvent } from 'react';
import type { DomainRestriction, DomainRestrictionsConfig } from '../../api/restrictions.ts';
import { useSection } from '../shell/context.ts';
import * as css from '../ui/admin.css.ts';
import { ConfirmDialog } from '../ui/dialog.tsx';
import { CheckboxRow, TextField } from '../ui/form.tsx';
import { buttonColumn, DataTable, type ColumnDef } from '../ui/data-table.tsx';
import { EmptyState, ErrorSlot, LoadStates, Loading } from '../ui/states.tsx';
import { useInlineAction } from '../ui/use-inline-action.ts';
import { useSave } from '../ui/use-save.ts';
import { isDomain, normaliseDomain } from './restrictions-model.ts';
import { AllowBlockFieldset, useRestrictions } from './restrictions-parts.tsx';

/** The config before the server has one (nothing enforced, an allow list). */
const NO_CONFIG: DomainRestrictionsConfig = { active: false, listType: 'ALLOW', blockPublicDomains: false };

/** The email-domain restrictions tab (no props: reads the section through `useSection()`). */
export function DomainRestrictionsTab() {
  const section = useSection();
  const { toasts, t } = section;
  const r = useRestrictions();
  const configState = useStore(r.$domainConfig);
  const config = configState.data;
  const domainsState = useStore(r.$domains);
  const canWrite = section.can('write');
  const listType = config?.listType ?? 'ALLOW';
  const shown = (domainsState.data ?? []).filter((d) => d.type === listType);

  const saveConfig = useInlineAction(r.saveDomainConfig, {
    done: () => t('admin.security.domain.configSaved'),
    failed: (reason) => t('admin.security.domain.configFailed', { reason }),
  });
  const changeConfig = (patch: Partial<DomainRestrictionsConfig>) => void saveConfig.run({ ...NO_CONFIG, ...config, ...patch });

  const [domain, setDomain] = useState('');
  const [problem, setProblem] = useState('');
  const add = useSave();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const value = normaliseDomain(domain);
    if (!value) return setProblem(t('admin.security.domain.error.required'));
    if (!isDomain(value)) return setProblem(t('admin.security.domain.error.invalid'));
    setProblem('');
    void add.run(
      () => r.addDomain.run({ domain: value, type: listType }),
      (made) => {
        toasts.show(t('admin.security.domain.added', { domain: made.domain }));
        setDomain('');
      },
    );
  };

  const [deleting, setDeleting] = useState<DomainRestriction | null>(null);
  const remove = useSave();
  const confirmDelete = (d: DomainRestriction) =>
    void remove.run(
      () => r.deleteDomain.run({ id: d.id }),
      () => {
        toasts.show(t('admin.security.domain.deleted', { domain: d.domain }));
        setDeleting(null);
      },
    );

  const columns: ColumnDef<DomainRestriction, unknown>[] = [
    { id: 'domain', accessorKey: 'domain', header: t('admin.security.domain.col.domain'), size: 320 },
    ...(canWrite
      ? [
          buttonColumn<DomainRestriction>(t('admin.security.domain.col.actions'), 110, {
            text: t('admin.security.domain.delete'),
            label: (d) => t('admin.security.domain.deleteLabel', { domain: d.domain }),
            onClick: (d) => {
              remove.setError(null);
              setDeleting(d);
            },
          }),
        ]
      : []),
  ];

  return (
    <div className={css.section} data-tab="domainRestrictions">
      <p className={css.muted}>{t('admin.security.domain.intro')}</p>
      {canWrite ? null : <p className={css.muted}>{t('admin.security.domain.readOnly')}</p>}
      <LoadStates state={configState} retry={() => void r.$domainConfig.revalidate()}>
        {config ? (
          <div className={css.form}>
            <CheckboxRow name="domainActive" checked={config.active} disabled={!canWrite} onChange={(active) => changeConfig({ active })}>
              {t('admin.security.domain.active')}
            </CheckboxRow>
            <AllowBlockFieldset
              texts="admin.security.domain.listType"
              name="domainListType"
              value={listType}
              onChange={(listType) => changeConfig({ listType })}
              busy={saveConfig.busy}
              disabled={!canWrite}
            />
            <CheckboxRow name="blockPublicDomains" checked={config.blockPublicDomains} disabled={!canWrite} onChange={(blockPublicDomains) => changeConfig({ blockPublicDomains })}>
              {t('admin.security.domain.blockPublic')}
            </CheckboxRow>
            {saveConfig.busy ? <Loading label={t('admin.security.domain.saving')} /> : null}
          </div>
        ) : null}
      </LoadStates>
      {canWrite && config ? (
        <form className={css.toolbar} onSubmit={submit} noValidate aria-busy={add.busy || undefined}>
          <TextField
            label={listType === 'ALLOW' ? t('admin.security.domain.field.allow') : t('admin.security.domain.field.block')}
            fieldId="fe-domain-new"
            name="domain"
            value={domain}
            onChange={(e) => setDomain(e.target.value)}
            error={problem || undefined}
            placeholder="example.com"
            autoComplete="off"
            spellCheck={false}
          />
          <button type="submit" className={css.button} aria-disabled={add.busy}>
            {add.busy ? t('admin.security.domain.adding') : t('admin.security.domain.add')}
          </button>
        </form>
      ) : null}
      <ErrorSlot error={add.error} />
      <LoadStates state={domainsState} retry={() => void r.$domains.revalidate()}>
        <DataTable
          label={listType === 'ALLOW' ? t('admin.security.domain.table.allow') : t('admin.security.domain.table.block')}
          columns={columns}
          data={shown}
          empty={
            <EmptyState title={listType === 'ALLOW' ? t('admin.security.domain.empty.allow') : t('admin.security.domain.empty.block')}>
              <p>{listType === 'ALLOW' ? t('admin.security.domain.empty.allowHint') : t('admin.security.domain.empty.blockHint')}</p>
            </EmptyState>
          }
        />
      </LoadStates>
      {deleting ? (
        <ConfirmDialog
          open
          title={t('admin.security.domain.deleteTitle')}
          body={t('admin.security.domain.deleteBody', { domain: deleting.domain })}
          action={t('admin.security.domain.delete')}
          busyAction={t('admin.security.domain.deleting')}
          busy={remove.busy}
          error={remove.error}
          onConfirm={() => confirmDelete(deleting)}
          onClose={() => setDeleting(null)}
        />
      ) : null}
    </div>
  );
}
