/**
 * The Content-Security-Policy of the emulator's own HTML pages (hosted login, its error page, the outbox):
 * no inline script or style, everything from the emulator's origin. Their CSS and JS are static assets
 * (pages/assets.ts); data reaches a script through the DOM (`data-*` attributes), never through inline code.
 */
import type { Context } from 'hono';

export const PAGE_CSP =
  "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'";

/** {@link PAGE_CSP} with Trusted Types enforced: only the library's own `fe-elements` policy may create script URLs. */
export const PAGE_CSP_TRUSTED_TYPES = `${PAGE_CSP}; require-trusted-types-for 'script'; trusted-types fe-elements`;

/** The policy of the pages: {@link PAGE_CSP}, or {@link PAGE_CSP_TRUSTED_TYPES} when `EMULATOR_TRUSTED_TYPES=1`. */
export function pageCsp(env: Record<string, string | undefined> = process.env): string {
  return env.EMULATOR_TRUSTED_TYPES === '1' ? PAGE_CSP_TRUSTED_TYPES : PAGE_CSP;
}

/** Sets the page's security headers (CSP, no MIME sniffing). */
export function setPageSecurityHeaders(c: Context): void {
  c.header('content-security-policy', pageCsp());
  c.header('x-content-type-options', 'nosniff');
}
