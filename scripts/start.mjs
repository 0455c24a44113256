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
const demoPort = Number(process.env.DEMO_PORT ?? 5173);
// links in emails (reset, activation, invitations) point at the demo host
const corsOrigins = process.env.EMULATOR_CORS_ORIGINS ?? `http://127.0.0.1:${demoPort},http://localhost:${demoPort}`;
const emulator = await startEmulator({ port: emulatorPort, dataDir: process.env.EMULATOR_DATA_DIR ?? '', quiet: false, env: { EMULATOR_CORS_ORIGINS: corsOrigins } });
const demo = await startDemo({ port: demoPort, emulatorUrl: emulator.url });
console.log(`\nEmulator: ${emulator.url}  (outbox: ${emulator.url}/_emulator/outbox)`);
console.log(`Demo:     ${demo.url}`);
console.log(`Admin portal: ${demo.url}/admin  (after signing in)\n`);
const stop = async () => {
  await demo.stop();
  await emulator.stop();
  process.exit(0);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
