/**
 * The admin data table (architecture "Admin portal" ui/; issue "The portal as an administrator meets it" item 1):
 * @tanstack/react-table for columns and sorting, @tanstack/react-virtual for the rows. A native `<table>` with
 * `aria-rowcount` and `aria-rowindex`; sortable headers are buttons and carry `aria-sort`.
 *
 * - **It fits.** One column takes the width left over (`meta.grow`, else the first: the row's identity; its `size`
 *   is its minimum); the others keep their `size` in px. When the columns do not fit the table's width, columns leave by priority
 *   (`meta.priority`: 0 never leaves — by default the first column and the `actions` one; a higher number leaves
 *   first, default 1; ties: the rightmost first), so the identity and the row's actions are visible together at any width, without sideways
 *   scrolling. Each cell is one line (ellipsis; the whole text on hover) unless it stacks lines itself.
 * - **It grows with the page.** No box with its own scrollbar: the rows are virtualised against the page's own
 *   scroller (the nearest scrolling ancestor, across shadow roots, else the window), so 10,000 loaded rows scroll
 *   smoothly with only the rows in view and an overscan in the DOM; the header row sticks to the top.
 * - **Focus survives a delete.** When the row that last had the focus (its actions menu) leaves the table and the
 *   focus is lost (the confirm dialog closed onto a trigger that is gone), the next row's first control takes it (the
 *   last row's, else the table).
 * - **Stale rows show it.** `busy`: the table is `aria-busy`, a progress bar runs above it, and the rows kept from
 *   the previous answer are greyed (after 150 ms, so a fast answer does not flash; their text keeps its contrast).
 */
import { flexRender, getCoreRowModel, getSortedRowModel, useReactTable, type ColumnDef, type RowData, type SortingState, type VisibilityState } from '@tanstack/react-table';
import { useEffect, useLayoutEffect, useRef, useState, type FocusEvent, type ReactNode } from 'react';
import * as css from './admin.css.ts';
import { inlineVars } from './css-vars.ts';
import { usePageVirtualizer } from './page-virtualizer.ts';

export type { ColumnDef, SortingState };

declare module '@tanstack/react-table' {
  // eslint-disable-next-line @typescript-eslint/no-unused-vars -- the generic parameters are TanStack's
  interface ColumnMeta<TData extends RowData, TValue> {
    /**
     * When the table is too narrow, columns leave by priority: 0 never, higher first. Default: 0 for the first column
     * (the row's identity) and the one with id `actions`, 1 for the others.
     */
    priority?: number;
    /** This column takes the width left over (its `size` is its minimum). Default: the first column. */
    grow?: boolean;
  }
}

/** Props of {@link DataTable}. `T` is a row. */
export interface DataTableProps<T> {
  /** Accessible name of the table. */
  label: string;
  /** The columns; the first is the row's identity; `size` is a width in px (the growing column's minimum). */
  columns: ColumnDef<T, unknown>[];
  data: T[];
  /** A row's id (selection, focus after a delete); default: the row's `id` (required for rows without one). */
  getRowId?: (row: T) => string;
  /** Controlled sorting (server-sorted tables pass `manualSorting`). Default: the table sorts itself. */
  sorting?: SortingState;
  onSortingChange?: (sorting: SortingState) => void;
  /** The server sorts: the table only reports the wanted order. */
  manualSorting?: boolean;
  /** Shown in place of the rows when there are none. */
  empty?: ReactNode;
  /** Row height in px for the virtualiser (default 52). */
  rowHeight?: number;
  /** The rows shown are being replaced (a query changed, its answer is awaited): `aria-busy`, progress, greyed rows. */
  busy?: boolean;
  /**
   * Rows may be selected (bulk actions): a first column of checkboxes, its header one that selects every row shown
   * (mixed when some are). `selected` holds row ids; `onChange` gets the new set.
   */
  selection?: { selected: ReadonlySet<string>; onChange: (selected: Set<string>) => void; allLabel: string; rowLabel: (row: T) => string };
}

/**
 * A row's actions column (id `actions`: it never leaves a narrow table): its header `label` is read by assistive
 * technology only, it does not sort, it is `size` px wide, and `cell` draws a row's buttons or menu.
 */
export function actionsColumn<T>(label: string, size: number, cell: (row: T) => ReactNode): ColumnDef<T, unknown> {
  return {
    id: 'actions',
    header: () => <span className={css.visuallyHidden}>{label}</span>,
    size,
    enableSorting: false,
    cell: ({ row }) => cell(row.original),
  };
}

/**
 * An {@link actionsColumn} of one button a row: `text` shows, `label(row)` is its accessible name (which row it acts
 * on), `onClick(row)` runs; a quiet icon-style button when `icon`, else a secondary one.
 */
export function buttonColumn<T>(
  header: string,
  size: number,
  button: { text: string; label: (row: T) => string; onClick: (row: T) => void; icon?: boolean },
): ColumnDef<T, unknown> {
  return actionsColumn<T>(header, size, (row) => (
    <button type="button" className={button.icon ? css.iconButton : css.secondaryButton} aria-label={button.label(row)} onClick={() => button.onClick(row)}>
      {button.text}
    </button>
  ));
}

