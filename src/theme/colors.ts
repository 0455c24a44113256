/**
 * Colour parsing and derivation for the theming layer. Plain TypeScript (no
 * vanilla-extract), so it runs both at build time inside `.css.ts` files and
 * at runtime in `applyTheme()`.
 *
 * Spec: sign-in-and-session.md §9 (colour derivation: light = lighten 0.4,
 * dark and hover = darken 0.15, active = darken 0.2) and §8 (an unsupported
 * colour format raises an error; its text is not shown to the user).
 *
 * The arithmetic follows MUI's `colorManipulator` (`lighten`, `darken`,
 * `getContrastRatio`), which the metadata `theme` object is modelled on.
 */

/** A colour in sRGB: `r`, `g`, `b` are integers 0–255, `a` is 0–1. */
export interface RGBA {
  r: number;
  g: number;
  b: number;
  a: number;
}

/** The colours derived from one brand colour (`derivePalette`). All values are `#rrggbb` (or `rgba()` when translucent). */
export interface DerivedPalette {
  main: string;
  light: string;
  dark: string;
  hover: string;
  active: string;
  contrastText: string;
}

/** §9: the light variant is the main colour lightened by 0.4. */
export const LIGHTEN_LIGHT = 0.4;
/** §9: the dark variant is the main colour darkened by 0.15. */
export const DARKEN_DARK = 0.15;
/** §9: the hover variant is the main colour darkened by 0.15. */
export const DARKEN_HOVER = 0.15;
/** §9: the active (pressed) variant is the main colour darkened by 0.2. */
export const DARKEN_ACTIVE = 0.2;

/** Light text candidate for `contrastText`. */
export const CONTRAST_TEXT_LIGHT = '#ffffff';
/** Dark text candidate for `contrastText` (the modern theme's text colour). */
export const CONTRAST_TEXT_DARK = '#111827';

/**
 * Thrown by `parseColor` (and everything built on it: `lighten`, `darken`,
 * `derivePalette`, `themeToCssVariables`, `applyTheme`) when a string is not
 * one of the supported colour syntaxes (spec §8, "Unsupported colour format
 * raises an error"). The message is for developers; it is never shown to users.
 */
export class UnsupportedColorFormatError extends Error {
  /** The rejected input, exactly as given. */
  readonly input: string;
  constructor(input: string) {
    super(`Unsupported color format: ${input}`);
    this.name = 'UnsupportedColorFormatError';
    this.input = input;
  }
}

const HEX = /^#([0-9a-f]{3,4}|[0-9a-f]{6}|[0-9a-f]{8})$/i;
const FUNC = /^(rgba?|hsla?)\((.*)\)$/i;
const NUMBER = '[+-]?(?:\\d+\\.?\\d*|\\.\\d+)(?:e[+-]?\\d+)?';
const NUM = new RegExp(`^${NUMBER}$`, 'i');
const PERCENT = new RegExp(`^${NUMBER}%$`, 'i');
const ANGLE = new RegExp(`^(${NUMBER})(deg|grad|rad|turn)?$`, 'i');

const clamp = (v: number, min: number, max: number) => Math.min(max, Math.max(min, v));
/** Alpha rounded to 3 decimals, as MUI's hexToRgb does. */
const roundAlpha = (a: number) => Math.round(clamp(a, 0, 1) * 1000) / 1000;

/**
 * Splits the inside of `rgb()`/`hsl()` into 3 components plus an optional
 * alpha. Accepts the legacy comma syntax (`1, 2, 3` / `1, 2, 3, 0.5`) and the
 * modern space syntax (`1 2 3` / `1 2 3 / 0.5`); returns null otherwise.
 */
function splitArgs(body: string): { parts: string[]; alpha?: string } | null {
  const s = body.trim();
  if (s.includes(',')) {
    const parts = s.split(',').map((p) => p.trim());
    if (s.includes('/') || parts.length < 3 || parts.length > 4 || parts.some((p) => p === '' || /\s/.test(p))) return null;
    return { parts: parts.slice(0, 3), alpha: parts[3] };
  }
  const [main, alpha, ...rest] = s.split('/').map((p) => p.trim());
  if (rest.length || alpha === '') return null;
  const parts = main.split(/\s+/).filter(Boolean);
  if (parts.length !== 3) return null;
  return { parts, alpha };
}

