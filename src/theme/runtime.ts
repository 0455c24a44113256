/**
 * Runtime theming: turns the metadata / host `theme` object (loosely
 * MUI-shaped, spec §3 "Metadata configuration: theme") into `--fe-*` custom
 * property values and applies them to an element. Because custom properties
 * inherit through shadow roots, setting them on an element or any ancestor
 * restyles every fe-* element below it (toolchain.md §1).
 *
 * Spec: §9 (default theme name "modern"; light = lighten 0.4, dark and
 * hover = darken 0.15, active = darken 0.2) and §8 (unsupported colour format
 * raises an error).
 */
import { contrastRatio, darken, derivePalette, formatColor, getContrastText, lighten, parseColor } from './colors.js';
import { readableOn } from './contrast.js';
import { DEFAULT_THEME_NAME, TOKENS, type ThemeToken } from './tokens.js';

export { DEFAULT_THEME_NAME } from './tokens.js';

/** A palette colour: a CSS colour string, or MUI-style `{ main, … }` with optional explicit variants. */
export type FePaletteColor =
  | string
  | {
      main: string;
      light?: string;
      dark?: string;
      hover?: string;
      active?: string;
      contrastText?: string;
    };

/**
 * The theme object (metadata `theme`, or what a host passes), loosely
 * MUI-like. Every field is optional; absent fields keep the modern defaults.
 * Colours accept `#rgb[a]`, `#rrggbb[aa]`, `rgb[a]()`, `hsl[a]()` (see
 * `parseColor`); anything else throws `UnsupportedColorFormatError`.
 */
export interface FeThemeOptions {
  palette?: {
    /** Brand colour; missing variants are derived (§9). */
    primary?: FePaletteColor;
    /** Page background, or `{ default: background, paper: surface }`. */
    background?: string | { default?: string; paper?: string };
    /** Body text, or `{ primary: text, secondary: muted text }`. */
    text?: string | { primary?: string; secondary?: string };
    /** Error colour, or `{ main, surface }` (surface = error message background). Takes precedence over `error`. */
    danger?: string | { main: string; surface?: string };
    /** MUI name for `danger`. */
    error?: string | { main: string; surface?: string };
    success?: string | { main: string };
    border?: string;
    /** MUI name for `border`; `border` wins. */
    divider?: string;
    /** Focus outline; by default the primary colour (or the text colour when primary is below 3:1 on the surface). */
    focusRing?: string;
  };
  typography?: {
    fontFamily?: string;
    /** Base font size; a number means px. */
    fontSize?: number | string;
  };
  shape?: {
    /** A number means px. */
    borderRadius?: number | string;
    /** Input and button height; a number means px (keep it ≥ 24px, WCAG 2.5.8). */
    inputHeight?: number | string;
  };
  /** Spacing unit; a number means px. */
  spacing?: number | string;
}

const t = TOKENS;

function deepFreeze<T extends object>(o: T): T {
  for (const v of Object.values(o)) if (typeof v === 'object' && v !== null) deepFreeze(v);
  return Object.freeze(o);
}

/** The modern theme as `FeThemeOptions`: every token's default (spec §9, default theme "modern"). */
export const MODERN_THEME: FeThemeOptions = deepFreeze({
  palette: {
    primary: t.color.primary.default,
    background: { default: t.color.background.default, paper: t.color.surface.default },
    text: { primary: t.color.text.default, secondary: t.color.textMuted.default },
    danger: { main: t.color.danger.default, surface: t.color.dangerSurface.default },
    success: t.color.success.default,
    border: t.color.border.default,
    focusRing: t.color.focusRing.default,
  },
  typography: { fontFamily: t.font.family.default, fontSize: t.font.sizeBase.default },
  shape: { borderRadius: t.radius.default, inputHeight: t.inputHeight.default },
  spacing: t.spacingUnit.default,
});

/** Built-in themes by name. Only "modern" exists. */
export const THEME_PRESETS: Readonly<Record<string, FeThemeOptions>> = Object.freeze({ [DEFAULT_THEME_NAME]: MODERN_THEME });

/**
 * The built-in theme called `name` (default `DEFAULT_THEME_NAME`, "modern",
 * spec §9). Unknown names fall back to the default theme.
 */
export function getThemePreset(name: string = DEFAULT_THEME_NAME): FeThemeOptions {
  return THEME_PRESETS[name] ?? THEME_PRESETS[DEFAULT_THEME_NAME];
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v) && Object.getPrototypeOf(v) === Object.prototype;

