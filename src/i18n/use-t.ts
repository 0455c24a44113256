/** The React side of the i18n engine: the app's translate function as a hook, for the flow views and the admin portal alike. */
import { useStore } from '@nanostores/react';
import type { FeApp } from '../app/types.ts';
import type { Translate } from './index.ts';

/** The app's current translate function (changes with the locale and metadata localizations). */
export function useT(app: FeApp): Translate {
  return useStore(app.i18n.$t);
}
