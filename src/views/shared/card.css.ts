import { globalStyle, keyframes, style } from '@vanilla-extract/css';
import { theme } from '../../theme/contract.css.ts';
import { primaryButtonRule } from '../../theme/button-rule.ts';
import { hostTextRule } from '../../theme/element-rules.ts';

/** Shadow-DOM styles of the card that frames every flow. */
globalStyle(':host', { display: 'block', maxWidth: '400px', ...hostTextRule });
globalStyle(':host([hidden])', { display: 'none' });

export const card = style({
  background: theme.color.surface,
  border: `1px solid ${theme.color.border}`,
  borderRadius: theme.radius,
  padding: `calc(${theme.spacingUnit} * 4)`,
  display: 'flex',
  flexDirection: 'column',
  gap: `calc(${theme.spacingUnit} * 2)`,
});

export const title = style({ margin: 0, fontSize: '1.5em', fontWeight: 600, lineHeight: 1.25 });
export const subtitle = style({ margin: 0, color: theme.color.textMuted });

export const alert = style({
  selectors: { '&:empty': { display: 'none' } },
  color: theme.color.danger,
  background: theme.color.dangerSurface,
  border: `1px solid ${theme.color.danger}`,
  borderRadius: theme.radius,
  padding: `${theme.spacingUnit} calc(${theme.spacingUnit} * 1.5)`,
});

export const notice = style({
  selectors: { '&:empty': { display: 'none' } },
  color: theme.color.success,
  border: `1px solid ${theme.color.success}`,
  borderRadius: theme.radius,
  padding: `${theme.spacingUnit} calc(${theme.spacingUnit} * 1.5)`,
});

export const footer = style({ display: 'flex', flexWrap: 'wrap', gap: theme.spacingUnit, justifyContent: 'space-between' });

export const linkButton = style({
  font: 'inherit',
  background: 'none',
  border: 'none',
  padding: '4px 0',
  minHeight: '24px',
  color: theme.color.primaryText,
  textDecoration: 'underline',
  cursor: 'pointer',
  selectors: { '&:focus-visible': { outline: `2px solid ${theme.color.focusRing}`, outlineOffset: '2px' } },
});

export const button = style(primaryButtonRule);

export const secondaryButton = style([
  button,
  {
    background: theme.color.surface,
    color: theme.color.text,
    border: `1px solid ${theme.color.border}`,
    selectors: { '&:hover': { background: theme.color.background }, '&:active': { background: theme.color.background } },
  },
]);

export const qr = style({ display: 'block', width: '200px', height: '200px', alignSelf: 'center' });
export const code = style({
  fontFamily: 'ui-monospace, SFMono-Regular, Menlo, monospace',
  fontSize: '1.05em',
  display: 'block',
  overflowWrap: 'anywhere',
  marginTop: `calc(${theme.spacingUnit} / 2)`,
  background: theme.color.background,
  border: `1px solid ${theme.color.border}`,
  borderRadius: theme.radius,
  padding: theme.spacingUnit,
});

const spin = keyframes({ to: { transform: 'rotate(360deg)' } });
export const spinner = style({
  display: 'inline-block',
  width: '1em',
  height: '1em',
  verticalAlign: '-0.15em',
  marginInlineEnd: '0.5em',
  border: '2px solid currentColor',
  borderInlineEndColor: 'transparent',
  borderRadius: '50%',
  animation: `${spin} 0.8s linear infinite`,
  '@media': { '(prefers-reduced-motion: reduce)': { animation: 'none' } },
});
export const status = style({ display: 'flex', alignItems: 'center', color: theme.color.textMuted });
