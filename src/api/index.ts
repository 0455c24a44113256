/**
 * The API layer of fe-elements (architecture "src/api"): the HTTP client core
 * and the typed endpoint modules. No UI, no stores.
 */
export * from './client.ts';
export * from './errors.ts';
export * from './logger.ts';
export * from './retry.ts';
export * from './auth.ts';
export type * from './types.ts';
