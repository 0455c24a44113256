import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));

/**
 * Starts the emulator as a child process (tsx) on 127.0.0.1:`port` and
 * resolves when it answers. `dataDir` 'memory://' keeps the database in memory. `dnsServers` (`host:port`, e.g. a
 * tools/dns-server.js address) are the resolvers of the SSO domain check (`--dns-servers`).
 * @returns {{ url: string, stop: () => Promise<void> }}
 */
export async function startEmulator({ port, dataDir = 'memory://', quiet = true, env = {}, dnsServers = [] } = {}) {
  const args = ['--import', 'tsx', 'emulator/src/main.ts', ...(dnsServers.length ? ['--dns-servers', dnsServers.join(',')] : [])];
  const child = spawn(process.execPath, args, {
    cwd: root,
    env: { ...process.env, EMULATOR_PORT: String(port), EMULATOR_DATA_DIR: dataDir, ...env },
    stdio: quiet ? ['ignore', 'pipe', 'pipe'] : 'inherit',
  });
  let output = '';
  child.stdout?.on('data', (d) => (output += d));
  child.stderr?.on('data', (d) => (output += d));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`emulator exited (${child.exitCode}):\n${output}`);
    try {
      const r = await fetch(`${url}/_emulator/outbox`);
      if (r.ok) break;
    } catch {
      /* not up yet */
    }
    if (Date.now() > deadline) {
      child.kill();
      throw new Error(`emulator did not start in 60 s:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    url,
    output: () => output,
    stop: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
        setTimeout(() => child.kill('SIGKILL'), 5000).unref();
      }),
  };
}
