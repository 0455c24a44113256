// Re-exported from here so that the root eslint.config.js gets the copy that npm
// nests in tools/lint/node_modules, which resolves `typescript` to 6.0.x (JS API)
// instead of the root's native TypeScript 7 (no JS API).
export { default } from 'typescript-eslint';