/**
 * `columns`, and after them a {@link buttonColumn} of one quiet icon-style button a row when `shown` (e.g. Delete, for
 * an admin who may write): the column a row acts through, left out for an admin who may not use it.
 */
export function withButtonColumn<T>(
  columns: ColumnDef<T, unknown>[],
  shown: boolean,
  header: string,
  size: number,
  button: { text: string; label: (row: T) => string; onClick: (row: T) => void },
): ColumnDef<T, unknown>[] {
  return shown ? [...columns, buttonColumn<T>(header, size, { ...button, icon: true })] : columns;
}

/** The id of the checkbox column of a table with a `selection`. */
const SELECT = 'select';
/** The checkbox column's width, in px. */
const SELECT_SIZE = 48;

/**
 * The checkbox column of a selection, made once per table: its header and cells read the latest selection and rows
 * through `current` (a column made anew each render would remount every checkbox, losing its focus).
 */
function selectColumn<T>(current: { readonly value: { selection: NonNullable<DataTableProps<T>['selection']>; ids: string[] } | null }): ColumnDef<T, unknown> {
  return {
    id: SELECT,
    size: SELECT_SIZE,
    enableSorting: false,
    meta: { priority: 0 },
    header: function SelectAll() {
      const { selection, ids } = current.value!;
      const chosen = ids.filter((id) => selection.selected.has(id)).length;
      return (
        <input
          type="checkbox"
          className={css.checkbox}
          aria-label={selection.allLabel}
          checked={ids.length > 0 && chosen === ids.length}
          ref={(el) => {
            if (el) el.indeterminate = chosen > 0 && chosen < ids.length;
          }}
          disabled={ids.length === 0}
          onChange={(e) => selection.onChange(new Set(e.target.checked ? ids : []))}
        />
      );
    },
    cell: function SelectRow({ row }) {
      const { selection } = current.value!;
      return (
        <input
          type="checkbox"
          className={css.checkbox}
          aria-label={selection.rowLabel(row.original)}
          checked={selection.selected.has(row.id)}
          onChange={(e) => {
            const next = new Set(selection.selected);
            if (e.target.checked) next.add(row.id);
            else next.delete(row.id);
            selection.onChange(next);
          }}
        />
      );
    },
  };
}

/**
 * The columns to hide so that the rest fit `width` px, each column taking its `size` plus `padding` px (the cells'
 * inline padding): by `priority` (highest first; 0 never), the rightmost first among equals.
 */
export function columnsToHide(columns: { id: string; size: number; priority: number }[], width: number, padding = 16): Set<string> {
  const hidden = new Set<string>();
  let total = columns.reduce((n, c) => n + c.size + padding, 0);
  const candidates = columns
    .map((c, index) => ({ ...c, index }))
    .filter((c) => c.priority > 0)
    .sort((a, b) => b.priority - a.priority || b.index - a.index);
  for (const c of candidates) {
    if (total <= width) break;
    hidden.add(c.id);
    total -= c.size + padding;
  }
  return hidden;
}

/** A row's own `id`: the default `getRowId`. */
const ownId = (row: unknown) => (row as { id: string }).id;

/**
 * The props of {@link DataTable}: `getRowId` may be left out only where a row has a string `id`.
 */
export type DataTableOwnProps<T> = T extends { id: string } ? DataTableProps<T> : DataTableProps<T> & { getRowId: (row: T) => string };

