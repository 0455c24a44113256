/**
 * The allAccounts section's server data (issue 34 items 1–2; api-contract §N; admin spec §3 "Tenant/account", §9;
 * AB-2.04, AB-3.11–3.13, AB-6.11–6.12, AB-7.23–7.25), its calls all in the sub-accounts area src/api/sub-tenants.ts:
 *
 * - **The tree**, loaded lazily as Frontegg's page does: each account's children 50 at a time (`hierarchy/v2` with
 *   `_subTenantId`, `_offset`, `_limit`), the next page where `_links.next` says there is one ("Show more"), every
 *   loaded level sorted alike (createdAt, name or tenantId; a new sort loads the open levels again). With each page
 *   come its accounts' figures: users (`POST tenants/users/v1/count`) and sub-accounts (`hierarchy/v2/metadata`).
 * - **The table**: a server-paged list (50 a page) of one account's children, or of a name search across the whole
 *   subtree (`_filter`).
 * - **One account**: what any of those answered about it, else found through its parents (a deep link); its
 *   breadcrumbs (`hierarchy/v1/parents/{id}`).
 * - **Changes**: create, rename (optimistic), delete, move (our extension), the reseller flag and the sub-account access
 *   type (optimistic): each edits every place the account is shown, and puts the old value back when refused.
 *
 * Read by the section through `resources.use(createAllAccountsResource)`.
 */
import { atom, map } from 'nanostores';
import type { ApiClient } from '../../api/client.ts';
import {
  createSubTenantsApi,
  nextOffset,
  SUB_TENANT_MOVE_SEGMENT,
  SUB_TENANT_PATHS,
  type AccountRow,
  type AccountsQuery,
  type HierarchyMetadata,
  type NewSubTenant,
  type ParentTenant,
  type SubAccountAccessType,
} from '../../api/sub-tenants.ts';
import { pagedList, type ListQuery } from './paged.ts';
import type { QueryContext } from './query.ts';

/** The area's paths and shapes, for the section's preview data and views (views take values from resources, not src/api). */
export { SUB_TENANT_MOVE_SEGMENT, SUB_TENANT_PATHS };
export type { AccountRow, AccountsQuery, HierarchyMetadata, NewSubTenant, ParentTenant, SubAccountAccessType };

/** Key prefix of every accounts page of the table in the cache. */
export const ALL_ACCOUNTS_KEY = 'admin/all-accounts?';
/** Key prefix of each account's breadcrumbs: `admin/all-accounts/parents/<id>`. */
export const ACCOUNT_PARENTS_KEY = 'admin/all-accounts/parents/';
/** Accounts a page, in the table and per level of the tree (admin spec §9 "accounts page limit 50"; AB-2.04). */
export const ALL_ACCOUNTS_PAGE_SIZE = 50;
/** The sub-account access types, in the order a picker offers them (AB-3.11); `defaultOff` is the dialogs' default (AB-6.11). */
export const ACCESS_TYPES: readonly SubAccountAccessType[] = ['defaultOff', 'defaultOn', 'alwaysOn'];
/** The fields accounts sort by (AB-3.13). */
export const ACCOUNT_SORT_FIELDS = ['name', 'createdAt', 'tenantId'] as const;
/** Pages of a parent read at most to find one account for a deep link (50 each). */
const LOCATE_PAGES = 40;

/** How accounts are sorted: the field and the direction. */
export interface AccountsSort {
  by: (typeof ACCOUNT_SORT_FIELDS)[number];
  order: 'ASC' | 'DESC';
}

/** The first sort: by name, A to Z. */
export const DEFAULT_ACCOUNTS_SORT: AccountsSort = { by: 'name', order: 'ASC' };

/**
 * The loaded children of one account: the rows so far (pages in order), how many there are in all, the `_offset` of
 * the next page (null: none, from `_links.next`), whether a page is loading, and the last page's failure.
 */
export interface ChildrenState {
  items: AccountRow[];
  total: number;
  next: number | null;
  loading: boolean;
  error?: unknown;
}

/** The figures of one account: its users (`totalUsers`) and sub-accounts (`totalSubTenants`), each when known. */
export interface AccountFigures {
  users?: number;
  subAccounts?: number;
}

