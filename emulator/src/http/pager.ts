/**
 * One pager for the admin lists: a page is `{ limit, offset }` (offset in rows); `pageOf` makes one from a page
 * number and size, and the answer shapes of the identity API are computed here, each kept exactly as the reference
 * client reads it (api-contract §5):
 * - `fronteggPage` — Pg<T> `{ items, _metadata: { totalItems, totalPages }, _links: { first, last, next, prev } }`
 *   (users v2/v3);
 * - `metadataPage` — `{ items, _metadata: { totalItems, totalPages } }` (roles v2);
 * - `pageResult` — PR<T> `{ items, totalPages }` (team members, sub-tenant users);
 * - `dataPage` — `{ data, total }` (the audit log's list).
 */
import type { Context } from 'hono';

/** A page of a list: at most `limit` rows from row `offset`. */
export interface Page {
  limit: number;
  offset: number;
}

/** The page of number `index` (from 0) and `size` rows. */
export const pageOf = (index: number, size: number): Page => ({ limit: size, offset: index * size });

/** How many pages of `limit` rows `total` rows make. */
export const totalPages = (total: number, limit: number): number => Math.ceil(total / limit);

/** The page's rows of a list held in memory. */
export const slicePage = <T>(all: readonly T[], p: Page): T[] => all.slice(p.offset, p.offset + p.limit);

/** Pg<T>: the items, their counts and links (paths with the request's query, `_limit` and `_offset` set) to the first, last, next and previous pages ('' when there is none). */
export function fronteggPage<T>(c: Context, items: T[], total: number, p: Page) {
  const url = new URL(c.req.url);
  const at = (offset: number) => {
    const u = new URL(url);
    u.searchParams.set('_limit', String(p.limit));
    u.searchParams.set('_offset', String(offset));
    return `${u.pathname}${u.search}`;
  };
  const pages = totalPages(total, p.limit);
  return {
    ...metadataPage(items, total, p),
    _links: {
      first: at(0),
      last: at(Math.max(0, (pages - 1) * p.limit)),
      next: p.offset + p.limit < total ? at(p.offset + p.limit) : '',
      prev: p.offset > 0 ? at(Math.max(0, p.offset - p.limit)) : '',
    },
  };
}

/** `{ items, _metadata: { totalItems, totalPages } }`. */
export function metadataPage<T>(items: T[], total: number, p: Page) {
  return { items, _metadata: { totalItems: total, totalPages: totalPages(total, p.limit) } };
}

/** PR<T>: `{ items, totalPages }`. */
export function pageResult<T>(items: T[], total: number, p: Page) {
  return { items, totalPages: totalPages(total, p.limit) };
}

/** `{ data, total }`. */
export function dataPage<T>(data: T[], total: number) {
  return { data, total };
}
