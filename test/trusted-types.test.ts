import { expect, waitUntil } from '@open-wc/testing';
import { loadStripe } from '@stripe/stripe-js/pure';
import { loadAnalyticsTag, TRUSTED_TYPES_POLICY } from '../src/app/analytics.ts';
import { trustedScriptUrl } from '../src/app/trusted-types.ts';
import { insertStripeScript, isStripeScriptUrl, loadStripeJs, STRIPE_JS_URL } from '../src/admin/subscription/card/stripe-script.ts';

/**
 * Issue 11: the analytics tag under `require-trusted-types-for 'script'`.
 * This file's page enforces Trusted Types (a CSP meta element added before
 * anything runs), so a plain string assigned to `script.src` throws here.
 */
const STUB = `${location.origin}/test/helpers/gtm-stub.js`;
const violations: SecurityPolicyViolationEvent[] = [];
document.addEventListener('securitypolicyviolation', (e) => violations.push(e));

before(() => {
  const meta = document.createElement('meta');
  meta.httpEquiv = 'Content-Security-Policy';
  meta.content = `require-trusted-types-for 'script'; trusted-types ${TRUSTED_TYPES_POLICY}`;
  document.head.prepend(meta);
});

describe('Trusted Types (the fe-elements policy)', () => {
  it('the page enforces Trusted Types: a plain string script URL is refused', async () => {
    const script = document.createElement('script');
    expect(() => {
      script.src = STUB;
    }).to.throw(TypeError);
    await waitUntil(() => violations.length > 0, 'a violation is reported');
    expect(violations[0].violatedDirective).to.equal('require-trusted-types-for');
    violations.length = 0;
  });

  it('SI-5.01 the analytics tag loads through the fe-elements policy with no violation, and only the configured tag URL passes it', async () => {
    const ids = loadAnalyticsTag(
      [
        { id: 'GTM-TT1', enabled: true },
        { id: 'evil', enabled: true },
      ],
      STUB,
    );
    expect(ids).to.deep.equal(['GTM-TT1']);
    await waitUntil(() => ((window as { __gtmStub?: string[] }).__gtmStub ?? []).includes('GTM-TT1'), 'the stub tag ran');
    expect(document.querySelector(`script[src="${STUB}?id=GTM-TT1"]`)).to.exist;
    // the policy exists now (a second one of the same name is refused by `trusted-types fe-elements` without 'allow-duplicates')
    const tt = (window as unknown as { trustedTypes: { createPolicy(n: string, r: object): unknown } }).trustedTypes;
    expect(() => tt.createPolicy(TRUSTED_TYPES_POLICY, {})).to.throw();
    violations.length = 0;
    // a second container reuses it
    expect(loadAnalyticsTag([{ id: 'GTM-TT2', enabled: true }], STUB)).to.deep.equal(['GTM-TT2']);
    await waitUntil(() => ((window as { __gtmStub?: string[] }).__gtmStub ?? []).includes('GTM-TT2'), 'the second tag ran');
    expect(violations.filter((v) => v.violatedDirective !== 'trusted-types')).to.deep.equal([]);
  });

  it('the Stripe card chunk adds Stripe.js through the fe-elements policy, and loadStripe takes it as its own: one script, no violation (issue 32 item 2)', async () => {
    violations.length = 0;
    const stripeScripts = () => document.querySelectorAll('script[src^="https://js.stripe.com"]');
    const script = insertStripeScript()!;
    expect(script.src).to.equal(STRIPE_JS_URL);
    expect(STRIPE_JS_URL).to.match(/^https:\/\/js\.stripe\.com\/[a-z]+\/stripe\.js$/);
    // `@stripe/stripe-js` finds it and waits for it (its own would be a plain string: refused here)
    const stripe = loadStripe('pk_test_tt');
    expect(stripeScripts().length).to.equal(1);
    // no network here: the script's load is played, with a stand-in for what Stripe.js defines
    const made: string[] = [];
    const double = Object.assign((key: string) => (made.push(key), { key }), { version: 'endive' });
    (window as unknown as { Stripe?: unknown }).Stripe = double;
    script.dispatchEvent(new Event('load'));
    expect(await stripe).to.deep.equal({ key: 'pk_test_tt' });
    expect(made).to.deep.equal(['pk_test_tt']);
    // with Stripe.js on the page, nothing more is added
    expect(insertStripeScript()).to.equal(null);
    expect(await loadStripeJs('pk_test_tt2')).to.deep.equal({ key: 'pk_test_tt2' });
    expect(stripeScripts().length).to.equal(1);
    expect(violations.filter((v) => v.violatedDirective !== 'trusted-types')).to.deep.equal([]);
    delete (window as unknown as { Stripe?: unknown }).Stripe;
    script.remove();
  });

  it('the policy lets through https://js.stripe.com for the card chunk and refuses every other origin (issue 32 item 2)', () => {
    expect(String(trustedScriptUrl('https://js.stripe.com/v3/', isStripeScriptUrl))).to.equal('https://js.stripe.com/v3/');
    for (const url of [
      'https://evil.example/stripe.js',
      'https://js.stripe.com.evil.example/v3/',
      'https://evil.example/?https://js.stripe.com/v3',
      'http://js.stripe.com/v3/',
      'https://m.stripe.com/v3/',
      '//js.stripe.com/v3/',
      'javascript:alert(1)',
      'data:text/javascript,alert(1)',
    ]) {
      expect(() => trustedScriptUrl(url, isStripeScriptUrl), url).to.throw(TypeError);
    }
    // an assignment with a refused URL adds nothing: the page's enforcement refuses a plain string too
    const script = document.createElement('script');
    expect(() => {
      script.src = 'https://evil.example/stripe.js';
    }).to.throw(TypeError);
  });
});