/** A sortable, virtualised table that fits its width and grows with the page. */
export function DataTable<T>(props: DataTableOwnProps<T>) {
  const getRowId = props.getRowId ?? ownId;
  const [ownSorting, setOwnSorting] = useState<SortingState>([]);
  const sorting = props.sorting ?? ownSorting;
  const wrapRef = useRef<HTMLDivElement>(null);
  // the table's width and its cells' inline padding (the theme's spacing unit), in px
  const [space, setSpace] = useState<{ width: number; padding: number } | null>(null);
  useLayoutEffect(() => {
    const wrap = wrapRef.current;
    if (!wrap) return;
    const measure = (width: number) => {
      const th = wrap.querySelector('th');
      const style = th ? getComputedStyle(th) : null;
      const padding = style ? parseFloat(style.paddingLeft) + parseFloat(style.paddingRight) : 16;
      setSpace((prev) => (prev?.width === width && prev.padding === padding ? prev : { width, padding }));
    };
    // measured before the first paint (no flash of a too-wide table), then on every resize
    measure(wrap.clientWidth);
    const observer = new ResizeObserver(([entry]) => measure(entry.contentRect.width));
    observer.observe(wrap);
    return () => observer.disconnect();
  }, []);
  const hidden: VisibilityState = {};
  if (space !== null) {
    const measured = props.columns.map((c, i) => ({ id: c.id ?? String(i), size: c.size ?? 150, priority: c.meta?.priority ?? (i === 0 || c.id === 'actions' ? 0 : 1) }));
    if (props.selection) measured.unshift({ id: SELECT, size: SELECT_SIZE, priority: 0 });
    for (const id of columnsToHide(measured, space.width, space.padding)) hidden[id] = false;
  }
  // the checkbox column (made once) reads the selection of this render
  const selectionNow = useRef<{ selection: NonNullable<DataTableProps<T>['selection']>; ids: string[] } | null>(null);
  selectionNow.current = props.selection ? { selection: props.selection, ids: props.data.map(getRowId) } : null;
  const [checkboxes] = useState(() =>
    selectColumn<T>({
      get value() {
        return selectionNow.current;
      },
    }),
  );
  const columns = props.selection ? [checkboxes, ...props.columns] : props.columns;
  // TanStack Table returns functions the React compiler cannot memoise; this component is not compiled
  // eslint-disable-next-line react-hooks/incompatible-library
  const table = useReactTable<T>({
    data: props.data,
    columns,
    getRowId,
    state: { sorting, columnVisibility: hidden },
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
  const rows = table.getRowModel().rows;
  // the row that last held the focus (by id, and its index then), for the focus after a delete
  const focusedRow = useRef<{ id: string; index: number } | null>(null);
  const onRowFocus = (e: FocusEvent<HTMLTableSectionElement>) => {
    const tr = (e.target as Element).closest<HTMLTableRowElement>('tr[data-row-id]');
    if (tr) focusedRow.current = { id: tr.dataset.rowId!, index: Number(tr.getAttribute('aria-rowindex')) - 2 };
  };
  useEffect(() => {
    const lost = focusedRow.current;
    if (!lost || rows.some((r) => r.id === lost.id)) return;
    focusedRow.current = null;
    let frames = 0;
    let handle = 0;
    const settle = () => {
      const wrap = wrapRef.current;
      if (!wrap) return;
      const scope = wrap.getRootNode() as Document | ShadowRoot;
      const active = scope.activeElement;
      // a dialog still has the focus (it closes after the answer): wait for it, for up to a second
      if (active && active !== document.body) {
        if (++frames < 60) handle = requestAnimationFrame(settle);
        return;
      }
      const trs = [...wrap.querySelectorAll<HTMLTableRowElement>('tr[data-row-id]')];
      const next = trs.find((tr) => Number(tr.getAttribute('aria-rowindex')) - 2 >= lost.index) ?? trs.at(-1);
      const control = next?.querySelector<HTMLElement>('button, a[href], input');
      (control ?? wrap).focus();
    };
    handle = requestAnimationFrame(settle);
    return () => cancelAnimationFrame(handle);
  }, [rows]);
  const { items, before, after } = usePageVirtualizer(wrapRef, { count: rows.length, rowHeight: props.rowHeight ?? 52, overscan: 8 });
  const columnCount = table.getVisibleLeafColumns().length;
  const visible = table.getVisibleLeafColumns();
  const growId = (visible.find((c) => c.columnDef.meta?.grow) ?? visible.find((c) => c.id !== SELECT))?.id;
  return (
    <div className={css.tableWrap} ref={wrapRef} data-table-scroll="" tabIndex={-1}>
      {props.busy ? <div className={css.tableProgress} aria-hidden="true" /> : null}
      <table className={css.table} aria-label={props.label} aria-rowcount={rows.length + 1} aria-busy={props.busy || undefined} data-stale={props.busy ? '' : undefined}>
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
                    className={header.column.id === growId ? undefined : css.sizedColumn}
                    style={header.column.id === growId ? undefined : inlineVars({ [css.columnWidth]: `${header.getSize()}px` })}
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
        <tbody onFocus={onRowFocus}>
          {rows.length === 0 && props.empty ? (
            <tr>
              <td colSpan={columnCount} className={css.emptyCell}>
                {props.empty}
              </td>
            </tr>
          ) : null}
          {before > 0 && (
            <tr aria-hidden="true" className={css.spacerRow} style={inlineVars({ [css.spacerHeight]: `${before}px` })}>
              <td colSpan={columnCount} className={css.spacerCell} />
            </tr>
          )}
          {items.map((item) => {
            const row = rows[item.index];
            return (
              <tr key={row.id} className={css.row} aria-rowindex={item.index + 2} data-row-id={row.id} data-selected={props.selection?.selected.has(row.id) ? '' : undefined}>
                {row.getVisibleCells().map((cell) => {
                  const content = flexRender(cell.column.columnDef.cell, cell.getContext());
                  // a one-line text cell cut by an ellipsis shows its whole text on hover
                  return (
                    <td key={cell.id} title={typeof content === 'string' ? content : undefined} data-select={cell.column.id === SELECT ? '' : undefined}>
                      {content}
                    </td>
                  );
                })}
              </tr>
            );
          })}
          {after > 0 && (
            <tr aria-hidden="true" className={css.spacerRow} style={inlineVars({ [css.spacerHeight]: `${after}px` })}>
              <td colSpan={columnCount} className={css.spacerCell} />
            </tr>
          )}
        </tbody>
      </table>
    </div>
  );
}
