/** Styles of the profile section (its own classes; the kit's are in src/admin/ui/admin.css.ts), adopted with the kit's into each admin element's shadow root (src/admin/ui/styles.ts). */
import { style } from '@vanilla-extract/css';
import { theme } from '../../theme/contract.css.ts';

/** The profile picture, or its placeholder: a 72 px circle. */
export const avatar = style({
  width: '72px',
  height: '72px',
  flex: 'none',
  borderRadius: '50%',
  objectFit: 'cover',
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  background: theme.color.primary,
  // chosen by contrast for the primary in force (src/theme/contrast.ts)
  color: theme.color.onPrimary,
  fontSize: '1.5em',
  fontWeight: 600,
  userSelect: 'none',
});
