/**
 * Custom Elements Manifest from the elements' JSDoc. Classes built by
 * `reactElement()` / `flowElement()` (elements/internal) look like mixins to
 * the analyzer; the plugin restores HTMLElement as the superclass.
 */
export default {
  globs: ['elements/*.ts', 'elements/admin/*.ts'],
  exclude: ['elements/internal/**'],
  outdir: '.',
  packagejson: false,
  plugins: [
    {
      name: 'react-element-superclass',
      packageLinkPhase({ customElementsManifest }) {
        for (const m of customElementsManifest.modules)
          for (const d of m.declarations ?? [])
            if (d.customElement && d.mixins?.some((x) => x.name === 'reactElement' || x.name === 'flowElement')) {
              delete d.mixins;
              d.superclass = { name: 'HTMLElement', package: 'global:' };
            }
      },
    },
  ],
};
