import { startEmulator } from './emulator-process.js';
import { isApiPath, proxyRequest } from './proxy.js';

/**
 * Runs the real emulator beside @web/test-runner and proxies the API paths
 * through the test server's own origin, as a host's same-origin proxy would.
 */
export function emulatorWtr({ port = Number(process.env.WTR_EMULATOR_PORT ?? 8797) } = {}) {
  let emulator;
  const plugin = {
    name: 'fe-emulator',
    async serverStart() {
      emulator = await startEmulator({ port });
    },
    async serverStop() {
      await emulator?.stop();
    },
  };
  const middleware = async (ctx, next) => {
    if (!emulator || !isApiPath(ctx.path)) return next();
    ctx.respond = false;
    await proxyRequest(ctx.req, ctx.res, emulator.url);
  };
  return { plugin, middleware };
}
