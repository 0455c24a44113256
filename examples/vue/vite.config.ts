import { defineConfig } from 'vite';
import vue from '@vitejs/plugin-vue';
import { viteProxy } from '../../tools/proxy.js';

export default defineConfig({
  // the fe-* tags are custom elements (defined by `import 'fe-elements'`), not Vue components
  plugins: [vue({ template: { compilerOptions: { isCustomElement: (tag) => tag.startsWith('fe-') } } })],
  // `npm run dev`: the identity API paths go to the emulator (EMULATOR_URL, default http://127.0.0.1:8787), so the
  // refresh cookie is first-party. The production build is served the same way by `npm start` (tools/spa-host.js).
  server: { host: '127.0.0.1', proxy: viteProxy() },
  preview: { host: '127.0.0.1', proxy: viteProxy() },
});
