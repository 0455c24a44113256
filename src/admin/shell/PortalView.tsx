/**
 * The portal's frame (admin spec §2): the navigation of the sections the user may open (SI-2.30–SI-2.32, gated by
 * permission keys, SI-6.01) and the current section. Links are real links (`#/admin/<section>`), so deep links,
 * new tabs and back/forward work; the element decides what a click does.
 *
 * On a narrow screen (640 px and less, issue 21 item 8) the links give way to one "Sections: <current>" button that
 * opens them as a menu (react-aria: Enter, Space or ↓ opens it, arrow keys move, Escape closes and focus returns to
 * the button); the current section is the checked item. CSS decides which of the two shows, so nothing re-renders
 * when the width changes. Above the section, the notifications bell (./NotificationsBell.tsx, issue 33 item 4).
 */
import { lazy, Suspense, useSyncExternalStore, type LazyExoticComponent, type MouseEvent } from 'react';
import type { FeApp } from '../../app/types.ts';
import type { Translate } from '../../i18n/index.ts';
import * as css from '../ui/admin.css.ts';
import { EmptyState } from '../ui/states.tsx';
import type { SectionValue } from './context.ts';
import type { NotificationsBell as NotificationsBellView } from './NotificationsBell.tsx';
import type { SectionId } from './ids.ts';
import { hashOf, SECTIONS } from './sections.ts';
import { SectionHost } from './SectionHost.tsx';

/** The bell of each app: its own chunk (react-aria's popover and dialog) with its texts in the app's locale, loaded after the portal's first paint. */
const bells = new WeakMap<FeApp, LazyExoticComponent<typeof NotificationsBellView>>();
function bellOf(app: FeApp): LazyExoticComponent<typeof NotificationsBellView> {
  let bell = bells.get(app);
  if (!bell)
    bells.set(app, (bell = lazy(() => import('./NotificationsBell.tsx').then(async (m) => (await m.loadBellTexts(app.i18n.$locale.get()), { default: m.NotificationsBell })))));
  return bell;
}

/** The narrow screen's section menu: its own chunk, loaded only while the screen is narrow. */
const SectionMenu = lazy(() => import('./SectionMenu.tsx').then((m) => ({ default: m.SectionMenu })));

/** Whether the screen is narrow (admin.css.ts `NARROW`), following its changes. */
function useNarrow(): boolean {
  return useSyncExternalStore(
    (change) => {
      const query = matchMedia(css.NARROW);
      query.addEventListener('change', change);
      return () => query.removeEventListener('change', change);
    },
    () => matchMedia(css.NARROW).matches,
    () => false,
  );
}

/**
 * The frame: `sections` in order, `value.section` shown; `onOpen` on a plain click of a link (not modified clicks).
 * Without a `value` (the section asked for is hidden, forbidden or unknown), "This section is not available" with a
 * link to the first section (issue 21 item 9); without any section, what to do about it.
 */
export function PortalView({ sections, value, t, onOpen }: { sections: SectionId[]; value: SectionValue | null; t: Translate; onOpen: (id: SectionId) => void }) {
  const narrow = useNarrow();
  const Bell = value ? bellOf(value.app) : null;
  if (!sections.length) return <EmptyState title={t('admin.noSections')} />;
  /** A plain click opens `id` here (a modified one is left to the browser: new tab, window). */
  const openOnClick = (id: SectionId) => (e: MouseEvent<HTMLAnchorElement>) => {
    if (e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
    e.preventDefault();
    onOpen(id);
  };
  return (
    <div className={css.frame} part="frame">
      <nav className={css.nav} aria-label={t('admin.nav.label')} part="nav">
        {narrow ? (
          <Suspense fallback={null}>
            <SectionMenu sections={sections} current={value?.section ?? null} t={t} onOpen={onOpen} />
          </Suspense>
        ) : null}
        {sections.map((id) => (
          <a key={id} href={hashOf(id)} className={css.navLink} aria-current={id === value?.section ? 'page' : undefined} onClick={openOnClick(id)}>
            {t(SECTIONS[id].titleKey)}
          </a>
        ))}
      </nav>
      <div className={css.main} part="main">
        {value && Bell ? (
          <Suspense fallback={null}>
            {/* one component per app, made once (bellOf); the rule cannot see through the map */}
            {/* eslint-disable-next-line react-hooks/static-components */}
            <Bell value={value} t={t} />
          </Suspense>
        ) : null}
        {value ? (
          <SectionHost value={value} allowed t={t} />
        ) : (
          <EmptyState title={t('admin.notAvailable')}>
            <p className={css.muted}>{t('admin.notAvailable.why')}</p>
            <a href={hashOf(sections[0])} className={css.navLink} onClick={openOnClick(sections[0])}>
              {t('admin.notAvailable.back', { section: t(SECTIONS[sections[0]].titleKey) })}
            </a>
          </EmptyState>
        )}
      </div>
    </div>
  );
}
