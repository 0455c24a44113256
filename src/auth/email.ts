/** Email address checks shared by the sign-in views and the admin portal (no UI). */

/** A loose email check: something@something.tld. */
export function looksLikeEmail(value: string): boolean {
  return /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value);
}
