/**
 * The library's one Trusted Types policy (`fe-elements`): every script URL the library adds to a page goes through it,
 * so a host under `require-trusted-types-for 'script'` lists that one name in `trusted-types` (README "Content
 * Security Policy"). Its users: the analytics tag (src/app/analytics.ts: only the tag URLs it built) and the Stripe
 * card chunk (src/admin/subscription/card/stripe-script.ts: only `https://js.stripe.com` URLs).
 */

/** The Trusted Types policy this library creates (a host under `require-trusted-types-for 'script'` lists it in `trusted-types`). */
export const TRUSTED_TYPES_POLICY = 'fe-elements';

/** A `TrustedScriptURL` (opaque: assignable to `script.src`), or the URL itself where the browser has no Trusted Types. */
export type ScriptUrl = string | { readonly __trustedScriptUrl?: never };

type ScriptUrlPolicy = { createScriptURL(url: string): ScriptUrl };
let policy: ScriptUrlPolicy | null | undefined;
/** The rule of the call running now ({@link trustedScriptUrl}); the policy refuses every URL outside a call. */
let allowed: ((url: URL) => boolean) | null = null;

/**
 * The `fe-elements` policy, created once per page when the browser has Trusted Types (`null` otherwise, or when the
 * page's `trusted-types` directive does not allow the name). Its `createScriptURL` passes a URL only while
 * {@link trustedScriptUrl} runs and only when the caller's rule accepts it; anything else throws.
 */
function scriptUrlPolicy(): ScriptUrlPolicy | null {
  if (policy !== undefined) return policy;
  const tt = (globalThis as { trustedTypes?: { createPolicy(name: string, rules: { createScriptURL(url: string): string }): ScriptUrlPolicy } }).trustedTypes;
  try {
    policy = tt
      ? tt.createPolicy(TRUSTED_TYPES_POLICY, {
          createScriptURL(url: string) {
            if (!allowed || !accepts(allowed, url)) throw new TypeError(`${TRUSTED_TYPES_POLICY}: script URL not allowed`);
            return url;
          },
        })
      : null;
  } catch {
    policy = null;
  }
  return policy;
}

function accepts(rule: (url: URL) => boolean, url: string): boolean {
  try {
    return rule(new URL(url));
  } catch {
    return false;
  }
}

/**
 * `url` as a script URL the page accepts: through the `fe-elements` policy when the browser has Trusted Types (a
 * `TrustedScriptURL`), else the string itself — in both cases only when `allow` accepts the parsed URL (an absolute
 * URL: a relative one is refused).
 * @param url the absolute URL of the script.
 * @param allow the caller's rule (e.g. the origin is `https://js.stripe.com`).
 * @throws TypeError when `allow` refuses the URL. (A page whose `trusted-types` directive leaves the name out gets
 *   the plain string, which its enforcement refuses where it is assigned: that assignment throws.)
 */
export function trustedScriptUrl(url: string, allow: (url: URL) => boolean): ScriptUrl {
  if (!accepts(allow, url)) throw new TypeError(`${TRUSTED_TYPES_POLICY}: script URL not allowed`);
  const tt = scriptUrlPolicy();
  if (!tt) return url;
  allowed = allow;
  try {
    return tt.createScriptURL(url);
  } finally {
    allowed = null;
  }
}
