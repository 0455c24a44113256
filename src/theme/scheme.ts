/**
 * The colour scheme and the vendor's theme at run time, one layer of `--fe-*` values set on `<fe-app>`.
 * `<fe-app>` loads this module when it connects (never in the login box's first-input chunk: the element styles
 * keep their light fallbacks, `var(--fe-color-text, #111827)`), and calls {@link applyScheme} again when its
 * `theme` attribute, the OS's `prefers-color-scheme` or the metadata theme ({@link setVendorTheme}) changes.
 *
 * Precedence, highest first:
 * 1. a `--fe-*` value the host set (CSS on `<fe-app>`, on an ancestor or on an element; inline; `applyTheme`);
 * 2. the vendor's metadata theme (sign-in §3, §9), in the dark scheme its dark values (runtime.ts `darkThemeVariables`);
 * 3. the dark tokens (tokens.ts `dark`) while the scheme is dark (`theme="dark"`, or no `theme` and
 *    `prefers-color-scheme: dark`);
 * 4. the modern defaults (the `var()` fallbacks of the element styles).
 *
 * The layer is set inline on `<fe-app>`, so it inherits into every element inside, and only for the tokens the host
 * has not set when it is applied (read from the computed style once ours are taken back). `--fe-color-scheme`
 * carries `color-scheme` (native controls, scrollbars) into the shadow roots.
 *
 * The primary's companions follow the primary in force, whoever set it (issue 21 item 6, src/theme/contrast.ts): the
 * text on it (white or near-black, whichever reaches 4.5:1 on rest, hover and pressed), the primary as text
 * (`--fe-color-primary-text`, adjusted until 4.5:1 on the surface and background), the focus ring, and the hover and
 * pressed shades when nobody set them. When the host sets `--fe-color-primary`, the dark tokens' and the vendor's
 * primary shades give way to ones derived from the host's colour. Colours the parser does not read (named colours,
 * `oklch()` …) are resolved by the browser (a 1×1 canvas).
 */
import { formatColor, parseColor, type RGBA } from './colors.ts';
import { primaryLayer } from './contrast.ts';
import { TOKENS } from './tokens.ts';

/** A vendor theme's `--fe-*` values in each scheme (runtime.ts `themeToCssVariables` and `darkThemeVariables`). */
export interface SchemeValues {
  light: Record<string, string>;
  dark: Record<string, string>;
}

const DARK = Object.values(TOKENS.color).flatMap((t): [string, string][] => ('dark' in t && t.dark ? [[t.name, t.dark]] : []));
const QUERY = '(prefers-color-scheme: dark)';

/** The properties this module set on each root, to take back when the scheme changes. */
const applied = new WeakMap<HTMLElement, string[]>();
/** Roots listening to `prefers-color-scheme`. */
const watched = new WeakSet<HTMLElement>();
/** The vendor theme of each root. */
const vendors = new WeakMap<HTMLElement, SchemeValues>();

/** `light` or `dark`: the root's `theme` attribute, else the OS's preference. */
export function schemeOf(root: HTMLElement): 'light' | 'dark' {
  const theme = root.getAttribute('theme');
  return theme === 'light' || theme === 'dark' ? theme : matchMedia(QUERY).matches ? 'dark' : 'light';
}

/** Sets (or, with `undefined`, removes) the vendor theme of `root` and applies the layer again. */
export function setVendorTheme(root: HTMLElement, values: SchemeValues | undefined): void {
  if (values) vendors.set(root, values);
  else vendors.delete(root);
  applyScheme(root);
}

