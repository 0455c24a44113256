import { expect, waitUntil } from '@open-wc/testing';
import { createElement } from 'react';
import { defineElement, reactElement } from '../elements/internal/react-element.ts';
import { navigateFrom } from '../elements/internal/flow-element.tsx';
import { createFeApp } from '../src/app/index.ts';

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

describe('navigation from an element (elements/internal/flow-element.tsx navigateFrom)', () => {
  it('an element on the page fires fe-navigate, then navigates unless the page keeps itself; one removed from the page leads nowhere', async () => {
    const went: string[] = [];
    const app = createFeApp({ baseUrl: location.origin, name: 'navigate-from', navigate: (url) => void went.push(url) });
    const host = document.body.appendChild(document.createElement('div'));
    const seen: string[] = [];
    const record = (e: Event) => seen.push((e as CustomEvent<{ url: string }>).detail.url);
    document.addEventListener('fe-navigate', record);
    try {
      navigateFrom(app, host, 'https://example.test/a');
      expect(seen).to.deep.equal(['https://example.test/a']);
      expect(went).to.deep.equal(['https://example.test/a']);
      // a removed element (its fixture gone, its flow still running): no event, no navigation of the page
      host.remove();
      navigateFrom(app, host, 'https://example.test/b');
      expect(seen).to.deep.equal(['https://example.test/a']);
      expect(went).to.deep.equal(['https://example.test/a']);
    } finally {
      document.removeEventListener('fe-navigate', record);
      host.remove();
    }
  });
});
