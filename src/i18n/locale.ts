/**
 * Every locale but English, loaded on demand by `<fe-app>` (elements/internal/app-runtime.ts) when one is chosen (never in the login box's
 * first-input chunk): the ICU formatter (plurals, `Intl` numbers), the built-in catalogues of `de` and `he` (the
 * sign-in flows at once, the admin portal's on its first key), the pseudo-locale `en-XA` generated from English,
 * and one `fe-missing-translation` per key and app when a locale lacks a key (English is shown).
 */
import { FeMissingTranslationEvent } from '../events/i18n.ts';
import { formatMessage } from './icu.ts';
import type { MessageKey, Messages } from './en.ts';
import { addMessages, setFormatter } from './index.ts';
import { isPartLoaded, loadPart, partOfKey } from './parts.ts';
import type { I18n } from './types.ts';

/** The pseudo-locale: accented, about 30 % longer, bracketed; finds untranslated and clipped text. */
export const PSEUDO_LOCALE = 'en-XA';

type Part = 'flows' | 'admin';
/**
 * The built-in catalogues by language and part, each a chunk of its own: the sign-in flows' (`<lang>.ts`, typed
 * `FlowMessages`) when the locale is chosen, the admin portal's (`<lang>-admin.ts`, typed `AdminMessages`) on the
 * first `admin.*` key shown, so a login box never loads it.
 */
const loaders: Record<string, Partial<Record<Part, () => Promise<Partial<Messages>>>>> = {
  de: { flows: () => import('./de.ts').then((m) => m.de), admin: () => import('./de-admin.ts').then((m) => m.deAdmin) },
  he: { flows: () => import('./he.ts').then((m) => m.he), admin: () => import('./he-admin.ts').then((m) => m.heAdmin) },
};
const partOf = (key: string): Part => (key.startsWith('admin.') ? 'admin' : 'flows');
/** `lang:part` loaded (or loading): only a loaded part's absent keys are missing. */
const loading = new Map<string, Promise<void>>();
const loaded = new Set<string>();

function load(lang: string, part: Part): Promise<void> {
  const id = `${lang}:${part}`;
  let done = loading.get(id);
  if (!done) {
    const loader = loaders[lang]?.[part];
    // marked loaded first; adding (even nothing, for a locale without a built-in catalogue) renders again, so the
    // keys still absent are reported
    done = (loader ? loader() : Promise.resolve({})).then((messages) => {
      loaded.add(id);
      addMessages(lang, messages);
    });
    loading.set(id, done);
  }
  return done;
}

const reported = new WeakMap<I18n, Set<string>>();

/**
 * `lang` and `dir` of the app's root (`<fe-app>`) follow its locale, so screen readers speak the language and a
 * right-to-left locale (he, ar, fa, ur) mirrors every element inside (their styles use logical properties); back in
 * English both are removed and the page's own apply.
 */
function followLocale(i18n: I18n): void {
  i18n.$locale.subscribe((locale) => {
    const root = i18n.target as HTMLElement | undefined;
    if (!root) return;
    const english = locale === 'en';
    root.toggleAttribute('lang', !english);
    root.toggleAttribute('dir', !english);
    if (english) return;
    root.lang = locale;
    root.dir = /^(he|ar|fa|ur)\b/.test(locale) ? 'rtl' : 'ltr';
  });
}

/** Puts a locale to use in one app: formatter, catalogues, missing-key reports. */
export async function useLocale(i18n: I18n, locale: string): Promise<void> {
  setFormatter(localeFormatter);
  if (!i18n.missing) followLocale(i18n);
  i18n.missing ??= (key: MessageKey, loc: string) => {
    const lang = loc.split('-')[0];
    if (lang === 'en') return;
    // a key of an on-demand part (an admin section's texts, src/i18n/parts.ts) is missing only once that part is in
    const part = partOfKey(key);
    if (part) {
      if (!isPartLoaded(part, lang)) return void loadPart(part, loc);
    } else if (!loaded.has(`${lang}:${partOf(key)}`)) return void load(lang, partOf(key));
    const seen = reported.get(i18n) ?? new Set<string>();
    reported.set(i18n, seen);
    if (seen.has(`${loc}:${key}`)) return;
    seen.add(`${loc}:${key}`);
    queueMicrotask(() => i18n.target?.dispatchEvent(new FeMissingTranslationEvent({ key, locale: loc })));
  };
  await load(locale.split('-')[0], 'flows');
}

/** ICU formatting, and pseudo-localisation for {@link PSEUDO_LOCALE}. */
function localeFormatter(text: string, params: Record<string, string | number> | undefined, locale: string): string {
  if (locale !== PSEUDO_LOCALE) return formatMessage(text, params, locale);
  // values (names, emails) stay as they are: they go in as markers and come back after the text is accented
  const values: string[] = [];
  const marked = Object.fromEntries(Object.entries(params ?? {}).map(([k, v]) => [k, typeof v === 'number' ? v : `\u2063${values.push(v) - 1}\u2064`]));
  return pseudo(formatMessage(text, marked, 'en')).replace(/\u2063(\d+)\u2064/g, (_, i: string) => values[Number(i)]);
}

const ACCENTS: Record<string, string> = Object.fromEntries(
  [...'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ'].map((c, i) => [c, [...'àƀçđéƒĝĥîĵķĺɱñöþǫŕšţûṽŵẋýžÀƁÇĐÉƑĜĤÎĴĶĹṀÑÖÞǪŔŠŢÛṼŴẊÝŽ'][i]]),
);
const PADDING = ' ōñé ţŵō ţĥŕéé ƒōûŕ ƒîṽé šîẋ šéṽéñ éîĝĥţ ñîñé ţéñ';

/** `Sign in` → `[Šîĝñ îñ ōñé]`: letters accented, about 30 % longer, bracketed; `{…}` arguments left alone. */
export function pseudo(text: string): string {
  let out = '';
  let depth = 0;
  for (const c of text) {
    if (c === '{') depth++;
    if (c === '}') depth--;
    out += depth > 0 || c === '\u2063' ? c : (ACCENTS[c] ?? c);
  }
  const extra = Math.ceil(text.length * 0.3);
  return `[${out}${PADDING.repeat(Math.ceil(extra / PADDING.length)).slice(0, extra)}]`;
}