/**
 * Deep merge of two theme objects: plain objects merge key by key, any other
 * value in `override` (string, number, array, null) replaces the base value,
 * and `undefined` in `override` keeps the base. Neither input is mutated.
 * E.g. `mergeThemes({ palette: { primary: '#000', border: '#ccc' } },
 * { palette: { primary: '#f00' } })` → `{ palette: { primary: '#f00', border: '#ccc' } }`.
 */
export function mergeThemes<T extends object = FeThemeOptions>(base: T, override?: Partial<T> | null): T {
  const merge = (a: unknown, b: unknown): unknown => {
    if (b === undefined) return isRecord(a) ? merge({}, a) : a;
    if (!isRecord(b)) return b;
    const out: Record<string, unknown> = isRecord(a) ? { ...a } : {};
    for (const [k, v] of Object.entries(b)) {
      if (k === '__proto__' || k === 'constructor' || k === 'prototype') continue;
      out[k] = merge(out[k], v);
    }
    return out;
  };
  return merge(base, override ?? undefined) as T;
}

const px = (v: number | string) => (typeof v === 'number' ? `${v}px` : v);
const color = (v: string) => formatColor(parseColor(v));
const mainOf = (v: string | { main: string }) => (typeof v === 'string' ? v : v.main);

/**
 * Maps a theme object to `--fe-*` custom property values, e.g.
 * `themeToCssVariables({ palette: { primary: '#4f46e5' } })` →
 * `{ '--fe-color-primary': '#4f46e5', '--fe-color-primary-light': '#9590ef',
 * '--fe-color-primary-dark': '#433bc2', '--fe-color-primary-hover': '#433bc2',
 * '--fe-color-primary-active': '#3f38b7', '--fe-color-on-primary': '#ffffff',
 * '--fe-color-primary-text': '#4f46e5', '--fe-color-focus-ring': '#4f46e5' }`
 * (primary-text: the primary adjusted until 4.5:1 on the surface and background).
 *
 * Only tokens the theme sets are returned, so the rest keep their defaults.
 * Primary variants are derived with `derivePalette` (spec §9: light = lighten
 * 0.4, dark and hover = darken 0.15, active = darken 0.2); variants given
 * explicitly in `{ main, light, … }` win. Colours are normalised to `#rrggbb`
 * (or `rgba()`); numbers in typography/shape/spacing mean px. Throws
 * `UnsupportedColorFormatError` for any unsupported colour (spec §8).
 */
export function themeToCssVariables(theme: FeThemeOptions | null | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  const set = (tok: ThemeToken, value: string | undefined) => {
    if (value !== undefined) out[tok.name] = value;
  };
  const p = theme?.palette ?? {};
  const c = t.color;

  const background = typeof p.background === 'string' ? { default: p.background } : p.background;
  set(c.background, background?.default !== undefined ? color(background.default) : undefined);
  set(c.surface, background?.paper !== undefined ? color(background.paper) : undefined);

  const text = typeof p.text === 'string' ? { primary: p.text } : p.text;
  set(c.text, text?.primary !== undefined ? color(text.primary) : undefined);
  set(c.textMuted, text?.secondary !== undefined ? color(text.secondary) : undefined);

  if (p.primary !== undefined) {
    const given = typeof p.primary === 'string' ? { main: p.primary } : p.primary;
    const d = derivePalette(given.main);
    const opt = (v: string | undefined, derived: string) => (v === undefined ? derived : color(v));
    set(c.primary, d.main);
    set(c.primaryLight, opt(given.light, d.light));
    set(c.primaryDark, opt(given.dark, d.dark));
    set(c.primaryHover, opt(given.hover, d.hover));
    set(c.primaryActive, opt(given.active, d.active));
    set(c.onPrimary, opt(given.contrastText, d.contrastText));
    // the primary as text: adjusted until 4.5:1 on the surface and the background (src/theme/contrast.ts)
    set(c.primaryText, readableOn(d.main, [out[c.surface.name] ?? c.surface.default, out[c.background.name] ?? c.background.default]));
    if (p.focusRing === undefined) {
      // WCAG 1.4.11 / 2.4.13: the focus indicator needs 3:1 against the surface.
      const surface = out[c.surface.name] ?? c.surface.default;
      const fallback = out[c.text.name] ?? c.text.default;
      set(c.focusRing, contrastRatio(d.main, surface) >= 3 ? d.main : fallback);
    }
  }
  if (p.focusRing !== undefined) set(c.focusRing, color(p.focusRing));

  const danger = p.danger ?? p.error;
  if (danger !== undefined) {
    set(c.danger, color(mainOf(danger)));
    if (typeof danger !== 'string' && danger.surface !== undefined) set(c.dangerSurface, color(danger.surface));
  }
  if (p.success !== undefined) set(c.success, color(mainOf(p.success)));
  const border = p.border ?? p.divider;
  if (border !== undefined) set(c.border, color(border));

  const ty = theme?.typography;
  if (ty?.fontFamily !== undefined) set(t.font.family, ty.fontFamily);
  if (ty?.fontSize !== undefined) set(t.font.sizeBase, px(ty.fontSize));
  if (theme?.shape?.borderRadius !== undefined) set(t.radius, px(theme.shape.borderRadius));
  if (theme?.shape?.inputHeight !== undefined) set(t.inputHeight, px(theme.shape.inputHeight));
  if (theme?.spacing !== undefined) set(t.spacingUnit, px(theme.spacing));
  return out;
}

