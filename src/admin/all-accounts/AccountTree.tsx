/**
 * The tree of accounts (issue 34 item 1; AB-2.04, AB-7.23): an ARIA treegrid whose rows are the accounts, the active
 * account at the root with its users, each account's sub-accounts loaded when it is opened (50 at a time, "Show more"
 * where the server names a next page). Keyboard, as the treegrid pattern with rows focused: one tab stop (the line last
 * focused), Up/Down/Home/End move, Right opens an account (or goes to its first sub-account), Left closes it (or goes to
 * its parent), Enter opens the account's page or runs "Show more" / "Try again"; Tab from a line reaches its actions.
 * Lines are virtualised against the page's scroller like the kit's table (src/admin/ui/data-table.tsx), so thousands of
 * loaded accounts scroll smoothly.
 */
import { useStore } from '@nanostores/react';
import { useEffect, useMemo, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import type { AccountRow, AllAccountsResource } from '../resources/all-accounts.ts';
import { useSection } from '../shell/context.ts';
import { useDateTime } from '../shell/use-date-time.ts';
import * as css from '../ui/admin.css.ts';
import { inlineVars } from '../ui/css-vars.ts';
import { usePageVirtualizer } from '../ui/page-virtualizer.ts';
import { RowMenu, type RowAction } from '../ui/row-menu.tsx';
import { messageOf } from '../ui/states.tsx';
import * as own from './all-accounts.css.ts';
import { treeKey, treeLines, type RowDialog, type TreeLine } from './model.ts';

/** Props of {@link AccountTree}. */
export interface AccountTreeProps {
  /** The account at the root (the active account, or the one whose page shows its subtree). */
  root: AccountRow;
  accounts: AllAccountsResource;
  /** The accounts opened, by id (the view keeps them: switching views and back keeps the tree as it was). */
  expanded: ReadonlySet<string>;
  onExpandedChange: (expanded: Set<string>) => void;
  /** Opens an account's page. */
  onOpen: (row: AccountRow) => void;
  /** The actions of a line's menu (none: no menu), and what choosing one does. */
  actions: (row: AccountRow, isRoot: boolean) => RowAction<RowDialog | 'open'>[];
  onAction: (row: AccountRow, action: RowDialog | 'open') => void;
}

/** The tree of accounts under `root`. */
export function AccountTree({ root, accounts, expanded, onExpandedChange, onOpen, actions, onAction }: AccountTreeProps) {
  const { t } = useSection();
  const dateText = useDateTime();
  const children = useStore(accounts.$children);
  const figures = useStore(accounts.$figures);
  const lines = useMemo(() => treeLines(root, children, expanded), [root, children, expanded]);
  // the line that holds the tab stop, by key; the focus follows it when the keys move it
  const [activeKey, setActiveKey] = useState(root.tenantId);
  const focusAfter = useRef<string | null>(null);
  // "Show more" run from the keyboard: the focus goes to the first account it loads (where the line was)
  const moreAt = useRef<{ parentId: string; index: number; shown: number } | null>(null);
  const wrapRef = useRef<HTMLDivElement>(null);

  // every open account's first page, and the root's figures
  useEffect(() => {
    for (const id of expanded) accounts.expand(id);
  }, [accounts, expanded, children]);
  useEffect(() => {
    void accounts.loadFigures([root.tenantId]);
  }, [accounts, root.tenantId]);

  const { virtualizer, items, before, after } = usePageVirtualizer(wrapRef, { count: lines.length, rowHeight: own.LINE_HEIGHT, overscan: 10 });

  // the tab stop stays on a line that exists (a closed account's lines leave)
  const activeIndex = Math.max(
    0,
    lines.findIndex((l) => l.key === activeKey),
  );
  const shownActive = items.some((i) => i.index === activeIndex) ? activeIndex : (items[0]?.index ?? 0);
  useEffect(() => {
    const more = moreAt.current;
    const level = more ? children[more.parentId] : undefined;
    if (more && level && !level.loading) {
      moreAt.current = null;
      const focused = (wrapRef.current?.getRootNode() as ShadowRoot | Document | undefined)?.activeElement;
      // the focus moves unless the admin went elsewhere meanwhile (the line itself may have left: it moved down, out of
      // the lines drawn, and the focus with it)
      const stayed = !focused || focused === document.body || wrapRef.current?.contains(focused);
      if (level.items.length > more.shown && stayed) focusAfter.current = lines[more.index]?.key ?? null;
    }
    const key = focusAfter.current;
    if (!key) return;
    const el = wrapRef.current?.querySelector<HTMLElement>(`[data-key="${CSS.escape(key)}"]`);
    if (el) {
      focusAfter.current = null;
      el.focus();
    }
  });

  const setOpen = (id: string, open: boolean) => {
    const next = new Set(expanded);
    if (open) next.add(id);
    else next.delete(id);
    onExpandedChange(next);
  };
  const focusLine = (index: number) => {
    const line = lines[index];
    if (!line) return;
    setActiveKey(line.key);
    virtualizer.scrollToIndex(index, { align: 'auto' });
    // at once when the line is drawn (the next key goes to it, however fast it comes), else once it is
    const el = wrapRef.current?.querySelector<HTMLElement>(`[data-key="${CSS.escape(line.key)}"]`);
    if (el) el.focus();
    else focusAfter.current = line.key;
  };
  const activate = (line: TreeLine, index: number) => {
    if (line.kind === 'account') onOpen(line.row);
    else if (line.kind === 'more' || line.kind === 'error') {
      moreAt.current = { parentId: line.parentId, index, shown: line.shown };
      accounts.showMore(line.parentId);
    }
  };
  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>, index: number) => {
    // keys typed in a line's menu are the menu's
    if (e.target !== e.currentTarget) return;
    if (e.key === 'Enter' || e.key === ' ') {
      e.preventDefault();
      activate(lines[index], index);
      return;
    }
    const move = treeKey(lines, index, e.key);
    if (!move) return;
    e.preventDefault();
    if ('focus' in move) focusLine(move.focus);
    else setOpen(move.toggle, move.open);
  };

  const figure = (n: number | undefined) => (n === undefined ? '—' : String(n));
  const render = (line: TreeLine, index: number): ReactNode => {
    const rowProps = {
      'data-key': line.key,
      role: 'row',
      'aria-level': line.level,
      'aria-rowindex': index + 2,
      tabIndex: index === shownActive ? 0 : -1,
      onKeyDown: (e: KeyboardEvent<HTMLDivElement>) => onKeyDown(e, index),
      onFocus: () => setActiveKey(line.key),
    };
    const indent = inlineVars({ [own.depth]: String(line.level - 1) });
    if (line.kind !== 'account') {
      const text =
        line.kind === 'more'
          ? t('admin.allAccounts.showMore', { shown: line.shown, total: line.total })
          : line.kind === 'loading'
            ? t('admin.allAccounts.loadingChildren')
            : t('admin.allAccounts.childrenFailed', { reason: messageOf(line.error, t) });
      return (
        <div key={line.key} {...rowProps} className={own.tailLine} onClick={() => activate(line, index)} data-line={line.kind}>
          <div role="gridcell" className={own.tailCell} style={indent} aria-colspan={5}>
            <span className={own.noExpander} />
            <span>{text}</span>
          </div>
        </div>
      );
    }
    const { row } = line;
    const isRoot = line.level === 1;
    const f = figures[row.tenantId] ?? {};
    const menu = actions(row, isRoot);
    return (
      <div
        key={line.key}
        {...rowProps}
        className={own.line}
        aria-expanded={line.hasChildren ? line.expanded : undefined}
        aria-posinset={line.posinset}
        aria-setsize={line.setsize}
        aria-label={row.name}
        data-line="account"
      >
        <div role="gridcell" className={own.nameCell} style={indent}>
          {line.hasChildren ? (
            // the line says whether it is open (aria-expanded) and the arrow keys open it: the arrow is for the mouse
            <span aria-hidden="true" className={own.expander} onClick={() => setOpen(row.tenantId, !line.expanded)}>
              {line.expanded ? '▾' : '▸'}
            </span>
          ) : (
            <span className={own.noExpander} />
          )}
          <a
            href={`#/admin/allAccounts/${encodeURIComponent(row.tenantId)}`}
            tabIndex={-1}
            className={css.ellipsis}
            onClick={(e) => {
              e.preventDefault();
              onOpen(row);
            }}
          >
            {row.name}
          </a>
          {row.isReseller ? <span className={css.chip}>{t('admin.allAccounts.reseller')}</span> : null}
        </div>
        <div role="gridcell" className={own.cell}>
          {figure(f.users)}
        </div>
        <div role="gridcell" className={`${own.cell} ${own.wideOnly}`}>
          {figure(f.subAccounts)}
        </div>
        <div role="gridcell" className={`${own.cell} ${own.wideOnly}`}>
          {dateText(row.createdAt)}
        </div>
        <div role="gridcell" className={own.cell}>
          {menu.length ? (
            <RowMenu label={t('admin.allAccounts.actionsFor', { name: row.name })} actions={menu} onAction={(a) => onAction(row, a)} excludeFromTabOrder={index !== shownActive} />
          ) : null}
        </div>
      </div>
    );
  };

  return (
    <div
      ref={wrapRef}
      role="treegrid"
      className={own.tree}
      aria-label={t('admin.allAccounts.tree')}
      aria-rowcount={lines.length + 1}
      aria-colcount={5}
      aria-busy={lines.some((l) => l.kind === 'loading') || undefined}
    >
      <div role="row" aria-rowindex={1} className={own.headLine}>
        <div role="columnheader" className={own.cell}>
          {t('admin.allAccounts.col.name')}
        </div>
        <div role="columnheader" className={own.cell}>
          {t('admin.allAccounts.col.users')}
        </div>
        <div role="columnheader" className={`${own.cell} ${own.wideOnly}`}>
          {t('admin.allAccounts.col.subAccounts')}
        </div>
        <div role="columnheader" className={`${own.cell} ${own.wideOnly}`}>
          {t('admin.allAccounts.col.createdAt')}
        </div>
        <div role="columnheader" className={own.cell}>
          <span className={css.visuallyHidden}>{t('admin.actions')}</span>
        </div>
      </div>
      {before > 0 ? <div aria-hidden="true" className={css.spacerRow} style={inlineVars({ [css.spacerHeight]: `${before}px` })} /> : null}
      {items.map(({ index }) => render(lines[index], index))}
      {after > 0 ? <div aria-hidden="true" className={css.spacerRow} style={inlineVars({ [css.spacerHeight]: `${after}px` })} /> : null}
    </div>
  );
}
