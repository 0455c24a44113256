/**
 * The allAccounts section's pure parts (issue 34 items 1–2): its sub-routes, and the tree's lines — the accounts
 * shown, in order, as a flat list the tree view draws and moves through (each line knows its level, its parent's line
 * and its place among its siblings, for `aria-level`, `aria-posinset` and `aria-setsize`).
 */
import type { AccountRow, ChildrenState } from '../resources/all-accounts.ts';

/** The section's sub-routes (the registry's patterns, src/admin/shell/sections.ts). */
export const ROUTES = Object.freeze({
  /** The table view (the tree is the start). */
  table: 'table',
  add: 'add',
  addUnder: 'add::tenantId',
  rename: 'rename::tenantId',
  move: 'move::tenantId',
  remove: 'delete::tenantId',
  account: ':tenantId',
});

/** The row dialogs' sub-routes, by action (each `<action>:<tenantId>`). */
export const ROW_DIALOGS = { add: ROUTES.addUnder, rename: ROUTES.rename, move: ROUTES.move, delete: ROUTES.remove } as const;

/** Whether sub-route `route` is a dialog (shown over the page it was opened from). */
export function isDialogRoute(route: string | null): boolean {
  return route === ROUTES.add || Object.values(ROW_DIALOGS).includes(route as (typeof ROW_DIALOGS)[RowDialog]);
}

/** A row dialog's action. */
export type RowDialog = keyof typeof ROW_DIALOGS;

/** One line of the tree: an account, or under an open account its loading, failure or "Show more" line. */
export type TreeLine =
  | {
      kind: 'account';
      key: string;
      row: AccountRow;
      level: number;
      /** The line of the parent account (null for the root). */
      parentKey: string | null;
      expanded: boolean;
      hasChildren: boolean;
      posinset: number;
      setsize: number;
    }
  | { kind: 'more' | 'loading' | 'error'; key: string; parentId: string; parentKey: string; level: number; shown: number; total: number; error?: unknown };

/** Whether `row` has (or may have) sub-accounts: the server said so, or some are loaded. */
export function hasChildren(row: AccountRow, children: Readonly<Record<string, ChildrenState>>): boolean {
  return Boolean(row.metadata?.isParent) || (children[row.tenantId]?.items.length ?? 0) > 0;
}

/**
 * The lines of the tree under `root`: each account, then — when it is in `expanded` — its loaded children (depth
 * first), then a loading line (no page yet, or the next one on its way), a failure line, or a "Show more" line (the
 * server named a next page).
 */
export function treeLines(root: AccountRow, children: Readonly<Record<string, ChildrenState>>, expanded: ReadonlySet<string>): TreeLine[] {
  const lines: TreeLine[] = [];
  const visit = (row: AccountRow, level: number, parentKey: string | null, posinset: number, setsize: number) => {
    const open = expanded.has(row.tenantId);
    const parent = hasChildren(row, children);
    lines.push({ kind: 'account', key: row.tenantId, row, level, parentKey, expanded: open && parent, hasChildren: parent, posinset, setsize });
    if (!open || !parent) return;
    const level2 = children[row.tenantId];
    const items = level2?.items ?? [];
    const total = Math.max(level2?.total ?? 0, items.length);
    items.forEach((child, i) => visit(child, level + 1, row.tenantId, i + 1, total));
    // one key for the level's last line, whatever it says: "Show more" keeps the focus while the next page loads
    const tail = { key: `tail:${row.tenantId}`, parentId: row.tenantId, parentKey: row.tenantId, level: level + 1, shown: items.length, total };
    if (!level2 || level2.loading) lines.push({ kind: 'loading', ...tail });
    else if (level2.error) lines.push({ kind: 'error', ...tail, error: level2.error });
    else if (level2.next !== null) lines.push({ kind: 'more', ...tail });
  };
  visit(root, 1, null, 1, 1);
  return lines;
}

/**
 * Where a key press on line `index` of `lines` leads in the tree (the ARIA treegrid's keys, rows focused): Up/Down
 * the line before/after, Home/End the first/last, Right opens a closed account (or goes to its first child), Left
 * closes an open one (or goes to its parent). Null: the key is not the tree's.
 */
export function treeKey(lines: readonly TreeLine[], index: number, key: string): { focus: number } | { toggle: string; open: boolean } | null {
  const line = lines[index];
  if (!line) return null;
  const parentIndex = () => {
    const parentKey = line.kind === 'account' ? line.parentKey : line.parentKey;
    const at = lines.findIndex((l) => l.key === parentKey);
    return at < 0 ? null : { focus: at };
  };
  switch (key) {
    case 'ArrowDown':
      return { focus: Math.min(lines.length - 1, index + 1) };
    case 'ArrowUp':
      return { focus: Math.max(0, index - 1) };
    case 'Home':
      return { focus: 0 };
    case 'End':
      return { focus: lines.length - 1 };
    case 'ArrowRight':
      if (line.kind !== 'account' || !line.hasChildren) return null;
      return line.expanded ? { focus: Math.min(lines.length - 1, index + 1) } : { toggle: line.key, open: true };
    case 'ArrowLeft':
      if (line.kind === 'account' && line.expanded) return { toggle: line.key, open: false };
      return parentIndex();
    default:
      return null;
  }
}
