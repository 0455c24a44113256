import { expect, waitUntil } from '@open-wc/testing';
import { createElement } from 'react';
import { defineElement, reactElement } from '../elements/internal/react-element.ts';

/**
 * Which view runtime the suite runs on: React in `fe-elements`, preact/compat in `fe-elements/lite`
 * (web-test-runner.lite.config.mjs), so the lite run cannot pass on React by mistake.
 */
describe('the elements’ view runtime', () => {
  it(`renders with ${__FE_LITE__ ? 'preact/compat (fe-elements/lite)' : 'React (fe-elements)'}`, async () => {
    const Hello = () => createElement('p', null, 'hello');
    defineElement('x-runtime-probe', reactElement(Hello, {}));
    const el = document.body.appendChild(document.createElement('x-runtime-probe'));
    try {
      await waitUntil(() => el.shadowRoot?.querySelector('p'), 'rendered');
      // react-dom marks its root container; preact keeps its tree on the container under `__k`
      const keys = Object.keys(el.shadowRoot!);
      expect(keys.some((k) => k.startsWith('__reactContainer$'))).to.equal(!__FE_LITE__);
      expect(keys.includes('__k')).to.equal(__FE_LITE__);
      expect((customElements.get('x-runtime-probe') as { fe?: string }).fe).to.equal(__FE_LITE__ ? 'fe-elements/lite' : 'fe-elements');
    } finally {
      el.remove();
    }
  });
});
