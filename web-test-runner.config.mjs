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
        createPage: watchedPage,
        launchOptions: {
          executablePath: '/usr/bin/chromium',
          headless: true,
          args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
        },
      }),
    ],
  };
}

/**
 * The test page, watched: a navigation the runner did not start (a file "interrupted because the page navigated to
 * about:blank", seen in full runs of test/admin/sub-routes.test.ts) and a renderer crash are printed with their reason
 * (CDP `Page.frameRequestedNavigation`: scriptInitiated, anchorClick, historyTraversal, …) so a run says what left.
 */
async function watchedPage({ context }) {
  const page = await context.newPage();
  const cdp = await page.createCDPSession();
  // the page's own frame only: a test's iframe (the card challenge page) loading is no navigation of the test page
  let mainFrameId;
  cdp.on('Page.frameRequestedNavigation', (e) => {
    if (e.frameId === mainFrameId && !e.url.includes('wtr-session-id=')) console.warn(`[wtr] the test page asked to navigate (${e.reason}, ${e.disposition}) to ${e.url}`);
  });
  // the runner's own about:blank between files adds an entry; one reached by Back/Forward (an entry before the end) is
  // a test's history traversal leaving the page
  cdp.on('Page.frameNavigated', async ({ frame }) => {
    if (frame.parentId || frame.url !== 'about:blank') return;
    const { currentIndex, entries } = await cdp.send('Page.getNavigationHistory').catch(() => ({ currentIndex: -1, entries: [] }));
    // the runner's own about:blank between files (the last entry): the history starts over here. Chromium keeps 50
    // entries per page and, once full, drops the oldest entry a script added (pushState) first: a test's own entries,
    // so a test's Backs reached the runner's about:blank (sub-routes.test.ts in full runs)
    if (currentIndex >= 0 && currentIndex === entries.length - 1) await cdp.send('Page.resetNavigationHistory').catch(() => {});
    if (currentIndex >= 0 && currentIndex < entries.length - 1) {
      console.warn(
        `[wtr] the test page went back to about:blank (history entry ${currentIndex} of ${entries.length}: ${entries.map((e) => e.url.replace(/^.*?(#|\?wtr)/, '$1')).join(' | ')})`,
      );
    }
  });
  await cdp.send('Page.enable');
  mainFrameId = (await cdp.send('Page.getFrameTree')).frameTree.frame.id;
  page.on('error', (error) => console.warn(`[wtr] the test page crashed: ${error.message}`));
  return page;
}

export default testRunnerConfig();
