import { chromeLauncher } from '@web/test-runner';
import { viteWtr } from './tools/wtr-vite.js';

const vite = viteWtr();

/** Unit, machine and element tests in real Chromium (Debian's /usr/bin/chromium). */
export default {
  files: ['test/**/*.test.ts'],
  nodeResolve: false,
  concurrency: 1,
  testsFinishTimeout: 180000,
  testFramework: { config: { timeout: 20000 } },
  middleware: [(await import('./tools/wtr-fixture-api.js')).fixtureApiMiddleware, vite.middleware],
  plugins: [vite.plugin],
  filterBrowserLogs: ({ args }) => !/^(\[vite\]|Lit is in dev mode|Download the React DevTools)/.test(String(args[0])),
  browsers: [
    chromeLauncher({
      launchOptions: {
        executablePath: '/usr/bin/chromium',
        headless: true,
        args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
      },
    }),
  ],
};
