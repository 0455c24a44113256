import type { atom, ReadableAtom } from 'nanostores';
import type { MessageKey } from './en.ts';

/**
 * Localizations as metadata carries them (sign-in §3, `localizations`):
 * `{ [locale]: { [key]: text | nested object } }`. Nested objects are
 * flattened with dots, so `{ en: { login: { title: 'Hi' } } }` overrides
 * `login.title`.
 */
export type Localizations = Record<string, Record<string, unknown>>;

/** A translate function: key + params → text. */
export type Translate = (key: MessageKey, params?: Record<string, string | number>) => string;

/** One app's i18n: the locale, the overrides from metadata, and `$t`. */
export interface I18n {
  $locale: ReturnType<typeof atom<string>>;
  $overrides: ReturnType<typeof atom<Localizations>>;
  /** The current translate function; changes when locale or overrides change. */
  $t: ReadableAtom<Translate>;
  /** Where `fe-missing-translation` is dispatched (the `<fe-app>` element). */
  target?: EventTarget;
  /** Called with a key the locale lacks (English is shown); set by src/i18n/locale.ts. */
  missing?: (key: MessageKey, locale: string) => void;
}
