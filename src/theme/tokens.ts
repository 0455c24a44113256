/**
 * The design tokens of the "modern" theme: public CSS custom property name,
 * default value and description of each, in one tree. Plain TypeScript, so
 * it feeds the vanilla-extract contract (`contract.css.ts`, build time), the
 * runtime mapping (`runtime.ts`) and the docs (`THEME_VARIABLES`) from a
 * single source, and a `--fe-*` name cannot appear in one and not the others
 * (house-style.md §8, anti-patterns).
 *
 * Contrast of the defaults (WCAG 2.x, on the #ffffff surface): primary 6.29
 * (white text on it: 6.29), text 17.7, text-muted 4.83 (4.63 on the
 * #f9fafb background), danger 6.47, success 5.02, focus ring 6.29.
 *
 * `--fe-color-on-primary`, `--fe-color-primary-text`, the hover shades and the focus ring follow whatever primary is in
 * force: `<fe-app>` computes them by contrast for any host primary (src/theme/contrast.ts, src/theme/scheme.ts).
 *
 * Dark theme (`dark`; `<fe-app>` applies it when `prefers-color-scheme` is
 * dark or `theme="dark"`, src/theme/scheme.ts): surface #1f2937, background #111827, text #f9fafb,
 * muted #9ca3af, primary #818cf8 with #111827 text on it, danger #fca5a5 on
 * #450a0a, success #4ade80; each at least 4.5:1 on surface and background
 * (test/theme.test.ts).
 */
import { derivePalette } from './colors.js';

/** One themeable value: `name` is the public custom property (`--fe-<key>`). */
export interface ThemeToken {
  /** Contract key without the prefix, e.g. `color-primary`. */
  readonly key: string;
  /** Public CSS custom property, e.g. `--fe-color-primary`. */
  readonly name: `--fe-${string}`;
  /** Value of the modern theme, used as the `var()` fallback. */
  readonly default: string;
  /** One-line description for README and `@cssprop` docs. */
  readonly description: string;
  /** Value of the dark theme (colours only), set on `<fe-app>` while its scheme is dark (src/theme/scheme.ts). */
  readonly dark?: string;
}

/** A tree of tokens, e.g. `{ color: { primary: ThemeToken } }`. */
export interface ThemeTokenTree {
  readonly [key: string]: ThemeToken | ThemeTokenTree;
}

/** The same tree shape as `T`, with every token replaced by a `V`. */
export type MapTokens<T, V> = { -readonly [K in keyof T]: T[K] extends ThemeToken ? V : MapTokens<T[K], V> };

const token = (key: string, value: string, description: string, dark?: string): ThemeToken => ({ key, name: `--fe-${key}`, default: value, description, dark });

/** §9: the default theme name. */
export const DEFAULT_THEME_NAME = 'modern';

/** The modern theme's primary colour (indigo; 6.29:1 with white text). */
export const MODERN_PRIMARY = '#4f46e5';

const primary = derivePalette(MODERN_PRIMARY);

/** Font stack of the modern theme: the platform UI font. */
export const SYSTEM_FONT_STACK = 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif';

/** All tokens of the theme contract with their modern defaults (spec §9: default theme "modern"). */
export const TOKENS = {
  color: {
    primary: token(
      'color-primary',
      primary.main,
      'Brand colour: primary buttons, links, selected states. applyTheme() derives the -light/-dark/-hover/-active and on-primary variants from it.',
      '#818cf8',
    ),
    primaryLight: token('color-primary-light', primary.light, 'Light variant of the primary colour (primary lightened by 0.4).', '#312e81'),
    primaryDark: token('color-primary-dark', primary.dark, 'Dark variant of the primary colour (primary darkened by 0.15).', '#e0e7ff'),
    primaryHover: token('color-primary-hover', primary.hover, 'Primary colour on hover (primary darkened by 0.15).', '#a5b4fc'),
    primaryActive: token('color-primary-active', primary.active, 'Primary colour while pressed (primary darkened by 0.2).', '#c7d2fe'),
    onPrimary: token('color-on-primary', primary.contrastText, 'Text and icons on the primary colour.', '#111827'),
    primaryText: token(
      'color-primary-text',
      `var(--fe-color-primary, ${primary.main})`,
      'The primary colour as text on the surface and background (the current section, links). <fe-app> sets it to the primary adjusted until it reads at 4.5:1, in both schemes.',
    ),
    background: token('color-background', '#f9fafb', 'Background behind cards and panels.', '#111827'),
    surface: token('color-surface', '#ffffff', 'Surface of cards, dialogs and inputs.', '#1f2937'),
    text: token('color-text', '#111827', 'Body text.', '#f9fafb'),
    textMuted: token('color-text-muted', '#6b7280', 'Secondary text: hints, captions, placeholders.', '#9ca3af'),
    border: token('color-border', '#d1d5db', 'Borders and dividers.', '#6b7280'),
    danger: token('color-danger', '#b91c1c', 'Errors and destructive actions.', '#fca5a5'),
    dangerSurface: token('color-danger-surface', '#fef2f2', 'Background of error messages.', '#450a0a'),
    success: token('color-success', '#15803d', 'Success messages and confirmations.', '#4ade80'),
    focusRing: token('color-focus-ring', primary.main, 'Keyboard focus outline.', '#818cf8'),
  },
  font: {
    family: token('font-family', SYSTEM_FONT_STACK, 'Font family of all text.'),
    sizeBase: token('font-size-base', '1rem', 'Base font size; other sizes scale from it.'),
  },
  radius: token('radius', '8px', 'Corner radius of buttons, inputs and cards.'),
  spacingUnit: token('spacing-unit', '8px', 'Spacing unit; gaps and paddings are multiples of it.'),
  inputHeight: token('input-height', '44px', 'Height of inputs and buttons (at least 24px, WCAG 2.5.8; 44px by default).'),
} as const satisfies ThemeTokenTree;

/** The shape of `TOKENS`. */
export type ThemeTokens = typeof TOKENS;

/** True when `node` is a token leaf rather than a subtree. */
export function isThemeToken(node: ThemeToken | ThemeTokenTree): node is ThemeToken {
  return typeof (node as ThemeToken).name === 'string' && typeof (node as ThemeToken).default === 'string';
}

/**
 * Maps every token of a tree through `fn`, keeping the tree's shape:
 * `mapTokens({ a: { b: tok } }, t => t.name)` → `{ a: { b: '--fe-…' } }`.
 */
export function mapTokens<T extends ThemeTokenTree, V>(tree: T, fn: (t: ThemeToken, path: string[]) => V, path: string[] = []): MapTokens<T, V> {
  const out: Record<string, unknown> = {};
  for (const [k, node] of Object.entries(tree)) {
    out[k] = isThemeToken(node) ? fn(node, [...path, k]) : mapTokens(node, fn, [...path, k]);
  }
  return out as MapTokens<T, V>;
}

/** One row of `THEME_VARIABLES`. */
export interface ThemeVariable {
  name: `--fe-${string}`;
  default: string;
  description: string;
}

/**
 * Every public CSS custom property with its modern default and description,
 * in contract order, e.g. `{ name: '--fe-color-primary', default: '#4f46e5',
 * description: 'Brand colour: …' }`. For README tables and `@cssprop` docs.
 */
export const THEME_VARIABLES: readonly ThemeVariable[] = (() => {
  const rows: ThemeVariable[] = [];
  mapTokens(TOKENS, (t) => rows.push({ name: t.name, default: t.default, description: t.description }));
  return Object.freeze(rows);
})();
