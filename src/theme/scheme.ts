/**
 * The dark theme at run time. `<fe-app>` loads this module when it connects (never in the login box's first-input
 * chunk: the element styles keep their light fallbacks, `var(--fe-color-text, #111827)`), and calls
 * {@link applyScheme} again when its `theme` attribute changes. While the scheme is dark (`theme="dark"`, or no
 * `theme` and `prefers-color-scheme: dark`) the dark value of each colour token (tokens.ts `dark`) is set on
 * `<fe-app>`, so it inherits into every element inside; a `--fe-*` value the host set (on `<fe-app>` or an
 * ancestor, or through the metadata theme on an element) still wins. `--fe-color-scheme` carries `color-scheme`
 * (native controls, scrollbars) into the shadow roots.
 */
import { TOKENS } from './tokens.ts';

const DARK = Object.values(TOKENS.color).flatMap((t): [string, string][] => ('dark' in t && t.dark ? [[t.name, t.dark]] : []));
const QUERY = '(prefers-color-scheme: dark)';

/** The properties this module set on each root, to take back when the scheme changes. */
const applied = new WeakMap<HTMLElement, string[]>();
/** Roots listening to `prefers-color-scheme`. */
const watched = new WeakSet<HTMLElement>();

/** `light` or `dark`: the root's `theme` attribute, else the OS's preference. */
export function schemeOf(root: HTMLElement): 'light' | 'dark' {
  const theme = root.getAttribute('theme');
  return theme === 'light' || theme === 'dark' ? theme : matchMedia(QUERY).matches ? 'dark' : 'light';
}

/** Applies the root's scheme now and follows the OS's preference while the root is connected. */
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
  const set: string[] = [];
  const style = getComputedStyle(root);
  const values: [string, string][] = scheme === 'dark' ? [...DARK, ['--fe-color-scheme', 'dark']] : root.getAttribute('theme') === 'light' ? [['--fe-color-scheme', 'light']] : [];
  for (const [name, value] of values) {
    if (style.getPropertyValue(name).trim()) continue;
    root.style.setProperty(name, value);
    set.push(name);
  }
  applied.set(root, set);
}
