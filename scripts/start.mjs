/**
 * `npm start`: builds the elements, starts the emulator and the plain-HTML
 * demo host, and prints both URLs and the seeded admin's credentials.
 * Env: EMULATOR_PORT (8787), DEMO_PORT (5173).
 *
 * The build is `npm run build`'s JavaScript steps (the elements, then the
 * `fe-elements/server` entry), read from package.json so the two cannot
 * drift; the type declarations (`tsc -p tsconfig.build.json`, 10–25 s) are
 * left to `npm run build`: the demo does not need them.
 * `node scripts/start.mjs --build-only [--out-dir <dir>]` builds and exits
 * (test/node/start-build.test.ts builds into a temporary folder).
 */
import { execSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { delimiter } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startEmulator } from '../tools/emulator-process.js';
import { startDemo } from '../examples/plain-html/server.mjs';

const root = fileURLToPath(new URL('../', import.meta.url));

/**
 * The steps of `npm run build` that write dist/'s JavaScript: every step but `tsc`, quieter (`--logLevel warn`), each
 * given `--outDir` when `outDir` is set (`<outDir>/lite` for fe-elements/lite's, as dist/lite).
 */
function jsBuildSteps(outDir) {
  const { scripts } = JSON.parse(readFileSync(`${root}package.json`, 'utf8'));
  return scripts.build
    .split('&&')
    .map((step) => step.trim())
    .filter((step) => !/^tsc\b/.test(step))
    .map((step) => (/^vite build\b/.test(step) && !step.includes('--logLevel') ? `${step} --logLevel warn` : step))
    .map((step) => (outDir ? `${step} --outDir ${JSON.stringify(step.includes('vite.lite.config') ? `${outDir}/lite` : outDir)}` : step));
}

const args = process.argv.slice(2);
const outDir = args.includes('--out-dir') ? args[args.indexOf('--out-dir') + 1] : undefined;
const env = { ...process.env, PATH: `${root}node_modules/.bin${delimiter}${process.env.PATH}` };
for (const step of jsBuildSteps(outDir)) execSync(step, { cwd: root, env, stdio: 'inherit' });
if (args.includes('--build-only')) process.exit(0);

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
