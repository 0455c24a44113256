/**
 * Styles of the portal's notifications bell (./NotificationsBell.tsx), adopted with the kit's into the portal's shadow
 * root by file pattern (src/admin/ui/styles.ts).
 */
import { style } from '@vanilla-extract/css';
import { theme } from '../../theme/contract.css.ts';
import { secondaryButton } from '../ui/admin.css.ts';
import { u } from '../ui/css-units.ts';

/** The bell's row above the section: the bell at the end. */
export const bellBar = style({ display: 'flex', justifyContent: 'flex-end', marginBottom: u(1) });
/** The bell: the kit's secondary button with its icon, text and count in a row. */
export const bell = style([secondaryButton, { display: 'inline-flex', alignItems: 'center', gap: u(0.75) }]);
/** The unread count on the bell. */
export const bellCount = style({
  minWidth: '1.5em',
  padding: `0 ${u(0.5)}`,
  borderRadius: '999px',
  background: theme.color.primary,
  color: theme.color.onPrimary,
  fontSize: '0.8125em',
  fontWeight: 600,
  textAlign: 'center',
});
/** The bell's popover: the list of notifications. */
export const bellPopover = style({
  width: 'min(420px, calc(100vw - 32px))',
  maxHeight: '70vh',
  overflowY: 'auto',
  background: theme.color.surface,
  color: theme.color.text,
  border: `1px solid ${theme.color.border}`,
  borderRadius: theme.radius,
  boxShadow: '0 8px 24px rgb(0 0 0 / 0.18)',
});
/** The popover's dialog: heading row, then the list. */
export const bellDialog = style({ display: 'flex', flexDirection: 'column', gap: u(1), padding: u(2), outline: 'none' });
/** The list of notifications. */
export const bellList = style({ listStyle: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column', gap: u(1) });
/** One notification (a bordered card); an unread one has a bar at its start. */
export const bellItem = style([
  bellList,
  { gap: u(0.5), padding: u(1.25), border: `1px solid ${theme.color.border}`, borderRadius: theme.radius },
  { selectors: { '&[data-unread]': { borderInlineStart: `4px solid ${theme.color.primary}` } } },
]);
/** A notification's title. */
export const bellItemTitle = style({ fontWeight: 600 });
