/**
 * Pagination of a server-paged table (admin spec §9 page sizes; issue 21 item 11): "Page n of m · N in all" (a polite
 * live region), First, Previous, Next and Last, and — with `onPageSize` — the rows per page (e.g. 20, 50, 100).
 */
import * as css from './admin.css.ts';
import { Select } from './select.tsx';
import { useSection } from '../shell/context.ts';

/** Pages are counted from 1; `total` is the number of items, when the API tells it (else only the pages are shown). */
export function Pagination({
  page,
  totalPages,
  total,
  onPage,
  busy,
  pageSize,
  pageSizes = [20, 50, 100],
  onPageSize,
}: {
  page: number;
  totalPages: number;
  total?: number;
  onPage: (page: number) => void;
  busy?: boolean;
  /** Rows per page now (with `onPageSize`). */
  pageSize?: number;
  /** The rows-per-page choices (default 20, 50, 100). */
  pageSizes?: number[];
  /** Shows the rows-per-page choice; called with the chosen size. */
  onPageSize?: (size: number) => void;
}) {
  const { t } = useSection();
  const last = Math.max(1, totalPages);
  return (
    <nav className={css.pagination} aria-label={t('admin.pagination')}>
      <span className={css.muted} aria-live="polite">
        {total === undefined ? t('admin.pageOfPages', { page, pages: Math.max(1, totalPages) }) : t('admin.pageOf', { page, pages: Math.max(1, totalPages), total })}
      </span>
      <span className={css.toolbar}>
        {onPageSize && pageSize !== undefined ? (
          <span className={css.pageSize}>
            <Select
              label={t('admin.pageSize')}
              name="pageSize"
              items={pageSizes.map((n) => ({ key: String(n), label: String(n) }))}
              value={String(pageSize)}
              onChange={(value) => onPageSize(Number(value))}
            />
          </span>
        ) : null}
        <button type="button" className={css.secondaryButton} disabled={busy || page <= 1} onClick={() => onPage(1)}>
          {t('admin.first')}
        </button>
        <button type="button" className={css.secondaryButton} disabled={busy || page <= 1} onClick={() => onPage(page - 1)}>
          {t('admin.previous')}
        </button>
        <button type="button" className={css.secondaryButton} disabled={busy || page >= last} onClick={() => onPage(page + 1)}>
          {t('admin.next')}
        </button>
        <button type="button" className={css.secondaryButton} disabled={busy || page >= last} onClick={() => onPage(last)}>
          {t('admin.last')}
        </button>
      </span>
    </nav>
  );
}
