/**
 * `npm start`: builds the elements, starts the emulator and the plain-HTML
 * demo host, and prints both URLs and the seeded admin's credentials.
 * Env: EMULATOR_PORT (8787), DEMO_PORT (5173).
 */
import { execSync } from 'node:child_process';
import { startEmulator } from '../tools/emulator-process.js';
import { startDemo } from '../examples/plain-html/server.mjs';

execSync('npx vite build --logLevel warn', { stdio: 'inherit' });
const emulatorPort = Number(process.env.EMULATOR_PORT ?? 8787);
const emulator = await startEmulator({ port: emulatorPort, dataDir: process.env.EMULATOR_DATA_DIR ?? '', quiet: false });
const demo = await startDemo({ port: Number(process.env.DEMO_PORT ?? 5173), emulatorUrl: emulator.url });
console.log(`\nEmulator: ${emulator.url}  (outbox: ${emulator.url}/_emulator/outbox)`);
console.log(`Demo:     ${demo.url}\n`);
const stop = async () => {
  await demo.stop();
  await emulator.stop();
  process.exit(0);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
