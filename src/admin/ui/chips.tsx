/** A table cell's list of chips (roles, groups), or a muted "none" text when the list is empty. */
import * as css from './admin.css.ts';

/** The chips of `items` (key and label each); `none` is shown instead when there are none (nothing if not given). */
export function Chips({ items, none }: { items: { key: string; label: string }[]; none?: string }) {
  return (
    <span className={css.chips}>
      {items.length === 0 && none ? <span className={css.muted}>{none}</span> : null}
      {items.map((item) => (
        <span key={item.key} className={css.chip}>
          {item.label}
        </span>
      ))}
    </span>
  );
}
