/** Styles of the usage section (its own classes; the kit's are in src/admin/ui/admin.css.ts), adopted with the kit's into each admin element's shadow root (src/admin/ui/styles.ts). */
import { createVar, style } from '@vanilla-extract/css';
import { theme } from '../../theme/contract.css.ts';
import { focus, u } from '../ui/css-units.ts';

/** A panel of the section (the plan, the limits): a titled block. */
export const panel = style({ display: 'flex', flexDirection: 'column', gap: u(1.5), minWidth: 0 });

/** "Features included" over the list of features, close together. */
export const featureBlock = style({ display: 'flex', flexDirection: 'column', gap: u(0.75) });
/** The plan's features: one line each, a check mark before the name. */
export const features = style({ listStyle: 'none', margin: 0, padding: 0, display: 'flex', flexWrap: 'wrap', gap: u(1) });
/** One feature (its check mark is the chip's own text, hidden from assistive technology). */
export const feature = style({ display: 'inline-flex', alignItems: 'center', gap: u(0.5) });
/** A feature's check mark in the success colour. */
export const check = style({ color: theme.color.success, fontWeight: 700 });

/** The limits: cards side by side, at least 240 px wide (one column on a phone). */
export const limits = style({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fill, minmax(min(240px, 100%), 1fr))',
  gap: u(2),
});
/** One limit's card; a reached limit's border is the danger colour. */
export const limit = style({
  display: 'flex',
  flexDirection: 'column',
  gap: u(1),
  minWidth: 0,
  padding: u(2),
  border: `1px solid ${theme.color.border}`,
  borderRadius: theme.radius,
  background: theme.color.surface,
  selectors: { '&[data-level=reached]': { borderColor: theme.color.danger } },
});
/** The card's title row: the limit's name and its count. */
export const limitHead = style({ display: 'flex', flexWrap: 'wrap', alignItems: 'baseline', justifyContent: 'space-between', gap: u(1) });
/** The limit's name (an h4 set like the kit's subtitles). */
export const limitName = style({ margin: 0, fontSize: '1em', fontWeight: 600 });

/** The filled share of a meter (a percentage, set per meter). */
export const fill = createVar();
/** A meter's track: 8 px high, the border colour, rounded; its outline keeps it visible in forced colours. */
export const meter = style({
  position: 'relative',
  height: '8px',
  borderRadius: '4px',
  background: theme.color.border,
  overflow: 'hidden',
  outline: '1px solid transparent',
});
/** A meter's filled part: the primary colour; near or at the limit the danger colour (the words say it too). */
export const meterFill = style({
  position: 'absolute',
  insetBlock: 0,
  insetInlineStart: 0,
  width: fill,
  background: theme.color.primary,
  selectors: { '&[data-level=near], &[data-level=reached]': { background: theme.color.danger } },
  '@media': { '(forced-colors: active)': { background: 'Highlight' } },
});
/** The line under a meter: the state's words and, when reached, the way to upgrade. */
export const limitFoot = style({ display: 'flex', flexDirection: 'column', alignItems: 'flex-start', gap: u(1) });
/** A chip in a card keeps its own width (the card's column would stretch it). */
export const cardChip = style({ alignSelf: 'flex-start' });
/** The button that lists a limit's holders: quiet underlined text at the card's foot (cards of a row end alike). */
export const holdersButton = style({
  marginTop: 'auto',
  alignSelf: 'flex-start',
  font: 'inherit',
  textAlign: 'start',
  color: 'inherit',
  background: 'none',
  border: 'none',
  padding: 0,
  minHeight: '24px',
  textDecoration: 'underline',
  textUnderlineOffset: '2px',
  cursor: 'pointer',
  selectors: { '&:hover': { textDecorationThickness: '2px' }, '&:focus-visible': focus },
});
/** The holders in a limit's details: in columns at least 12em wide, so 50 names fit without a long scroll. */
export const holders = style({ margin: 0, paddingInlineStart: u(2.5), columns: 'auto 12em', columnGap: u(4) });
