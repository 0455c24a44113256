/**
 * The section host's designed states around a section's chunk (src/admin/shell/SectionHost.tsx): progress while the
 * chunk loads, "Failed to load Renderer with themeSetter" when it has not mounted after 4000 ms (SI-8.02, SI-9.03),
 * and a failed chunk shown as an error whose retry loads it again. Rendered in real Chromium with chunks that the
 * test controls (a loader that never settles, one that fails once).
 */
import { expect, waitUntil } from '@open-wc/testing';
import { createElement } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { addMessages, createI18n } from '../../src/i18n/index.ts';
import { enAdmin } from '../../src/i18n/en-admin.ts';
import { CHUNK_POLL_MS, CHUNK_WAIT_MS, lazySectionViews, SectionHost } from '../../src/admin/shell/SectionHost.tsx';
import type { SectionView } from '../../src/admin/shell/context.ts';
import { adminCss, loadSectionCss } from '../../src/admin/ui/styles.ts';
import * as usersCss from '../../src/admin/users/users.css.ts';
import { adoptInto } from '../../elements/internal/react-element.ts';
import '../../elements/admin/fe-admin-users.ts';

addMessages('en', enAdmin);
const t = createI18n('en').$t.get();
/** Only `section` is read before a chunk mounts; the section's own view (which reads the rest) is the test's. */
const value = { section: 'users' } as SectionView;

describe('section host: the CSS of a section (src/admin/ui/styles.ts)', () => {
  it('comes with the section: not in the kit’s sheet, in the shared sheet every admin element adopts once the section loads', async () => {
    const [kit, shared] = adminCss as [string, CSSStyleSheet];
    const rule = `.${usersCss.bulkBar}`;
    const sharedText = () => [...shared.cssRules].map((r) => r.cssText).join('\n');
    expect(kit, 'the first paint carries no section’s rules').not.to.include(rule);
    expect(sharedText(), 'not loaded yet').not.to.include(rule);
    // every admin element adopts the shared sheet after the kit's, from its constructor
    expect(document.createElement('fe-admin-users').shadowRoot!.adoptedStyleSheets.at(-1)).to.equal(shared);

    await loadSectionCss('users');
    expect(sharedText()).to.include(rule);
    const host = document.createElement('div');
    const root = host.attachShadow({ mode: 'open' });
    adoptInto(root, adminCss);
    root.innerHTML = `<div class="${usersCss.bulkBar}">2 users selected</div>`;
    document.body.append(host);
    try {
      expect(getComputedStyle(root.querySelector('div')!).flexWrap, 'a node with the section’s class is styled by it').to.equal('wrap');
    } finally {
      host.remove();
    }
  });
});

describe('section host: the chunk of a section', () => {
  let host: HTMLDivElement;
  let root: Root;
  beforeEach(() => {
    host = document.createElement('div');
    document.body.append(host);
    root = createRoot(host);
  });
  afterEach(() => {
    root.unmount();
    host.remove();
  });

  it('SI-8.02 SI-9.03 shows progress, then after 4000 ms (checked every 50 ms) "Failed to load Renderer with themeSetter" as an alert', async () => {
    expect([CHUNK_WAIT_MS, CHUNK_POLL_MS]).to.deep.equal([4000, 50]);
    const views = lazySectionViews({ users: () => new Promise(() => {}) });
    const started = performance.now();
    root.render(createElement(SectionHost, { value, allowed: true, t, views }));
    await waitUntil(() => host.querySelector('[role=status]')?.textContent === 'Loading section…', 'progress');
    await waitUntil(() => host.querySelector('[role=alert]'), 'the failure', { timeout: 6000, interval: 20 });
    const waited = performance.now() - started;
    expect(waited).to.be.at.least(CHUNK_WAIT_MS);
    expect(host.querySelector('[role=alert]')!.textContent).to.equal('Failed to load Renderer with themeSetter');
    expect(host.querySelector('[role=status]')).to.equal(null);
  });

  it('a chunk that fails to load shows the error with "Try again", which loads it again and shows the section', async () => {
    let calls = 0;
    const views = lazySectionViews({
      users: () => (++calls === 1 ? Promise.reject(new Error('network')) : Promise.resolve({ default: () => createElement('p', null, 'the users section') })),
    });
    // React reports the caught error to the console; the boundary's state is what the user sees
    const consoleError = console.error;
    console.error = () => {};
    try {
      root.render(createElement(SectionHost, { value, allowed: true, t, views }));
      await waitUntil(() => host.querySelector('[role=alert]'), 'the failure');
    } finally {
      console.error = consoleError;
    }
    expect(host.querySelector('[role=alert]')!.textContent).to.contain('This section could not be loaded.');
    const retry = [...host.querySelectorAll('button')].find((b) => b.textContent === 'Try again')!;
    retry.click();
    await waitUntil(() => host.textContent === 'the users section', 'loaded on retry');
    expect(calls).to.equal(2);
  });

  it('SI-6.01 a section the user may not open shows the not-allowed state and loads nothing', async () => {
    let calls = 0;
    const views = lazySectionViews({ users: () => (calls++, new Promise(() => {})) });
    root.render(createElement(SectionHost, { value, allowed: false, t, views }));
    await waitUntil(() => host.textContent, 'rendered');
    expect(host.textContent).to.equal('You don’t have access to this section.');
    expect(calls).to.equal(0);
  });
});
