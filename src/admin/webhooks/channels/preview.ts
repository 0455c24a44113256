/**
 * Canned data of the webhooks section's channels and reports panels in preview mode (`<fe-app preview>`; the event
 * catalogue is the webhooks', ../preview.ts): email and SMS subscriptions, a connected Slack workspace (or,
 * with {@link setPreviewSlackConnected}(false), none), three reports and a report's HTML. Writes answer `{}` as if
 * they worked. Part of the section's preview answers (../preview.ts).
 */
import { writeWorks, type SectionPreviewRoutes } from '../../../preview/section-routes.ts';
import { CONNECTIVITY_PATHS, type ChannelEventConfig, type SlackChannel, type SlackConfiguration } from '../../resources/connectivity.ts';
import { REPORTS_PATHS, type Report } from '../../resources/reports.ts';

/** The canned email configurations: one event with two recipients. */
export const PREVIEW_EMAIL: ChannelEventConfig[] = [
  {
    eventKey: 'frontegg.user.invitedToTenant',
    enabled: true,
    subscriptions: [{ id: 'email-sub-1', name: 'Invitations', enabled: true, recipients: ['security@acme.test', 'ops@acme.test'] }],
  },
];

/** The canned SMS configurations: one event, switched off. */
export const PREVIEW_SMS: ChannelEventConfig[] = [
  { eventKey: 'frontegg.user.failedAuthentication', enabled: false, subscriptions: [{ id: 'sms-sub-1', name: 'Failed sign-ins', enabled: false, recipients: ['+4915112345678'] }] },
];

/** The canned Slack workspace's channels. */
export const PREVIEW_SLACK_CHANNELS: SlackChannel[] = [
  { id: 'C01', name: 'security' },
  { id: 'C02', name: 'ops' },
  { id: 'C03', name: 'sales' },
];

/** The canned Slack configuration: connected, one event posted to #security. */
export const PREVIEW_SLACK: SlackConfiguration = {
  id: 'slack-1',
  slackSubscriptions: [{ id: 'slack-sub-1', isActive: true, slackEvents: [{ eventKey: 'frontegg.user.failedAuthentication', channelIds: ['C01'] }] }],
};

/** The canned reports. */
export const PREVIEW_REPORTS: Report[] = [
  {
    id: 'report-users',
    name: 'Weekly users',
    description: 'New, active and locked users.',
    schedule: { interval: 'weekly', tz: 'Europe/Berlin', active: true },
    status: 'active',
    type: 'html',
    createdAt: '2030-01-02T09:00:00.000Z',
    dataFilters: [{ type: 'range', config: { days: 7 } }],
  },
  {
    id: 'report-audit',
    name: 'Security digest',
    description: 'Failed sign-ins and lockouts.',
    schedule: { cron: '0 9 * * 1', tz: 'UTC', active: false },
    status: 'paused',
    type: 'html',
  },
  { id: 'report-tokens', name: 'API tokens', description: 'Tokens made and used.', status: 'draft', type: 'html' },
];

/** The canned report HTML (with a script, which the sandboxed frame never runs). */
export const PREVIEW_REPORT_HTML =
  '<!doctype html><html><body style="font-family:sans-serif"><h1>Weekly users</h1><p>12 new users, 140 active, 1 locked.</p><script>document.body.dataset.ran = "yes"</script></body></html>';

let slackConnected = true;

/** Preview with Slack connected (the default) or not; returns how to put the default back. */
export function setPreviewSlackConnected(connected: boolean): () => void {
  slackConnected = connected;
  return () => void (slackConnected = true);
}

const ok = (body: unknown) => ({ status: 200, body });

/** The channels' and reports' canned answers. */
export const previewChannels: SectionPreviewRoutes = (req) => {
  if (req.method === 'GET') {
    switch (req.path) {
      case CONNECTIVITY_PATHS.emails:
        return ok(PREVIEW_EMAIL);
      case CONNECTIVITY_PATHS.sms:
        return ok(PREVIEW_SMS);
      case CONNECTIVITY_PATHS.slack:
        return ok(slackConnected ? PREVIEW_SLACK : { slackSubscriptions: [] });
      case CONNECTIVITY_PATHS.slackChannels:
        return ok(slackConnected ? PREVIEW_SLACK_CHANNELS : []);
      case CONNECTIVITY_PATHS.slackScope:
        return ok({ clientId: 'preview-slack-client' });
      case REPORTS_PATHS.list:
        return ok(PREVIEW_REPORTS);
      case REPORTS_PATHS.preview:
        return ok(PREVIEW_REPORT_HTML);
    }
    return null;
  }
  return writeWorks(req, ['/integrations/', '/reports/']);
};
