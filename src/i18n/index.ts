import { atom, computed, type ReadableAtom } from 'nanostores';
import { en, type MessageKey, type Messages } from './en.ts';

export { en };
export type { MessageKey, Messages };

/**
 * Localizations as metadata carries them (sign-in §3, `localizations`):
 * `{ [locale]: { [key]: text | nested object } }`. Nested objects are
 * flattened with dots, so `{ en: { login: { title: 'Hi' } } }` overrides
 * `login.title`.
 */
export type Localizations = Record<string, Record<string, unknown>>;

/** Built-in catalogues by locale; areas add their messages as they load. */
const catalogues: Record<string, Partial<Messages>> = { en: { ...en } };
/** Bumped when messages are added, so every `$t` recomputes. */
const $catalogueVersion = atom(0);

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

/** A translate function: key + params → text. */
export type Translate = (key: MessageKey, params?: Record<string, string | number>) => string;

/** One app's i18n: the locale, the overrides from metadata, and `$t`. */
export interface I18n {
  $locale: ReturnType<typeof atom<string>>;
  $overrides: ReturnType<typeof atom<Localizations>>;
  /** The current translate function; changes when locale or overrides change. */
  $t: ReadableAtom<Translate>;
}

/**
 * Creates the i18n stores of one app. Lookup order: metadata override for the
 * locale, built-in catalogue for the locale, override for `en`, English.
 */
export function createI18n(locale = 'en', overrides: Localizations = {}): I18n {
  const $locale = atom(locale);
  const $overrides = atom<Localizations>(overrides);
  const $t = computed([$locale, $overrides, $catalogueVersion], (loc, ov): Translate => {
    const lang = loc.split('-')[0];
    const layers = [flatten(ov[loc] ?? {}), flatten(ov[lang] ?? {}), catalogues[loc] ?? {}, catalogues[lang] ?? {}, flatten(ov.en ?? {})] as Record<string, string>[];
    return (key, params) => {
      for (const layer of layers) if (typeof layer[key] === 'string') return format(layer[key], params);
      return format((catalogues.en as Record<string, string>)[key] ?? key, params);
    };
  });
  return { $locale, $overrides, $t };
}
