import { defineConfig } from 'vite';
import { vanillaExtractPlugin } from '@vanilla-extract/vite-plugin';
import { vanillaExtractInline } from './tools/vanilla-inline.js';

/**
 * Library build: one ES module per element plus the whole set. React and the
 * rest of the stack are bundled into shared chunks, so a plain HTML host needs
 * no bundler and no import map (README, "Using it without a bundler").
 */
export default defineConfig(({ command }) => ({
  plugins: [vanillaExtractInline(), vanillaExtractPlugin()],
  define: command === 'build' ? { 'process.env.NODE_ENV': JSON.stringify('production') } : {},
  build: {
    target: 'es2022',
    emptyOutDir: true,
    lib: {
      entry: {
        'fe-elements': 'src/index.ts',
        'fe-app': 'elements/fe-app.ts',
        'fe-login-box': 'elements/fe-login-box.ts',
        'fe-sign-up': 'elements/fe-sign-up.ts',
        'fe-step-up': 'elements/fe-step-up.ts',
        'fe-forgot-password': 'elements/fe-forgot-password.ts',
        'fe-reset-password': 'elements/fe-reset-password.ts',
      },
      formats: ['es'],
    },
    rolldownOptions: {
      output: {
        // shared chunks are named after what they hold, not after a stylesheet that happens to come first
        chunkFileNames: (chunk) => (chunk.name.includes('.css') ? 'chunks/elements-[hash].js' : 'chunks/[name]-[hash].js'),
        minify: true,
      },
    },
  },
}));
