import { atom, computed } from 'nanostores';
import { en, type MessageKey, type Messages } from './en.ts';

export { en };
export type { MessageKey, Messages };
export type { I18n, Localizations, Translate } from './types.ts';
import type { I18n, Localizations, Translate } from './types.ts';

/** Built-in catalogues by locale; areas add their messages as they load. */
const catalogues: Record<string, Partial<Messages>> = { en: { ...en } };
/** Bumped when messages are added, so every `$t` recomputes. */
const $catalogueVersion = atom(0);

/** Formats a message for a locale; `format` until src/i18n/icu.ts is installed (admin portal, other locales). */
export type Formatter = (text: string, params: Record<string, string | number> | undefined, locale: string) => string;
let formatter: Formatter = format;

/** Installs the message formatter (ICU plurals and `Intl` numbers: src/i18n/icu.ts). */
export function setFormatter(f: Formatter): void {
  formatter = f;
  $catalogueVersion.set($catalogueVersion.get() + 1);
}

/** Adds messages of an area to a locale's built-in catalogue (e.g. when the MFA views load). */
export function addMessages(locale: string, messages: Partial<Messages>): void {
  catalogues[locale] = { ...catalogues[locale], ...messages };
  $catalogueVersion.set($catalogueVersion.get() + 1);
}

function flatten(tree: Record<string, unknown>, prefix = '', out: Record<string, string> = {}): Record<string, string> {
  for (const [k, v] of Object.entries(tree)) {
    const key = prefix ? `${prefix}.${k}` : k;
    if (typeof v === 'string') out[key] = v;
    else if (v && typeof v === 'object') flatten(v as Record<string, unknown>, key, out);
  }
  return out;
}

/** Replaces `{name}` placeholders with `params.name` (left as is when absent). */
export function format(text: string, params?: Record<string, string | number>): string {
  if (!params) return text;
  return text.replace(/\{(\w+)\}/g, (m, name: string) => (name in params ? String(params[name]) : m));
}

/**
 * An error as flows keep and show it: a catalogue key (our own texts) or the
 * server's message (sign-in §8: the server's errors joined), plus status and
 * trace id when the API gave them.
 */
export interface FlowError {
  key?: MessageKey;
  message?: string;
  statusCode?: number;
  traceId?: string;
}

/** The text of an error in the app's locale: its catalogue key, else the server's message, else the generic text. */
export function errorText(t: Translate, error: FlowError | null | undefined): string {
  if (!error) return '';
  if (error.key) return t(error.key);
  return error.message ?? t('error.generic');
}

/**
 * Creates the i18n stores of one app. Lookup order: metadata override for the
 * locale, built-in catalogue for the locale, override for `en`, English. Other
 * locales' catalogues, the ICU formatter, the pseudo-locale and missing-key
 * reports load on demand (src/i18n/locale.ts, started by `<fe-app>`).
 */
export function createI18n(locale = 'en', overrides: Localizations = {}): I18n {
  const i18n = { $locale: atom(locale), $overrides: atom<Localizations>(overrides) } as I18n;
  i18n.$t = computed([i18n.$locale, i18n.$overrides, $catalogueVersion], (loc, ov): Translate => {
    const lang = loc.split('-')[0];
    const layers = [flatten(ov[loc] ?? {}), flatten(ov[lang] ?? {}), catalogues[loc] ?? {}, catalogues[lang] ?? {}, flatten(ov.en ?? {})] as Record<string, string>[];
    return (key, params) => {
      for (const layer of layers) if (typeof layer[key] === 'string') return formatter(layer[key], params, loc);
      i18n.missing?.(key, loc);
      return formatter((catalogues.en as Record<string, string>)[key] ?? key, params, loc);
    };
  });
  return i18n;
}
