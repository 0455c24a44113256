// Preload for dependency-cruiser: `node --import ./tools/lint/typescript6.mjs …/dependency-cruise.mjs`.
// dependency-cruiser loads `typescript` from its own folder, i.e. the root's native TypeScript 7, which
// has no JS API (and dependency-cruiser only accepts typescript <7). Without TypeScript it does not fail:
// it silently cruises 0 .ts modules. This points every `typescript` request of the process at the
// JavaScript build (6.0.x) that this workspace installs in tools/lint/node_modules.
import Module, { createRequire, register } from 'node:module';
import { pathToFileURL } from 'node:url';

const require = createRequire(import.meta.url);
const main = require.resolve('typescript');
const manifest = require.resolve('typescript/package.json');

// require() / require.resolve() (dependency-cruiser checks the version and availability this way)
const resolveFilename = Module._resolveFilename;
Module._resolveFilename = function (request, ...rest) {
  if (request === 'typescript') return main;
  if (request === 'typescript/package.json') return manifest;
  return resolveFilename.call(this, request, ...rest);
};

// import('typescript')
const url = JSON.stringify(pathToFileURL(main).href);
const hook = `export async function resolve(s, c, next) { return s === 'typescript' ? { url: ${url}, shortCircuit: true } : next(s, c); }`;
register(`data:text/javascript,${encodeURIComponent(hook)}`);
