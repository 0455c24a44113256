/** `npm run test:e2e`: every end-to-end test (test/e2e/*.e2e.ts; node 20's test runner does not expand globs). Needs `npm run build`. */
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';

const files = readdirSync('test/e2e')
  .filter((f) => f.endsWith('.e2e.ts'))
  .map((f) => `test/e2e/${f}`);
const { status } = spawnSync(process.execPath, ['--import', 'tsx', '--test', '--test-concurrency=1', ...files], { stdio: 'inherit' });
process.exit(status ?? 1);
