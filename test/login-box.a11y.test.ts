/**
 * Accessibility of every login and MFA state (stories/login-states.ts,
 * shared with the stories): axe-core on the whole `<fe-login-box-story>`
 * (the login box's view on a snapshot resolved from the machines:
 * stories/support/flows.ts), i.e. its shadow card and the light-DOM form
 * slotted into it, inside `<fe-app preview>` (canned data, no network).
 */
import { expect, fixture, html, waitUntil } from '@open-wc/testing';
import type { FeAppElement } from '../elements/fe-app.ts';
import { loginStates, mfaStates, stepShown } from '../stories/login-states.ts';
import type { StateSpec } from '../stories/support/flow-story.tsx';
import '../stories/support/flows.ts';

const keepPage = (e: Event) => e.preventDefault();

/** Steps whose view renders a light-DOM form (so axe must see it). */
const FORM_STEPS = new Set(['preLogin', 'loginWithPassword', 'recoverTwoFactor', 'verify', 'loginWithOtc', 'loginWithSmsOtc', 'loginWithQuickSmsOtc']);

async function renderState(spec: StateSpec): Promise<HTMLElement> {
  const app = await fixture<FeAppElement>(
    html`<fe-app preview base-url="https://preview.invalid"><fe-login-box-story state=${JSON.stringify(spec)}></fe-login-box-story></fe-app>`,
  );
  const box = app.querySelector('fe-login-box-story') as HTMLElement;
  await waitUntil(() => app.app?.stores.$loading.get().phase === 'ready', 'app ready', { timeout: 10000 });
  const step = stepShown(spec);
  await waitUntil(() => box.shadowRoot?.querySelector(`[data-step="${step}"]`), `step ${step}`, { timeout: 10000 });
  const ready = (spec.children?.mfa?.value as Record<string, string> | undefined)?.authenticatorApp;
  // (NoLocalAuthentication without an SSO connection has no form at all)
  const formless = spec.context?.ssoActive === false;
  if ((FORM_STEPS.has(step) && !formless) || ready === 'ready' || ready === 'enrolling') await waitUntil(() => box.querySelector('form[slot=form]'), 'slotted form');
  await new Promise((r) => requestAnimationFrame(r));
  return box;
}

describe('<fe-login-box> accessibility (axe-core) in every state', () => {
  before(() => document.addEventListener('fe-navigate', keepPage));
  after(() => document.removeEventListener('fe-navigate', keepPage));

  for (const [name, spec] of Object.entries(loginStates)) {
    it(`SI-4.05 ${name} has no axe violations`, async () => {
      const box = await renderState(spec);
      await expect(box).to.be.accessible();
    });
  }

  for (const [name, spec] of Object.entries(mfaStates)) {
    it(`SI-4.06 ${name} has no axe violations`, async () => {
      const box = await renderState(spec);
      await expect(box).to.be.accessible();
    });
  }

  it('axe sees the slotted light-DOM form (a broken label in it is reported)', async () => {
    const box = await renderState(loginStates['loginWithPassword.idle']);
    const stray = document.createElement('input');
    stray.name = 'unlabelled';
    box.querySelector('form')!.append(stray);
    await expect(box).not.to.be.accessible();
    stray.remove();
  });

  it('axe sees the shadow card (an image without alt in it is reported)', async () => {
    const box = await renderState(loginStates['loginWithPassword.idle']);
    const img = document.createElement('img');
    img.src = 'data:image/gif;base64,R0lGODlhAQABAAAAACw=';
    box.shadowRoot!.querySelector('[part=card]')!.append(img);
    await expect(box).not.to.be.accessible();
    img.remove();
  });
});
