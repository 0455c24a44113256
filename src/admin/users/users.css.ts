/** Styles of the users section (its own classes; the kit's are in src/admin/ui/admin.css.ts), adopted with the kit's into each admin element's shadow root (src/admin/ui/styles.ts). */
import { style } from '@vanilla-extract/css';
import { theme } from '../../theme/contract.css.ts';
import { focus, u } from '../ui/css-units.ts';

/** A folded list (`<details>`): its summary is a target of at least 24 px with a visible focus ring. */
export const disclosure = style({ display: 'grid', gap: u(1) });
export const disclosureSummary = style({
  minHeight: '24px',
  cursor: 'pointer',
  fontWeight: 600,
  selectors: { '&:focus-visible': focus },
});
/** The bar of a table's bulk actions (shown while rows are selected): the count, then the actions. */
export const bulkBar = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: u(1),
  padding: u(1),
  borderRadius: theme.radius,
  background: theme.color.background,
  border: `1px solid ${theme.color.border}`,
});
/** One address of the sub-account invite (issue 34): the field, then its Remove button on the field's line. */
export const inviteRow = style({ display: 'flex', flexWrap: 'wrap', alignItems: 'flex-end', gap: u(1) });
