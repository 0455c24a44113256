/** Pagination of a server-paged table: "Page n of m", previous and next (admin spec §9 page sizes). */
import type { Translate } from '../../i18n/index.ts';
import * as css from './admin.css.ts';

/** Pages are counted from 1; `total` is the number of items, when the API tells it (else only the pages are shown). */
export function Pagination({
  page,
  totalPages,
  total,
  onPage,
  t,
  busy,
}: {
  page: number;
  totalPages: number;
  total?: number;
  onPage: (page: number) => void;
  t: Translate;
  busy?: boolean;
}) {
  return (
    <nav className={css.pagination} aria-label={t('admin.pagination')}>
      <span className={css.muted} aria-live="polite">
        {total === undefined ? t('admin.pageOfPages', { page, pages: Math.max(1, totalPages) }) : t('admin.pageOf', { page, pages: Math.max(1, totalPages), total })}
      </span>
      <span className={css.toolbar}>
        <button type="button" className={css.secondaryButton} disabled={busy || page <= 1} onClick={() => onPage(page - 1)}>
          {t('admin.previous')}
        </button>
        <button type="button" className={css.secondaryButton} disabled={busy || page >= totalPages} onClick={() => onPage(page + 1)}>
          {t('admin.next')}
        </button>
      </span>
    </nav>
  );
}
