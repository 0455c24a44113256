/**
 * The API tokens sections (admin spec §2 "personalApiTokens", "apiTokens"; §3 "API token", §5; AB-3.09, AB-3.10,
 * AB-5.07, AB-5.08, AB-6.07, AB-7.20): ONE view serves both — `personalApiTokens` lists the signed-in user's tokens,
 * `apiTokens` the tenant's (with roles). A tab per machine-to-machine strategy (client credentials | access tokens),
 * each a virtualised, sortable table (description, client id or id, kind, roles for tenant tokens, created, expires or
 * "Never"); create (machine: the secret shown once) and delete (confirmed). Create and delete need the write key
 * (`fe.secure.write.userApiTokens` | `fe.secure.write.tenantApiTokens`): without it they are not shown.
 */
import { useStore } from '@nanostores/react';
import { atom } from 'nanostores';
import { useMemo, useState } from 'react';
import type { Role } from '../../api/admin-types.ts';
import type { Translate } from '../../i18n/index.ts';
import { useT } from '../../i18n/use-t.ts';
import { createTokensResource, type TokenOwner, type TokenRow, type TokenType } from '../resources/tokens.ts';
import { useRouteState, useSection } from '../shell/context.ts';
import { useDateTime, type DateText } from '../shell/use-date-time.ts';
import * as css from '../ui/admin.css.ts';
import * as apiTokensCss from './api-tokens.css.ts';
import { withButtonColumn, DataTable, type ColumnDef } from '../ui/data-table.tsx';
import { ConfirmDialog } from '../ui/dialog.tsx';
import { Chips } from '../ui/chips.tsx';
import { SectionHeader } from '../ui/section-header.tsx';
import { EmptyState, LoadStates } from '../ui/states.tsx';
import { AdminTabs } from '../ui/tabs.tsx';
import { useSave } from '../ui/use-save.ts';
import { CreateTokenDialog } from './CreateTokenDialog.tsx';
import { createRolesResource } from '../resources/roles.ts';

/** The two machine-to-machine strategies (AB-3.10), in tab order. */
export const TOKEN_TYPES: readonly TokenType[] = ['ClientCredentials', 'AccessToken'];

/** Stands in for the roles store in the personal section (no roles there: nothing is fetched). */
const $noRoles = atom<{ data?: Role[]; error?: unknown; loading: boolean }>({ data: [], loading: false });

function columns(opts: {
  t: Translate;
  dateText: DateText;
  owner: TokenOwner;
  type: TokenType;
  rolesById: Map<string, Role>;
  canWrite: boolean;
  onDelete: (row: TokenRow) => void;
}): ColumnDef<TokenRow, unknown>[] {
  const { t, dateText, owner, type, rolesById, canWrite, onDelete } = opts;
  const now = Date.now();
  const cols: ColumnDef<TokenRow, unknown>[] = [
    { id: 'description', accessorKey: 'description', header: t('admin.tokens.col.description'), size: 200, enableSorting: true },
    {
      id: 'key',
      accessorKey: 'key',
      header: t(type === 'ClientCredentials' ? 'admin.tokens.col.clientId' : 'admin.tokens.col.id'),
      size: 200,
      enableSorting: false,
      cell: ({ row }) => (
        <code title={row.original.key} className={apiTokensCss.tokenKey}>
          {row.original.key}
        </code>
      ),
    },
    { id: 'kind', header: t('admin.tokens.col.kind'), size: 140, enableSorting: false, cell: ({ row }) => t(`admin.tokens.kind.${row.original.type}`) },
  ];
  if (owner === 'tenant') {
    cols.push({
      id: 'roles',
      header: t('admin.tokens.col.roles'),
      size: 160,
      enableSorting: false,
      cell: ({ row }) => <Chips none={t('admin.none')} items={(row.original.roleIds ?? []).map((id) => ({ key: id, label: rolesById.get(id)?.name ?? id }))} />,
    });
  }
  cols.push(
    {
      id: 'createdAt',
      accessorFn: (r) => r.createdAt ?? '',
      header: t('admin.tokens.col.created'),
      size: 120,
      enableSorting: true,
      cell: ({ row }) => dateText(row.original.createdAt),
    },
    {
      id: 'expires',
      header: t('admin.tokens.col.expires'),
      size: 140,
      enableSorting: false,
      cell: ({ row }) => {
        const expires = row.original.expires;
        if (!expires) return <span className={css.muted}>{t('admin.never')}</span>;
        return (
          <span className={css.chips}>
            <span>{dateText(expires)}</span>
            {new Date(expires).getTime() <= now ? <span className={css.badgeDanger}>{t('admin.tokens.expired')}</span> : null}
          </span>
        );
      },
    },
  );
  return withButtonColumn(cols, canWrite, t('admin.actions'), 96, {
    text: t('admin.tokens.delete'),
    label: (row) => t('admin.tokens.deleteFor', { description: row.description }),
    onClick: onDelete,
  });
}

