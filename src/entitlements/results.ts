/**
 * The four possible decisions as shared frozen objects, so that a decision
 * never allocates (SI-4.37).
 */
import type { EntitlementResult } from './types.ts';

/** `{ isEntitled: true }`. */
export const ENTITLED: EntitlementResult = Object.freeze({ isEntitled: true });
/** The feature is unknown or no grant path applies. */
export const NOT_ENTITLED_MISSING_FEATURE: EntitlementResult = Object.freeze({ isEntitled: false, justification: 'MISSING_FEATURE' });
/** The permission key matches no permission (pattern) of the bundle. */
export const NOT_ENTITLED_MISSING_PERMISSION: EntitlementResult = Object.freeze({ isEntitled: false, justification: 'MISSING_PERMISSION' });
/** Not granted, and the feature's direct grant (or, for a permission, one linked feature's) expired: `expireTime` before now. */
export const NOT_ENTITLED_BUNDLE_EXPIRED: EntitlementResult = Object.freeze({ isEntitled: false, justification: 'BUNDLE_EXPIRED' });

/** `expireTime` value meaning "never expires" (spec §9, SI-9.08); `null` means no direct grant. */
export const NO_EXPIRY = -1;

/** Whether a wire treatment grants: only `'true'` (or the boolean `true`) does (SI-4.41). */
export const grants = (treatment: unknown): boolean => treatment === 'true' || treatment === true;
