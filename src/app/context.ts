import { createContext } from '@lit/context';
import type { FeApp } from './types.ts';

/** The @lit/context key through which `<fe-app>` provides its app (global symbol: two bundle copies match). */
export const appContext = createContext<FeApp | undefined>(Symbol.for('fe-elements.app'));
