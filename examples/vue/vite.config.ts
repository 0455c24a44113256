import { defineConfig } from 'vite';
import vue from '@vitejs/plugin-vue';
import { viteProxy } from '../../tools/proxy.js';

// `VITE_FE_LITE=1`: the same app on fe-elements/lite (the sign-in elements on Preact; no admin portal, so the app
// shows no link to it), built into dist/lite
const lite = process.env.VITE_FE_LITE === '1';

export default defineConfig({
  // the fe-* tags are custom elements (defined by `import 'fe-elements'`), not Vue components
  plugins: [vue({ template: { compilerOptions: { isCustomElement: (tag) => tag.startsWith('fe-') } } })],
  resolve: { alias: lite ? [{ find: /^fe-elements$/, replacement: 'fe-elements/lite' }] : [] },
  build: { outDir: lite ? 'dist/lite' : 'dist' },
  // `npm run dev`: the identity API paths go to the emulator (EMULATOR_URL, default http://127.0.0.1:8787), so the
  // refresh cookie is first-party. The production build is served the same way by `npm start` (tools/spa-host.js).
  server: { host: '127.0.0.1', proxy: viteProxy() },
  preview: { host: '127.0.0.1', proxy: viteProxy() },
});
