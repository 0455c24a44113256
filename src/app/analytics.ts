/**
 * The analytics tag (sign-in §4 loading order, §5 validation): Google Tag
 * Manager containers named in the metadata's `integrations.analytics`
 * (sign-in §3). Loaded on demand by `app.start()` once metadata and the
 * session are known, and only when the metadata lists a container.
 */

/** An analytics container id is used only when it matches this (SI-5.01): `GTM-` followed by alphanumerics. */
export const GTM_ID_PATTERN = /^GTM-[A-Za-z0-9]+$/;

/** The tag manager script; its `id` query parameter names the container. */
export const GTM_SCRIPT_URL = 'https://www.googletagmanager.com/gtm.js';

/** The Trusted Types policy this library creates (a host under `require-trusted-types-for 'script'` lists it in `trusted-types`). */
export const TRUSTED_TYPES_POLICY = 'fe-elements';

type ScriptUrlPolicy = { createScriptURL(url: string): string };
let policy: ScriptUrlPolicy | null | undefined;
/** URLs the policy lets through: the tag URLs built below, nothing else. */
const allowedScriptUrls = new Set<string>();

/**
 * The `fe-elements` Trusted Types policy, created once per page when the
 * browser has Trusted Types (`null` otherwise, or when the page's
 * `trusted-types` directive does not allow the name: then the tag is not
 * added). Its `createScriptURL` returns only a URL that
 * {@link loadAnalyticsTag} registered, and throws for anything else.
 */
function scriptUrlPolicy(): ScriptUrlPolicy | null {
  if (policy !== undefined) return policy;
  const tt = (globalThis as { trustedTypes?: { createPolicy(name: string, rules: { createScriptURL(url: string): string }): ScriptUrlPolicy } }).trustedTypes;
  try {
    policy = tt
      ? tt.createPolicy(TRUSTED_TYPES_POLICY, {
          createScriptURL(url: string) {
            if (!allowedScriptUrls.has(url)) throw new TypeError(`${TRUSTED_TYPES_POLICY}: script URL not allowed`);
            return url;
          },
        })
      : null;
  } catch {
    policy = null;
  }
  return policy;
}

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
    allowedScriptUrls.add(url.href);
    const tt = scriptUrlPolicy();
    // under `require-trusted-types-for 'script'` a plain string is refused: it goes through the policy
    const script = document.createElement('script');
    script.async = true;
    try {
      (script as { src: unknown }).src = tt ? tt.createScriptURL(url.href) : url.href;
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