/** A number or percentage; `scale` is the value of 100%. NaN when malformed. */
function numOrPercent(s: string, scale: number): number {
  if (PERCENT.test(s)) return (parseFloat(s) / 100) * scale;
  if (NUM.test(s)) return parseFloat(s);
  return NaN;
}

function parseAlpha(s: string | undefined): number {
  if (s === undefined) return 1;
  return numOrPercent(s, 1);
}

function parseHue(s: string): number {
  const m = ANGLE.exec(s);
  if (!m) return NaN;
  const v = parseFloat(m[1]);
  const unit = (m[2] ?? 'deg').toLowerCase();
  const deg = unit === 'turn' ? v * 360 : unit === 'rad' ? (v * 180) / Math.PI : unit === 'grad' ? v * 0.9 : v;
  return ((deg % 360) + 360) % 360;
}

/** HSL (h in degrees, s and l 0–1) to integer RGB, rounding like MUI's hslToRgb. */
function hslToRgb(h: number, s: number, l: number): [number, number, number] {
  const a = s * Math.min(l, 1 - l);
  const f = (n: number) => {
    const k = (n + h / 30) % 12;
    return l - a * Math.max(Math.min(k - 3, 9 - k, 1), -1);
  };
  return [Math.round(f(0) * 255), Math.round(f(8) * 255), Math.round(f(4) * 255)];
}

/**
 * Parses a CSS colour string into `{ r, g, b, a }` (r/g/b integers 0–255,
 * a 0–1 rounded to 3 decimals).
 *
 * Supported: `#rgb`, `#rgba`, `#rrggbb`, `#rrggbbaa`; `rgb()`/`rgba()` with
 * numbers or percentages in comma syntax (`rgb(79, 70, 229)`,
 * `rgba(79, 70, 229, 0.5)`) or space syntax (`rgb(79 70 229 / 50%)`);
 * `hsl()`/`hsla()` likewise (hue in deg by default, or `deg|rad|grad|turn`).
 * Out-of-range channels are clamped as CSS does. Case and surrounding
 * whitespace are ignored.
 *
 * Anything else (named colours such as `red`, `color()`, `lab()`, `oklch()`,
 * `transparent`, malformed hex, the empty string) throws
 * `UnsupportedColorFormatError` (spec §8).
 */
export function parseColor(input: string): RGBA {
  if (typeof input !== 'string') throw new UnsupportedColorFormatError(String(input));
  const s = input.trim();
  if (HEX.test(s)) {
    let hex = s.slice(1);
    if (hex.length <= 4) hex = [...hex].map((c) => c + c).join('');
    const n = (i: number) => parseInt(hex.slice(i, i + 2), 16);
    return { r: n(0), g: n(2), b: n(4), a: hex.length === 8 ? roundAlpha(n(6) / 255) : 1 };
  }
  const m = FUNC.exec(s);
  const args = m && splitArgs(m[2]);
  if (m && args) {
    const alpha = parseAlpha(args.alpha);
    if (m[1].toLowerCase().startsWith('rgb')) {
      const [r, g, b] = args.parts.map((p) => numOrPercent(p, 255));
      if ([r, g, b, alpha].every(Number.isFinite)) {
        return { r: Math.round(clamp(r, 0, 255)), g: Math.round(clamp(g, 0, 255)), b: Math.round(clamp(b, 0, 255)), a: roundAlpha(alpha) };
      }
    } else {
      const h = parseHue(args.parts[0]);
      // Saturation and lightness: percentages, or bare numbers on the 0–100 scale (CSS Color 4).
      const sat = numOrPercent(args.parts[1], 100);
      const light = numOrPercent(args.parts[2], 100);
      if ([h, sat, light, alpha].every(Number.isFinite)) {
        const [r, g, b] = hslToRgb(h, clamp(sat, 0, 100) / 100, clamp(light, 0, 100) / 100);
        return { r, g, b, a: roundAlpha(alpha) };
      }
    }
  }
  throw new UnsupportedColorFormatError(input);
}

const hex2 = (n: number) =>
  Math.round(clamp(n, 0, 255))
    .toString(16)
    .padStart(2, '0');

/**
 * Formats `{ r, g, b, a }` as `#rrggbb` (lowercase) when opaque, otherwise
 * `rgba(r, g, b, a)`. Inverse of `parseColor` for its output.
 */
