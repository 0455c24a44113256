/**
 * What a section view gets from its element (elements/internal/section-element.tsx): the app (a type: views read
 * stores and the translate function, call no API), the app's admin resources, the section's appearance options,
 * the toast queue, and the host element. Views read resources with `useStore` and call mutators; nothing else.
 */
import { createContext, useContext, useState, type Dispatch, type SetStateAction } from 'react';
import type { FeApp } from '../../app/types.ts';
import type { Translate } from '../../i18n/index.ts';
import type { AdminResources } from '../resources/index.ts';
import type { AdminPortalOptions, SectionAction, SectionId } from './ids.ts';
import type { RouteParams } from './routes.ts';
import type { Toasts } from '../ui/toast.tsx';
import type { UnsavedChanges } from '../ui/unsaved.ts';

/** The view-side context of one section. */
export interface SectionView {
  app: FeApp;
  resources: AdminResources;
  options: AdminPortalOptions;
  section: SectionId;
  toasts: Toasts;
  /**
   * The element's unsaved-edits registry (issue 31 item 2): a form marks its edits with `useUnsavedChanges(dirty)`
   * (src/admin/ui/use-unsaved-changes.ts; the registry: src/admin/ui/unsaved.ts), and the shell asks before it changes place while any are marked.
   */
  unsaved: UnsavedChanges;
  /**
   * The app's translate function (follows the locale and the metadata `localizations`): views and the kit's pieces read
   * it here, `const { t } = useSection()`, instead of taking it as a prop (issue 30 item 3).
   */
  t: Translate;
  /** The signed-in user's permission keys. */
  permissions: readonly string[];
  /** The sub-route shown (issue 30 item 2): read it with {@link useSubRoute}. */
  subRoute: SubRoute;
  /**
   * Whether the signed-in user may `read`, `write` or `delete` in this section (or in `other`), by the registry's
   * permission keys and the wildcard rule (src/admin/shell/sections.ts `canDo`): the one answer to "may this admin
   * write here". A control the user may not use is not shown.
   */
  can(action: SectionAction, other?: SectionId): boolean;
  /**
   * Whether the portal offers what permission `key` allows (issue 31 item 8; the registry's `isPermissionOffered`):
   * false for a key only sections not built yet need, which a permission picker leaves out.
   */
  offers(key: string): boolean;
  /**
   * How to open section `id` of the portal at a sub-path (null: its start) — a history entry, as the navigation's — or
   * null where it cannot be opened from here: a section element (no portal around it), or a section the user may not
   * see (issue 31 item 3: a recommendation fixed in another section links there).
   */
  sectionOpener(id: SectionId): ((sub: string | null) => void) | null;
}

/**
 * The sub-route a section shows (issue 30 item 2), owned by the shell: the registry pattern the sub-path matched
 * (`route`, e.g. `:id`; null at the section's start) and its parameters. `go` opens another one: in the portal with
 * hash routing a history entry (`#/admin/<section>/<sub-path>`, so Back leaves it); elsewhere (`routing="none"`,
 * a section element, a story) in memory only.
 */
export interface SubRoute {
  route: string | null;
  params: RouteParams;
  /** The sub-path matched, as written (changes whenever the sub-route does), or null at the start. */
  path: string | null;
  /**
   * Shows `route` (a pattern of the section's registry entry) with `params`, or the section's start (null).
   * @throws Error when a parameter of the pattern has no value
   */
  go(route: string | null, params?: RouteParams): void;
}

/** The portal's sub-path of the section shown (from its one hash listener) and how to move it. */
export interface SubRouter {
  sub: string | null;
  go(sub: string | null): void;
  /** Shows section `section` at `sub` (the portal's navigation: a history entry with hash routing). */
  open?(section: SectionId, sub: string | null): void;
}

/**
 * What an element hands the section host; the host adds `t`, `can`, `offers`, `sectionOpener` and `subRoute`: from `router` (the portal), else from
 * memory starting at `dialog` (a story's sub-path, e.g. `add` in users; none in a section element).
 */
export type SectionValue = Omit<SectionView, 'can' | 'offers' | 'sectionOpener' | 'subRoute' | 't'> & { dialog?: string; router?: SubRouter };

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

/**
 * The translate function of a kit piece that may also render outside a section (the shell's own states, e.g. a
 * section chunk that failed to load): `given` when there is one, else its section's (`useSection().t`).
 * @throws Error outside a section element when no `given`
 */
export function useTranslate(given?: Translate): Translate {
  const section = useContext(SectionContext);
  if (given) return given;
  if (!section) throw new Error('A section view renders inside its section element');
  return section.t;
}

/**
 * The sub-route of the section the view belongs to (issue 30 item 2): `{ route, params, path, go }`. Sections read
 * and move their sub-pages, tabs and linked dialogs through it, never through `location` or `history`.
 * @throws Error outside a section element
 */
export function useSubRoute(): SubRoute {
  return useSection().subRoute;
}

/**
 * State a view derives from its sub-route (`derive`, e.g. the dialog a link opens): derived on mount and again
 * whenever the sub-route changes (a link, Back, Forward), set by the view in between (a click opens, Close closes).
 * @throws Error outside a section element
 */
export function useRouteState<T>(derive: (sub: SubRoute) => T): [T, Dispatch<SetStateAction<T>>] {
  const sub = useSubRoute();
  const [state, setState] = useState(() => derive(sub));
  const [seen, setSeen] = useState(sub.path);
  if (seen !== sub.path) {
    // React's pattern for state that follows a prop: adjusted during render
    setSeen(sub.path);
    setState(() => derive(sub));
  }
  return [state, setState];
}
