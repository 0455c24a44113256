/**
 * What a section view gets from its element (elements/internal/section-element.tsx): the app (a type: views read
 * stores and the translate function, call no API), the app's admin resources, the section's appearance options,
 * the toast queue, and the host element. Views read resources with `useStore` and call mutators; nothing else.
 */
import { createContext, useContext } from 'react';
import type { FeApp } from '../../app/types.ts';
import type { AdminResources } from '../resources/index.ts';
import type { AdminPortalOptions, SectionId } from './sections.ts';
import type { Toasts } from '../ui/toast.tsx';

/** The view-side context of one section. */
export interface SectionView {
  app: FeApp;
  resources: AdminResources;
  options: AdminPortalOptions;
  section: SectionId;
  toasts: Toasts;
  /** The signed-in user's permission keys. */
  permissions: readonly string[];
  /** A dialog to open at once (deep link `#/admin/<section>/<dialog>`, stories), e.g. `add` in users. */
  dialog?: string;
}

/** Provided by the section element (or the portal) around a section view. */
export const SectionContext = createContext<SectionView | null>(null);

/**
 * The section the view belongs to.
 * @throws Error outside a section element
 */
export function useSection(): SectionView {
  const s = useContext(SectionContext);
  if (!s) throw new Error('A section view renders inside its section element');
  return s;
}
