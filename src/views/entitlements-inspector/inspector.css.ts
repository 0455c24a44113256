import { globalStyle, style } from '@vanilla-extract/css';
import { primaryButtonRule } from '../../theme/button-rule.ts';
import { theme } from '../../theme/contract.css.ts';
import { hostTextRule, inputRule } from '../../theme/element-rules.ts';

/**
 * Shadow-DOM styles of `<fe-entitlements-inspector>` (public `--fe-*` tokens, so it follows the app's light and dark
 * schemes and the vendor's theme; logical properties, so it mirrors in right-to-left locales).
 */
const unit = theme.spacingUnit;
const mono = 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace';
const focus = { outline: `2px solid ${theme.color.focusRing}`, outlineOffset: '2px' };

globalStyle(':host', { display: 'block', ...hostTextRule });
globalStyle(':host([hidden])', { display: 'none' });

export const root = style({
  background: theme.color.surface,
  border: `1px solid ${theme.color.border}`,
  borderRadius: theme.radius,
  padding: `calc(${unit} * 2)`,
  display: 'flex',
  flexDirection: 'column',
  gap: `calc(${unit} * 2)`,
  minWidth: 0,
  // the tables stack their cells when the element is narrow (a phone, a sidebar), not when the page is
  containerType: 'inline-size',
});

export const title = style({ margin: 0, fontSize: '1.375em', fontWeight: 600, lineHeight: 1.25 });
export const heading = style({ margin: 0, fontSize: '1.125em', fontWeight: 600 });
export const muted = style({ margin: 0, color: theme.color.textMuted });
export const para = style({ margin: 0 });
export const line = style({ display: 'block' });

export const note = style({
  margin: 0,
  padding: `${unit} calc(${unit} * 1.5)`,
  borderInlineStart: `4px solid ${theme.color.primaryText}`,
  background: theme.color.background,
  borderRadius: theme.radius,
});

export const section = style({ display: 'flex', flexDirection: 'column', gap: unit, minWidth: 0 });

/** The table's scroll box (wide traces on a narrow screen scroll inside it, not the page). */
export const scroll = style({ overflowX: 'auto', maxWidth: '100%' });

export const table = style({ borderCollapse: 'collapse', width: '100%', fontSize: '0.9375em' });
globalStyle(`${table} th, ${table} td`, {
  textAlign: 'start',
  verticalAlign: 'top',
  padding: `calc(${unit} * 0.75) ${unit}`,
  borderBlockEnd: `1px solid ${theme.color.border}`,
});
globalStyle(`${table} thead th`, { fontWeight: 600, color: theme.color.textMuted, whiteSpace: 'nowrap' });
globalStyle(`${table} tbody th`, { fontWeight: 400 });

/**
 * Narrow (under 40em): each row a block of its cells, the key first, each other cell after its column's name
 * (`data-label`); the header row stays for screen readers only. Table semantics stay (Chromium, Firefox).
 */
const narrow = '(max-width: 40em)';
globalStyle(`${table}, ${table} tbody, ${table} tr, ${table} tbody th, ${table} tbody td`, { '@container': { [narrow]: { display: 'block' } } });
globalStyle(`${table} thead`, {
  '@container': { [narrow]: { position: 'absolute', width: '1px', height: '1px', overflow: 'hidden', clipPath: 'inset(50%)', whiteSpace: 'nowrap' } },
});
globalStyle(`${table} tbody tr`, { '@container': { [narrow]: { borderBlockEnd: `1px solid ${theme.color.border}`, paddingBlock: `calc(${unit} / 2)` } } });
globalStyle(`${table} tbody th, ${table} tbody td`, { '@container': { [narrow]: { borderBlockEnd: 'none', paddingBlock: '2px' } } });
globalStyle(`${table} tbody th`, { '@container': { [narrow]: { fontWeight: 600 } } });
globalStyle(`${table} td[data-label]::before`, {
  '@container': { [narrow]: { content: 'attr(data-label) ": "', color: theme.color.textMuted } },
});

export const code = style({ fontFamily: mono, fontSize: '0.9em', overflowWrap: 'break-word' });

export const decision = style({ fontWeight: 600, whiteSpace: 'nowrap' });
globalStyle(`${decision}[data-decision="entitled"]`, { color: theme.color.success });
globalStyle(`${decision}:not([data-decision="entitled"])`, { color: theme.color.danger });

export const detailsButton = style({
  font: 'inherit',
  fontSize: '0.875em',
  minHeight: '24px',
  minWidth: '24px',
  padding: `0 ${unit}`,
  background: theme.color.surface,
  color: theme.color.text,
  border: `1px solid ${theme.color.textMuted}`,
  borderRadius: theme.radius,
  cursor: 'pointer',
  whiteSpace: 'nowrap',
  selectors: { '&:hover': { background: theme.color.background }, '&:focus-visible': focus },
});

export const traceCell = style({ background: theme.color.background });

export const trace = style({ margin: 0, paddingInlineStart: `calc(${unit} * 2.5)`, display: 'flex', flexDirection: 'column', gap: `calc(${unit} / 2)` });
export const traceList = style({ margin: 0, paddingInlineStart: `calc(${unit} * 2.5)` });

export const holds = style({ color: theme.color.success, fontWeight: 600 });
export const fails = style({ color: theme.color.danger, fontWeight: 600 });

export const form = style({ display: 'flex', flexDirection: 'column', gap: `calc(${unit} * 1.5)`, margin: 0 });
export const row = style({ display: 'flex', flexWrap: 'wrap', gap: `calc(${unit} * 1.5)` });
export const field = style({ display: 'flex', flexDirection: 'column', gap: `calc(${unit} / 2)`, flex: '1 1 12em', minWidth: 0 });
export const label = style({ fontWeight: 600 });
export const hint = style({ color: theme.color.textMuted, fontSize: '0.875em' });

export const input = style(inputRule);
export const textarea = style([inputRule, { fontFamily: mono, padding: `${unit} calc(${unit} * 1.5)`, minHeight: '6em', resize: 'vertical' }]);

export const fieldError = style({ color: theme.color.danger, fontSize: '0.875em', selectors: { '&:empty': { display: 'none' } } });

export const button = style([primaryButtonRule, { alignSelf: 'flex-start' }]);

export const result = style({
  display: 'flex',
  flexDirection: 'column',
  gap: `calc(${unit} / 2)`,
  padding: `${unit} calc(${unit} * 1.5)`,
  border: `1px solid ${theme.color.border}`,
  borderRadius: theme.radius,
  selectors: { '&:empty': { display: 'none' } },
});
