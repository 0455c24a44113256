/** Styles of the account section (its own classes; the kit's are in src/admin/ui/admin.css.ts), adopted with the kit's into each admin element's shadow root (src/admin/ui/styles.ts). */
import { globalStyle, style } from '@vanilla-extract/css';
import { theme } from '../../theme/contract.css.ts';
import { dialogActions, form } from '../ui/admin.css.ts';
import { u } from '../ui/css-units.ts';

/** The account logo's preview: a framed box the size of a logo, the logo or "No logo" in it. */
export const logoPreview = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'center',
  width: '240px',
  maxWidth: '100%',
  height: '80px',
  padding: u(1),
  border: `1px dashed ${theme.color.border}`,
  borderRadius: theme.radius,
  background: theme.color.background,
});
globalStyle(`${logoPreview} img`, { maxWidth: '100%', maxHeight: '100%', objectFit: 'contain' });
/** The settings form: at most 640 px wide. */
export const settingsForm = style([form, { maxWidth: '640px' }]);
/** The settings form's Save row, at the start side. */
export const settingsActions = style([dialogActions, { justifyContent: 'flex-start' }]);
