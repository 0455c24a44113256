/**
 * The inspector's texts: a catalogue part of their own (src/i18n/parts.ts), so the shared catalogues the login box and
 * the portal load hold none of them. English comes with the inspector's entry; German and Hebrew are chunks loaded
 * when the app's locale asks for them — before the first render, and on a later locale change on the first key shown
 * (src/i18n/locale.ts). The metadata `localizations` of the app override them as any key (src/i18n/index.ts).
 */
import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import type { FeApp } from '../../app/types.ts';
import { isPartLoaded, loadPart, registerPart } from '../../i18n/parts.ts';
import { enEntitlementsInspector } from './messages/en.ts';

/** The part's id (src/i18n/parts.ts). */
export const INSPECTOR_PART = 'entitlements-inspector';

registerPart(INSPECTOR_PART, {
  en: () => Promise.resolve(enEntitlementsInspector),
  de: () => import('./messages/de.ts').then((m) => m.deEntitlementsInspector),
  he: () => import('./messages/he.ts').then((m) => m.heEntitlementsInspector),
});
// English at once: an English page renders on the first pass
void loadPart(INSPECTOR_PART, 'en');

/**
 * True once the inspector's texts are in for `app`'s locale (English and the locale's language; a language without a
 * catalogue of its own shows English), so the first render is in the app's language; it stays true after, and a later
 * locale's texts replace English as they arrive.
 */
export function useInspectorTexts(app: FeApp): boolean {
  const locale = useStore(app.i18n.$locale);
  const lang = locale.split('-')[0];
  const [ready, setReady] = useState(() => isPartLoaded(INSPECTOR_PART, 'en') && (lang === 'en' || isPartLoaded(INSPECTOR_PART, lang)));
  useEffect(() => {
    let live = true;
    // a failed load (offline) shows English rather than nothing
    const show = () => live && setReady(true);
    void loadPart(INSPECTOR_PART, locale).then(show, show);
    return () => {
      live = false;
    };
  }, [locale]);
  return ready;
}
