import { startEmulator } from './emulator-process.js';
import { startDnsServer } from './dns-server.js';
import { isApiPath, proxyRequest } from './proxy.js';

/**
 * Runs the real emulator beside @web/test-runner and proxies the API paths
 * through the test server's own origin, as a host's same-origin proxy would.
 *
 * It also runs a local DNS server (tools/dns-server.js) and starts the emulator
 * with `--dns-servers` pointing at it, so SSO domain checks resolve there. Browser
 * tests publish TXT records with the server command `dns-set-txt`:
 * `executeServerCommand('dns-set-txt', { name: 'corp.test', values: ['fe-verification=…'] })`
 * (`values: []` removes them) and remove every record with `executeServerCommand('dns-clear')`
 * (both from '@web/test-runner-commands').
 */
export function emulatorWtr({ port = Number(process.env.WTR_EMULATOR_PORT ?? 8797) } = {}) {
  let emulator;
  let dns;
  const plugin = {
    name: 'fe-emulator',
    async serverStart() {
      dns = await startDnsServer();
      emulator = await startEmulator({ port, dnsServers: [dns.address] });
    },
    async serverStop() {
      await emulator?.stop();
      await dns?.close();
    },
    async executeCommand({ command, payload }) {
      if (command === 'dns-set-txt') {
        const { name, values } = payload ?? {};
        if (typeof name !== 'string' || !Array.isArray(values)) throw new Error('dns-set-txt takes { name: string, values: string[] }');
        dns.setTxt(name, values.map(String));
        return true;
      }
      if (command === 'dns-clear') {
        dns.clear();
        return true;
      }
      return undefined;
    },
  };
  const middleware = async (ctx, next) => {
    if (!emulator || !isApiPath(ctx.path)) return next();
    ctx.respond = false;
    await proxyRequest(ctx.req, ctx.res, emulator.url);
  };
  return { plugin, middleware };
}
