/**
 * Canned notifications of the portal's bell in preview mode (`<fe-app preview>`): loaded with every section's
 * preview answers by file pattern (./preview-answers.ts); writes answer `{}` as if they worked.
 */
import { writeWorks, type SectionPreviewRoutes } from '../../preview/section-routes.ts';
import { NOTIFICATIONS_PATHS, type AppNotification } from '../resources/notifications.ts';

/** The canned notifications: two unread (one pinned), two read. */
export const PREVIEW_NOTIFICATIONS: AppNotification[] = [
  { id: 'n-1', title: 'Invoice paid', body: 'Invoice INV-0042 was paid.', createdAt: '2030-01-05T10:00:00.000Z', status: 'unread', isPinned: false },
  {
    id: 'n-2',
    title: 'SSO certificate expires soon',
    body: 'Okta prod’s certificate expires in 14 days.',
    createdAt: '2030-01-04T08:30:00.000Z',
    status: 'unread',
    isPinned: true,
  },
  { id: 'n-3', title: 'New sign-in', body: 'Ada signed in from a new device.', createdAt: '2030-01-03T16:12:00.000Z', status: 'read', isPinned: false },
  { id: 'n-4', title: 'Webhook disabled', body: 'Billing sync answered 410 and was disabled.', createdAt: '2030-01-02T12:00:00.000Z', status: 'read', isPinned: false },
];

/** GET answers the canned list; writes work. */
export const previewNotifications: SectionPreviewRoutes = (req) => {
  if (req.method === 'GET' && req.path === NOTIFICATIONS_PATHS.list) return { status: 200, body: PREVIEW_NOTIFICATIONS };
  return req.path.startsWith(NOTIFICATIONS_PATHS.list) ? writeWorks(req, [NOTIFICATIONS_PATHS.list]) : null;
};

/** The bell's preview answers. */
export default previewNotifications;
