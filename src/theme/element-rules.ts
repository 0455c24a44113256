import { theme } from './contract.css.ts';

/**
 * Rules shared by the elements' stylesheets (as src/theme/button-rule.ts): plain style objects, so each stylesheet
 * (vanilla-extract `.css.ts`) compiles them into its own classes and no stylesheet pulls in another's CSS.
 */

/** The text of an element's shadow root (`:host`): the theme's font, size and colour, and the app's colour scheme. */
export const hostTextRule = {
  fontFamily: theme.font.family,
  fontSize: theme.font.sizeBase,
  color: theme.color.text,
  // set by src/theme/scheme.ts (dark, or `theme="light"`); unset, the page's own scheme is inherited
  colorScheme: 'var(--fe-color-scheme)',
  lineHeight: 1.5,
} as const;

/** A text input, select or textarea: the theme's height, a 3:1 edge, the focus ring, and the invalid and read-only states. */
export const inputRule = {
  font: 'inherit',
  minHeight: theme.inputHeight,
  padding: `0 calc(${theme.spacingUnit} * 1.5)`,
  // inputs need a 3:1 edge (WCAG 1.4.11): the muted text colour, not the divider colour
  border: `1px solid ${theme.color.textMuted}`,
  borderRadius: theme.radius,
  background: theme.color.surface,
  color: theme.color.text,
  boxSizing: 'border-box',
  width: '100%',
  selectors: {
    '&:focus-visible': { outline: `2px solid ${theme.color.focusRing}`, outlineOffset: '1px', borderColor: theme.color.focusRing },
    '&[aria-invalid="true"]': { borderColor: theme.color.danger },
    '&[readonly]': { background: theme.color.background },
  },
} as const;
