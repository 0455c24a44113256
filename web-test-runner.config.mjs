import { chromeLauncher } from '@web/test-runner';
import { viteWtr } from './tools/wtr-vite.js';
import { emulatorWtr } from './tools/wtr-emulator.js';
import { idpWtr } from './tools/wtr-idp.js';
import { fixtureApiMiddleware } from './tools/wtr-fixture-api.js';
import { mediaFeaturesPlugin } from './tools/wtr-media.js';

/**
 * Unit, machine and element tests in real Chromium (Debian's /usr/bin/chromium); `viteConfig` goes to the tests'
 * Vite (web-test-runner.lite.config.mjs runs the sign-in tests on vite.lite.config.ts).
 */
export function testRunnerConfig(viteConfig = {}) {
  const vite = viteWtr(viteConfig);
  // the real emulator, reached through the test server's own origin (same-origin proxy)
  const emulator = emulatorWtr();
  return {
    files: ['test/**/*.test.ts', '!test/node/**', '!test/e2e/**'],
    // WTR_PORT / WTR_EMULATOR_PORT let several runs share a machine
    port: Number(process.env.WTR_PORT ?? 8000),
    nodeResolve: false,
    concurrency: 1,
    testsFinishTimeout: 180000,
    testFramework: { config: { timeout: 20000 } },
    middleware: [fixtureApiMiddleware, emulator.middleware, vite.middleware],
    plugins: [emulator.plugin, idpWtr(), vite.plugin, mediaFeaturesPlugin()],
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
}

export default testRunnerConfig();
