/**
 * What a section view gets from its element (elements/internal/section-element.tsx): the app (a type: views read
 * stores and the translate function, call no API), the app's admin resources, the section's appearance options,
 * the toast queue, and the host element. Views read resources with `useStore` and call mutators; nothing else.
 */
import { createContext, useContext } from 'react';
import type { FeApp } from '../../app/types.ts';
import type { AdminResources } from '../resources/index.ts';
import type { AdminPortalOptions, SectionAction, SectionId } from './ids.ts';
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
  /**
   * Whether the signed-in user may `read`, `write` or `delete` in this section (or in `other`), by the registry's
   * permission keys and the wildcard rule (src/admin/shell/sections.ts `canDo`): the one answer to "may this admin
   * write here". A control the user may not use is not shown.
   */
  can(action: SectionAction, other?: SectionId): boolean;
}

/** What an element hands the section host; the host adds `can`. */
export type SectionValue = Omit<SectionView, 'can'>;

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
