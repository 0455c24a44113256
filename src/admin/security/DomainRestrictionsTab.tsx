/**
 * The security section's email-domain restrictions tab (issue 22 item 4; AB-3.18, AB-7.33, AB-7.36): the config
 * (enforced on/off; an allow list — only these domains may join — or a block list; "Block public email domains"),
 * and the domains of the list in force, with add (checked before sending, the server's message on refusal, input
 * kept) and delete (confirmed, optimistic, back on failure) for an admin who may write. The config is a block saved
 * with its Save button (issue 31 item 2; a refusal is announced in the block, the edit kept); an allow list without a
 * domain cannot be enforced, and enforcing one without the saving admin's own domain warns first, "Add <domain>" its
 * default choice (item 1).
 */
import { useStore } from '@nanostores/react';
import { useState, type FormEvent } from 'react';
import type { DomainRestriction, DomainRestrictionsConfig } from '../../api/restrictions.ts';
import { useSection } from '../shell/context.ts';
import * as css from '../ui/admin.css.ts';
import { ConfirmDialog } from '../ui/dialog.tsx';
import { WarningDialog } from '../ui/warning-dialog.tsx';
import { CheckboxRow, TextField } from '../ui/form.tsx';
import { buttonColumn, DataTable, type ColumnDef } from '../ui/data-table.tsx';
import { EmptyState, ErrorSlot, LoadStates } from '../ui/states.tsx';
import { useSave } from '../ui/use-save.ts';
import { useUnsavedChanges } from '../ui/use-unsaved-changes.ts';
import { useDraft } from './PolicyForm.tsx';
import { isDomain, normaliseDomain } from './restrictions-model.ts';
import { EnforcementBlock, useRestrictions } from './restrictions-parts.tsx';

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
  // the config as the admin sets it, saved with the block's Save (issue 31 item 2); the list shown follows it
  const draft = useDraft<DomainRestrictionsConfig>(config ? { ...NO_CONFIG, ...config } : undefined);
  const form = draft.value;
  const listType = form?.listType ?? 'ALLOW';
  const shown = (domainsState.data ?? []).filter((d) => d.type === listType);
  const allowed = (domainsState.data ?? []).filter((d) => d.type === 'ALLOW').map((d) => d.domain);
  const enforcesAllow = (c: DomainRestrictionsConfig | undefined) => !!c?.active && c.listType === 'ALLOW';
  // an allow list without a domain cannot be enforced (issue 31 item 1; the emulator refuses it too)
  const emptyAllow = enforcesAllow(form) && domainsState.data !== undefined && allowed.length === 0;
  // the saving admin's own domain: enforcing an allow list without it warns first
  const email = useStore(section.app.stores.$session).user?.email ?? '';
  const myDomain = email.includes('@') ? normaliseDomain(email.slice(email.lastIndexOf('@') + 1)) : '';
  const [warning, setWarning] = useState<DomainRestrictionsConfig | null>(null);

  const save = useSave();
  const saveConfig = async (next: DomainRestrictionsConfig) => {
    await r.saveDomainConfig.run(next);
    draft.clear();
    toasts.show(t('admin.security.domain.configSaved'));
  };
  /** Save: the own-domain warning first when an allow list without it is about to be enforced, else saved. */
  const submitConfig = () => {
    if (!form || emptyAllow) return;
    if (enforcesAllow(form) && !enforcesAllow(config) && myDomain && !allowed.includes(myDomain)) return setWarning(form);
    void save.run(
      () => saveConfig(form),
      () => undefined,
    );
  };

  const [domain, setDomain] = useState('');
  // a domain typed and not added is an unsaved edit too
  useUnsavedChanges(domain.trim() !== '');
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
      {canWrite ? null : <p className={css.muted}>{t('admin.security.domain.readOnly')}</p>}
      <EnforcementBlock
        kind="domain"
        state={configState}
        retry={() => void r.$domainConfig.revalidate()}
        save={save}
        canWrite={canWrite}
        onSubmit={submitConfig}
        blocked={emptyAllow ? t('admin.security.domain.emptyAllow') : undefined}
        value={form ? { active: form.active, list: listType } : undefined}
        onChange={({ active, list }) => draft.edit({ ...(active === undefined ? {} : { active }), ...(list ? { listType: list } : {}) })}
      >
        {form ? (
          <CheckboxRow name="blockPublicDomains" checked={form.blockPublicDomains} disabled={!canWrite} onChange={(blockPublicDomains) => draft.edit({ blockPublicDomains })}>
            {t('admin.security.domain.blockPublic')}
          </CheckboxRow>
        ) : null}
      </EnforcementBlock>
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
      {warning ? (
        <WarningDialog
          title={t('admin.security.domain.ownDomain.title')}
          body={<p>{t('admin.security.domain.ownDomain.body', { domain: myDomain })}</p>}
          safe={{
            label: t('admin.security.domain.ownDomain.add', { domain: myDomain }),
            busyLabel: t('admin.security.domain.adding'),
            run: async () => {
              await r.addDomain.run({ domain: myDomain, type: 'ALLOW' });
              toasts.show(t('admin.security.domain.added', { domain: myDomain }));
              await saveConfig(warning);
            },
          }}
          risky={{ label: t('admin.security.domain.saveAnyway'), busyLabel: t('admin.security.domain.saving'), run: () => saveConfig(warning) }}
          onClose={() => setWarning(null)}
        />
      ) : null}
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
