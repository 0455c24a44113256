/**
 * The analytics tag (sign-in §4 loading order, §5 validation): Google Tag
 * Manager containers named in the metadata's `integrations.analytics`
 * (sign-in §3). Loaded on demand by `app.start()` once metadata and the
 * session are known, and only when the metadata lists a container.
 */
import { trustedScriptUrl } from './trusted-types.ts';

/** An analytics container id is used only when it matches this (SI-5.01): `GTM-` followed by alphanumerics. */
export const GTM_ID_PATTERN = /^GTM-[A-Za-z0-9]+$/;

/** The tag manager script; its `id` query parameter names the container. */
export const GTM_SCRIPT_URL = 'https://www.googletagmanager.com/gtm.js';

export { TRUSTED_TYPES_POLICY } from './trusted-types.ts';

/** One entry of `integrations.analytics` (sign-in §3). */
export interface AnalyticsIntegration {
  id: string;
  enabled: boolean;
}

/**
 * Adds the tag manager script for each enabled container whose id matches
 * {@link GTM_ID_PATTERN} (SI-5.01); any other id is ignored. Pushes the
 * `gtm.js` start event to `window.dataLayer` first, as Google's snippet does.
 * A container already on the page is not added twice. The script URL goes
 * through the `fe-elements` Trusted Types policy (only the URL built here
 * passes it), so a page with `require-trusted-types-for 'script'` and
 * `trusted-types fe-elements` loads the tag without a violation; the tag's
 * origin must be in the page's `script-src`.
 *
 * @param analytics `integrations.analytics` of the metadata.
 * @param scriptUrl the tag manager script (default Google's; a first-party
 *   server-side tagging address may replace it, option `analyticsScriptUrl`).
 * @returns the container ids whose script is on the page.
 */
export function loadAnalyticsTag(analytics: readonly AnalyticsIntegration[] | undefined, scriptUrl: string = GTM_SCRIPT_URL): string[] {
  const ids = (Array.isArray(analytics) ? analytics : []).filter((a) => a?.enabled === true && typeof a.id === 'string' && GTM_ID_PATTERN.test(a.id)).map((a) => a.id);
  for (const id of ids) {
    const url = new URL(scriptUrl, location.href);
    url.searchParams.set('id', id);
    if (Array.from(document.scripts).some((s) => s.src === url.href)) continue;
    // under `require-trusted-types-for 'script'` a plain string is refused: it goes through the policy, which passes
    // the URL built here and nothing else
    const script = document.createElement('script');
    script.async = true;
    try {
      (script as { src: unknown }).src = trustedScriptUrl(url.href, (u) => u.href === url.href);
    } catch {
      // the page's policy refused the tag: leave it out (a CSP report says why)
      continue;
    }
    const w = window as unknown as { dataLayer?: unknown[] };
    (w.dataLayer ??= []).push({ 'gtm.start': Date.now(), event: 'gtm.js' });
    document.head.append(script);
  }
  return ids;
}
