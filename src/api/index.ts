/**
 * The API layer of fe-elements (architecture "src/api"): the HTTP client core
 * (client, errors, logger, retry, the request options of ./request.ts) and the
 * sign-in area (./auth.ts). The other areas — ./mfa.ts, ./users.ts,
 * ./passwordless.ts, ./tenants.ts, ./federation.ts, ./passkeys.ts — are
 * imported from their own modules, so that each loads only where it is used.
 * No UI, no stores.
 */
export * from './client.ts';
export * from './errors.ts';
export * from './logger.ts';
export * from './retry.ts';
export * from './request.ts';
export * from './auth.ts';
export type * from './types.ts';
