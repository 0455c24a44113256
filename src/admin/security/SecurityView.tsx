/**
 * The security section (admin spec §2 "security", issue 22): tabs securityCenter (first), generalSettings,
 * sessionManagement, ipRestrictions and domainRestrictions. Each tab is deep-linkable (`#/admin/security/<tab>`:
 * the shell hands the sub-path as `dialog`; choosing a tab in the portal rewrites the hash) and keeps its own
 * loading, saving and error state (AB-4.01). Without `fe.secure.write.securityPolicy` every tab is read-only.
 */
import { useEffect, useState, type ReactNode } from 'react';
import { useT } from '../../i18n/use-t.ts';
import { useSection } from '../shell/context.ts';
import * as css from '../ui/admin.css.ts';
import { SectionHeader } from '../ui/section-header.tsx';
import { AdminTabs } from '../ui/tabs.tsx';
import { DomainRestrictionsTab } from './DomainRestrictionsTab.tsx';
import { GeneralSettingsTab } from './GeneralSettingsTab.tsx';
import { IpRestrictionsTab } from './IpRestrictionsTab.tsx';
import { isSecurityTab, SECURITY_TABS, type SecurityTab } from './model.ts';
import { SecurityCenterTab } from './SecurityCenterTab.tsx';
import { SessionManagementTab } from './SessionManagementTab.tsx';

/** The section's own hash, `#/admin/security[/<sub-path>]`; group 1 is the sub-path (a tab id when it names one). */
const HASH = /^#\/?admin\/security(?:\/([\w:-]*))?$/;

/** Rewrites the location hash to `#/admin/security/<tab>` when the page shows this section by its hash (the portal). */
function linkTab(tab: SecurityTab): void {
  if (HASH.test(location.hash)) history.replaceState(history.state, '', `#/admin/security/${tab}`);
}

/** The security section view. */
export function SecurityView() {
  const section = useSection();
  const t = useT(section.app);
  const canWrite = section.can('write');
  const [tab, setTab] = useState<SecurityTab>(() => (isSecurityTab(section.dialog) ? section.dialog : 'securityCenter'));
  // a later deep link (the hash moved to another tab: a link, back or forward) selects that tab
  useEffect(() => {
    const follow = () => {
      const asked = HASH.exec(location.hash)?.[1];
      if (isSecurityTab(asked)) setTab(asked);
    };
    addEventListener('hashchange', follow);
    return () => removeEventListener('hashchange', follow);
  }, []);
  const content: Record<SecurityTab, ReactNode> = {
    securityCenter: <SecurityCenterTab t={t} canWrite={canWrite} />,
    generalSettings: <GeneralSettingsTab t={t} canWrite={canWrite} />,
    sessionManagement: <SessionManagementTab t={t} canWrite={canWrite} />,
    ipRestrictions: <IpRestrictionsTab />,
    domainRestrictions: <DomainRestrictionsTab />,
  };
  return (
    <section className={css.section} aria-labelledby="fe-security-title">
      <SectionHeader titleId="fe-security-title" title={t('admin.security.title')} intro={t('admin.security.intro')} />
      {!canWrite ? <p className={css.muted}>{t('admin.security.readOnly')}</p> : null}
      <AdminTabs
        label={t('admin.security.tabs')}
        selected={tab}
        onSelect={(id) => {
          if (!isSecurityTab(id)) return;
          setTab(id);
          linkTab(id);
        }}
        tabs={SECURITY_TABS.map((id) => ({ id, label: t(`admin.security.tab.${id}`), content: content[id] }))}
      />
    </section>
  );
}
