/**
 * The portal's sections as a menu behind one button, for narrow screens (issue 21 item 8): react-aria's Menu (Enter,
 * Space or ↓ opens it, arrow keys move, Escape closes and focus returns to the button), the current section checked.
 * Its own chunk: PortalView loads it only while the screen is narrow, so a wide screen never pays for it.
 */
import { Button, Menu, MenuItem, MenuTrigger, Popover } from 'react-aria-components';
import type { Translate } from '../../i18n/index.ts';
import * as css from '../ui/admin.css.ts';
import type { SectionId } from './ids.ts';
import { SECTIONS } from './sections.ts';

/** The sections as a menu behind one button, for narrow screens (hidden by CSS on wider ones). */
export function SectionMenu({ sections, current, t, onOpen }: { sections: SectionId[]; current: SectionId | null; t: Translate; onOpen: (id: SectionId) => void }) {
  return (
    <MenuTrigger>
      <Button className={css.navMenuButton} data-nav-menu="">
        <span>{current ? t('admin.nav.menu', { section: t(SECTIONS[current].titleKey) }) : t('admin.nav.label')}</span>
        <span aria-hidden="true">▾</span>
      </Button>
      <Popover placement="bottom start" className={css.navPopover}>
        <Menu
          className={css.menu}
          aria-label={t('admin.nav.label')}
          selectionMode="single"
          selectedKeys={current ? [current] : []}
          disallowEmptySelection
          // choosing the current section again only closes the menu (the selection cannot be emptied)
          onSelectionChange={(keys) => {
            const [id] = keys === 'all' ? [] : [...keys];
            if (id !== undefined && id !== current) onOpen(id as SectionId);
          }}
        >
          {sections.map((id) => (
            <MenuItem key={id} id={id} className={css.navMenuItem}>
              {({ isSelected }) => (
                <>
                  <span aria-hidden="true" className={css.navMenuCheck}>
                    {isSelected ? '✓' : ''}
                  </span>
                  {t(SECTIONS[id].titleKey)}
                </>
              )}
            </MenuItem>
          ))}
        </Menu>
      </Popover>
    </MenuTrigger>
  );
}
