/** The provisioning section's canned data in preview mode (`<fe-app preview>`): a few items, searched by name. */
import type { SectionPreviewRoutes } from '../../preview/section-routes.ts';
import type { ProvisioningItem } from '../../api/provisioning.ts';
import { PROVISIONING_PATHS } from '../resources/provisioning.ts';

/** The canned items. */
export const PREVIEW_PROVISIONING: ProvisioningItem[] = ['Alpha', 'Bravo', 'Charlie'].map((name, i) => ({
  id: `provisioning-${i + 1}`,
  name,
  createdAt: new Date(Date.UTC(2030, 0, i + 1)).toISOString(),
}));

/** GET answers a page of the canned items; POST answers the item as if made. */
export const previewProvisioning: SectionPreviewRoutes = (req) => {
  if (req.path !== PROVISIONING_PATHS.list) return null;
  if (req.method === 'POST') return { status: 201, body: { id: 'provisioning-new', name: String(req.body?.name ?? ''), createdAt: new Date(req.now).toISOString() } };
  const filter = (req.query.get('_filter') ?? '').toLowerCase();
  const items = PREVIEW_PROVISIONING.filter((x) => x.name.toLowerCase().includes(filter));
  return { status: 200, body: { items, _metadata: { totalItems: items.length, totalPages: items.length ? 1 : 0 } } };
};
