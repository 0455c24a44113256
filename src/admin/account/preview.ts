/**
 * The account section's canned answers in preview mode (`<fe-app preview>`, admin spec §1): the demo account's
 * settings (every section's dates follow them, src/admin/shell/use-date-time.ts), and a save answered as if it worked
 * (nothing is kept).
 */
import type { AccountSettings } from '../../api/admin-types.ts';
import { PREVIEW_TENANT } from '../../preview/data.ts';
import { writeWorks, type SectionPreviewRoutes } from '../../preview/section-routes.ts';

const SETTINGS = '/tenants/resources/account-settings/v1';

/** The demo account's settings. */
const PREVIEW_ACCOUNT_SETTINGS: AccountSettings = {
  tenantId: PREVIEW_TENANT.tenantId,
  name: PREVIEW_TENANT.name,
  address: '500 Market St, San Francisco',
  timezone: 'America/Los_Angeles',
  dateFormat: 'MM/dd/yyyy',
  timeFormat: 'hh:mm a',
  currency: 'USD',
  website: 'https://preview.invalid',
};

/** The account section's reads and writes. */
export const previewAccount: SectionPreviewRoutes = (req) =>
  req.method === 'GET' && req.path === SETTINGS ? { status: 200, body: PREVIEW_ACCOUNT_SETTINGS } : writeWorks(req, ['/tenants/resources/account-settings/']);

/** The section's preview answers, loaded and registered by the shell in preview mode only (src/admin/shell/preview-answers.ts). */
export default previewAccount;
