/**
 * Test-only styles for test/theme.test.ts: one element styled through the
 * theme contract, compiled to a string with `?inline` and adopted into a
 * shadow root, the way the elements do it (toolchain.md §1). Not exported
 * from the package.
 */
import { style } from '@vanilla-extract/css';
import { theme } from './contract.css.js';

/** A primary-coloured swatch: background, text, hover colour and radius come from the theme. */
export const swatch = style({
  display: 'block',
  backgroundColor: theme.color.primary,
  color: theme.color.onPrimary,
  borderColor: theme.color.primaryHover,
  borderStyle: 'solid',
  borderWidth: 1,
  borderRadius: theme.radius,
  minHeight: theme.inputHeight,
  fontFamily: theme.font.family,
});
