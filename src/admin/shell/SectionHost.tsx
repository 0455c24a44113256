/**
 * Renders one section: its chunk loaded on demand (React.lazy per section id, cached), its context, a progress line
 * while the chunk loads, and the "not allowed" state when the signed-in user lacks its permission keys.
 *
 * A chunk that has not mounted after {@link CHUNK_WAIT_MS} shows the catalogue's "Failed to load Renderer with
 * themeSetter" (sign-in §8 and §9: the theme setter waits up to 4000 ms, polling every 50 ms; here the theme setter is
 * the section chunk, architecture "Seed items"), and a chunk that fails to load (a network error, a stale deploy)
 * shows the generic error with a retry that loads it again; the rest of the portal stays usable.
 */
import { Component, lazy, Suspense, useCallback, useEffect, useMemo, useState, type ComponentType, type LazyExoticComponent, type ReactNode } from 'react';
import type { Translate } from '../../i18n/index.ts';
import { loadPart, registerPart } from '../../i18n/parts.ts';
import * as css from '../ui/admin.css.ts';
import { EmptyState, ErrorSlot, Loading } from '../ui/states.tsx';
import { loadSectionCss } from '../ui/styles.ts';
import { SectionContext, type SectionValue, type SectionView, type SubRoute } from './context.ts';
import type { SectionId } from './ids.ts';
import { subPathOf } from './routes.ts';
import { canDo, isPermissionOffered, resolveSubRoute, SECTIONS, visibleSections, type SectionModule } from './sections.ts';

/** How long a section chunk may take to mount before the failure shows, ms (SI-8.02). */
export const CHUNK_WAIT_MS = 4000;
/** How often the wait checks whether the chunk has mounted, ms (SI-9.03). */
export const CHUNK_POLL_MS = 50;

/** The lazy view of each section; `reload(id)` makes a new one (React.lazy keeps a failed load). */
export interface SectionViews {
  get(id: SectionId): LazyExoticComponent<ComponentType> | undefined;
  reload(id: SectionId): void;
}

/**
 * Lazy views over `loaders` (one component per section, made once; a section's chunk loads the first time it renders,
 * with the section's CSS: ../ui/styles.ts `loadSectionCss`, so its rules apply before it first paints).
 */
export function lazySectionViews(loaders: Partial<Record<SectionId, () => Promise<{ default: ComponentType }>>>): SectionViews {
  const views = new Map<SectionId, LazyExoticComponent<ComponentType>>();
  const make = (id: SectionId) => {
    const load = loaders[id];
    const folder = SECTIONS[id].messages?.folder;
    if (load)
      views.set(
        id,
        lazy(() => Promise.all([load(), folder ? loadSectionCss(folder) : undefined]).then(([chunk]) => chunk)),
      );
  };
  for (const id of Object.keys(loaders) as SectionId[]) make(id);
  return { get: (id) => views.get(id), reload: make };
}

/**
 * The loader of a built section: its chunk and its texts (English and the app's locale, src/i18n/parts.ts) together,
 * so the view never renders a key before its text is in.
 */
export function sectionLoader(id: SectionId, locale: () => string): (() => Promise<SectionModule>) | undefined {
  const { load, messages } = SECTIONS[id];
  if (!load) return undefined;
  return () => {
    if (messages) registerPart(messages.id, messages.loaders);
    return Promise.all([load(), messages ? loadPart(messages.id, locale()) : undefined]).then(([chunk]) => chunk);
  };
}

/**
 * The views of the built sections (the portal's chunks, each with its texts); `locale` is read when one loads. In
 * `preview` mode (`<fe-app preview>`) a section's chunk comes with every section's preview answers
 * ({@link loadPreviewAnswers}): a section shows other sections' data (the users table names roles and groups, every
 * date follows the account settings), and no other section's chunk loads.
 */
export function sectionViews(locale: () => string, preview = false): SectionViews {
  const loaders: Partial<Record<SectionId, () => Promise<SectionModule>>> = {};
  for (const id of Object.keys(SECTIONS) as SectionId[]) {
    const load = sectionLoader(id, locale);
    if (load) loaders[id] = preview ? () => Promise.all([load(), loadPreviewAnswers()]).then(([chunk]) => chunk) : load;
  }
  return lazySectionViews(loaders);
}

/**
 * Loads every section's preview answers (each section's `preview.ts`, small modules: ./preview-answers.ts) and
 * registers them with the preview transport (src/preview/section-routes.ts). Preview mode only: outside it, no preview
 * answer is ever loaded.
 */
export function loadPreviewAnswers(): Promise<void> {
  return import('./preview-answers.ts').then((m) => m.registerPreviewAnswers());
}

const viewsOfApp = new WeakMap<object, SectionViews>();