/** Dark surfaces a dark-scheme primary has to read on (tokens.ts `dark`). */
const DARK_GROUNDS = [t.color.surface.dark, t.color.background.dark];

/** `color` stepped by `step` (0.05 at a time, at most 20 times) until `ok`; the last step when none is. */
function stepUntil(color: string, step: (c: string, amount: number) => string, ok: (c: string) => boolean): string {
  let out = color;
  for (let i = 1; i <= 20 && !ok(out); i++) out = step(color, i * 0.05);
  return out;
}

/**
 * The dark-scheme values of a vendor's theme, e.g. the metadata theme, which is
 * written for a light page: `<fe-app>` applies them while its scheme is dark
 * (src/theme/scheme.ts), over the dark tokens.
 *
 * - The primary colour is lightened (0.05 at a time) until it reads at 4.5:1 on
 *   the dark surface and background (WCAG 1.4.3); its variants mirror the dark
 *   tokens: hover = lighten 0.25, active = lighten 0.4, dark (text on the light
 *   variant) = lighten 0.75, light (selected backgrounds) = darken 0.6 or more,
 *   until the dark variant reads at 4.5:1 on it; on-primary and the focus ring
 *   follow. Explicit light-scheme variants (`{ main, hover, … }`) are not used.
 * - Other colours (background, text, danger, …) keep the dark tokens: a
 *   light-page colour cannot be reused on a dark page.
 * - Typography, shape and spacing apply as in `themeToCssVariables`.
 *
 * Returns only the tokens set, like `themeToCssVariables`; throws
 * `UnsupportedColorFormatError` for an unsupported colour (spec §8).
 */
export function darkThemeVariables(theme: FeThemeOptions | null | undefined): Record<string, string> {
  const out = Object.fromEntries(Object.entries(themeToCssVariables(theme)).filter(([name]) => !name.startsWith('--fe-color-')));
  const given = theme?.palette?.primary;
  if (given === undefined) return out;
  const c = t.color;
  const main = stepUntil(color(mainOf(given)), lighten, (m) => DARK_GROUNDS.every((g) => contrastRatio(m, g!) >= 4.5));
  const dark = lighten(main, 0.75);
  out[c.primary.name] = main;
  out[c.primaryHover.name] = lighten(main, 0.25);
  out[c.primaryActive.name] = lighten(main, 0.4);
  out[c.primaryDark.name] = dark;
  out[c.primaryLight.name] = stepUntil(darken(main, 0.6), darken, (l) => contrastRatio(l, dark) >= 4.5);
  out[c.onPrimary.name] = getContrastText(main);
  out[c.primaryText.name] = main;
  out[c.focusRing.name] = main;
  return out;
}

/**
 * Sets the theme's `--fe-*` values (`themeToCssVariables`) as inline custom
 * properties on `el`; every fe-* element inside `el` (light or shadow DOM)
 * picks them up. Returns a function that removes them again, restoring any
 * inline values `el` had before (calling it twice is harmless).
 *
 * All colours are validated before anything is written: for an unsupported
 * colour it throws `UnsupportedColorFormatError` (spec §8) and leaves `el`
 * untouched.
 */
export function applyTheme(el: HTMLElement, theme: FeThemeOptions | null | undefined): () => void {
  const values = themeToCssVariables(theme);
  const previous = new Map<string, { value: string; priority: string }>();
  for (const [name, value] of Object.entries(values)) {
    previous.set(name, { value: el.style.getPropertyValue(name), priority: el.style.getPropertyPriority(name) });
    el.style.setProperty(name, value);
  }
  let removed = false;
  return () => {
    if (removed) return;
    removed = true;
    for (const [name, prev] of previous) {
      if (prev.value) el.style.setProperty(name, prev.value, prev.priority);
      else el.style.removeProperty(name);
    }
  };
}
