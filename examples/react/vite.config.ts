import { defineConfig } from 'vite';
import { viteProxy } from '../../tools/proxy.js';

// `npm run dev`: the identity API paths go to the emulator (EMULATOR_URL, default http://127.0.0.1:8787), so the
// refresh cookie is first-party. The production build is served the same way by `npm start` (tools/spa-host.js).
export default defineConfig({
  server: { host: '127.0.0.1', proxy: viteProxy() },
  preview: { host: '127.0.0.1', proxy: viteProxy() },
});
