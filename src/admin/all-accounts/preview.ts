/**
 * The allAccounts section's canned data in preview mode (`<fe-app preview>`): a tree under the demo account — regions
 * with countries, a city three levels down, and 120 partners under "Acme Partners" (so a level shows 50 and "Show
 * more") — answered as the emulator does: `hierarchy/v2` pages of a parent's children or a name search across the
 * tree, sorted; the metadata, user counts and parents; the writes answered as if they worked (nothing is kept: the
 * next read shows the demo data again), except a delete of an account with sub-accounts and a move under itself or a
 * sub-account of its own, refused as the emulator refuses them.
 */
import type { SectionPreviewRequest, SectionPreviewRoutes } from '../../preview/section-routes.ts';
import { PREVIEW_TENANT } from '../../preview/data.ts';
import { SUB_TENANT_MOVE_SEGMENT, SUB_TENANT_PATHS, type AccountRow } from '../resources/all-accounts.ts';

/** The refusal of a delete while the account has sub-accounts (the preview's stand-in for the emulator's text). */
export const PREVIEW_DELETE_REFUSED = 'This account has sub-accounts. Delete or move them first.';
/** The refusal of a move that would make a cycle (the preview's stand-in for the emulator's text). */
export const PREVIEW_CYCLE_REFUSED = 'An account cannot be moved under itself or one of its sub-accounts';

/** One canned account and its parent. */
type Node = AccountRow & { parent: string; users: number };

const ROOT = PREVIEW_TENANT.tenantId;
const nodes: Node[] = [];
const add = (name: string, parent: string, i: number, extra: Partial<Node> = {}): string => {
  const tenantId = `preview-${name.toLowerCase().replace(/[^a-z0-9]+/g, '-')}`;
  nodes.push({
    tenantId,
    name,
    parent,
    createdAt: new Date(Date.UTC(2030, 0, 1 + i)).toISOString(),
    metadata: {},
    isReseller: false,
    subAccountAccessType: 'defaultOff',
    users: (i * 7) % 23,
    ...extra,
  });
  return tenantId;
};
const emea = add('Acme EMEA', ROOT, 1, { subAccountAccessType: 'defaultOn' });
const americas = add('Acme Americas', ROOT, 2);
const apac = add('Acme APAC', ROOT, 3);
const partners = add('Acme Partners', ROOT, 4, { isReseller: true });
add('Acme Germany', emea, 5);
add('Acme France', emea, 6);
const uk = add('Acme UK', emea, 7);
add('Acme London', uk, 8);
add('Acme US', americas, 9);
add('Acme Canada', americas, 10);
add('Acme Japan', apac, 11);
add('Acme Australia', apac, 12);
for (let i = 1; i <= 120; i++) add(`Partner ${String(i).padStart(3, '0')}`, partners, 12 + i);

const childrenOf = (id: string) => nodes.filter((n) => n.parent === id);
const isParent = (id: string) => nodes.some((n) => n.parent === id);
const descendants = (id: string): Node[] => childrenOf(id).flatMap((n) => [n, ...descendants(n.tenantId)]);
const byId = (id: string) => nodes.find((n) => n.tenantId === id);
/** The canned accounts as the API answers them. */
const row = (n: Node): AccountRow => ({
  tenantId: n.tenantId,
  name: n.name,
  createdAt: n.createdAt,
  metadata: { isParent: isParent(n.tenantId) },
  isReseller: n.isReseller,
  subAccountAccessType: n.subAccountAccessType,
});

/** The canned sub-accounts under the demo account (every level), as the API answers them. */
export const PREVIEW_ACCOUNTS: AccountRow[] = nodes.map(row);

const refused = (message: string) => ({ status: 400, body: { errors: [message] } });

