/**
 * The spacing and focus values of the admin styles (the kit's admin.css.ts and each section's `<section>.css.ts`):
 * plain values, no CSS of their own.
 */
import { theme } from '../../theme/contract.css.ts';

/** `n` spacing units (`--fe-spacing-unit`, 8 px by default) as a CSS length. */
export const u = (n: number): string => `calc(${theme.spacingUnit} * ${n})`;
/** The visible focus ring (WCAG 2.4.7). */
export const focus = { outline: `2px solid ${theme.color.focusRing}`, outlineOffset: '2px' };
