/**
 * Server-paged lists as a store (issue "Admin kit", item 3): one primitive owns a list's query — page, page size,
 * search, sort, filters — in a nanostore, fetches the page of the current query through the app's query cache, keeps
 * the last page on screen while the next one loads (with `loading` true meanwhile, so a view can mark the rows
 * stale), and edits every cached page of the list by its key prefix, so no cache key is threaded through views.
 *
 *   const list = pagedList(q, { key: 'admin/users?', pageSize: 20, load: (query) => api.page(toApiQuery(query)) });
 *   list.setSearch('ada');                      // back to page 1, refetched
 *   useStore(list.$state)                       // { data, loading, error, stale }
 *   list.edit((page) => …)                      // every cached page of the list (optimistic edits, rollbacks)
 */
import { atom, computed, type ReadableAtom } from 'nanostores';
import type { QueryContext } from './query.ts';

/** A sort: the column id and its direction. */
export interface ListSort {
  id: string;
  desc: boolean;
}

/** The query of a paged list. `page` counts from 1; a filter's `''` means none. */
export interface ListQuery {
  page: number;
  pageSize: number;
  search: string;
  sort: ListSort | null;
  filters: Readonly<Record<string, string>>;
}

/** One page as the list holds it: its rows, the number of rows in all (when the API tells it) and of pages. */
export interface ListPage<T> {
  items: T[];
  total?: number;
  totalPages: number;
}

/**
 * What a view reads: the page to show (`data`: the current query's, else the last one while the next loads), whether
 * a request is running (`loading`), its failure (`error`, kept until the next answer), and `stale`: the rows shown are
 * not the current query's (a new page, sort or search is on its way).
 */
export interface ListState<T> {
  data?: ListPage<T>;
  loading: boolean;
  error?: unknown;
  stale: boolean;
}

/** A paged list: its query, its state, the query's setters, and cache edits of its pages. */
export interface PagedList<T> {
  /** The cache key prefix of every page of this list. */
  readonly key: string;
  $query: ReadableAtom<ListQuery>;
  $state: ReadableAtom<ListState<T>>;
  /** Shows page `page` (from 1). */
  setPage(page: number): void;
  /** Rows per page; back to page 1. */
  setPageSize(size: number): void;
  /** Free-text search (trimmed); back to page 1 when it changes. */
  setSearch(text: string): void;
  /** A sort (null: the server's default); back to page 1. */
  setSort(sort: ListSort | null): void;
  /** One filter (`''` clears it); back to page 1. */
  setFilter(name: string, value: string): void;
  /** Sets several filters in one query change (one request; `''` clears one); back to page 1. */
  setFilters(changes: Record<string, string>): void;
  /** Clears the search and every filter in one query change (one request); back to page 1. */
  clearFilters(): void;
  /** Asks again for the current page (after a failure). */
  retry(): void;
  /**
   * Refetches every cached page of the list; what is on screen stays until the answers come. A page loading at the
   * time is loaded again when it answers (its answer may predate the change that asked for the refresh).
   */
  refresh(): void;
  /** Applies `edit` to every cached page of the list (no request). */
  edit(edit: (page: ListPage<T>) => ListPage<T>): void;
  /** Applies `edit` to the page of the current query only (e.g. a new row prepended to the page on screen). */
  editCurrent(edit: (page: ListPage<T>) => ListPage<T>): void;
  /** The first row of a cached page that `match`es, or undefined. */
  find(match: (row: T) => boolean): T | undefined;
}

/** What defines a list: its cache key prefix, its first page size, and how to load one page of a query. */
export interface PagedListSpec<T> {
  key: string;
  pageSize: number;
  load: (query: ListQuery) => Promise<ListPage<T>>;
  /** The first query's sort and filters (default: none). */
  initial?: Partial<Pick<ListQuery, 'sort' | 'filters'>>;
}

/** Creates a paged list on query context `q`. Lists with the same `key` share their cached pages and edits. */
export function pagedList<T>(q: QueryContext, spec: PagedListSpec<T>): PagedList<T> {
  const first: ListQuery = { page: 1, pageSize: spec.pageSize, search: '', sort: spec.initial?.sort ?? null, filters: spec.initial?.filters ?? {} };
  const $query = atom<ListQuery>(first);
  const $json = computed($query, (query) => JSON.stringify(query));
  // a refresh asked while a page is loading must not be lost: the cache dedupes a running fetch, whose answer may
  // predate the write that asked for the refresh; such a load asks again until no refresh came in meanwhile
  let refreshes = 0;
  const load = async (json: string): Promise<ListPage<T>> => {
    for (;;) {
      const started = refreshes;
      const page = await spec.load(JSON.parse(json) as ListQuery);
      if (started === refreshes) return page;
    }
  };
  const $fetch = q.createFetcherStore<ListPage<T>>([spec.key, $json], { fetcher: (_key, json) => load(String(json)) });
  let last: ListPage<T> | undefined;
  const $state = computed($fetch, (r): ListState<T> => {
    if (r.data) last = r.data;
    // a failed query shows its error (with a retry), not the last page as if it were the answer
    const data = r.error ? r.data : (r.data ?? last);
    return { data, loading: r.loading, error: r.error, stale: !r.data && data !== undefined };
  });
  const set = (patch: Partial<ListQuery>) => {
    const next = { ...$query.get(), ...patch };
    if (JSON.stringify(next) !== $json.get()) $query.set(next);
  };
  const ownKeys = () => q.cache.keys().filter((k) => k.startsWith(spec.key));
  const editKey = (key: string, edit: (page: ListPage<T>) => ListPage<T>) => {
    const page = q.cache.read<ListPage<T>>(key);
    if (page) q.cache.write(key, edit(page));
  };
  return {
    key: spec.key,
    $query,
    $state,
    setPage: (page) => set({ page: Math.max(1, Math.floor(page)) }),
    setPageSize: (pageSize) => set({ pageSize, page: 1 }),
    setSearch: (text) => {
      if (text.trim() !== $query.get().search) set({ search: text.trim(), page: 1 });
    },
    setSort: (sort) => set({ sort, page: 1 }),
    setFilter: (name, value) => set({ filters: { ...$query.get().filters, [name]: value }, page: 1 }),
    setFilters: (changes) => set({ filters: { ...$query.get().filters, ...changes }, page: 1 }),
    clearFilters: () => set({ search: '', filters: {}, page: 1 }),
    retry: () => $fetch.revalidate(),
    refresh: () => {
      refreshes++;
      q.cache.revalidate((k) => k.startsWith(spec.key));
    },
    edit: (edit) => {
      for (const key of ownKeys()) editKey(key, edit);
    },
    editCurrent: (edit) => editKey(spec.key + $json.get(), edit),
    find: (match) => {
      for (const key of [spec.key + $json.get(), ...ownKeys()]) {
        const row = q.cache.read<ListPage<T>>(key)?.items.find(match);
        if (row) return row;
      }
      return undefined;
    },
  };
}
