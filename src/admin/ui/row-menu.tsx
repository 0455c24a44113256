/**
 * The actions menu of one table row (react-aria-components: Enter or Space opens it, arrow keys move, Escape closes,
 * focus returns to the "⋯" button), styled by admin.css.ts's `menu` / `menuItem` classes.
 */
import { Button, Menu, MenuItem, MenuTrigger, Popover } from 'react-aria-components';
import * as css from './admin.css.ts';

/** One action of a {@link RowMenu}: its id (what `onAction` gets) and visible label. */
export interface RowAction<A extends string> {
  id: A;
  label: string;
}

/**
 * A "⋯" button named `label` (e.g. "Actions for Ada") that opens the row's `actions`; `excludeFromTabOrder` for a row
 * of a grid with one tab stop (the tree of accounts: only the focused row's menu is in the tab order).
 */
export function RowMenu<A extends string>({
  label,
  actions,
  onAction,
  excludeFromTabOrder,
}: {
  label: string;
  actions: RowAction<A>[];
  onAction: (action: A) => void;
  excludeFromTabOrder?: boolean;
}) {
  return (
    <MenuTrigger>
      <Button className={css.iconButton} aria-label={label} excludeFromTabOrder={excludeFromTabOrder}>
        ⋯
      </Button>
      <Popover placement="bottom end">
        <Menu className={css.menu} onAction={(key) => onAction(key as A)} items={actions}>
          {(item) => (
            <MenuItem id={item.id} className={css.menuItem}>
              {item.label}
            </MenuItem>
          )}
        </Menu>
      </Popover>
    </MenuTrigger>
  );
}
