/** Types of scripts/new-section.mjs (`npm run new:section -- <id>`). */
export interface SectionNames {
  id: string;
  kebab: string;
  camel: string;
  pascal: string;
  snake: string;
  upper: string;
}
/** A section's registry permission keys: the first read and write keys go into its templates. */
export interface SectionKeys {
  read: string[];
  write: string[];
}
/** A part of the templates (scripts/templates/section/<part>/): `client`, `messages`, `emulator`. */
export type SectionPart = 'client' | 'messages' | 'emulator';
/** What goes at a marker comment of an existing file. */
export interface MarkerEdit {
  /** The file, from the project's root. */
  path: string;
  /** The marker comment, e.g. `// new:section route-mounts`. */
  marker: string;
  /** Replace the marker (a section's own) instead of adding above it. */
  replace?: boolean;
  /** The lines to put there (indented as the marker). */
  text: string;
}
/** The emulator route module of a section: its area, its path, and whether it exists. */
export interface EmulatorArea {
  area: string;
  module: string;
  served: boolean;
}
/** The template folder (scripts/templates/section). */
export const TEMPLATES: string;
/** The template parts, in the order they are written. */
export const PARTS: readonly SectionPart[];
/** `allAccounts` → its names in files and code. @throws Error for an id that is not camelCase */
export function namesOf(id: string): SectionNames;
/** The files of section `id` from the templates of `parts` (all by default): path → content. */
export function sectionFiles(id: string, keys: SectionKeys, options?: { parts?: readonly SectionPart[] }): Record<string, string>;
/** What the templates of `parts` put at the markers of existing files, one entry per marker. */
export function sectionMarkers(id: string, keys: SectionKeys, options?: { parts?: readonly SectionPart[] }): MarkerEdit[];
/** `source` with `edit.text` at its marker. @throws Error when the marker is missing or there twice */
export function atMarker(source: string, edit: Omit<MarkerEdit, 'path'>, path?: string): string;
/** The emulator route module serving a registry section (its `api`, else its own name). @throws Error when a named module is missing */
export function emulatorAreaOf(root: string, info: { id: string; api?: string }): EmulatorArea;
/** Writes section `id` into the project at `root` and registers it at the markers; the paths written or edited, and its emulator area. */
export function writeSection(root: string, id: string, options?: { sections?: Record<string, unknown> }): Promise<{ written: string[]; area: EmulatorArea }>;
