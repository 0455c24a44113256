/** Types of scripts/new-section.mjs (`npm run new:section -- <id>`). */
export interface SectionNames {
  id: string;
  kebab: string;
  camel: string;
  pascal: string;
  snake: string;
  upper: string;
}
/** `allAccounts` → its names in files and code. @throws Error for an id that is not camelCase */
export function namesOf(id: string): SectionNames;
/** The files of section `id`, path → content; `keys` are its registry permission keys. */
export function sectionFiles(id: string, keys: { read: string[]; write: string[] }): Record<string, string>;
/** Writes section `id` into the project at `root` and registers it; the paths written or edited. */
export function writeSection(root: string, id: string, options?: { sections?: Record<string, unknown> }): Promise<string[]>;