/**
 * One section in its context; `allowed` false shows the not-allowed state (no request is made). `views` are the
 * built sections' chunks unless given (stories and tests give their own). The section's sub-route (issue 30 item 2)
 * is the portal's (`value.router`) or, without one, kept here from `value.dialog` on; a sub-path the registry does
 * not know for the section, or that the user may not see, shows the section's start with a note.
 */
export function SectionHost({ value: input, allowed, t, views: given }: { value: SectionValue; allowed: boolean; t: Translate; views?: SectionViews }) {
  const [attempt, setAttempt] = useState(0);
  const { subRoute, refused } = useSubRouteOf(input);
  const value = useMemo<SectionView>(
    () => ({
      ...input,
      t,
      subRoute,
      can: (action, other) => canDo(other ?? input.section, action, input.permissions, input.options),
      offers: isPermissionOffered,
      sectionOpener: (id) => {
        const open = input.router?.open;
        return open && visibleSections(input.options, input.permissions).includes(id) ? (sub) => open(id, sub) : null;
      },
    }),
    [input, subRoute, t],
  );
  const views = given ?? appViews(value);
  const View = allowed ? views.get(value.section) : undefined;
  if (!View) return <EmptyState title={t('admin.notAllowed')} />;
  const retry = () => {
    views.reload(value.section);
    setAttempt((n) => n + 1);
  };
  return (
    <SectionContext.Provider value={value}>
      {refused ? (
        <p className={css.notice} role="status">
          {t('admin.notAvailable.subPage')}
        </p>
      ) : null}
      <ChunkBoundary key={`${value.section}/${attempt}`} t={t} retry={retry}>
        <Suspense fallback={<ChunkWait t={t} />}>
          {/* the components are made once per load (SectionViews); the rule cannot see through the map */}
          {/* eslint-disable-next-line react-hooks/static-components */}
          <View />
        </Suspense>
      </ChunkBoundary>
    </SectionContext.Provider>
  );
}

/**
 * The sub-route of a section (issue 30 item 2): the sub-path of the portal's router, else one kept in memory (from
 * `dialog`, back to the start when the section changes), matched against the registry; `refused` when a sub-path was
 * asked that the section does not have or the user may not see.
 */
function useSubRouteOf(input: SectionValue): { subRoute: SubRoute; refused: boolean } {
  const { section, router, permissions, options, unsaved } = input;
  const [memory, setMemory] = useState<{ section: SectionId; sub: string | null }>(() => ({ section, sub: input.dialog ?? null }));
  const sub = router ? router.sub : memory.section === section ? memory.sub : null;
  const move = router?.go;
  // a move asks first while edits are unsaved (issue 31 item 2)
  const navigate = useCallback((next: string | null) => next !== sub && unsaved.ask(() => (move ? move(next) : setMemory({ section, sub: next }))), [move, section, sub, unsaved]);
  const { match, refused } = useMemo(() => resolveSubRoute(section, sub, permissions, options), [section, sub, permissions, options]);
  const subRoute = useMemo<SubRoute>(
    () => ({
      route: match?.route ?? null,
      params: match?.params ?? {},
      path: match ? sub : null,
      go: (route, params) => navigate(route === null ? null : subPathOf(route, params)),
    }),
    [match, sub, navigate],
  );
  return { subRoute, refused };
}

/** The section views of the section's app (one set per app: its locale decides which texts load with a chunk). */
function appViews(value: SectionValue): SectionViews {
  let views = viewsOfApp.get(value.app);
  if (!views) viewsOfApp.set(value.app, (views = sectionViews(() => value.app.i18n.$locale.get(), value.app.options.preview === true)));
  return views;
}

/** The progress line while a chunk loads; past {@link CHUNK_WAIT_MS}, the failure, announced (SI-8.02, SI-9.03). */
function ChunkWait({ t }: { t: Translate }) {
  const [late, setLate] = useState(false);
  useEffect(() => {
    const since = Date.now();
    // this fallback unmounts as soon as the chunk mounts: each tick asks whether the wait is over
    const poll = setInterval(() => {
      if (Date.now() - since >= CHUNK_WAIT_MS) {
        clearInterval(poll);
        setLate(true);
      }
    }, CHUNK_POLL_MS);
    return () => clearInterval(poll);
  }, []);
  return late ? <ErrorSlot error={new Error(t('admin.error.chunkTimeout'))} t={t} /> : <Loading label={t('admin.loadingSection')} />;
}

/** Catches a chunk that failed to load: the generic error with a retry (the portal around it stays). */
class ChunkBoundary extends Component<{ t: Translate; retry: () => void; children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override render() {
    const { t, retry, children } = this.props;
    return this.state.failed ? <ErrorSlot error={new Error(t('admin.error.chunkFailed'))} t={t} retry={retry} /> : children;
  }
}
