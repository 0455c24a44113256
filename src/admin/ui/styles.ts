/**
 * The one stylesheet of every admin element (the portal, each section element, the stories): the kit's classes
 * (admin.css.ts) first, then each section's own (`src/admin/<section>/<section>.css.ts`, found by their file pattern:
 * a new section's styles need no list), as compiled CSS text for the element's shadow root (elements/internal/
 * react-element.ts adopts it). A section's rules come after the kit's, so a section class given beside a kit class
 * refines it.
 */
import kitCss from './admin.css.ts?inline';

const sectionCss = import.meta.glob<string>(['../*/*.css.ts', '!./*.css.ts'], { query: '?inline', import: 'default', eager: true });

/** The admin elements' CSS: the kit's, then every section's (in folder order). */
export const adminCss: string = [
  kitCss,
  ...Object.keys(sectionCss)
    .sort()
    .map((path) => sectionCss[path]),
].join('\n');
