/**
 * Custom Elements Manifest from the elements' JSDoc. r2wc classes look like
 * mixins to the analyzer; the plugin restores HTMLElement as the superclass.
 */
export default {
  globs: ['elements/*.ts'],
  exclude: ['elements/internal/**'],
  outdir: '.',
  packagejson: false,
  plugins: [
    {
      name: 'r2wc-superclass',
      packageLinkPhase({ customElementsManifest }) {
        for (const m of customElementsManifest.modules)
          for (const d of m.declarations ?? [])
            if (d.customElement && d.mixins?.some((x) => x.name === 'reactElement')) {
              delete d.mixins;
              d.superclass = { name: 'HTMLElement', package: 'global:' };
            }
      },
    },
  ],
};
