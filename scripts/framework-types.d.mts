/** One custom element of the manifest, as the framework types see it. */
export interface FrameworkElement {
  tag: string;
  className: string;
  base: string;
  summary: string;
  attributes: { name: string; type: string; description?: string }[];
  properties: { name: string; description?: string }[];
  events: { name: string; type: string; description?: string }[];
}
/** The custom elements of a manifest, sorted by tag, with what the types need. */
export function elementsOf(manifest: unknown): FrameworkElement[];
/** Renders the framework declaration files: `{ 'dom.d.ts': text, 'react.d.ts': text, 'vue.d.ts': text }`, Prettier-formatted. */
export function renderFrameworkTypes(manifest: unknown): Promise<Record<string, string>>;
/** Regenerates the files into `outdir` (relative to the repository root) from the tracked custom-elements.json; returns the paths written. */
export function writeFrameworkTypes(outdir?: string): Promise<string[]>;
