/**
 * The groups section's canned answers in preview mode (`<fe-app preview>`, admin spec §1): the demo account's groups
 * (src/preview/directory.ts, one managed by SCIM: read-only in the portal) with their roles and members, the groups
 * configuration, and the section's writes answered as if they worked (nothing is kept).
 */
import { PREVIEW_GROUPS } from '../../preview/directory.ts';
import { writeWorks, type SectionPreviewRoutes } from '../../preview/section-routes.ts';

const GROUPS = '/identity/resources/groups/v1';

/** The groups section's reads and writes. */
export const previewGroups: SectionPreviewRoutes = (req) => {
  if (req.method === 'GET' && req.path === GROUPS) return { status: 200, body: PREVIEW_GROUPS };
  if (req.method === 'GET' && req.path === `${GROUPS}/config`) return { status: 200, body: { enabled: true, rolesEnabled: true } };
  if (req.method === 'POST' && req.path === GROUPS) return { status: 200, body: { id: 'group-new', managedBy: 'frontegg', ...req.body } };
  return writeWorks(req, ['/identity/resources/groups/']);
};

/** The section's preview answers, loaded and registered by the shell in preview mode only (src/admin/shell/preview-answers.ts). */
export default previewGroups;
