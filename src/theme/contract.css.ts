/**
 * The public theme contract: stable `--fe-*` custom property names
 * (house-style.md §1 Theming, §8; toolchain.md §1).
 *
 * - `vars` holds the bare references (`var(--fe-color-primary)`), for
 *   `assignVars`/`createGlobalTheme` and for hosts that want the names.
 * - `theme` holds the same tree with the modern defaults as `var()`
 *   fallbacks (`var(--fe-color-primary, #4f46e5)`). Element styles use
 *   `theme`, so the defaults apply inside shadow roots without any `:root`
 *   rule, and a host overrides a token by setting the custom property on the
 *   element or any ancestor (custom properties inherit through shadow DOM).
 *
 * Emits no CSS of its own.
 */
import { createGlobalThemeContract, fallbackVar } from '@vanilla-extract/css';
import { TOKENS, mapTokens } from './tokens.js';

export { THEME_VARIABLES } from './tokens.js';
export type { ThemeVariable } from './tokens.js';

/**
 * `{ color: { primary, primaryLight, primaryDark, primaryHover, primaryActive,
 * onPrimary, background, surface, text, textMuted, border, danger,
 * dangerSurface, success, focusRing }, font: { family, sizeBase }, radius,
 * spacingUnit, inputHeight }`, each leaf `var(--fe-<key>)`.
 */
export const vars = createGlobalThemeContract(
  mapTokens(TOKENS, (t) => t.key),
  (v) => `fe-${v}`,
);

/**
 * Same tree as `vars`; each leaf is `var(--fe-<key>, <modern default>)`
 * (`fallbackVar`). Use this in element styles.
 */
export const theme = mapTokens(TOKENS, (_t, path) => {
  let node: unknown = vars;
  for (const k of path) node = (node as Record<string, unknown>)[k];
  return fallbackVar(node as string, _t.default);
});