/** `GET hierarchy/v2`: a page of a parent's children, or of a name search across the tree; sorted; `_links.next` while more. */
function page(req: SectionPreviewRequest) {
  const q = req.query;
  const filter = (q.get('_filter') ?? '').toLowerCase();
  const parent = q.get('_subTenantId') || ROOT;
  const found = filter ? descendants(ROOT).filter((n) => n.name.toLowerCase().includes(filter)) : childrenOf(parent);
  const sortBy = (q.get('_sortBy') ?? 'name') as 'name' | 'createdAt' | 'tenantId';
  const sign = q.get('_order') === 'DESC' ? -1 : 1;
  const sorted = [...found].sort((a, b) => sign * String(a[sortBy]).localeCompare(String(b[sortBy])));
  const offset = Math.max(0, Number(q.get('_offset') ?? 0) || 0);
  const limit = Math.max(1, Number(q.get('_limit') ?? 50) || 50);
  const items = sorted.slice(offset, offset + limit).map(row);
  const link = (at: number) => {
    const next = new URLSearchParams(q);
    next.set('_offset', String(at));
    return `${SUB_TENANT_PATHS.search}?${next.toString()}`;
  };
  const total = sorted.length;
  return {
    status: 200,
    body: {
      items,
      _metadata: { totalItems: total, totalPages: Math.ceil(total / limit) },
      _links: {
        next: offset + limit < total ? link(offset + limit) : '',
        prev: offset > 0 ? link(Math.max(0, offset - limit)) : '',
        first: link(0),
        last: link(Math.max(0, (Math.ceil(total / limit) - 1) * limit)),
      },
    },
  };
}

/** The section's preview answers. */
export const previewAllAccounts: SectionPreviewRoutes = (req) => {
  const { path, method } = req;
  if (method === 'GET' && path === SUB_TENANT_PATHS.search) return page(req);
  if (method === 'GET' && path === SUB_TENANT_PATHS.metadata) {
    const ids = (req.query.get('_tenantIds') ?? '').split(',').filter(Boolean);
    return { status: 200, body: ids.map((tenantId) => ({ tenantId, totalSubTenants: descendants(tenantId).length, isParent: isParent(tenantId) })) };
  }
  if (method === 'POST' && path === SUB_TENANT_PATHS.usersCount) {
    const ids = Array.isArray(req.body?.tenantIds) ? (req.body.tenantIds as string[]) : [];
    return { status: 200, body: ids.map((tenantId) => ({ tenantId, totalUsers: tenantId === ROOT ? 5 : (byId(tenantId)?.users ?? 0), totalAccessAllowedUsers: 0 })) };
  }
  if (method === 'GET' && path.startsWith(`${SUB_TENANT_PATHS.parents}/`)) {
    const parents: { tenantId: string; tenantName: string; level: number }[] = [];
    for (let n = byId(decodeURIComponent(path.slice(SUB_TENANT_PATHS.parents.length + 1))), level = 1; n; level++) {
      const up = byId(n.parent);
      parents.push(up ? { tenantId: up.tenantId, tenantName: up.name, level } : { tenantId: ROOT, tenantName: PREVIEW_TENANT.name, level });
      n = up;
    }
    return { status: 200, body: parents };
  }
  if (method === 'POST' && path === SUB_TENANT_PATHS.subTenants) {
    const body = req.body ?? {};
    return {
      status: 200,
      body: { tenantId: `preview-new-${req.now}`, name: String(body.name ?? ''), createdAt: new Date(req.now).toISOString(), isReseller: Boolean(body.isReseller) },
    };
  }
  if (!path.startsWith(`${SUB_TENANT_PATHS.subTenants}/`)) return null;
  const [id, action] = path
    .slice(SUB_TENANT_PATHS.subTenants.length + 1)
    .split('/')
    .map(decodeURIComponent);
  if (method === 'DELETE' && !action) return isParent(id) ? refused(PREVIEW_DELETE_REFUSED) : { status: 200, body: {} };
  if (method === 'PUT' && action === SUB_TENANT_MOVE_SEGMENT) {
    const target = String(req.body?.parentTenantId ?? '');
    return target === id || descendants(id).some((n) => n.tenantId === target) ? refused(PREVIEW_CYCLE_REFUSED) : { status: 200, body: {} };
  }
  if ((method === 'PATCH' && !action) || (method === 'PUT' && (action === 'management' || action === 'hierarchy-settings'))) return { status: 200, body: {} };
  return null;
};

/** The section's preview answers, loaded and registered by the shell in preview mode only (src/admin/shell/preview-answers.ts). */
export default previewAllAccounts;
