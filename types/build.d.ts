/** Set by the build (vite.config.ts `define`): true in `fe-elements/lite` (preact/compat), false in `fe-elements`. */
declare const __FE_LITE__: boolean;
