/**
 * The security section's IP and email-domain restriction tabs in every designed state (issue 22 item 8): loading,
 * empty, filled (the canned rules of src/admin/security/preview-restrictions.ts: 50 a page), error, read-only, the
 * lock-out warning, the add and bulk-add dialogs and a bulk add's result — preview mode, no network.
 *
 * Rendered by `<fe-admin-restrictions-story tab="ip|domain" scenario dialog read-only>`: one tab in the security
 * section's context (the section host with the tab as the section's view), on the scenario's canned answers. Without
 * `scenario` it renders on the app's own resources (tests: against the emulator, inside `<fe-app base-url>`).
 */
import type { Meta, StoryObj } from '@storybook/web-components-vite';
import { html } from 'lit';
import { keyed } from 'lit/directives/keyed.js';
import { createElement, useMemo } from 'react';
import { AdminRoot } from '../elements/internal/section-element.tsx';
import { defineElement, reactElement } from '../elements/internal/react-element.ts';
import { createApiClient } from '../src/api/client.ts';
import { createAdminResources } from '../src/admin/resources/index.ts';
import { DomainRestrictionsTab } from '../src/admin/security/DomainRestrictionsTab.tsx';
import { IpRestrictionsTab } from '../src/admin/security/IpRestrictionsTab.tsx';
import { previewRestrictions } from '../src/admin/security/preview-restrictions.ts';
import { BulkAddResult } from '../src/admin/security/restrictions-ip-dialogs.tsx';
import { useSection } from '../src/admin/shell/context.ts';
import { lazySectionViews, SectionHost } from '../src/admin/shell/SectionHost.tsx';
import { adminCss } from '../src/admin/ui/styles.ts';
import { AdminDialog } from '../src/admin/ui/dialog.tsx';
import { DoneActions } from '../src/admin/ui/form.tsx';
import { addMessages } from '../src/i18n/index.ts';
import { enAdminSecurity } from '../src/admin/security/messages/en.ts';
import { useT } from '../src/i18n/use-t.ts';
import { addPreviewRoutes } from '../src/preview/section-routes.ts';
import { ADMIN_SCENARIOS, scenarioFetch, type AdminScenario } from './support/admin-story.tsx';
import { PREVIEW_BASE_URL } from './support/page.ts';
import { previewApp } from './support/preview-app.ts';
import '../elements/admin/fe-admin-security.ts';

addMessages('en', enAdminSecurity);
for (const routes of previewRestrictions) addPreviewRoutes(routes);

/** The read key of the security section: a read-only admin holds it and no write key. */
const READ_ONLY = ['fe.secure.read.securityPolicy'];

interface HarnessProps {
  tab?: string;
  scenario?: string;
  dialog?: string;
  readOnly?: boolean;
}

/** The bulk-add result as the dialog shows it after a paste with a refused line (story `dialog="ip-bulk-result"`). */
function BulkResultStory() {
  const { t } = useSection();
  const outcome = { added: 2, refused: [{ line: 3, ip: '10.0.0.300', description: '', problem: 'admin.security.ip.error.invalid' as const }] };
  return createElement(AdminDialog, {
    open: true,
    onClose: () => {},
    title: t('admin.security.ip.bulk.title'),
    children: [createElement(BulkAddResult, { key: 'result', outcome }), createElement(DoneActions, { key: 'done', label: t('admin.security.ip.bulk.done'), onDone: () => {} })],
  });
}

/** The IP tab with the bulk-add result open over it, in the section's context. */
function IpTabWithBulkResult() {
  return [createElement(IpRestrictionsTab, { key: 'tab' }), createElement(BulkResultStory, { key: 'result' })];
}

