/**
 * The request options of the admin areas (architecture "src/api"): like ./request.ts but sent as
 * `frontegg-source: admin-portal` (contract §2), with the caller's abort signal.
 */
import type { RequestOptions } from './client.ts';
import type { CallOptions } from './request.ts';

/** Options of one admin call: `admin-portal` source, the signal of `o`, then `extra`. */
export function adminOptions(o?: CallOptions, extra?: RequestOptions): RequestOptions {
  return { source: 'admin-portal', signal: o?.signal, ...extra };
}

/** Comma-joined ids, as the reference client sends `ids=a,b` (contract §G getUsersRoles). */
export function joinIds(ids: readonly string[]): string {
  return ids.join(',');
}
