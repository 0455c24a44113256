/** Styles of the subscription section (its own classes; the kit's are in src/admin/ui/admin.css.ts), adopted with the kit's into each admin element's shadow root (src/admin/ui/styles.ts). */
import { style } from '@vanilla-extract/css';
import { theme } from '../../theme/contract.css.ts';
import { u } from '../ui/css-units.ts';

/** A framed block of the page (the current plan, payment details): a bordered card on the surface. */
export const panel = style({
  display: 'flex',
  flexDirection: 'column',
  gap: u(1),
  padding: u(2),
  border: `1px solid ${theme.color.border}`,
  borderRadius: theme.radius,
  minWidth: 0,
});

/** A panel's first line: the plan's name (or a heading) and its status chip, wrapping on a narrow screen. */
export const panelHead = style({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: u(1) });

/** The plan's name in the current-plan panel. */
export const planName = style({ margin: 0, fontSize: '1.25em', fontWeight: 600 });

/** The plans, side by side where they fit (each at least 220 px), one a row on a phone. */
export const plans = style({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fill, minmax(220px, 1fr))',
  gap: u(2),
});

/** One plan; the current one is marked by the primary colour's border. */
export const plan = style([panel, { selectors: { '&[data-current]': { borderColor: theme.color.primary, borderWidth: '2px' } } }]);

/** A plan's features and limits: a plain list. */
export const planList = style({ margin: 0, paddingInlineStart: u(2.5), display: 'flex', flexDirection: 'column', gap: u(0.25) });

/** A plan's action at the bottom of its card, whatever the length of its lists. */
export const planAction = style({ marginTop: 'auto', display: 'flex', alignItems: 'center', gap: u(1), flexWrap: 'wrap' });

/** The payment details: the card and the billing details side by side where they fit. */
export const paymentGrid = style({ display: 'grid', gridTemplateColumns: 'repeat(auto-fit, minmax(260px, 1fr))', alignItems: 'start', gap: u(2) });

/** An address or a card: lines without the paragraph's margins. */
export const lines = style({ margin: 0, fontStyle: 'normal', display: 'flex', flexDirection: 'column' });

/** The billing details form's fields: two a row where they fit. */
export const fieldGrid = style({ display: 'grid', gridTemplateColumns: 'repeat(auto-fit, minmax(200px, 1fr))', gap: u(2) });

/** The card's number, kept on one line (`•••• 4242`). */
export const cardNumber = style({ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' });
