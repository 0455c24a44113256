/**
 * `<fe-admin-channels-story panel="email|sms|slack|reports" scenario="filled|empty|loading|error|readOnly">`: one
 * panel of the webhooks section's channels and reports (src/admin/webhooks/channels, …/reports) rendered as the
 * section would show it in a tab — in the webhooks section's context, in preview mode (canned answers,
 * src/admin/webhooks/channels/preview.ts), in a designed state (./admin-story.tsx `scenarioFetch`): one panel alone, where the
 * section shows it in a tab (`#/admin/webhooks/email`, …).
 */
import { createApiClient } from '../../src/api/client.ts';
import { AdminRoot } from '../../elements/internal/section-element.tsx';
import { defineElement, reactElement } from '../../elements/internal/react-element.ts';
import { createAdminResources } from '../../src/admin/resources/index.ts';
import { lazySectionViews, SectionHost } from '../../src/admin/shell/SectionHost.tsx';
import { SECTIONS } from '../../src/admin/shell/sections.ts';
import { adminCss } from '../../src/admin/ui/styles.ts';
import { enAdminWebhooksChannels } from '../../src/admin/webhooks/channels/messages/en.ts';
import { deAdminWebhooksChannels } from '../../src/admin/webhooks/channels/messages/de.ts';
import { heAdminWebhooksChannels } from '../../src/admin/webhooks/channels/messages/he.ts';
import { previewChannels } from '../../src/admin/webhooks/channels/preview.ts';
import { addMessages } from '../../src/i18n/index.ts';
import { useT } from '../../src/i18n/use-t.ts';
import { addPreviewRoutes } from '../../src/preview/section-routes.ts';
import { ADMIN_SCENARIOS, READ_ONLY, scenarioFetch, type AdminScenario } from './admin-story.tsx';
import { PREVIEW_BASE_URL } from './page.ts';

addMessages('en', enAdminWebhooksChannels);
addMessages('de', deAdminWebhooksChannels);
addMessages('he', heAdminWebhooksChannels);
addPreviewRoutes(previewChannels);

/** The panels. */
export const CHANNEL_PANELS = ['email', 'sms', 'slack', 'reports'] as const;
export type ChannelPanel = (typeof CHANNEL_PANELS)[number];

// the panels as the "webhooks" view of the story's section host (each panel its own chunk, as a tab would load it)
const views = {
  email: lazySectionViews({ webhooks: () => import('../../src/admin/webhooks/channels/EmailPanel.tsx').then((m) => ({ default: m.EmailPanel })) }),
  sms: lazySectionViews({ webhooks: () => import('../../src/admin/webhooks/channels/SmsPanel.tsx').then((m) => ({ default: m.SmsPanel })) }),
  slack: lazySectionViews({ webhooks: () => import('../../src/admin/webhooks/channels/SlackPanel.tsx').then((m) => ({ default: m.SlackPanel })) }),
  reports: lazySectionViews({ webhooks: () => import('../../src/admin/webhooks/reports/ReportsPanel.tsx').then((m) => ({ default: m.ReportsPanel })) }),
};

interface Props {
  panel?: string;
  scenario?: string;
}

function ChannelsStoryRoot({ container, panel, scenario }: Props & { container?: ShadowRoot | HTMLElement }) {
  const which: ChannelPanel = (CHANNEL_PANELS as readonly string[]).includes(panel ?? '') ? (panel as ChannelPanel) : 'email';
  const readOnly = scenario === READ_ONLY;
  const s = (ADMIN_SCENARIOS as string[]).includes(scenario ?? '') ? (scenario as AdminScenario) : 'filled';
  return (
    <AdminRoot
      container={container}
      resources={() =>
        createAdminResources({ client: createApiClient({ baseUrl: PREVIEW_BASE_URL, getAccessToken: () => 'preview', fetch: scenarioFetch(s), requestSource: 'admin-portal' }) })
      }
      body={({ app, base }) => <Body app={app} value={{ ...base, section: 'webhooks', permissions: readOnly ? SECTIONS.webhooks.permissions : base.permissions }} panel={which} />}
    />
  );
}

function Body({ app, value, panel }: { app: Parameters<typeof useT>[0]; value: Parameters<typeof SectionHost>[0]['value']; panel: ChannelPanel }) {
  const t = useT(app);
  return <SectionHost value={value} allowed t={t} views={views[panel]} />;
}

/** `<fe-admin-channels-story>`. */
export class FeAdminChannelsStoryElement extends reactElement<Props>(ChannelsStoryRoot, { css: adminCss, props: { panel: 'string', scenario: 'string' } }) {}
defineElement('fe-admin-channels-story', FeAdminChannelsStoryElement);
