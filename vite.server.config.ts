import { defineConfig } from 'vite';

/**
 * The `fe-elements/server` entry: a separate build, so that it pulls in no
 * browser code (vite.config.ts groups jose into the elements' core chunk).
 * Web Crypto only; runs on Node 20+ and edge runtimes.
 */
export default defineConfig({
  build: {
    target: 'es2022',
    emptyOutDir: false,
    lib: { entry: { server: 'src/server/index.ts' }, formats: ['es'] },
    rolldownOptions: { external: ['jose', 'iron-webcrypto'] },
  },
});
