import { style } from '@vanilla-extract/css';
import { theme } from '../../theme/contract.css.ts';
import { primaryButtonRule } from '../../theme/button-rule.ts';
import { inputRule } from '../../theme/element-rules.ts';

/**
 * Styles of the light-DOM credential forms (slotted into the card, so that
 * password managers and autofill see the inputs). Adopted into the host's
 * root node; every rule hangs off a hashed class, so host CSS and ours do
 * not meet by accident.
 */
export const form = style({
  display: 'flex',
  flexDirection: 'column',
  gap: `calc(${theme.spacingUnit} * 2)`,
  margin: 0,
  fontFamily: theme.font.family,
  fontSize: theme.font.sizeBase,
  color: theme.color.text,
});

export const field = style({ display: 'flex', flexDirection: 'column', gap: `calc(${theme.spacingUnit} / 2)` });
export const label = style({ fontWeight: 600 });
export const input = style(inputRule);
export const codeInput = style([input, { letterSpacing: '0.3em', fontVariantNumeric: 'tabular-nums' }]);
export const fieldError = style({ color: theme.color.danger, fontSize: '0.875em', selectors: { '&:empty': { display: 'none' } } });
export const hint = style({ color: theme.color.textMuted, fontSize: '0.875em' });
export const submit = style(primaryButtonRule);
