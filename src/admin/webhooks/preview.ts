/** The webhooks section's canned data in preview mode (`<fe-app preview>`): a few items, searched by name. */
import type { SectionPreviewRoutes } from '../../preview/section-routes.ts';
import type { WebhooksItem } from '../../api/webhooks.ts';
import { WEBHOOKS_PATHS } from '../resources/webhooks.ts';

/** The canned items. */
export const PREVIEW_WEBHOOKS: WebhooksItem[] = ['Alpha', 'Bravo', 'Charlie'].map((name, i) => ({
  id: `webhooks-${i + 1}`,
  name,
  createdAt: new Date(Date.UTC(2030, 0, i + 1)).toISOString(),
}));

/** GET answers a page of the canned items; POST answers the item as if made. */
export const previewWebhooks: SectionPreviewRoutes = (req) => {
  if (req.path !== WEBHOOKS_PATHS.list) return null;
  if (req.method === 'POST') return { status: 201, body: { id: 'webhooks-new', name: String(req.body?.name ?? ''), createdAt: new Date(req.now).toISOString() } };
  const filter = (req.query.get('_filter') ?? '').toLowerCase();
  const items = PREVIEW_WEBHOOKS.filter((x) => x.name.toLowerCase().includes(filter));
  return { status: 200, body: { items, _metadata: { totalItems: items.length, totalPages: items.length ? 1 : 0 } } };
};

/** The section's preview answers, loaded and registered by the shell in preview mode only (src/admin/shell/preview-answers.ts). */
export default previewWebhooks;
