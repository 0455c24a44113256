/**
 * Catalogue parts loaded on demand: a part is one area's texts in each locale (an admin section's, say), each locale
 * its own chunk. The area registers its loaders once ({@link registerPart}); whoever shows the area loads the part
 * for English and the current locale before it renders ({@link loadPart}); a later locale change loads the part for
 * the new locale on its first missing key (src/i18n/locale.ts asks {@link partOfKey}), and only a loaded part's absent
 * keys are reported missing.
 */
import type { Messages } from './en.ts';
import { addMessages } from './index.ts';

/** One part's catalogues by language (`en`, `de`, `he` …); a language without one falls back to English. */
export type PartLoaders = Partial<Record<string, () => Promise<Partial<Messages>>>>;

const parts = new Map<string, PartLoaders>();
/** Key → part, learnt from each part's English catalogue when it loads. */
const keyParts = new Map<string, string>();
const loads = new Map<string, Promise<void>>();
const done = new Set<string>();

/** Registers a part's loaders under `id` (again: the first registration stays). */
export function registerPart(id: string, loaders: PartLoaders): void {
  if (!parts.has(id)) parts.set(id, loaders);
}

/**
 * Loads part `id` for the language of `locale` (and English, which every other language falls back to) and adds it
 * to the built-in catalogues; resolves once both are in. A language without a catalogue of the part resolves at once.
 */
export function loadPart(id: string, locale: string): Promise<void> {
  const lang = locale.split('-')[0];
  return Promise.all([loadOne(id, 'en'), lang === 'en' ? undefined : loadOne(id, lang)]).then(() => undefined);
}

function loadOne(id: string, lang: string): Promise<void> {
  const slot = `${lang}:${id}`;
  let p = loads.get(slot);
  if (!p) {
    const loader = parts.get(id)?.[lang];
    p = (loader ? loader() : Promise.resolve({})).then((messages) => {
      if (lang === 'en') for (const key of Object.keys(messages)) keyParts.set(key, id);
      done.add(slot);
      addMessages(lang, messages);
    });
    // a failed load (a network error) may be tried again
    p.catch(() => loads.delete(slot));
    loads.set(slot, p);
  }
  return p;
}

/** The part a key belongs to (known once the part's English catalogue has loaded), or undefined. */
export function partOfKey(key: string): string | undefined {
  return keyParts.get(key);
}

/** True when part `id` has loaded for `lang`. */
export function isPartLoaded(id: string, lang: string): boolean {
  return done.has(`${lang}:${id}`);
}
