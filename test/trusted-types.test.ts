import { expect, waitUntil } from '@open-wc/testing';
import { loadAnalyticsTag, TRUSTED_TYPES_POLICY } from '../src/app/analytics.ts';

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
});
