/**
 * The stylesheets of every admin element (the portal, each section element, the stories): the kit's classes
 * (admin.css.ts) and the shell's (`src/admin/shell/*.css.ts`: the navigation, the bell) as compiled CSS text, then one
 * shared sheet holding the CSS of the sections loaded so far (`src/admin/<section>/*.css.ts`, found by their file
 * pattern: a new section's styles need no list). A section's CSS is its own chunk, loaded with the section's chunk
 * ({@link loadSectionCss}, called by the shell's section loader), so the portal's first paint does not carry every
 * section's rules; the shared sheet comes after the kit's, so a section class given beside a kit class refines it.
 */
import kitCss from './admin.css.ts?inline';

const shellCss = import.meta.glob<string>('../shell/*.css.ts', { query: '?inline', import: 'default', eager: true });
const sectionCss = import.meta.glob<string>(['../*/*.css.ts', '!./*.css.ts', '!../shell/*.css.ts'], { query: '?inline', import: 'default' });

/** The loaded sections' CSS: one constructable sheet every admin element adopts (none outside a browser). */
const sectionSheet: CSSStyleSheet | null = typeof CSSStyleSheet === 'function' ? new CSSStyleSheet() : null;
/** Each loaded CSS file's text, by path. */
const loadedCss = new Map<string, string>();
/** Each section folder's CSS, loading or loaded. */
const loading = new Map<string, Promise<void>>();

/**
 * Loads the CSS of the section in `src/admin/<folder>/` (every `*.css.ts` there) into the shared sheet, once; resolves
 * when its rules apply. A failed load is forgotten, so the section's retry loads it again.
 */
export function loadSectionCss(folder: string): Promise<void> {
  let done = loading.get(folder);
  if (!done) {
    const paths = Object.keys(sectionCss).filter((path) => path.startsWith(`../${folder}/`));
    done = Promise.all(paths.map(async (path) => void loadedCss.set(path, await sectionCss[path]()))).then(
      () =>
        sectionSheet?.replaceSync(
          [...loadedCss.keys()]
            .sort()
            .map((path) => loadedCss.get(path))
            .join('\n'),
        ),
      (error: unknown) => {
        loading.delete(folder);
        throw error;
      },
    );
    loading.set(folder, done);
  }
  return done;
}

/** The admin elements' styles: the kit's and the shell's CSS, then the loaded sections' sheet. */
export const adminCss: readonly (string | CSSStyleSheet)[] = [
  [
    kitCss,
    ...Object.keys(shellCss)
      .sort()
      .map((path) => shellCss[path]),
  ].join('\n'),
  ...(sectionSheet ? [sectionSheet] : []),
];
