/**
 * Contrast-driven colours for any host primary (issue 21 item 6): the text on a primary surface and the primary
 * used as text, computed from WCAG 2.x relative luminance (colors.ts `contrastRatio`). Pure functions, no DOM;
 * src/theme/scheme.ts applies them on `<fe-app>` to whatever primary arrives (the host's `--fe-color-primary`, the
 * metadata theme or the tokens), in the light and the dark scheme.
 *
 * Why in JavaScript rather than CSS: the pick has to reach a ratio (4.5:1, WCAG 1.4.3) against several colours at
 * once (a button's rest, hover and pressed backgrounds; the surface and the background behind a link). CSS
 * `contrast-color()` is not in Chromium yet, and the relative-colour trick (`lch(from var(--p) calc((60 - l) *
 * infinity) 0 0)`) thresholds on LCH lightness, which is not the WCAG ratio (it fails some mid colours), and cannot
 * step a colour until a ratio holds.
 */
import { CONTRAST_TEXT_DARK, CONTRAST_TEXT_LIGHT, contrastRatio, darken, formatColor, lighten, parseColor, relativeLuminance } from './colors.ts';

/** WCAG 1.4.3 AA: text at normal size. */
export const AA_TEXT = 4.5;

/** The lowest contrast of `color` against each of `grounds`. */
export function minContrast(color: string, grounds: readonly string[]): number {
  return Math.min(...grounds.map((g) => contrastRatio(color, g)));
}

/**
 * The text colour for a primary surface that is painted `backgrounds` (rest, hover, pressed): white (#ffffff) or
 * near-black (#111827), the one whose lowest ratio across `backgrounds` is higher. White wins a tie, and wins when it
 * reaches 4.5:1 on every background (e.g. crimson #dc143c: white 4.99:1, near-black 3.5:1).
 */
export function textOnPrimary(backgrounds: readonly string[]): string {
  const white = minContrast(CONTRAST_TEXT_LIGHT, backgrounds);
  if (white >= AA_TEXT) return CONTRAST_TEXT_LIGHT;
  return white >= minContrast(CONTRAST_TEXT_DARK, backgrounds) ? CONTRAST_TEXT_LIGHT : CONTRAST_TEXT_DARK;
}

/**
 * `color` as it may be used for text on `grounds` (e.g. the current section's label on the background): unchanged when
 * it already reads at `min` (4.5:1 by default) on every ground; otherwise lightened (on dark grounds) or darkened (on
 * light ones) 0.05 at a time, MUI-style, until it does. When no step reaches `min` the step with the best lowest ratio
 * is returned (towards white or black the last step always reaches 4.5:1 unless a ground is mid-grey).
 * Returns `#rrggbb`; throws `UnsupportedColorFormatError` for an unsupported colour.
 */
export function readableOn(color: string, grounds: readonly string[], min: number = AA_TEXT): string {
  const start = formatColor({ ...parseColor(color), a: 1 });
  if (minContrast(start, grounds) >= min) return start;
  const darkGrounds = grounds.reduce((sum, g) => sum + relativeLuminance(g), 0) / grounds.length < 0.18;
  const step = darkGrounds ? lighten : darken;
  let best = start;
  for (let i = 1; i <= 20; i++) {
    const next = step(start, i * 0.05);
    if (minContrast(next, grounds) >= min) return next;
    if (minContrast(next, grounds) > minContrast(best, grounds)) best = next;
  }
  return best;
}

/** What {@link primaryLayer} needs: the colours in force (any format `parseColor` reads), the ones not set left out. */
export interface PrimaryLayerInput {
  /** The primary colour in force. */
  primary: string;
  /** Its hover shade, when someone set one (else derived). */
  hover?: string;
  /** Its pressed shade, when someone set one (else derived). */
  active?: string;
  /** The surface of cards, dialogs and the portal. */
  surface: string;
  /** The background behind cards, of hovered and current items. */
  background: string;
}

/** The values {@link primaryLayer} derives, by `--fe-*` name. */
export type PrimaryLayer = Record<'--fe-color-primary-hover' | '--fe-color-primary-active' | '--fe-color-on-primary' | '--fe-color-primary-text' | '--fe-color-focus-ring', string>;

/**
 * The primary's companions for any primary, in either scheme:
 * - hover and pressed shades, when not given: darkened 0.15 / 0.2 (spec §9) under white text, lightened 0.15 / 0.25
 *   under near-black text, so the text keeps its contrast in every state (in either scheme);
 * - the text on the primary ({@link textOnPrimary} over rest, hover and pressed);
 * - the primary as text on the surface and the background ({@link readableOn}, 4.5:1): links, the current section;
 * - the focus ring: that readable primary (at least 3:1 on both, WCAG 1.4.11).
 */
export function primaryLayer({ primary, hover, active, surface, background }: PrimaryLayerInput): PrimaryLayer {
  const main = formatColor(parseColor(primary));
  const given = [hover, active].filter((v): v is string => v !== undefined).map((v) => formatColor(parseColor(v)));
  // shades nobody set move away from the text on the primary, so they keep (and gain) its contrast
  const towardsDark = textOnPrimary([main, ...given]) === CONTRAST_TEXT_LIGHT;
  const h = hover !== undefined ? formatColor(parseColor(hover)) : towardsDark ? darken(main, 0.15) : lighten(main, 0.15);
  const a = active !== undefined ? formatColor(parseColor(active)) : towardsDark ? darken(main, 0.2) : lighten(main, 0.25);
  const text = readableOn(main, [surface, background]);
  return {
    '--fe-color-primary-hover': h,
    '--fe-color-primary-active': a,
    '--fe-color-on-primary': textOnPrimary([main, h, a]),
    '--fe-color-primary-text': text,
    '--fe-color-focus-ring': text,
  };
}
