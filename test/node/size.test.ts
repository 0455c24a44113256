import { test } from 'node:test';
import assert from 'node:assert/strict';
// @ts-expect-error plain JS helper without types
import { staticGraph } from '../../scripts/size.mjs';

/** The size budget of the issue: at most 100 KiB gzip before <fe-login-box>'s first input (run after `npm run build`). */
test('<fe-login-box> loads at most 100 KiB gzip before its first input', () => {
  const files = staticGraph('dist/fe-login-box.js') as { file: string; gzip: number }[];
  const total = files.reduce((n, f) => n + f.gzip, 0);
  console.log(`<fe-login-box> before its first input: ${(total / 1024).toFixed(1)} KiB gzip (${files.length} files)`);
  assert.ok(total <= 100 * 1024, `${total} bytes gzip is over the 100 KiB budget`);
});
