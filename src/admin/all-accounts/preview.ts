/** The allAccounts section's canned data in preview mode (`<fe-app preview>`): a few sub-accounts, searched by name. */
import type { SectionPreviewRoutes } from '../../preview/section-routes.ts';
import { SUB_TENANT_PATHS, type AccountRow } from '../resources/all-accounts.ts';

/** The canned sub-accounts. */
export const PREVIEW_ACCOUNTS: AccountRow[] = ['Acme EMEA', 'Acme Americas', 'Acme APAC'].map((name, i) => ({
  tenantId: `preview-account-${i + 1}`,
  name,
  createdAt: new Date(Date.UTC(2030, 0, i + 1)).toISOString(),
  metadata: { isParent: i === 0 },
  isReseller: false,
  subAccountAccessType: 'defaultOff',
}));

/** GET `hierarchy/v2` answers a page of the canned accounts. */
export const previewAllAccounts: SectionPreviewRoutes = (req) => {
  if (req.path !== SUB_TENANT_PATHS.search || req.method !== 'GET') return null;
  const filter = (req.query.get('_filter') ?? '').toLowerCase();
  const items = PREVIEW_ACCOUNTS.filter((x) => x.name.toLowerCase().includes(filter));
  return { status: 200, body: { items, _metadata: { totalItems: items.length, totalPages: items.length ? 1 : 0 }, _links: { next: '', prev: '', first: '', last: '' } } };
};

/** The section's preview answers, loaded and registered by the shell in preview mode only (src/admin/shell/preview-answers.ts). */
export default previewAllAccounts;