/** The tokens section view (personal or tenant, by `useSection().section`). */
export function ApiTokensView() {
  const section = useSection();
  const { app, resources } = section;
  const t = useT(app);
  const owner: TokenOwner = section.section === 'personalApiTokens' ? 'user' : 'tenant';
  const canWrite = section.can('write');
  const [type, setType] = useState<TokenType>('ClientCredentials');
  // a deep link or story may open the create dialog at once (only for a user who may create)
  const [creating, setCreating] = useRouteState<TokenType | null>(({ route }) => (route === 'create' && canWrite ? 'ClientCredentials' : null));
  const roles = useStore(owner === 'tenant' ? resources.use(createRolesResource).$roles : $noRoles);

  return (
    <section className={css.section} aria-labelledby="fe-tokens-title">
      <SectionHeader titleId="fe-tokens-title" title={t(`admin.tokens.title.${owner}`)} intro={t(`admin.tokens.intro.${owner}`)}>
        {canWrite ? (
          <button type="button" className={css.button} onClick={() => setCreating(type)}>
            {t('admin.tokens.create')}
          </button>
        ) : null}
      </SectionHeader>
      <AdminTabs
        label={t('admin.tokens.tabs')}
        selected={type}
        onSelect={(id) => setType(id as TokenType)}
        tabs={TOKEN_TYPES.map((kind) => ({
          id: kind,
          label: t(`admin.tokens.tab.${kind}`),
          content: <TokensTable owner={owner} type={kind} roles={roles.data ?? []} canWrite={canWrite} />,
        }))}
      />
      {creating ? <CreateTokenDialog owner={owner} type={creating} roles={roles.data ?? []} rolesError={roles.error} onClose={() => setCreating(null)} /> : null}
    </section>
  );
}

/** One kind's table with its loading, error and empty states, and the delete confirmation. */
function TokensTable({ owner, type, roles, canWrite }: { owner: TokenOwner; type: TokenType; roles: Role[]; canWrite: boolean }) {
  const section = useSection();
  const { t } = section;
  const { resources, toasts } = section;
  const dateText = useDateTime();
  const $list = resources.use(createTokensResource).list(owner, type);
  const result = useStore($list);
  const rolesById = useMemo(() => new Map(roles.map((r) => [r.id, r])), [roles]);
  const [deleting, setDeleting] = useState<TokenRow | null>(null);
  // a story or deep link `dialog=delete` asks about the first token once the list is there (until dismissed)
  const [askFirst, setAskFirst] = useRouteState(({ route }) => route === 'delete' && canWrite && type === 'ClientCredentials');
  const { busy, error, setError, run } = useSave();
  const cols = useMemo(() => columns({ t, dateText, owner, type, rolesById, canWrite, onDelete: setDeleting }), [t, dateText, owner, type, rolesById, canWrite]);
  const rows = result.data ?? [];
  const target = deleting ?? (askFirst ? (rows[0] ?? null) : null);

  const close = () => {
    setDeleting(null);
    setAskFirst(false);
    setError(null);
  };
  const confirm = (row: TokenRow) =>
    run(
      () => resources.use(createTokensResource).remove.run({ owner, type, key: row.key }),
      () => {
        toasts.show(t('admin.tokens.deleted', { description: row.description }));
        close();
      },
    );

  return (
    <div className={css.section}>
      <LoadStates state={result} retry={() => $list.revalidate()}>
        <DataTable
          label={t(`admin.tokens.table.${type}`)}
          columns={cols}
          data={rows}
          getRowId={(r) => r.key}
          empty={
            <EmptyState title={t(`admin.tokens.empty.${type}`)}>
              <p className={css.muted}>{t(canWrite ? 'admin.tokens.emptyHint' : 'admin.tokens.emptyReadOnly')}</p>
            </EmptyState>
          }
        />
      </LoadStates>
      {target ? (
        <ConfirmDialog
          open
          title={t('admin.tokens.deleteTitle', { description: target.description })}
          body={t('admin.tokens.deleteBody')}
          action={t('admin.tokens.deleteAction')}
          busyAction={t('admin.deleting')}
          busy={busy}
          error={error}
          onClose={close}
          onConfirm={() => void confirm(target)}
        />
      ) : null}
    </div>
  );
}