export function formatColor(color: RGBA): string {
  const { r, g, b, a } = color;
  if (a >= 1) return `#${hex2(r)}${hex2(g)}${hex2(b)}`;
  return `rgba(${Math.round(r)}, ${Math.round(g)}, ${Math.round(b)}, ${roundAlpha(a)})`;
}

/**
 * MUI's recomposeColor keeps the integer part of each channel (`parseInt`);
 * the epsilon stops float noise (152.99999…) from dropping a whole step.
 */
const channel = (v: number) => clamp(Math.floor(v + 1e-9), 0, 255);

/**
 * Lightens a colour towards white, as MUI's `lighten`: every channel becomes
 * `c + (255 - c) * amount` (integer part kept); alpha is unchanged.
 * `amount` is clamped to 0–1. Returns `#rrggbb`, or `rgba()` when alpha < 1.
 * Spec §9: the light variant uses `LIGHTEN_LIGHT` (0.4).
 * Throws `UnsupportedColorFormatError` for an unsupported `color`.
 */
export function lighten(color: string, amount: number): string {
  const c = parseColor(color);
  const k = clamp(amount, 0, 1);
  const f = (v: number) => channel(v + (255 - v) * k);
  return formatColor({ r: f(c.r), g: f(c.g), b: f(c.b), a: c.a });
}

/**
 * Darkens a colour towards black, as MUI's `darken`: every channel becomes
 * `c * (1 - amount)` (integer part kept); alpha is unchanged.
 * `amount` is clamped to 0–1. Returns `#rrggbb`, or `rgba()` when alpha < 1.
 * Spec §9: dark and hover use 0.15 (`DARKEN_DARK`, `DARKEN_HOVER`), active 0.2 (`DARKEN_ACTIVE`).
 * Throws `UnsupportedColorFormatError` for an unsupported `color`.
 */
export function darken(color: string, amount: number): string {
  const c = parseColor(color);
  const k = clamp(amount, 0, 1);
  const f = (v: number) => channel(v * (1 - k));
  return formatColor({ r: f(c.r), g: f(c.g), b: f(c.b), a: c.a });
}

/**
 * WCAG 2.x relative luminance (0 = black, 1 = white) of a colour string or
 * `RGBA`. Alpha is ignored (as MUI's getLuminance does).
 */
export function relativeLuminance(color: string | RGBA): number {
  const { r, g, b } = typeof color === 'string' ? parseColor(color) : color;
  const lin = (v: number) => {
    const c = v / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
}

/**
 * WCAG 2.x contrast ratio between two colours, from 1 (same) to 21
 * (black on white); the order of the arguments does not matter.
 * AA needs ≥ 4.5 for body text and ≥ 3 for large text and UI component
 * boundaries. Throws `UnsupportedColorFormatError` for unsupported input.
 */
export function contrastRatio(a: string | RGBA, b: string | RGBA): number {
  const la = relativeLuminance(a);
  const lb = relativeLuminance(b);
  return (Math.max(la, lb) + 0.05) / (Math.min(la, lb) + 0.05);
}

/**
 * The text colour to put on `background`: `CONTRAST_TEXT_LIGHT` (#ffffff) or
 * `CONTRAST_TEXT_DARK` (#111827), whichever has the higher WCAG contrast
 * ratio against it (white wins a tie).
 */
export function getContrastText(background: string): string {
  const bg = parseColor(background);
  return contrastRatio(bg, CONTRAST_TEXT_LIGHT) >= contrastRatio(bg, CONTRAST_TEXT_DARK) ? CONTRAST_TEXT_LIGHT : CONTRAST_TEXT_DARK;
}

/**
 * Derives the full primary palette from one brand colour (spec §9):
 * `{ main, light: lighten(main, 0.4), dark: darken(main, 0.15),
 * hover: darken(main, 0.15), active: darken(main, 0.2), contrastText }`,
 * where `main` is the input normalised by `formatColor` and `contrastText`
 * comes from `getContrastText(main)`.
 * Throws `UnsupportedColorFormatError` for an unsupported `main` (§8).
 */
export function derivePalette(main: string): DerivedPalette {
  const normalised = formatColor(parseColor(main));
  return {
    main: normalised,
    light: lighten(normalised, LIGHTEN_LIGHT),
    dark: darken(normalised, DARKEN_DARK),
    hover: darken(normalised, DARKEN_HOVER),
    active: darken(normalised, DARKEN_ACTIVE),
    contrastText: getContrastText(normalised),
  };
}
