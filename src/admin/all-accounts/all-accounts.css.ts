/** Styles of the allAccounts section (its own classes; the kit's are in src/admin/ui/admin.css.ts), adopted with the kit's into each admin element's shadow root (src/admin/ui/styles.ts). */
import { createVar, globalStyle, style } from '@vanilla-extract/css';
import { theme } from '../../theme/contract.css.ts';
import { NARROW, toolbar } from '../ui/admin.css.ts';
import { u } from '../ui/css-units.ts';

/** The toolbar: search, view switch and sort, wrapped on a narrow page, aligned at their bottom. */
export const tools = style([toolbar, { alignItems: 'flex-end', flexWrap: 'wrap' }]);

/** The totals line under the toolbar. */
export const totals = style({ margin: `0 0 ${u(1)}`, color: theme.color.textMuted });

/** The tree (an ARIA treegrid): its lines share the columns' widths. */
export const tree = style({
  border: `1px solid ${theme.color.border}`,
  borderRadius: theme.radius,
  background: theme.color.surface,
});

/** The height of a tree line, in px (the virtualiser's estimate too). */
export const LINE_HEIGHT = 44;

/** One line of the tree, a grid of its cells: name (grows), users, sub-accounts, created, actions. */
export const line = style({
  display: 'grid',
  gridTemplateColumns: `minmax(0, 1fr) 6rem 9rem 9rem ${u(6)}`,
  alignItems: 'center',
  minHeight: `${LINE_HEIGHT}px`,
  paddingInline: u(1),
  borderBottom: `1px solid ${theme.color.border}`,
  outline: 'none',
  selectors: {
    '&:focus-visible': { boxShadow: `inset 0 0 0 2px ${theme.color.focusRing}` },
    '&:hover': { background: theme.color.background },
  },
  '@media': { [NARROW]: { gridTemplateColumns: `minmax(0, 1fr) 5rem ${u(6)}` } },
});

/** The header line of the tree (column names). */
export const headLine = style([line, { fontWeight: 600, selectors: { '&:hover': { background: 'transparent' } } }]);

/** A cell that leaves on a narrow page (sub-accounts, created). */
export const wideOnly = style({ '@media': { [NARROW]: { display: 'none' } } });

/** A cell of the tree: one line, cut by an ellipsis. */
export const cell = style({ minWidth: 0, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap', paddingInline: u(0.5) });

/** How deep a line is (its level − 1), set per line (css-vars.ts). */
export const depth = createVar();

/** The name cell: indented by its depth, the expander before the name. */
export const nameCell = style([cell, { display: 'flex', alignItems: 'center', gap: u(0.5), paddingInlineStart: `calc(${depth} * ${u(2.5)})` }]);

/** The expander (▸ / ▾): a quiet square the size of a small button; hidden from assistive technology (the line says it). */
export const expander = style({
  display: 'inline-flex',
  justifyContent: 'center',
  alignItems: 'center',
  inlineSize: u(3),
  blockSize: u(3),
  flex: 'none',
  border: 'none',
  background: 'transparent',
  color: 'inherit',
  cursor: 'pointer',
  padding: 0,
});

/** The place of an expander on an account without sub-accounts. */
export const noExpander = style({ display: 'inline-block', inlineSize: u(3), flex: 'none' });

/** A "Show more", loading or failure line: muted text after the indentation. */
export const tailLine = style([line, { color: theme.color.textMuted, cursor: 'pointer' }]);

/** The one cell of a {@link tailLine}: across the whole line, its text wrapped on a narrow page rather than cut. */
export const tailCell = style([nameCell, { gridColumn: '1 / -1', whiteSpace: 'normal' }]);

/** The account page's breadcrumbs: a list on one line, separated by "/". */
export const crumbs = style({ display: 'flex', flexWrap: 'wrap', gap: u(0.5), listStyle: 'none', margin: `0 0 ${u(1)}`, padding: 0 });
globalStyle(`${crumbs} li + li::before`, { content: '"/"', marginInlineEnd: u(0.5), color: theme.color.textMuted });

/** The account page's facts: a grid of label and value. */
export const facts = style({ display: 'grid', gridTemplateColumns: 'max-content 1fr', gap: `${u(0.75)} ${u(2)}`, margin: `0 0 ${u(2)}` });
globalStyle(`${facts} dt`, { color: theme.color.textMuted });
globalStyle(`${facts} dd`, { margin: 0, minWidth: 0, overflowWrap: 'anywhere' });

/** The account page's settings: the reseller switch, then the access type under it. */
export const settings = style({ display: 'grid', gap: u(1.5), maxWidth: '28rem', marginBottom: u(2) });

/** The account page's actions: a wrapped row. */
export const pageActions = style([toolbar, { flexWrap: 'wrap', alignItems: 'flex-end', marginBottom: u(2) }]);

/** A heading inside the account page. */
export const subheading = style({ fontSize: '1rem', margin: `${u(2)} 0 ${u(1)}` });
