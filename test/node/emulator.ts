/** Shared by the node tests of the host-server session: the running emulator (a child process) and its seed. */
import { after, before, beforeEach } from 'node:test';
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { startEmulator } from '../../tools/emulator-process.js';

/** The seeded admin (emulator/src/db/seed.ts). */
export const ADMIN = { email: 'admin@acme.test', password: 'Admin-Passw0rd!' };

/** A free TCP port on 127.0.0.1. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as AddressInfo;
      s.close(() => resolve(port));
    });
  });
}

/**
 * Starts an emulator (in-memory database) for the calling test file, stops it after, and resets it before each
 * test. Returns a handle whose `url` is valid once the file's tests run.
 */
export function emulatorForFile(): { readonly url: string } {
  let emu: { url: string; stop(): Promise<void> } | undefined;
  before(async () => {
    emu = await startEmulator({ port: await freePort(), dataDir: 'memory://' });
  });
  after(async () => {
    await emu?.stop();
  });
  beforeEach(async () => {
    await fetch(`${emu!.url}/_emulator/reset`, { method: 'POST' });
  });
  return {
    get url() {
      return emu!.url;
    },
  };
}