/** Applies the root's layer (scheme and vendor theme) now and follows the OS's preference while the root is connected. */
export function applyScheme(root: HTMLElement): void {
  if (!watched.has(root)) {
    watched.add(root);
    const media = matchMedia(QUERY);
    const onChange = () => {
      if (root.isConnected) return applyScheme(root);
      media.removeEventListener('change', onChange);
      watched.delete(root);
    };
    media.addEventListener('change', onChange);
  }
  // ours taken back first, so what the computed style still has is the host's
  for (const name of applied.get(root) ?? []) root.style.removeProperty(name);
  const scheme = schemeOf(root);
  const vendor = vendors.get(root)?.[scheme] ?? {};
  const values = new Map<string, string>(
    scheme === 'dark'
      ? [...DARK, ...Object.entries(vendor), ['--fe-color-scheme', 'dark']]
      : [...Object.entries(vendor), ...(root.getAttribute('theme') === 'light' ? [['--fe-color-scheme', 'light'] as const] : [])],
  );
  const style = getComputedStyle(root);
  const host = (name: string) => style.getPropertyValue(name).trim();
  // a host primary takes the shades of the dark tokens and of the vendor with it: they were made for another colour
  if (host(PRIMARY)) for (const name of FAMILY) values.delete(name);
  for (const [name, value] of derived(host, values)) values.set(name, value);
  const ours = [...values].filter(([name]) => !host(name));
  for (const [name, value] of ours) root.style.setProperty(name, value);
  applied.set(
    root,
    ours.map(([name]) => name),
  );
}

const c = TOKENS.color;
const PRIMARY = c.primary.name;
/** The shades of the primary that were chosen for one primary colour. */
const FAMILY = [c.primaryHover, c.primaryActive, c.primaryLight, c.primaryDark, c.onPrimary, c.primaryText, c.focusRing].map((t) => t.name);
const DEFAULTS = new Map<string, string>(Object.values(c).map((t) => [t.name, t.default]));

/**
 * The primary's companions (contrast.ts `primaryLayer`) that differ from what is in force and that nobody chose: the
 * host (`host(name)`) or the layer so far (`values`; the text on the primary and the primary as text are always
 * computed). Empty when a colour cannot be read.
 */
function derived(host: (name: string) => string, values: Map<string, string>): [string, string][] {
  const inForce = (name: string) => host(name) || values.get(name) || DEFAULTS.get(name)!;
  const chosen = (name: string) => host(name) || values.get(name);
  try {
    const hover = chosen(c.primaryHover.name);
    const active = chosen(c.primaryActive.name);
    const layer = primaryLayer({
      primary: resolveColor(inForce(PRIMARY)),
      hover: hover === undefined ? undefined : resolveColor(hover),
      active: active === undefined ? undefined : resolveColor(active),
      surface: resolveColor(inForce(c.surface.name)),
      background: resolveColor(inForce(c.background.name)),
    });
    const always = new Set<string>([c.onPrimary.name, c.primaryText.name]);
    return Object.entries(layer).filter(([name, value]) => {
      if (host(name) || (!always.has(name) && values.has(name))) return false;
      // what an element style gets without this value (primary-text falls back to the primary)
      const current = host(name) || values.get(name) || (name === c.primaryText.name ? inForce(PRIMARY) : DEFAULTS.get(name)!);
      return resolveColor(current) !== value;
    });
  } catch {
    return [];
  }
}

let probe: CanvasRenderingContext2D | null | undefined;

/**
 * `value` as `#rrggbb` (or `rgba()`): read by `parseColor` when it can, otherwise painted on a 1×1 canvas and read
 * back, so any colour the browser knows (`crimson`, `oklch()`, `color-mix()` …) works. Throws when neither can.
 */
export function resolveColor(value: string): string {
  try {
    return formatColor(parseColor(value));
  } catch (error) {
    probe ??= document.createElement('canvas').getContext('2d', { willReadFrequently: true });
    if (!probe || !CSS.supports('color', value)) throw error;
    probe.clearRect(0, 0, 1, 1);
    probe.fillStyle = value;
    probe.fillRect(0, 0, 1, 1);
    const [r, g, b, a] = probe.getImageData(0, 0, 1, 1).data;
    return formatColor({ r, g, b, a: a / 255 } satisfies RGBA);
  }
}
