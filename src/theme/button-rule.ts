import { theme } from './contract.css.ts';

/** The primary button rule, shared by the shadow card and the light-DOM forms (two stylesheets, one look). */
export const primaryButtonRule = {
  font: 'inherit',
  fontWeight: 600,
  minHeight: theme.inputHeight,
  padding: `0 calc(${theme.spacingUnit} * 2)`,
  // invisible, but forced colours (Windows high contrast) paint it: the button keeps its outline there
  border: '1px solid transparent',
  borderRadius: theme.radius,
  background: theme.color.primary,
  color: theme.color.onPrimary,
  cursor: 'pointer',
  selectors: {
    '&:hover': { background: theme.color.primaryHover },
    '&:active': { background: theme.color.primaryActive },
    '&:focus-visible': { outline: `2px solid ${theme.color.focusRing}`, outlineOffset: '2px' },
    '&[aria-disabled="true"]': { opacity: 0.7, cursor: 'progress' },
  },
} as const;
