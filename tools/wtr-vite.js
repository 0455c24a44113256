import { createLogger, createServer, mergeConfig } from 'vite';

/**
 * Vite's logger for the tests: warnings and errors, and of the info lines only the dependency optimizer's (a dependency
 * found late re-bundles the others, and a test file loading at that moment fails to import: the first-run failures of
 * stripe-card.test.ts and step-up-fetch.test.ts in a fresh clone; these lines say which dependency it was).
 */
function testLogger() {
  const base = createLogger('info');
  return { ...base, info: (msg, options) => (/optimi[sz]|dependenc|reload/i.test(msg) ? base.info(msg, options) : undefined) };
}

/**
 * Runs Vite in middleware mode inside @web/test-runner, so tests get the same
 * pipeline (TSX, vanilla-extract, `?inline` CSS) as the build and Storybook
 * (../shared/toolchain.md §3).
 */
export function viteWtr(viteConfig = {}) {
  let vite;
  const plugin = {
    name: 'vite-wtr',
    async serverStart() {
      vite = await createServer(
        mergeConfig(
          {
            appType: 'custom',
            logLevel: 'info',
            customLogger: testLogger(),
            server: { middlewareMode: true, hmr: false },
            // the Stripe card chunk is loaded on demand (src/admin/subscription/card/stripe-card.tsx): pre-bundled with the
            // rest, else its first import in a fresh clone (no optimizer cache) served @stripe/react-stripe-js unbundled
            // with another copy of React ("Invalid hook call" in stripe-card.test.ts of CI's first run)
            optimizeDeps: {
              entries: ['test/**/*.test.{ts,tsx,js}'],
              include: ['@stripe/react-stripe-js', '@stripe/stripe-js'],
              exclude: ['@web/test-runner-commands'],
            },
            plugins: [{ name: 'wtr-externals', resolveId: (id) => (id.startsWith('/__web-') ? { id, external: true } : null) }],
          },
          viteConfig,
        ),
      );
    },
    serverStop: () => vite?.close(),
  };
  const middleware = async (ctx, next) => {
    if (!vite || ctx.path === '/' || ctx.path.startsWith('/__web-')) return next();
    const notHandled = await new Promise((resolve, reject) => {
      ctx.res.once('finish', () => resolve(false));
      vite.middlewares(ctx.req, ctx.res, (e) => (e ? reject(e) : resolve(true)));
    });
    if (notHandled) return next();
    ctx.respond = false;
  };
  return { plugin, middleware };
}
