/**
 * What the admin elements need of their renderer beyond React's API: nothing on React (this module is empty). In
 * `fe-elements/lite` vite.config.ts puts tools/preact-parity.js in its place (imported by
 * elements/internal/section-element.tsx, so only the admin elements load it).
 */
export {};
