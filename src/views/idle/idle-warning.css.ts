import { globalStyle, style } from '@vanilla-extract/css';
import { theme } from '../../theme/contract.css.ts';
import { primaryButtonRule } from '../../theme/button-rule.ts';

/** Shadow-DOM styles of the idle warning (a modal `<dialog>` in the top layer, above any host page). */
globalStyle(':host', {
  fontFamily: theme.font.family,
  fontSize: theme.font.sizeBase,
  color: theme.color.text,
  colorScheme: 'var(--fe-color-scheme)',
  lineHeight: 1.5,
});

export const dialog = style({
  boxSizing: 'border-box',
  width: 'min(400px, calc(100vw - 32px))',
  padding: `calc(${theme.spacingUnit} * 4)`,
  background: theme.color.surface,
  color: theme.color.text,
  border: `1px solid ${theme.color.border}`,
  borderRadius: theme.radius,
  boxShadow: '0 12px 32px rgb(0 0 0 / 0.25)',
  selectors: { '&::backdrop': { background: 'rgb(0 0 0 / 0.45)' } },
});

export const title = style({ margin: 0, fontSize: '1.25em', fontWeight: 600, lineHeight: 1.25 });
export const body = style({ margin: `calc(${theme.spacingUnit} * 2) 0 0`, color: theme.color.textMuted });

/** Visually hidden, read by screen readers (the sparse countdown announcements). */
export const srOnly = style({
  position: 'absolute',
  width: '1px',
  height: '1px',
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  clipPath: 'inset(50%)',
  whiteSpace: 'nowrap',
});

export const actions = style({
  display: 'flex',
  flexWrap: 'wrap',
  justifyContent: 'flex-end',
  gap: `calc(${theme.spacingUnit} * 1.5)`,
  marginTop: `calc(${theme.spacingUnit} * 3)`,
});

export const primary = style(primaryButtonRule);

export const secondary = style([
  primary,
  {
    background: theme.color.surface,
    color: theme.color.text,
    border: `1px solid ${theme.color.border}`,
    selectors: { '&:hover': { background: theme.color.background }, '&:active': { background: theme.color.background } },
  },
]);
