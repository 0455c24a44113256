/**
 * Which URLs the browser may be sent to. Every redirect of every flow (SSO
 * address, social and custom providers' authorization URLs, post-login
 * `redirectUrl`, hosted login, step-up, open app, a 302 answer's address)
 * ends in `app.navigate`, which accepts only what {@link safeNavigationUrl}
 * accepts: a `javascript:`, `data:` or `vbscript:` URL from the API or the
 * query string never runs, whatever its case or surrounding white space.
 */

/** Host names that are this machine (development over plain `http:`). */
function isLoopbackHost(hostname: string): boolean {
  const host = hostname.toLowerCase();
  return host === 'localhost' || host.endsWith('.localhost') || host === '[::1]' || /^127(\.\d{1,3}){3}$/.test(host);
}

/**
 * The absolute URL the browser may navigate to, or `null`.
 *
 * Accepted: any `https:` URL; an `http:` URL on the page's own origin (a
 * same-origin path) or on a loopback host (`localhost`, `*.localhost`,
 * `127.0.0.0/8`, `[::1]`: development). Everything else — `javascript:`,
 * `data:`, `vbscript:`, `blob:`, `file:`, plain `http:` to another host, an
 * unparsable string — gives `null`. The URL parser itself strips the
 * surrounding white space and control characters and lower-cases the scheme,
 * so ` JaVaScRiPt:…` is seen as `javascript:`.
 *
 * @param url an absolute URL or a path (resolved against `base`).
 * @param base the page's URL (default `location.href`).
 */
export function safeNavigationUrl(url: string | URL | null | undefined, base: string = location.href): string | null {
  if (url === null || url === undefined) return null;
  let target: URL;
  try {
    target = new URL(url, base);
  } catch {
    return null;
  }
  if (target.protocol === 'https:') return target.href;
  if (target.protocol !== 'http:') return null;
  const here = new URL(base);
  return target.origin === here.origin || isLoopbackHost(target.hostname) ? target.href : null;
}

/** A navigation to a URL that {@link safeNavigationUrl} refuses (`url` is the refused value, for logs only). */
export class UnsafeUrlError extends Error {
  override name = 'UnsafeUrlError';
  constructor(readonly url: string) {
    super('Refused to navigate to an unsafe URL');
  }
}

/**
 * The safe form of `url` (see {@link safeNavigationUrl}).
 * @throws UnsafeUrlError when it is not safe to navigate to.
 */
export function assertSafeUrl(url: string, base?: string): string {
  const safe = safeNavigationUrl(url, base);
  if (safe === null) throw new UnsafeUrlError(String(url));
  return safe;
}
