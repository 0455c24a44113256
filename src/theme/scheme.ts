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
 */
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
  const ours = [...values].filter(([name]) => !style.getPropertyValue(name).trim());
  for (const [name, value] of ours) root.style.setProperty(name, value);
  applied.set(
    root,
    ours.map(([name]) => name),
  );
}
