/**
 * The admin data table (architecture "Admin portal" ui/): @tanstack/react-table for columns and sorting,
 * @tanstack/react-virtual for the rows, so 10,000 loaded rows scroll smoothly (only the rows in view and an
 * overscan are in the DOM; spacer rows keep the scroll height). A native `<table>` with `aria-rowcount` and
 * `aria-rowindex`, sortable headers are buttons and carry `aria-sort`.
 */
import { flexRender, getCoreRowModel, getSortedRowModel, useReactTable, type ColumnDef, type SortingState } from '@tanstack/react-table';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useRef, useState, type ReactNode } from 'react';
import * as css from './admin.css.ts';

export type { ColumnDef, SortingState };

/** Props of {@link DataTable}. `T` is a row. */
export interface DataTableProps<T> {
  /** Accessible name of the table. */
  label: string;
  columns: ColumnDef<T, unknown>[];
  data: T[];
  getRowId: (row: T) => string;
  /** Controlled sorting (server-sorted tables pass `manualSorting`). Default: the table sorts itself. */
  sorting?: SortingState;
  onSortingChange?: (sorting: SortingState) => void;
  /** The server sorts: the table only reports the wanted order. */
  manualSorting?: boolean;
  /** Shown in place of the rows when there are none. */
  empty?: ReactNode;
  /** Row height in px for the virtualiser (default 52). */
  rowHeight?: number;
  /** Sort-state labels: ascending, descending (screen readers read `aria-sort` themselves; these are the visible arrows' text). */
  sortLabels?: { asc: string; desc: string };
}

/** A virtualised, sortable table. */
export function DataTable<T>(props: DataTableProps<T>) {
  const [ownSorting, setOwnSorting] = useState<SortingState>([]);
  const sorting = props.sorting ?? ownSorting;
  // TanStack Table returns functions the React compiler cannot memoise; this component is not compiled
  // eslint-disable-next-line react-hooks/incompatible-library
  const table = useReactTable<T>({
    data: props.data,
    columns: props.columns,
    getRowId: props.getRowId,
    state: { sorting },
    onSortingChange: (updater) => {
      const next = typeof updater === 'function' ? updater(sorting) : updater;
      if (props.onSortingChange) props.onSortingChange(next);
      else setOwnSorting(next);
    },
    manualSorting: props.manualSorting,
    enableSortingRemoval: false,
    getCoreRowModel: getCoreRowModel(),
    getSortedRowModel: props.manualSorting ? undefined : getSortedRowModel(),
  });
  const scrollRef = useRef<HTMLDivElement>(null);
  const rows = table.getRowModel().rows;
  const rowHeight = props.rowHeight ?? 52;
  const virtualizer = useVirtualizer({ count: rows.length, getScrollElement: () => scrollRef.current, estimateSize: () => rowHeight, overscan: 8 });
  const items = virtualizer.getVirtualItems();
  const before = items[0]?.start ?? 0;
  const after = items.length ? virtualizer.getTotalSize() - items[items.length - 1].end : 0;
  const columnCount = table.getVisibleLeafColumns().length;
  return (
    // the scroller is keyboard-focusable (arrow keys and Page Down scroll it): WCAG 2.1.1, axe scrollable-region-focusable
    <div className={css.tableScroll} ref={scrollRef} data-table-scroll="" tabIndex={0} role="region" aria-label={props.label}>
      <table className={css.table} aria-label={props.label} aria-rowcount={rows.length + 1}>
        <thead>
          {table.getHeaderGroups().map((group) => (
            <tr key={group.id} aria-rowindex={1}>
              {group.headers.map((header) => {
                const sorted = header.column.getIsSorted();
                const canSort = header.column.getCanSort();
                const label = flexRender(header.column.columnDef.header, header.getContext());
                return (
                  <th
                    key={header.id}
                    scope="col"
                    style={{ width: header.getSize() }}
                    aria-sort={sorted === 'asc' ? 'ascending' : sorted === 'desc' ? 'descending' : canSort ? 'none' : undefined}
                  >
                    {canSort ? (
                      <button type="button" className={css.sortButton} onClick={header.column.getToggleSortingHandler()}>
                        {label}
                        <span aria-hidden="true">{sorted === 'asc' ? '▲' : sorted === 'desc' ? '▼' : '↕'}</span>
                      </button>
                    ) : (
                      label
                    )}
                  </th>
                );
              })}
            </tr>
          ))}
        </thead>
        <tbody>
          {rows.length === 0 && props.empty ? (
            <tr>
              <td colSpan={columnCount}>{props.empty}</td>
            </tr>
          ) : null}
          {before > 0 && (
            <tr aria-hidden="true" style={{ height: before }}>
              <td colSpan={columnCount} style={{ padding: 0, border: 'none' }} />
            </tr>
          )}
          {items.map((item) => {
            const row = rows[item.index];
            return (
              <tr key={row.id} className={css.row} aria-rowindex={item.index + 2} data-row-id={row.id}>
                {row.getVisibleCells().map((cell) => (
                  <td key={cell.id}>{flexRender(cell.column.columnDef.cell, cell.getContext())}</td>
                ))}
              </tr>
            );
          })}
          {after > 0 && (
            <tr aria-hidden="true" style={{ height: after }}>
              <td colSpan={columnCount} style={{ padding: 0, border: 'none' }} />
            </tr>
          )}
        </tbody>
      </table>
    </div>
  );
}
