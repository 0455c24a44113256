/**
 * Shadow-DOM styles of the admin portal and its section elements: one set of `--fe-*` properties (the theme contract)
 * themes login and portal alike. Targets are at least 24 px (WCAG 2.5.8); focus is always visible (2.4.7).
 */
import { createVar, globalStyle, keyframes, style } from '@vanilla-extract/css';
import { theme } from '../../theme/contract.css.ts';
import { primaryButtonRule } from '../../theme/button-rule.ts';
import { focus, u } from './css-units.ts';

globalStyle(':host', {
  display: 'block',
  fontFamily: theme.font.family,
  fontSize: theme.font.sizeBase,
  color: theme.color.text,
  // its own surface: in the dark theme the text is light, so it must not sit on the page's background
  background: theme.color.surface,
  // the frame's rounded corners: the host's own surface must not show square ones behind them
  borderRadius: theme.radius,
  colorScheme: 'var(--fe-color-scheme)',
  lineHeight: 1.5,
});
globalStyle(':host([hidden])', { display: 'none' });
globalStyle('*', { boxSizing: 'border-box' });
// what react-aria would inject as an inline <style> (refused by a strict CSP; see elements/internal/section-element.tsx)
globalStyle('[data-react-aria-pressable]', { touchAction: 'pan-x pan-y pinch-zoom' });

/** Narrow screens (a phone, 390 px): one column, the section navigation as a menu (issue 21 item 8). */
export const NARROW = '(max-width: 640px)';

