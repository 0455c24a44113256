/**
 * Styles of the checkout (src/admin/subscription/checkout/) and its test-mode card fields (./card/): beside the
 * section's own stylesheet, found by the kit's file pattern (src/admin/ui/styles.ts).
 */
import { style } from '@vanilla-extract/css';
import { theme } from '../../theme/contract.css.ts';
import { u } from '../ui/css-units.ts';
import { bareFieldset, form } from '../ui/admin.css.ts';

/** The checkout: the plan, what changes, the payment details, the actions; a readable measure on wide screens. */
export const checkout = style([form, { maxWidth: '40rem' }]);
/** The plan chosen and its price, one line that wraps. */
export const planLine = style({ display: 'flex', flexWrap: 'wrap', alignItems: 'baseline', gap: u(1), margin: 0 });
export const price = style({ fontSize: '1.25em', fontWeight: 600 });
/** What changes: a panel with a term (Adds, Removes, Limits) above each list. */
export const changes = style({
  display: 'flex',
  flexDirection: 'column',
  gap: u(1),
  margin: 0,
  padding: u(2),
  border: `1px solid ${theme.color.border}`,
  borderRadius: theme.radius,
});
export const changeTerm = style({ fontWeight: 600 });
/** A group's items: no bullets (an added or removed item carries its own + or − sign). */
export const changeList = style({ margin: 0, padding: 0, listStyle: 'none' });
/** An item the new plan adds (success colour and a sign not told by colour alone) or takes away. */
export const added = style({ color: theme.color.success });
export const removed = style({ color: theme.color.danger });
/** The card fields: a bare fieldset, its fields stacked. */
export const cardFields = style([bareFieldset, { display: 'flex', flexDirection: 'column', gap: u(2), minWidth: 0 }]);
/** The fieldset's legend, as a field's label, with its note right under it. */
export const cardLegend = style({ padding: 0, fontWeight: 600 });
/** Expiry and security code side by side, stacked when narrow. */
export const cardRow = style({ display: 'grid', gridTemplateColumns: 'repeat(auto-fit, minmax(10rem, 1fr))', gap: u(2) });
/** The provider's challenge page in its dialog. */
export const challengeFrame = style({
  width: '100%',
  // the page's two answers in view at 390 px too
  height: 'min(26rem, 60vh)',
  border: `1px solid ${theme.color.border}`,
  borderRadius: theme.radius,
  background: theme.color.surface,
});
