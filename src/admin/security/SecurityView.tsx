/**
 * The security section (admin spec §2 "security", issue 22): tabs securityCenter (first), generalSettings,
 * sessionManagement, ipRestrictions and domainRestrictions. Each tab is a sub-route (issue 30 item 2, the shell's:
 * `#/admin/security/<tab>` in the portal, where choosing a tab is a history entry), as are the IP tab's dialogs
 * (`ip-add`, `ip-bulk`, `ip-lockout`: that tab, its dialog open); each tab keeps its own loading, saving and error
 * state (AB-4.01). Without `fe.secure.write.securityPolicy` every tab is read-only.
 *
 * One save rule for the whole section (issue 31 item 2): every settings block — MFA, lockout, password history,
 * sessions, the IP and the email-domain enforcement — saves on its own Save button, never on a click of one of its
 * controls; a list entry (an IP rule, a domain) is added and deleted by its own button or dialog, each confirmed with a
 * toast, and a security-center action by its button. While a block holds edits not saved (or a domain is typed and not
 * added), leaving — another tab, another section, Back or Forward, closing the page — asks first
 * (src/admin/ui/use-unsaved-changes.ts, src/admin/ui/unsaved.ts).
 */
import type { ReactNode } from 'react';
import { useT } from '../../i18n/use-t.ts';
import { useSection, useSubRoute } from '../shell/context.ts';
import * as css from '../ui/admin.css.ts';
import { SectionHeader } from '../ui/section-header.tsx';
import { AdminTabs } from '../ui/tabs.tsx';
import { DomainRestrictionsTab } from './DomainRestrictionsTab.tsx';
import { GeneralSettingsTab } from './GeneralSettingsTab.tsx';
import { IpRestrictionsTab } from './IpRestrictionsTab.tsx';
import { isSecurityTab, SECURITY_TABS, tabOfRoute, type SecurityTab } from './model.ts';
import { SecurityCenterTab } from './SecurityCenterTab.tsx';
import { SessionManagementTab } from './SessionManagementTab.tsx';

/** The security section view. */
export function SecurityView() {
  const section = useSection();
  const t = useT(section.app);
  const canWrite = section.can('write');
  // the tab is the sub-route (a link, Back and Forward select it too)
  const { route, go } = useSubRoute();
  const tab = tabOfRoute(route);
  const content: Record<SecurityTab, ReactNode> = {
    securityCenter: <SecurityCenterTab canWrite={canWrite} />,
    generalSettings: <GeneralSettingsTab canWrite={canWrite} />,
    sessionManagement: <SessionManagementTab canWrite={canWrite} />,
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
          if (isSecurityTab(id) && id !== tab) go(id);
        }}
        tabs={SECURITY_TABS.map((id) => ({ id, label: t(`admin.security.tab.${id}`), content: content[id] }))}
      />
    </section>
  );
}
