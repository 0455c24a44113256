/**
 * The SSO section (admin spec §2 "sso", §3, §4, §7; issue 23 items 1–5): the account's SSO connections — the IdP
 * (the IdP chosen at setup — "Okta · SAML" — or the protocol, and its address), domains with validated / pending badges, an enabled switch (loading while it switches,
 * AB-4.15), the default roles — with an empty state that invites "Add SSO connection", delete with confirmation, and
 * each connection's page (`#/admin/sso/<connection id>`: configuration, domains, authorization). "Add SSO connection"
 * (`#/admin/sso/add`) runs the setup flow (machines/admin-sso-setup.machine.ts). The account's legacy single SAML
 * configuration, when it has one, is edited through its own panel (machines/admin-saml.machine.ts). Without
 * `fe.secure.write.samlConfiguration` everything is read-only.
 */
import { useStore } from '@nanostores/react';
import { useCallback, useState } from 'react';
import type { Role } from '../../api/admin-types.ts';
import type { SsoConfiguration } from '../../api/sso.ts';
import { useT } from '../../i18n/use-t.ts';
import { createSsoResource } from '../resources/sso.ts';
import { useSection, useSubRoute } from '../shell/context.ts';
import * as css from '../ui/admin.css.ts';
import * as ssoCss from './sso.css.ts';
import { Chips } from '../ui/chips.tsx';
import { SectionHeader } from '../ui/section-header.tsx';
import { EmptyState, LoadStates } from '../ui/states.tsx';
import { ConnectionView } from './ConnectionView.tsx';
import { LegacySamlPanel } from './LegacySamlPanel.tsx';
import { ADD_LINK, CONNECTION_LINK, hostOf, kindKey } from './model.ts';
import { DeleteConnectionDialog, DomainBadge, EnabledSwitch } from './parts.tsx';
import { SetupDialog } from './SetupDialog.tsx';
import { createRolesResource } from '../resources/roles.ts';

/** The SSO section view. */
export function SsoView() {
  const section = useSection();
  const t = useT(section.app);
  const canWrite = section.can('write');
  const sso = section.resources.use(createSsoResource);
  const list = useStore(sso.$configurations);
  const roles = useStore(section.resources.use(createRolesResource).$roles);
  // what the sub-route names (the shell's, issue 30 item 2): the setup flow, a connection's page, or the list
  const { route, params, go } = useSubRoute();
  const openConnection = useCallback((id: string) => go(CONNECTION_LINK, { id }), [go]);
  const toList = useCallback(() => go(null), [go]);
  const asked = route === CONNECTION_LINK ? params.id : undefined;

  const open = asked ? list.data?.find((c) => c.id === asked) : undefined;
  if (open) return <ConnectionView configuration={open} roles={roles.data ?? []} canWrite={canWrite} onBack={toList} />;

  return (
    <section className={css.section} aria-labelledby="fe-sso-title" aria-busy={list.loading || undefined}>
      <SectionHeader titleId="fe-sso-title" title={t('admin.sso.title')} intro={t('admin.sso.intro')}>
        {canWrite && list.data?.length ? (
          <button type="button" className={css.button} onClick={() => go(ADD_LINK)}>
            {t('admin.sso.add')}
          </button>
        ) : null}
      </SectionHeader>
      {!canWrite ? <p className={css.muted}>{t('admin.sso.readOnly')}</p> : null}
      {asked && list.data && !open ? <p className={css.notice}>{t('admin.sso.notFound')}</p> : null}
      <LoadStates state={list} retry={() => sso.$configurations.revalidate()}>
        {list.data?.length ? (
          <ul className={ssoCss.cards} aria-label={t('admin.sso.list')}>
            {list.data.map((c) => (
              <li key={c.id}>
                <ConnectionCard configuration={c} roles={roles.data ?? []} canWrite={canWrite} onOpen={() => openConnection(c.id)} />
              </li>
            ))}
          </ul>
        ) : (
          <EmptyState title={t('admin.sso.empty')}>
            <p className={css.flush}>{t('admin.sso.emptyHint')}</p>
            {canWrite ? (
              <button type="button" className={css.button} onClick={() => go(ADD_LINK)}>
                {t('admin.sso.add')}
              </button>
            ) : null}
          </EmptyState>
        )}
      </LoadStates>
      <LegacySamlPanel canWrite={canWrite} />
      {route === ADD_LINK && canWrite ? <SetupDialog roles={roles.data ?? []} onClose={toList} onOpen={openConnection} /> : null}
    </section>
  );
}

/** One connection in the list. */
function ConnectionCard({ configuration: c, roles, canWrite, onOpen }: { configuration: SsoConfiguration; roles: Role[]; canWrite: boolean; onOpen: () => void }) {
  const { t } = useSection();
  const [confirm, setConfirm] = useState(false);
  const name = hostOf(c.ssoEndpoint) || t(`admin.sso.type.${c.type}`);
  const roleName = new Map(roles.map((r) => [r.id, r.name]));
  return (
    <article className={ssoCss.card} aria-labelledby={`fe-sso-card-${c.id}`} data-connection={c.id}>
      <div className={ssoCss.cardHeader}>
        <span className={css.cellStack}>
          <a id={`fe-sso-card-${c.id}`} href={`#/admin/sso/${c.id}`} className={css.subtitle} onClick={(e) => (e.preventDefault(), onOpen())}>
            {name}
          </a>
          <span className={css.muted} data-kind="">
            {t(kindKey(c))}
            {c.isLegacySaml ? ` · ${t('admin.sso.legacy')}` : ''}
          </span>
        </span>
        <EnabledSwitch configuration={c} canWrite={canWrite} />
      </div>
      <div className={css.cellStack}>
        <span className={css.label}>{t('admin.sso.domains.title')}</span>
        {c.domains.length ? (
          <span className={css.chips}>
            {c.domains.map((d) => (
              <span key={d.id} className={ssoCss.domain}>
                {d.domain} <DomainBadge validated={d.validated} />
              </span>
            ))}
          </span>
        ) : (
          <span className={css.muted}>{t('admin.sso.domains.none')}</span>
        )}
      </div>
      <div className={css.cellStack}>
        <span className={css.label}>{t('admin.sso.auth.defaultRoles')}</span>
        <Chips items={c.roleIds.map((id) => ({ key: id, label: roleName.get(id) ?? id }))} none={t('admin.none')} />
      </div>
      <div className={css.toolbar}>
        <button type="button" className={css.secondaryButton} onClick={onOpen} aria-label={t(canWrite ? 'admin.sso.manageLabel' : 'admin.sso.viewLabel', { name })}>
          {t(canWrite ? 'admin.sso.manage' : 'admin.sso.view')}
        </button>
        {canWrite ? (
          <button type="button" className={css.secondaryButton} onClick={() => setConfirm(true)} aria-label={t('admin.sso.deleteLabel', { name })}>
            {t('admin.delete')}
          </button>
        ) : null}
      </div>
      <DeleteConnectionDialog id={c.id} name={name} open={confirm} onClose={() => setConfirm(false)} onDeleted={() => setConfirm(false)} />
    </article>
  );
}
