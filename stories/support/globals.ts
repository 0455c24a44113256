/**
 * The catalogue's toolbar and theme controls (.storybook/preview.ts): the `locale` and `theme` globals, applied to
 * the `<fe-app>` of every story (the helpers that create it read {@link appGlobals}; `dir` follows from `<fe-app>`),
 * and one control per `--fe-*` property of the theme contract (src/theme/tokens.ts), set as inline custom properties
 * on the story's wrapper, so they inherit into every element (light and shadow DOM) and win over the dark scheme.
 */
import type { ArgTypes } from '@storybook/web-components-vite';
import { TOKENS, mapTokens } from '../../src/theme/tokens.ts';

/** The built-in locales (`<fe-app locale>`): `he` is right to left, `en-XA` the pseudo-locale. */
export const STORY_LOCALES = [
  { value: 'en', title: 'English' },
  { value: 'de', title: 'Deutsch' },
  { value: 'he', title: 'עברית (rtl)' },
  { value: 'en-XA', title: 'Pseudo (en-XA)' },
] as const;

/** The colour schemes (`<fe-app theme>`): `auto` leaves the attribute out, so the OS's preference decides. */
export const STORY_THEMES = [
  { value: 'auto', title: 'Auto (prefers-color-scheme)', icon: 'mirror' },
  { value: 'light', title: 'Light', icon: 'sun' },
  { value: 'dark', title: 'Dark', icon: 'moon' },
] as const;

export type StoryLocale = (typeof STORY_LOCALES)[number]['value'];
export type StoryTheme = (typeof STORY_THEMES)[number]['value'];

/** The attributes every story's `<fe-app>` gets: set by the preview's decorator before the story renders. */
let current: { locale: StoryLocale; theme: StoryTheme } = { locale: 'en', theme: 'auto' };

/** Sets the globals the next render reads (the decorator calls it before the story). */
export function setStoryGlobals(globals: Record<string, unknown>): void {
  const locale = STORY_LOCALES.find((l) => l.value === globals.locale)?.value ?? 'en';
  const theme = STORY_THEMES.find((t) => t.value === globals.theme)?.value ?? 'auto';
  current = { locale, theme };
}

/** `locale` and `theme` of the story's `<fe-app>` (`theme` undefined: follow the OS). */
export function appGlobals(): { locale: string; theme: 'light' | 'dark' | undefined } {
  return { locale: current.locale, theme: current.theme === 'auto' ? undefined : current.theme };
}

/** Sets (or, for `auto`, removes) the globals' attributes on a story's `<fe-app>`. */
export function applyAppGlobals(el: HTMLElement): void {
  const { locale, theme } = appGlobals();
  el.setAttribute('locale', locale);
  if (theme) el.setAttribute('theme', theme);
  else el.removeAttribute('theme');
}

/** One `--fe-*` property of the contract, as a control. */
interface ThemeControl {
  name: `--fe-${string}`;
  default: string;
  dark?: string;
  description: string;
  colour: boolean;
}

/** Every token of the contract (src/theme/tokens.ts), in contract order; colours are the `color` subtree. */
export const THEME_CONTROLS: readonly ThemeControl[] = (() => {
  const rows: ThemeControl[] = [];
  mapTokens(TOKENS, (t, path) => rows.push({ name: t.name, default: t.default, dark: t.dark, description: t.description, colour: path[0] === 'color' }));
  return rows;
})();

/** The category of the theme controls in the Controls panel. */
export const THEME_CATEGORY = 'theme (--fe-* custom properties)';

/**
 * The shared `argTypes` of every story: one per `--fe-*` property, named after it, a colour picker for colours
 * (its presets: the light and dark defaults) and a text field for the rest. No value by default: an unset
 * control leaves the element's own default (and the dark scheme) in place.
 */
export const themeArgTypes: Partial<ArgTypes> = Object.fromEntries(
  THEME_CONTROLS.map((t) => [
    t.name,
    {
      name: t.name,
      description: t.description,
      control: t.colour
        ? // a default that is another token (--fe-color-primary-text: var(--fe-color-primary, …)) is no preset colour
          { type: 'color', presetColors: [t.default, ...(t.dark ? [t.dark] : [])].filter((c) => !c.startsWith('var(')) }
        : { type: 'text' },
      table: { category: THEME_CATEGORY, type: { summary: t.colour ? 'color' : 'string' }, defaultValue: { summary: t.default, detail: t.dark ? `dark: ${t.dark}` : undefined } },
    },
  ]),
);

/** The inline style of a story's wrapper: the `--fe-*` values set in the controls (empty and unknown args ignored). */
export function themeStyle(args: Record<string, unknown>): string {
  return THEME_CONTROLS.flatMap((t) => {
    const value = args[t.name];
    return typeof value === 'string' && value.trim() && !/[;{}]/.test(value) ? [`${t.name}: ${value.trim()}`] : [];
  }).join('; ');
}

/** The wrapper's own background and `color-scheme` for the theme global (the page behind the cards). */
export function frameStyle(): string {
  const light = TOKENS.color.background.default;
  const dark = TOKENS.color.background.dark;
  const { theme } = current;
  const scheme = theme === 'auto' ? 'light dark' : theme;
  const background = theme === 'auto' ? `light-dark(${light}, ${dark})` : theme === 'dark' ? dark : light;
  return `color-scheme: ${scheme}; background: var(--fe-color-background, ${background}); padding: 16px; border-radius: 8px`;
}
