// Preload for vue-tsc (`node --import ./test/types/frameworks/vue/typescript6.mjs node_modules/vue-tsc/bin/vue-tsc.js`):
// vue-tsc drives TypeScript's JS API (`require('typescript')`, `require.resolve('typescript/lib/tsc')`), which the
// root's native TypeScript 7 lacks. Every `typescript` and `typescript/<path>` request goes to the JavaScript build
// (6.0.x) that the tools/lint workspace installs.
import Module from 'node:module';
import { fileURLToPath } from 'node:url';

const ts6 = fileURLToPath(new URL('../../../../tools/lint/node_modules/typescript/', import.meta.url));
const resolveFilename = Module._resolveFilename;
Module._resolveFilename = function (request, ...rest) {
  if (request === 'typescript') return resolveFilename.call(this, ts6, ...rest);
  if (request.startsWith('typescript/')) return resolveFilename.call(this, ts6 + request.slice('typescript/'.length), ...rest);
  return resolveFilename.call(this, request, ...rest);
};