export const frame = style({
  display: 'grid',
  // the content column may shrink below its content (a wide table scrolls in its own box), so every section gets the
  // same width: the frame's, not its content's
  gridTemplateColumns: 'minmax(160px, 220px) minmax(0, 1fr)',
  minHeight: '480px',
  background: theme.color.surface,
  border: `1px solid ${theme.color.border}`,
  borderRadius: theme.radius,
  '@media': { [NARROW]: { gridTemplateColumns: 'minmax(0, 1fr)', minHeight: 0 } },
});
export const nav = style({
  borderInlineEnd: `1px solid ${theme.color.border}`,
  padding: u(2),
  display: 'flex',
  flexDirection: 'column',
  gap: u(0.5),
  '@media': { [NARROW]: { borderInlineEnd: 'none', borderBottom: `1px solid ${theme.color.border}`, padding: u(1) } },
});
/** The "Sections: <current>" button that opens the sections as a menu; shown on narrow screens only. */
export const navMenuButton = style({
  display: 'none',
  font: 'inherit',
  fontWeight: 600,
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: u(1),
  width: '100%',
  minHeight: theme.inputHeight,
  padding: `0 ${u(1.5)}`,
  background: theme.color.surface,
  color: theme.color.text,
  border: `1px solid ${theme.color.textMuted}`,
  borderRadius: theme.radius,
  cursor: 'pointer',
  selectors: { '&[data-pressed]': { background: theme.color.background }, '&[data-focus-visible]': focus },
  '@media': { [NARROW]: { display: 'flex' } },
});
/** The popover of the sections menu: as wide as its button; a long list scrolls within the height react-aria gives it. */
export const navPopover = style({ minWidth: 'var(--trigger-width)', overflowY: 'auto' });
export const navMenuCheck = style({ display: 'inline-block', width: '1.25em', color: theme.color.primaryText });
export const navLink = style({
  display: 'flex',
  alignItems: 'center',
  minHeight: '32px',
  padding: `0 ${u(1.5)}`,
  borderRadius: theme.radius,
  borderInlineStart: '3px solid transparent',
  color: theme.color.text,
  textDecoration: 'none',
  selectors: {
    '&:hover': { background: theme.color.background },
    // the current section: the primary as text (<fe-app> adjusts it until 4.5:1 on the surface and background, for
    // any host primary, in both schemes: src/theme/contrast.ts) and a bar at the start edge
    '&[aria-current="page"]': {
      background: theme.color.background,
      color: theme.color.primaryText,
      fontWeight: 600,
      borderInlineStartColor: theme.color.primaryText,
    },
    '&:focus-visible': focus,
  },
  '@media': {
    // forced colours drop the background that marks the current section: a system-coloured outline marks it instead
    '(forced-colors: active)': { selectors: { '&[aria-current="page"]': { outline: '2px solid Highlight' } } },
    // narrow: the menu button stands for the links
    [NARROW]: { display: 'none' },
  },
});
export const main = style({
  padding: u(3),
  minWidth: 0,
  display: 'flex',
  flexDirection: 'column',
  gap: u(2),
  '@media': { [NARROW]: { padding: u(2) } },
});
export const section = style({ display: 'flex', flexDirection: 'column', gap: u(2), minWidth: 0 });
export const header = style({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', justifyContent: 'space-between', gap: u(1) });
export const title = style({ margin: 0, fontSize: '1.375em', fontWeight: 600, lineHeight: 1.25 });
export const subtitle = style({ margin: 0, fontSize: '1.0625em', fontWeight: 600 });
export const muted = style({ color: theme.color.textMuted });
export const toolbar = style({ display: 'flex', flexWrap: 'wrap', gap: u(1), alignItems: 'center' });

export const button = style(primaryButtonRule);
export const secondaryButton = style([
  primaryButtonRule,
  {
    background: theme.color.surface,
    color: theme.color.text,
    border: `1px solid ${theme.color.textMuted}`,
    selectors: {
      '&:hover': { background: theme.color.background },
      '&:active': { background: theme.color.background },
      // a disabled button (Previous on the first page) looks disabled: faded, no hover, the not-allowed cursor
      '&:disabled, &:disabled:hover': { background: theme.color.surface, opacity: 0.45, cursor: 'not-allowed' },
    },
  },
]);
/** The label of a kit FilePicker (src/admin/ui/file-picker.tsx): a secondary button; its hidden input's focus shows on it. */
export const filePicker = style([
  secondaryButton,
  {
    position: 'relative',
    display: 'inline-flex',
    alignItems: 'center',
    selectors: {
      '&:has(input:focus-visible)': focus,
      '&[data-disabled]': { opacity: 0.7, cursor: 'default' },
    },
  },
]);
/** The file input inside a {@link filePicker}: out of sight, still focusable and named by the label. */
export const filePickerInput = style({ position: 'absolute', inset: 0, width: '100%', height: '100%', opacity: 0, cursor: 'pointer', fontSize: 0 });
/**
 * A destructive action's button: the danger colour, its text in the danger surface's colour (the pair the error
 * messages use, so each scheme's danger tokens keep it readable). Not on-primary: a host's brand primary derives a
 * white on-primary in the dark scheme too, which read at 1.9:1 on the dark scheme's light red (axe, all-accounts.e2e).
 */
export const dangerButton = style([
  primaryButtonRule,
  {
    background: theme.color.danger,
    color: theme.color.dangerSurface,
    selectors: { '&:hover': { background: theme.color.danger, filter: 'brightness(0.92)' } },
  },
]);
export const iconButton = style({
  font: 'inherit',
  minWidth: '32px',
  minHeight: '32px',
  padding: `0 ${u(1)}`,
  background: 'none',
  border: `1px solid transparent`,
  borderRadius: theme.radius,
  color: theme.color.text,
  cursor: 'pointer',
  selectors: { '&:hover': { background: theme.color.background }, '&:focus-visible': focus, '&[data-focus-visible]': focus },
});

export const field = style({ display: 'flex', flexDirection: 'column', gap: u(0.5) });
export const label = style({ fontWeight: 600 });
/** The box of a text field: an {@link input}, and the light-DOM node of a field-like `LightDomSlot`. */
const fieldBox = {
  minHeight: theme.inputHeight,
  padding: `0 ${u(1.5)}`,
  border: `1px solid ${theme.color.textMuted}`,
  borderRadius: theme.radius,
  background: theme.color.surface,
  color: theme.color.text,
  width: '100%',
};
export const input = style({
  font: 'inherit',
  ...fieldBox,
  selectors: {
    '&:focus-visible': { ...focus, outlineOffset: '1px' },
    '&[data-focused]': { ...focus, outlineOffset: '1px' },
    '&[aria-invalid="true"]': { borderColor: theme.color.danger },
    '&[readonly]': { background: theme.color.background },
  },
});
/**
 * The light-DOM node of a `LightDomSlot` (src/admin/ui/light-dom-slot.tsx; a slotted child of the element; only its own
 * box can be styled from here): `field` looks like {@link input}, with the focus ring and the invalid border from its
 * `data-focused` / `data-invalid` flags. `--fe-field-*` carry the resolved colours to content that cannot inherit
 * them (Stripe's card frame reads them once mounted).
 */
globalStyle('::slotted([data-fe-light-slot])', { display: 'block' });
globalStyle('::slotted([data-fe-light-slot="field"])', {
  display: 'flex',
  flexDirection: 'column',
  justifyContent: 'center',
  ...fieldBox,
  vars: { '--fe-field-placeholder': theme.color.textMuted, '--fe-field-invalid': theme.color.danger },
});
globalStyle('::slotted([data-fe-light-slot="field"][data-focused])', { ...focus, outlineOffset: '1px' });
globalStyle('::slotted([data-fe-light-slot="field"][data-invalid])', { borderColor: theme.color.danger });
globalStyle('::slotted([data-fe-light-slot="field"][data-disabled])', { background: theme.color.background });
export const textarea = style([input, { minHeight: '96px', padding: u(1), resize: 'vertical' }]);
export const fieldError = style({ color: theme.color.danger, fontSize: '0.875em' });
export const hint = style({ color: theme.color.textMuted, fontSize: '0.875em' });
export const form = style({ display: 'flex', flexDirection: 'column', gap: u(2) });
export const checkboxRow = style({ display: 'flex', alignItems: 'center', gap: u(1), minHeight: '24px' });
/** The box of a {@link checkboxRow} (24 px target with its row, WCAG 2.5.8). */
export const checkbox = style({ width: '18px', height: '18px', flexShrink: 0 });

export const alert = style({
  color: theme.color.danger,
  background: theme.color.dangerSurface,
  border: `1px solid ${theme.color.danger}`,
  borderRadius: theme.radius,
  padding: `${u(1)} ${u(1.5)}`,
  selectors: { '&:empty': { display: 'none' } },
});
export const empty = style({ padding: u(4), textAlign: 'center', color: theme.color.textMuted, display: 'flex', flexDirection: 'column', gap: u(1), alignItems: 'center' });

const spin = keyframes({ to: { transform: 'rotate(360deg)' } });
export const spinner = style({
  display: 'inline-block',
  width: '1em',
  height: '1em',
  border: `2px solid ${theme.color.border}`,
  borderTopColor: theme.color.primary,
  borderRadius: '50%',
  animation: `${spin} 0.8s linear infinite`,
  marginInlineEnd: u(1),
  '@media': { '(prefers-reduced-motion: reduce)': { animation: 'none' } },
});
export const status = style({ display: 'flex', alignItems: 'center', color: theme.color.textMuted, padding: u(2) });

/** The frame of a data table: it grows with the page (no scrollbar of its own; data-table.tsx virtualises the rows). */
export const tableWrap = style({
  position: 'relative',
  // a size container: a cell can tell a narrow table (a phone) from a wide one (narrowOnly)
  containerType: 'inline-size',
  border: `1px solid ${theme.color.border}`,
  borderRadius: theme.radius,
  minWidth: 0,
});
const slide = keyframes({ from: { transform: 'translateX(-100%)' }, to: { transform: 'translateX(250%)' } });
/** The progress bar above a table whose rows are being replaced (data-table.tsx `busy`). */
export const tableProgress = style({
  position: 'absolute',
  insetInline: 0,
  top: 0,
  height: '3px',
  overflow: 'hidden',
  zIndex: 2,
  '::after': {
    content: '""',
    position: 'absolute',
    insetBlock: 0,
    width: '40%',
    background: theme.color.primary,
    animation: `${slide} 1s ease-in-out infinite`,
  },
  '@media': { '(prefers-reduced-motion: reduce)': { '::after': { animation: 'none', width: '100%', opacity: 0.6 } } },
});
export const table = style({ width: '100%', borderCollapse: 'collapse', tableLayout: 'fixed' });
globalStyle(`${table} th, ${table} td`, {
  textAlign: 'start',
  padding: `${u(1)} ${u(1)}`,
  borderBottom: `1px solid ${theme.color.border}`,
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  whiteSpace: 'nowrap',
});
// the rows kept from the previous answer are greyed while the next is awaited (after 150 ms: a fast answer does not
// flash): the page's background and no colour, the text still at its contrast (opacity would take it below 4.5:1)
globalStyle(`${table} tbody`, { transition: 'background-color 0.2s ease 0s, filter 0.2s ease 0s' });
globalStyle(`${table}[data-stale] tbody`, { backgroundColor: theme.color.background, filter: 'grayscale(1)', transitionDelay: '150ms' });
/** The height of a table's spacer row (the virtualised rows above or below those rendered), set per render (css-vars.ts). */
export const spacerHeight = createVar();
/** A spacer row of a virtualised table: as high as the rows it stands for. */
export const spacerRow = style({ height: spacerHeight });
/** The one cell of a {@link spacerRow}: no padding, no border. */
export const spacerCell = style({ selectors: { [`${table} &`]: { padding: 0, border: 'none' } } });
/** The width of a table column (its column definition's size), set per header (css-vars.ts). */
export const columnWidth = createVar();
/** A column header of a fixed width ({@link columnWidth}; the growing column has none). */
export const sizedColumn = style({ width: columnWidth });
/** The cell of an empty table (its text may wrap). */
export const emptyCell = style({ selectors: { [`${table} &`]: { whiteSpace: 'normal' } } });
globalStyle(`${table} thead th`, { position: 'sticky', top: 0, background: theme.color.surface, zIndex: 1, fontWeight: 600 });
export const sortButton = style({
  font: 'inherit',
  fontWeight: 600,
  background: 'none',
  border: 'none',
  padding: 0,
  minHeight: '24px',
  color: 'inherit',
  cursor: 'pointer',
  display: 'inline-flex',
  gap: u(0.5),
  alignItems: 'center',
  selectors: { '&:focus-visible': focus },
});
export const row = style({ height: '52px', selectors: { '&[data-selected]': { background: theme.color.background } } });
export const cellStack = style({ display: 'flex', flexDirection: 'column', minWidth: 0 });
export const chips = style({ display: 'flex', flexWrap: 'wrap', gap: u(0.5) });
export const chip = style({
  display: 'inline-block',
  padding: `0 ${u(1)}`,
  borderRadius: '999px',
  background: theme.color.background,
  border: `1px solid ${theme.color.border}`,
  fontSize: '0.8125em',
});
export const badgeDanger = style([chip, { color: theme.color.danger, borderColor: theme.color.danger }]);
/** A chip that says something went well (validated, enabled): the text colour plus a check mark in the text, never colour alone. */
export const badgeOk = style([chip, { color: theme.color.success, borderColor: theme.color.success, fontWeight: 600 }]);
export const pagination = style({ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: u(1), flexWrap: 'wrap' });
/** The rows-per-page choice of the pagination: label and select on one line. */
export const pageSize = style({});
globalStyle(`${pageSize} > div`, { flexDirection: 'row', alignItems: 'center', gap: u(1) });
globalStyle(`${pageSize} label`, { whiteSpace: 'nowrap' });

export const overlay = style({
  position: 'fixed',
  inset: 0,
  background: 'rgb(0 0 0 / 0.4)',
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'center',
  zIndex: 1000,
  padding: u(2),
});
export const modal = style({
  background: theme.color.surface,
  color: theme.color.text,
  borderRadius: theme.radius,
  border: `1px solid ${theme.color.border}`,
  maxWidth: '560px',
  width: '100%',
  maxHeight: '90vh',
  overflow: 'auto',
  fontFamily: theme.font.family,
  fontSize: theme.font.sizeBase,
});
export const dialog = style({ padding: u(3), display: 'flex', flexDirection: 'column', gap: u(2), outline: 'none' });
export const dialogActions = style({ display: 'flex', justifyContent: 'flex-end', gap: u(1), flexWrap: 'wrap' });
export const secret = style({
  fontFamily: 'ui-monospace, monospace',
  wordBreak: 'break-all',
  padding: u(1),
  background: theme.color.background,
  borderRadius: theme.radius,
  border: `1px solid ${theme.color.border}`,
});

export const toastRegion = style({
  position: 'fixed',
  insetBlockEnd: u(2),
  insetInlineEnd: u(2),
  display: 'flex',
  flexDirection: 'column',
  gap: u(1),
  zIndex: 1100,
  outline: 'none',
});
export const toast = style({
  display: 'flex',
  alignItems: 'center',
  gap: u(1.5),
  padding: `${u(1)} ${u(1.5)}`,
  borderRadius: theme.radius,
  background: theme.color.text,
  color: theme.color.surface,
  minWidth: '240px',
  selectors: { '&[data-focus-visible]': focus },
});
/** An error toast: the danger colours (as an alert) and a warning sign. */
export const errorToast = style([toast, { background: theme.color.dangerSurface, color: theme.color.danger, border: `1px solid ${theme.color.danger}` }]);
/** One live region of toasts (successes, errors) inside the toast corner. */
export const toastList = style({ display: 'flex', flexDirection: 'column', gap: u(1) });
export const toastClose = style([iconButton, { color: 'inherit' }]);

export const tabs = style({ display: 'flex', flexDirection: 'column', gap: u(2) });
/** The tabs wrap onto a second line when they do not fit (five security tabs at 390 px), never overflowing the panel. */
export const tabList = style({ display: 'flex', flexWrap: 'wrap', gap: u(1), borderBottom: `1px solid ${theme.color.border}` });
export const tab = style({
  padding: `${u(1)} ${u(1.5)}`,
  minHeight: '32px',
  cursor: 'pointer',
  borderBottom: '2px solid transparent',
  selectors: { '&[data-selected]': { borderBottomColor: theme.color.primaryText, fontWeight: 600 }, '&[data-focus-visible]': focus },
});
export const visuallyHidden = style({ position: 'absolute', width: '1px', height: '1px', overflow: 'hidden', clip: 'rect(0 0 0 0)', whiteSpace: 'nowrap' });
export const menu = style({
  background: theme.color.surface,
  border: `1px solid ${theme.color.border}`,
  borderRadius: theme.radius,
  padding: u(0.5),
  minWidth: '180px',
  outline: 'none',
  boxShadow: '0 4px 16px rgb(0 0 0 / 0.15)',
});
export const menuItem = style({
  padding: `${u(0.75)} ${u(1.5)}`,
  minHeight: '32px',
  display: 'flex',
  alignItems: 'center',
  borderRadius: theme.radius,
  cursor: 'pointer',
  outline: 'none',
  color: theme.color.text,
  selectors: { '&[data-focused]': { background: theme.color.background }, '&[data-focus-visible]': focus },
});
/** One section in the narrow screens' sections menu: a 44 px target, the current one checked and bold. */
export const navMenuItem = style([menuItem, { minHeight: '44px', selectors: { '&[data-selected]': { fontWeight: 600 } } }]);

/** A ComboBox's input and its chevron button side by side. */
export const comboGroup = style({ display: 'flex', alignItems: 'stretch', gap: u(0.5) });
/** The list of a ComboBox, in its popover (at least as wide as the trigger). */
export const listBox = style([menu, { minWidth: 'var(--trigger-width)', maxHeight: '320px', overflowY: 'auto' }]);
/** One option of a ComboBox: a menu item, the chosen one bold. */
export const option = style([menuItem, { selectors: { '&[data-selected]': { fontWeight: 600 } } }]);

/** A list of per-item results (a bulk action's): one line each, no bullets. */
export const resultList = style({ listStyle: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column', gap: u(0.5), maxHeight: '40vh', overflowY: 'auto' });

/** An informative note (not an error: "not found yet, DNS can take a while"; a certificate about to expire). */
export const notice = style({
  border: `1px solid ${theme.color.border}`,
  borderInlineStart: `4px solid ${theme.color.primary}`,
  borderRadius: theme.radius,
  padding: `${u(1)} ${u(1.5)}`,
  margin: 0,
});

/** The "Acting in <account>" banner (issue 34): above the portal while it acts in a sub-account, with the way back. */
export const actingBanner = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: u(1),
  marginBlockEnd: u(1.5),
  padding: `${u(1)} ${u(1.5)}`,
  border: `1px solid ${theme.color.primary}`,
  borderInlineStart: `6px solid ${theme.color.primary}`,
  borderRadius: theme.radius,
  background: theme.color.surface,
  color: theme.color.text,
  selectors: { '&:focus-visible': { outline: `2px solid ${theme.color.focusRing}`, outlineOffset: '2px' } },
});

/** What an admin element shows under the banner: focused by the shell (not by Tab) when the user leaves an account. */
export const contentFocus = style({ outline: 'none' });

/** A paragraph (or heading) without its default margins: in a flex column the gap spaces it. */
export const flush = style({ margin: 0 });
/** A fieldset drawn as a plain group: no border, padding or margin of its own. */
export const bareFieldset = style({ border: 'none', padding: 0, margin: 0 });
/** An inline text (a hint) on a line of its own. */
export const block = style({ display: 'block' });
/** A row (a checkbox or radio row, a toolbar) whose items sit at its top: a label that wraps keeps its box on its first line. */
export const alignStart = style({ alignItems: 'flex-start' });

// ---------------------------------------------------------------- a row's details (row-details.tsx, issue 31 item 7)

/** One line of a table cell cut by an ellipsis (the cell's own ellipsis reaches only its direct text). */
export const ellipsis = style({ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap', minWidth: 0, maxWidth: '100%' });
/**
 * A table cell's text that wraps onto the lines it needs instead of being cut (issue 31 item 7: a request's error, a
 * date and time in a narrow column, "All applications").
 */
export const wraps = style({ display: 'block', whiteSpace: 'normal', overflowWrap: 'anywhere', lineHeight: 1.3 });
/**
 * A line of a table cell shown only while the table is narrow (under 600 px: a phone), where columns have left: the
 * row's identity cell then says what they said (issue 31 item 7). `display: none` otherwise, so it is never read twice.
 */
export const narrowOnly = style({ display: 'none', '@container': { '(max-width: 599px)': { display: 'block' } } });
/** The button that opens a row's details: the row's identity as quiet text (a link's underline on hover), one line. */
export const detailsTrigger = style([
  ellipsis,
  {
    display: 'block',
    font: 'inherit',
    fontWeight: 600,
    textAlign: 'start',
    color: 'inherit',
    background: 'none',
    border: 'none',
    padding: 0,
    minHeight: '24px',
    cursor: 'pointer',
    selectors: { '&:hover': { textDecoration: 'underline' }, '&:focus-visible': focus },
  },
]);
/** A row's fields in its details dialog: label over value, each value whole (wrapped anywhere, line breaks kept). */
// (the dialog scrolls as a whole when they do not fit: its Close stays reachable, no scrolling region without a control)
export const detailsList = style({ display: 'flex', flexDirection: 'column', gap: u(1.5), margin: 0 });
export const detailsItem = style({ display: 'flex', flexDirection: 'column', gap: u(0.25) });
export const detailsLabel = style({ fontWeight: 600, fontSize: '0.875em', color: theme.color.textMuted });
export const detailsValue = style({ margin: 0, overflowWrap: 'anywhere', whiteSpace: 'pre-wrap' });
