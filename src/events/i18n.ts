/** Events of the message catalogue. They bubble from `<fe-app>`; not composed (nothing to leave a shadow root). */
import { eventClass } from './event-class.ts';

/** Detail of `fe-missing-translation`: the catalogue key and the locale that lacks it. */
export interface FeMissingTranslationDetail {
  key: string;
  locale: string;
}
/**
 * `fe-missing-translation`: a message of the current locale was missing and the English text was shown; once per
 * key and locale of an app, from `<fe-app>`. A built-in or metadata `localizations` text counts as a translation.
 */
export class FeMissingTranslationEvent extends eventClass<FeMissingTranslationDetail>('fe-missing-translation', { bubbles: true }) {}
