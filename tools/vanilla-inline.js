/**
 * Vite pre-plugin: `import css from './x.css.ts?inline'` yields the compiled
 * vanilla-extract CSS as a string (for adoptedStyleSheets in shadow roots).
 * The vanilla-extract plugin resolves its virtual ids against the Vite root,
 * so a relative `?inline` import has to be resolved here first
 * (../shared/toolchain.md §1).
 */
export function vanillaExtractInline() {
  return {
    name: 'vanilla-extract-inline',
    enforce: 'pre',
    async resolveId(source, importer) {
      const m = /^(.*\.css\.[cm]?[jt]sx?)\?inline$/.exec(source);
      if (!m) return null;
      const r = await this.resolve(m[1], importer, { skipSelf: true });
      return r ? `${r.id}.vanilla.css?inline` : null;
    },
  };
}
