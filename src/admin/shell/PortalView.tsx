/**
 * The portal's frame (admin spec §2): the navigation of the sections the user may open (SI-2.30–SI-2.32, gated by
 * permission keys, SI-6.01) and the current section. Links are real links (`#/admin/<section>`), so deep links,
 * new tabs and back/forward work; the element decides what a click does.
 */
import type { Translate } from '../../i18n/index.ts';
import * as css from '../ui/admin.css.ts';
import { EmptyState } from '../ui/states.tsx';
import type { SectionValue } from './context.ts';
import type { SectionId } from './ids.ts';
import { hashOf, SECTIONS } from './sections.ts';
import { SectionHost } from './SectionHost.tsx';

/** The frame: `sections` in order, `value.section` shown; `onOpen` on a plain click of a link (not modified clicks). */
export function PortalView({ sections, value, t, onOpen }: { sections: SectionId[]; value: SectionValue | null; t: Translate; onOpen: (id: SectionId) => void }) {
  if (!sections.length || !value) return <EmptyState title={t('admin.noSections')} />;
  return (
    <div className={css.frame} part="frame">
      <nav className={css.nav} aria-label={t('admin.nav.label')} part="nav">
        {sections.map((id) => (
          <a
            key={id}
            href={hashOf(id)}
            className={css.navLink}
            aria-current={id === value.section ? 'page' : undefined}
            onClick={(e) => {
              if (e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
              e.preventDefault();
              onOpen(id);
            }}
          >
            {t(SECTIONS[id].titleKey)}
          </a>
        ))}
      </nav>
      <div className={css.main} part="main">
        <SectionHost value={value} allowed t={t} />
      </div>
    </div>
  );
}
