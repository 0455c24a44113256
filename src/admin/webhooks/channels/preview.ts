/**
 * Canned data of the webhooks section's channels and reports panels in preview mode (`<fe-app preview>`): the event
 * catalogue (the webhooks' too: Frontegg's 22 keys in three categories), email and SMS subscriptions, a connected Slack workspace (or,
 * with {@link setPreviewSlackConnected}(false), none), three reports and a report's HTML. Writes answer `{}` as if
 * they worked. Part of the section's preview answers (../preview.ts).
 */
import { writeWorks, type SectionPreviewRoutes } from '../../../preview/section-routes.ts';
import { CONNECTIVITY_PATHS, type ChannelEventConfig, type EventCategory, type SlackChannel, type SlackConfiguration } from '../../resources/connectivity.ts';
import { REPORTS_PATHS, type Report } from '../../resources/reports.ts';

/** The canned catalogue: per category its id, name and events (key, display name, description). */
const CATALOGUE: [string, string, string][][] = [
  [
    ['frontegg.user.created', 'User created', 'A user was added to the account'],
    ['frontegg.user.signedUp', 'User signed up', 'A user signed up'],
    ['frontegg.user.activated', 'User activated', 'A user activated their account'],
    ['frontegg.user.deleted', 'User deleted', 'A user was deleted'],
    ['frontegg.user.updated', 'User updated', 'A user’s details changed'],
    ['frontegg.user.invitedToTenant', 'User invited', 'A user was invited to the account'],
    ['frontegg.user.removedFromTenant', 'User removed', 'A user was removed from the account'],
  ],
  [
    ['frontegg.user.authenticated', 'Signed in', 'A user signed in'],
    ['frontegg.user.authenticatedWithSAML', 'Signed in with SAML', 'A user signed in through SAML'],
    ['frontegg.user.authenticatedWithSSO', 'Signed in with SSO', 'A user signed in through SSO'],
    ['frontegg.user.failedAuthentication', 'Failed sign-in', 'A sign-in failed'],
    ['frontegg.user.changedPassword', 'Password changed', 'A user changed their password'],
    ['frontegg.user.forgotPassword', 'Password forgotten', 'A user asked to reset their password'],
    ['frontegg.user.enrolledMFA', 'MFA enrolled', 'A user enrolled in MFA'],
    ['frontegg.user.disabledMFA', 'MFA disabled', 'A user turned MFA off'],
  ],
  [
    ['frontegg.tenant.created', 'Account created', 'An account was created'],
    ['frontegg.tenant.updated', 'Account updated', 'An account’s details changed'],
    ['frontegg.tenant.deleted', 'Account deleted', 'An account was deleted'],
    ['frontegg.userApiToken.created', 'Personal token created', 'A personal API token was created'],
    ['frontegg.userApiToken.deleted', 'Personal token deleted', 'A personal API token was deleted'],
    ['frontegg.tenantApiToken.created', 'Account token created', 'An account API token was created'],
    ['frontegg.tenantApiToken.deleted', 'Account token deleted', 'An account API token was deleted'],
  ],
];

/** The categories' ids and names, in the catalogue's order. */
const CATEGORY_NAMES = [
  ['cat-users', 'Users'],
  ['cat-auth', 'Authentication'],
  ['cat-account', 'Account and API tokens'],
] as const;

/** The canned event catalogue: Frontegg's 22 keys in three categories. */
export const PREVIEW_CATEGORIES: EventCategory[] = CATEGORY_NAMES.map(([id, name], i) => ({
  id,
  name,
  events: CATALOGUE[i].map(([key, displayName, description]) => ({ id: `ev-${key}`, key, displayName, description, categoryId: id })),
}));

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
      case CONNECTIVITY_PATHS.categories:
        return ok(PREVIEW_CATEGORIES);
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
