/**
 * Stripe.js on the page for the card chunk (issue 32 item 2), under a strict CSP too: the script is added by us,
 * through the library's Trusted Types policy (src/app/trusted-types.ts; only `https://js.stripe.com` URLs pass), and
 * `loadStripe` of `@stripe/stripe-js/pure` then reuses it (`window.Stripe`, or while it loads the script itself:
 * `script[src^="https://js.stripe.com"]`) instead of adding its own, which assigns a plain string to `script.src`:
 * refused under `require-trusted-types-for 'script'`. (The package's main entry adds its script on import: not used.)
 * A page that loads Stripe.js itself (a `<script src="https://js.stripe.com/…">`, or `window.Stripe`) keeps its own.
 */
import type { Stripe } from '@stripe/stripe-js';
import { loadStripe, type ReleaseTrain } from '@stripe/stripe-js/pure';
import { trustedScriptUrl } from '../../../app/trusted-types.ts';

/** Stripe.js's origin: the only one the card chunk's script may come from (README "Payments": the host's `script-src`). */
export const STRIPE_ORIGIN = 'https://js.stripe.com';

/** The release train of Stripe.js the installed `@stripe/stripe-js` expects (typed: an upgrade that moves it fails to compile). */
const RELEASE_TRAIN: ReleaseTrain = 'endive';

/**
 * The Stripe.js script `@stripe/stripe-js` would add (its release train's; `loadStripe` warns when the page's Stripe.js
 * is another one; test/trusted-types.test.ts checks `loadStripe` takes this script as its own).
 */
export const STRIPE_JS_URL = `${STRIPE_ORIGIN}/${RELEASE_TRAIN}/stripe.js`;

/** The rule the policy applies for the card chunk: an `https://js.stripe.com` URL, nothing else. */
export function isStripeScriptUrl(url: URL): boolean {
  return url.origin === STRIPE_ORIGIN;
}

/** A Stripe.js script already on the page (`loadStripe`'s own test: any script from Stripe's origin), or null. */
function stripeScriptOnPage(): HTMLScriptElement | null {
  return document.querySelector<HTMLScriptElement>(`script[src^="${STRIPE_ORIGIN}/"]`);
}

/**
 * The page's CSP nonce, when its scripts carry one (`<script nonce>`; the browser hides the attribute's value but keeps
 * the `nonce` property): a nonce-based `script-src` without `'strict-dynamic'` then accepts the script too.
 */
function pageNonce(): string | undefined {
  return document.querySelector<HTMLScriptElement>('script[nonce]')?.nonce || undefined;
}

/**
 * Adds Stripe.js (`STRIPE_JS_URL`, async) to the document's head through the `fe-elements` Trusted Types policy and
 * with the page's nonce, unless the page has Stripe.js already (`window.Stripe`, or a script from its origin).
 * Call before `loadStripe` of `@stripe/stripe-js/pure`.
 * @returns the script added, or null when the page had one.
 * @throws TypeError when the policy refuses the URL (never for `STRIPE_JS_URL`), or when the page enforces Trusted
 *   Types without allowing the `fe-elements` policy (its `trusted-types` directive leaves the name out).
 */
export function insertStripeScript(): HTMLScriptElement | null {
  if ((window as { Stripe?: unknown }).Stripe || stripeScriptOnPage()) return null;
  const script = document.createElement('script');
  script.async = true;
  const nonce = pageNonce();
  if (nonce) script.nonce = nonce;
  (script as { src: unknown }).src = trustedScriptUrl(STRIPE_JS_URL, isStripeScriptUrl);
  document.head.append(script);
  return script;
}

/** Resolves when `script` has loaded; rejects (and removes it, so that a retry adds a fresh one) when it fails. */
function loaded(script: HTMLScriptElement): Promise<void> {
  return new Promise((resolve, reject) => {
    script.addEventListener('load', () => resolve(), { once: true });
    script.addEventListener(
      'error',
      () => {
        script.remove();
        reject(new Error('Stripe.js could not be loaded'));
      },
      { once: true },
    );
  });
}

/**
 * The Stripe object of `publishableKey`: Stripe.js added by {@link insertStripeScript} (or the page's own), then
 * `loadStripe` of `@stripe/stripe-js/pure`, which finds it. A failed load may be tried again (a new call).
 * @returns the Stripe object, or null where there is no window (never in a browser).
 * @throws Error when Stripe.js cannot be loaded (offline, the page's CSP refuses `https://js.stripe.com`); TypeError
 *   when the page's Trusted Types refuse the `fe-elements` policy.
 */
export async function loadStripeJs(publishableKey: string): Promise<Stripe | null> {
  const script = insertStripeScript();
  // ours: wait for it here, so that `loadStripe` finds `window.Stripe` (it never retries by adding a script of its own)
  if (script) await loaded(script);
  return loadStripe(publishableKey);
}
