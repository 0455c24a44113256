/**
 * Rows virtualised against the page's own scroller (the kit's table, src/admin/ui/data-table.tsx, and the tree of all
 * accounts, src/admin/all-accounts/AccountTree.tsx): no box with a scrollbar of its own, the rows in view and an
 * overscan drawn, spacers standing for the others. The scroller is the nearest scrolling ancestor (across shadow
 * roots), else the window; the list's offset in it is measured after every render (what sits above may move).
 */
import { useVirtualizer, useWindowVirtualizer, type Virtualizer } from '@tanstack/react-virtual';
import { useLayoutEffect, useState, type RefObject } from 'react';

/** The nearest ancestor of `el` that scrolls vertically (crossing shadow roots), or `null` for the window. */
export function scrollParent(el: Element): HTMLElement | null {
  let node: Node | null = el.parentNode;
  while (node) {
    if (node instanceof HTMLElement) {
      if (node === document.body || node === document.documentElement) return null;
      const { overflowY } = getComputedStyle(node);
      if (overflowY === 'auto' || overflowY === 'scroll' || overflowY === 'overlay') return node;
    }
    node = node instanceof ShadowRoot ? node.host : node.parentNode;
  }
  return null;
}

/** One row drawn: its index in the list and its place (px from the scroller's top). */
export interface DrawnRow {
  index: number;
  start: number;
  end: number;
}

/** What {@link usePageVirtualizer} gives: the virtualiser (to scroll to a row), the rows to draw, and the spacers' heights (px). */
export interface PageVirtualizer {
  virtualizer: Virtualizer<HTMLElement, Element> | Virtualizer<Window, Element>;
  items: DrawnRow[];
  before: number;
  after: number;
}

/**
 * `count` rows of `rowHeight` px inside the element `wrapRef` holds, virtualised against the page's scroller with
 * `overscan` rows beyond the view; before the scroller is known (the first render) the first 30 rows are drawn.
 */
export function usePageVirtualizer(
  wrapRef: RefObject<HTMLElement | null>,
  { count, rowHeight, overscan }: { count: number; rowHeight: number; overscan: number },
): PageVirtualizer {
  // the page's scroller (undefined until mounted) and the list's offset in its content (the virtualiser's margin)
  const [scroller, setScroller] = useState<HTMLElement | null | undefined>(undefined);
  const [margin, setMargin] = useState(0);
  useLayoutEffect(() => {
    if (wrapRef.current) setScroller(scrollParent(wrapRef.current));
  }, [wrapRef]);
  // after every render (what sits above the list may have grown or shrunk); it sets state only when the offset moved
  // eslint-disable-next-line react-hooks/exhaustive-deps
  useLayoutEffect(() => {
    const wrap = wrapRef.current;
    if (!wrap || scroller === undefined) return;
    const top = wrap.getBoundingClientRect().top;
    const next = scroller ? top - scroller.getBoundingClientRect().top + scroller.scrollTop : top + window.scrollY;
    if (Math.abs(next - margin) > 1) setMargin(next);
  });
  const common = { count, estimateSize: () => rowHeight, overscan, scrollMargin: margin };
  // TanStack Virtual returns functions the React compiler cannot memoise; this hook is not compiled
  // eslint-disable-next-line react-hooks/incompatible-library
  const inElement = useVirtualizer({ ...common, getScrollElement: () => scroller ?? null, enabled: Boolean(scroller) });
  const inWindow = useWindowVirtualizer({ ...common, enabled: scroller === null });
  const virtualizer = scroller ? inElement : inWindow;
  // before the scroller is known (the first render), the first rows are drawn as the virtualiser would
  const items: DrawnRow[] =
    scroller === undefined
      ? Array.from({ length: Math.min(30, count) }, (_, index) => ({ index, start: margin + index * rowHeight, end: margin + (index + 1) * rowHeight }))
      : virtualizer.getVirtualItems();
  const before = (items[0]?.start ?? margin) - margin;
  const after = items.length ? Math.max(0, count * rowHeight + margin - items[items.length - 1].end) : 0;
  return { virtualizer, items, before, after };
}