/** The API query of a table's list query: a search spans the whole subtree, else one parent's children (`filters.parent`). */
export function allAccountsQuery(query: ListQuery): AccountsQuery {
  return {
    _offset: (query.page - 1) * query.pageSize,
    _limit: query.pageSize,
    _filter: query.search || undefined,
    _subTenantId: query.search ? undefined : query.filters.parent || undefined,
    _sortBy: query.sort ? (query.sort.id as AccountsQuery['_sortBy']) : undefined,
    _order: query.sort ? (query.sort.desc ? 'DESC' : 'ASC') : undefined,
  };
}

/** Compares two accounts as the server sorts them by `sort` (for a row added to a loaded level). */
function compareBy(sort: AccountsSort): (a: AccountRow, b: AccountRow) => number {
  const sign = sort.order === 'DESC' ? -1 : 1;
  return (a, b) => sign * String(a[sort.by]).localeCompare(String(b[sort.by]));
}

/** Builds the allAccounts resource of one app. */
export function createAllAccountsResource(q: QueryContext, client: ApiClient) {
  const api = createSubTenantsApi(client);
  const $sort = atom<AccountsSort>(DEFAULT_ACCOUNTS_SORT);
  const $children = map<Record<string, ChildrenState>>({});
  const $figures = map<Record<string, AccountFigures>>({});
  // every account any answer named, by id (the account page reads it; edits keep it current)
  const $known = map<Record<string, AccountRow>>({});
  // a new sort drops the answers of the old one still on their way
  let generation = 0;

  const remember = (rows: readonly AccountRow[]) => {
    for (const row of rows) $known.setKey(row.tenantId, row);
  };

  /** Reads the users and sub-accounts of `ids` (failures leave them unknown: the view shows a dash). */
  const loadFigures = async (ids: readonly string[]) => {
    if (!ids.length) return;
    const [users, metadata] = await Promise.allSettled([api.getTenantsUsersCount(ids), api.getHierarchyMetadata(ids)]);
    const next = { ...$figures.get() };
    if (users.status === 'fulfilled') for (const u of users.value) next[u.tenantId] = { ...next[u.tenantId], users: u.totalUsers };
    if (metadata.status === 'fulfilled') for (const m of metadata.value) next[m.tenantId] = { ...next[m.tenantId], subAccounts: m.totalSubTenants };
    $figures.set(next);
  };

  const list = pagedList<AccountRow>(q, {
    key: ALL_ACCOUNTS_KEY,
    pageSize: ALL_ACCOUNTS_PAGE_SIZE,
    initial: { sort: { id: DEFAULT_ACCOUNTS_SORT.by, desc: false } },
    load: async (query) => {
      const page = await api.searchSubTenants(allAccountsQuery(query));
      remember(page.items);
      void loadFigures(page.items.map((r) => r.tenantId));
      return { items: page.items, total: page._metadata.totalItems, totalPages: page._metadata.totalPages };
    },
  });

  /** Loads the page of `parentId`'s children from `offset` (0: the first, replacing what was loaded). */
  async function loadPage(parentId: string, offset: number): Promise<void> {
    const started = generation;
    const before = $children.get()[parentId];
    $children.setKey(parentId, { items: before?.items ?? [], total: before?.total ?? 0, next: before?.next ?? null, loading: true });
    try {
      const sort = $sort.get();
      const page = await api.searchSubTenants({ _subTenantId: parentId, _offset: offset, _limit: ALL_ACCOUNTS_PAGE_SIZE, _sortBy: sort.by, _order: sort.order });
      if (started !== generation) return;
      const kept = offset === 0 ? [] : ($children.get()[parentId]?.items ?? []);
      const seen = new Set(kept.map((r) => r.tenantId));
      const items = [...kept, ...page.items.filter((r) => !seen.has(r.tenantId))];
      const link = page._links?.next;
      // `_links.next` says whether there is more; its `_offset` where (else: after the rows loaded)
      const next = link ? (nextOffset(link) ?? items.length) : null;
      $children.setKey(parentId, { items, total: page._metadata.totalItems, next, loading: false });
      remember(page.items);
      void loadFigures(page.items.map((r) => r.tenantId));
    } catch (error) {
      if (started !== generation) return;
      const now = $children.get()[parentId];
      $children.setKey(parentId, { items: now?.items ?? [], total: now?.total ?? 0, next: now?.next ?? null, loading: false, error });
    }
  }

  /** Applies `edit` to account `id` wherever it is shown (the tree's levels, the table's pages, the known rows). */
  const patchRow = (id: string, edit: (row: AccountRow) => AccountRow) => {
    const levels = $children.get();
    for (const [parentId, level] of Object.entries(levels))
      if (level.items.some((r) => r.tenantId === id)) $children.setKey(parentId, { ...level, items: level.items.map((r) => (r.tenantId === id ? edit(r) : r)) });
    list.edit((page) => ({ ...page, items: page.items.map((r) => (r.tenantId === id ? edit(r) : r)) }));
    const known = $known.get()[id];
    if (known) $known.setKey(id, edit(known));
  };

  /** Takes account `id` out of every level of the tree (one fewer there) and out of the known rows. */
  const dropRow = (id: string) => {
    for (const [parentId, level] of Object.entries($children.get()))
      if (level.items.some((r) => r.tenantId === id)) {
        const items = level.items.filter((r) => r.tenantId !== id);
        $children.setKey(parentId, { ...level, items, total: Math.max(items.length, level.total - 1) });
        // a parent left with no child shows no more expander
        if (!items.length && level.total <= 1) patchRow(parentId, (r) => ({ ...r, metadata: { ...r.metadata, isParent: false } }));
      }
    $known.setKey(id, undefined as unknown as AccountRow);
  };

  /** Puts `row` under `parentId` where that level is loaded (in sort order), and marks the parent a parent. */
  const addRow = (parentId: string, row: AccountRow) => {
    const level = $children.get()[parentId];
    if (level) $children.setKey(parentId, { ...level, items: [...level.items, row].sort(compareBy($sort.get())), total: level.total + 1 });
    patchRow(parentId, (r) => ({ ...r, metadata: { ...r.metadata, isParent: true } }));
    remember([row]);
  };

  /** An optimistic change of one account: shown at once, put back when the server refuses. */
  const optimistic = async <V>(row: AccountRow, set: (r: AccountRow, value: V) => AccountRow, value: V, old: V, call: () => Promise<void>) => {
    patchRow(row.tenantId, (r) => set(r, value));
    try {
      await call();
    } catch (error) {
      patchRow(row.tenantId, (r) => set(r, old));
      throw error;
    }
  };

  const parentsStores = new Map<string, ReturnType<typeof q.createFetcherStore<ParentTenant[]>>>();

  return {
    /** The sort of every level of the tree and of the table (AB-3.13). */
    $sort,
    /** The loaded children of each account, by its id. */
    $children,
    /** Users and sub-accounts of each account shown, by its id. */
    $figures,
    /** Every account an answer named, by its id. */
    $known,
    /** The table's list: its query (page, search, sort, `filters.parent`) and state. */
    list,

    /** Loads the first page of `parentId`'s children, unless asked before (a failed level is asked again by {@link showMore}). */
    expand(parentId: string): void {
      if (!$children.get()[parentId]) void loadPage(parentId, 0);
    },

    /** Loads the next page of `parentId`'s children ("Show more", when `_links.next` named one), or again the page that failed. */
    showMore(parentId: string): void {
      const level = $children.get()[parentId];
      if (level && !level.loading) void (level.error ? loadPage(parentId, level.items.length) : level.next !== null && loadPage(parentId, level.next));
    },

    /** Reads the figures (users, sub-accounts) of `ids`, e.g. the root account's. */
    loadFigures,

    /** Sorts the tree and the table by `sort`: the open levels load again from their first page. */
    setSort(sort: AccountsSort): void {
      $sort.set(sort);
      list.setSort({ id: sort.by, desc: sort.order === 'DESC' });
      generation++;
      const open = Object.keys($children.get());
      $children.set({});
      for (const id of open) void loadPage(id, 0);
    },

    /**
     * Finds account `id` for its page: from what was loaded, else through its direct parent's children (a deep link;
     * at most {@link LOCATE_PAGES} pages of 50). Resolves with the row, or null when it is not in the caller's subtree.
     * @throws FeApiError
     */
    async locate(id: string): Promise<AccountRow | null> {
      const seen = $known.get()[id];
      if (seen) return seen;
      const parents = await api.getParentTenantsById(id);
      const parent = parents.find((p) => p.level === 1);
      if (!parent) return null;
      for (let page = 0, offset = 0; page < LOCATE_PAGES; page++) {
        const answer = await api.searchSubTenants({ _subTenantId: parent.tenantId, _offset: offset, _limit: ALL_ACCOUNTS_PAGE_SIZE });
        remember(answer.items);
        const found = answer.items.find((r) => r.tenantId === id);
        if (found) {
          void loadFigures([id]);
          return found;
        }
        const next = nextOffset(answer._links?.next);
        if (next === null || !answer.items.length) return null;
        offset = next;
      }
      return null;
    },

    /** The store of account `id`'s ancestors, nearest first (its breadcrumbs, AB-7.23). */
    parents(id: string) {
      let store = parentsStores.get(id);
      if (!store) parentsStores.set(id, (store = q.createFetcherStore<ParentTenant[]>([ACCOUNT_PARENTS_KEY, id], { fetcher: () => api.getParentTenantsById(id) })));
      return store;
    },

    /**
     * Creates a sub-account (`POST sub-tenants/v1`), then sets its access type when it is not the default (`PUT
     * hierarchy-settings`). It joins its parent's level where that is loaded, and the table is read again.
     * @throws FeApiError
     */
    create: q.mutation<NewSubTenant & { subAccountAccessType?: SubAccountAccessType }, AccountRow>(async ({ subAccountAccessType, ...data }) => {
      const made = await api.createSubTenant(data);
      const row: AccountRow = {
        tenantId: made.tenantId,
        name: made.name ?? data.name,
        createdAt: made.createdAt ?? new Date().toISOString(),
        metadata: { isParent: false },
        isReseller: made.isReseller ?? data.isReseller ?? false,
        subAccountAccessType: made.subAccountAccessType ?? 'defaultOff',
      };
      if (subAccountAccessType && subAccountAccessType !== row.subAccountAccessType) {
        await api.updateSubTenantHierarchySettings(row.tenantId, { subAccountAccessType });
        row.subAccountAccessType = subAccountAccessType;
      }
      addRow(data.parentTenantId, row);
      list.refresh();
      void loadFigures([row.tenantId, data.parentTenantId]);
      return row;
    }),

    /** Renames an account (`PATCH sub-tenants/v1/{id}`), optimistically. @throws FeApiError — after the rollback */
    rename: q.mutation<{ row: AccountRow; name: string }>(({ row, name }) =>
      optimistic(
        row,
        (r, v: string) => ({ ...r, name: v }),
        name,
        row.name,
        () => api.updateSubTenant(row.tenantId, { name }),
      ),
    ),

    /**
     * Deletes an account (`DELETE sub-tenants/v1/{id}`): refused by the server while it has sub-accounts (its text);
     * gone from the tree and the table once the server agrees.
     * @throws FeApiError
     */
    remove: q.mutation<{ row: AccountRow }>(async ({ row }) => {
      await api.deleteSubTenant(row.tenantId);
      dropRow(row.tenantId);
      list.refresh();
    }),

    /** Moves an account under another parent (our extension; a cycle is refused with the server's text). @throws FeApiError */
    move: q.mutation<{ row: AccountRow; parentTenantId: string }>(async ({ row, parentTenantId }) => {
      await api.moveSubTenant(row.tenantId, parentTenantId);
      dropRow(row.tenantId);
      addRow(parentTenantId, row);
      list.refresh();
      void loadFigures(Object.keys($children.get()));
    }),

    /** Flags an account a reseller or not (`PUT …/management`, AB-6.12), optimistically. @throws FeApiError — after the rollback */
    setReseller: q.mutation<{ row: AccountRow; isReseller: boolean }>(({ row, isReseller }) =>
      optimistic(
        row,
        (r, v: boolean) => ({ ...r, isReseller: v }),
        isReseller,
        row.isReseller ?? false,
        () => api.updateSubTenantManagement(row.tenantId, { isReseller }),
      ),
    ),

    /** Sets how an account's users reach its sub-accounts (`PUT …/hierarchy-settings`, AB-3.11), optimistically. @throws FeApiError — after the rollback */
    setAccessType: q.mutation<{ row: AccountRow; subAccountAccessType: SubAccountAccessType }>(({ row, subAccountAccessType }) =>
      optimistic(
        row,
        (r, v: SubAccountAccessType) => ({ ...r, subAccountAccessType: v }),
        subAccountAccessType,
        row.subAccountAccessType ?? 'defaultOff',
        () => api.updateSubTenantHierarchySettings(row.tenantId, { subAccountAccessType }),
      ),
    ),

    /** A name search across the caller's whole subtree (the parent picker's options): the first `limit` matches. @throws FeApiError */
    async search(text: string, limit = 20, signal?: AbortSignal): Promise<AccountRow[]> {
      const page = await api.searchSubTenants({ _offset: 0, _limit: limit, _filter: text.trim() || undefined }, { signal });
      remember(page.items);
      return page.items;
    },
  };
}

/** The allAccounts resource of one app. */
export type AllAccountsResource = ReturnType<typeof createAllAccountsResource>;
