/**
 * Theming layer: the public `--fe-*` contract, colour helpers and runtime
 * theme application (house-style.md §1, §8; spec sign-in-and-session.md §3,
 * §8, §9).
 */
export { vars, theme, THEME_VARIABLES } from './contract.css.js';
export type { ThemeVariable } from './contract.css.js';
export { TOKENS, MODERN_PRIMARY, SYSTEM_FONT_STACK, mapTokens, isThemeToken } from './tokens.js';
export type { ThemeToken, ThemeTokenTree, ThemeTokens, MapTokens } from './tokens.js';
export {
  parseColor,
  formatColor,
  lighten,
  darken,
  relativeLuminance,
  contrastRatio,
  getContrastText,
  derivePalette,
  UnsupportedColorFormatError,
  LIGHTEN_LIGHT,
  DARKEN_DARK,
  DARKEN_HOVER,
  DARKEN_ACTIVE,
  CONTRAST_TEXT_LIGHT,
  CONTRAST_TEXT_DARK,
} from './colors.js';
export type { RGBA, DerivedPalette } from './colors.js';
export { AA_TEXT, minContrast, textOnPrimary, readableOn, primaryLayer } from './contrast.js';
export type { PrimaryLayerInput, PrimaryLayer } from './contrast.js';
export { DEFAULT_THEME_NAME, MODERN_THEME, THEME_PRESETS, getThemePreset, themeToCssVariables, darkThemeVariables, applyTheme, mergeThemes } from './runtime.js';
export type { FeThemeOptions, FePaletteColor } from './runtime.js';
