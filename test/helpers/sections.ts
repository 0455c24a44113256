/**
 * The portal's sections as tests expect them, read from the registry (src/admin/shell/sections.ts) instead of a list
 * kept in each test: a section that `npm run new:section` builds joins every expectation by its registry entry.
 * Pure: browser and node (end-to-end) tests import it.
 */
import { SECTION_IDS, type SectionId } from '../../src/admin/shell/ids.ts';
import { SECTIONS } from '../../src/admin/shell/sections.ts';
import { enAdmin } from '../../src/i18n/en-admin.ts';

/** The built sections that `keep` lets through (every built one without it), in navigation order. */
export function builtSections(keep: (id: SectionId) => boolean = () => true): SectionId[] {
  return SECTION_IDS.filter((id) => SECTIONS[id].built && keep(id));
}

/** The English navigation titles of {@link builtSections} (`Users`, `Audit logs`, …). */
export function builtSectionTitles(keep?: (id: SectionId) => boolean): string[] {
  return builtSections(keep).map((id) => enAdmin[SECTIONS[id].titleKey as keyof typeof enAdmin]);
}
