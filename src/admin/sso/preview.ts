/** The sso section's canned data in preview mode (`<fe-app preview>`): a few items, searched by name. */
import type { SectionPreviewRoutes } from '../../preview/section-routes.ts';
import type { SsoItem } from '../../api/sso.ts';
import { SSO_PATHS } from '../resources/sso.ts';

/** The canned items. */
export const PREVIEW_SSO: SsoItem[] = ['Alpha', 'Bravo', 'Charlie'].map((name, i) => ({ id: `sso-${i + 1}`, name, createdAt: new Date(Date.UTC(2030, 0, i + 1)).toISOString() }));

/** GET answers a page of the canned items; POST answers the item as if made. */
export const previewSso: SectionPreviewRoutes = (req) => {
  if (req.path !== SSO_PATHS.list) return null;
  if (req.method === 'POST') return { status: 201, body: { id: 'sso-new', name: String(req.body?.name ?? ''), createdAt: new Date(req.now).toISOString() } };
  const filter = (req.query.get('_filter') ?? '').toLowerCase();
  const items = PREVIEW_SSO.filter((x) => x.name.toLowerCase().includes(filter));
  return { status: 200, body: { items, _metadata: { totalItems: items.length, totalPages: items.length ? 1 : 0 } } };
};