function Harness({ container, tab, scenario, dialog, readOnly }: HarnessProps & { container?: ShadowRoot | HTMLElement }) {
  const s = (ADMIN_SCENARIOS as string[]).includes(scenario ?? '') ? (scenario as AdminScenario) : undefined;
  const views = useMemo(
    () =>
      lazySectionViews({
        security: () => Promise.resolve({ default: dialog === 'ip-bulk-result' ? IpTabWithBulkResult : tab === 'domain' ? DomainRestrictionsTab : IpRestrictionsTab }),
      }),
    [tab, dialog],
  );
  return createElement(AdminRoot, {
    container,
    resources: s
      ? () =>
          createAdminResources({ client: createApiClient({ baseUrl: PREVIEW_BASE_URL, getAccessToken: () => 'preview', fetch: scenarioFetch(s), requestSource: 'admin-portal' }) })
      : undefined,
    body: ({ app, base }) =>
      createElement(HostBody, {
        app,
        value: { ...base, permissions: readOnly ? READ_ONLY : base.permissions, section: 'security' as const, dialog: dialog === 'ip-bulk-result' ? undefined : dialog },
        views,
      }),
  });
}

function HostBody({ app, value, views }: { app: Parameters<typeof useT>[0]; value: Parameters<typeof SectionHost>[0]['value']; views: ReturnType<typeof lazySectionViews> }) {
  const t = useT(app);
  return createElement(SectionHost, { value, allowed: true, t, views });
}

/** `<fe-admin-restrictions-story>`: one restriction tab (`tab` ip or domain) in one scenario, optionally read-only or with a dialog open. */
export class FeAdminRestrictionsStoryElement extends reactElement<HarnessProps>(Harness, {
  css: adminCss,
  props: { tab: 'string', scenario: 'string', dialog: 'string', readOnly: 'boolean' },
}) {}
defineElement('fe-admin-restrictions-story', FeAdminRestrictionsStoryElement);

/** Story args: the tab, the scenario, a dialog, read-only. */
interface RestrictionsArgs {
  tab: 'ip' | 'domain';
  scenario: AdminScenario;
  dialog?: string;
  readOnly?: boolean;
}

// an object literal with a literal title: Storybook's static indexer reads the default export
export default {
  title: 'Admin/Security restrictions',
  component: 'fe-admin-security',
  argTypes: { tab: { control: 'select', options: ['ip', 'domain'] }, scenario: { control: 'select', options: ADMIN_SCENARIOS } },
  render: ({ tab, scenario, dialog, readOnly }) => {
    const story = document.createElement('fe-admin-restrictions-story');
    story.setAttribute('tab', tab);
    story.setAttribute('scenario', scenario);
    if (dialog) story.setAttribute('dialog', dialog);
    if (readOnly) story.setAttribute('read-only', '');
    return html`${keyed(`${tab}/${scenario}/${dialog ?? ''}/${readOnly ? 'ro' : ''}`, previewApp([story], { signedIn: true }))}`;
  },
} satisfies Meta<RestrictionsArgs>;

type Story = StoryObj<RestrictionsArgs>;

export const IpFilled: Story = { args: { tab: 'ip', scenario: 'filled' } };
export const IpEmpty: Story = { args: { tab: 'ip', scenario: 'empty' } };
export const IpLoading: Story = { args: { tab: 'ip', scenario: 'loading' } };
export const IpFailed: Story = { args: { tab: 'ip', scenario: 'error' } };
export const IpReadOnly: Story = { args: { tab: 'ip', scenario: 'filled', readOnly: true } };
export const IpAdd: Story = { args: { tab: 'ip', scenario: 'filled', dialog: 'ip-add' } };
export const IpBulkAdd: Story = { args: { tab: 'ip', scenario: 'filled', dialog: 'ip-bulk' } };
export const IpBulkAddResult: Story = { args: { tab: 'ip', scenario: 'filled', dialog: 'ip-bulk-result' } };
export const IpLockOutWarning: Story = { args: { tab: 'ip', scenario: 'filled', dialog: 'ip-lockout' } };
export const DomainsFilled: Story = { args: { tab: 'domain', scenario: 'filled' } };
export const DomainsEmpty: Story = { args: { tab: 'domain', scenario: 'empty' } };
export const DomainsLoading: Story = { args: { tab: 'domain', scenario: 'loading' } };
export const DomainsFailed: Story = { args: { tab: 'domain', scenario: 'error' } };
export const DomainsReadOnly: Story = { args: { tab: 'domain', scenario: 'filled', readOnly: true } };
