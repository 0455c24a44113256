/** Accessibility of every step-up state (stories/step-up-states.ts), axe-core over card and slotted form of `<fe-step-up-story>`. */
import { expect, fixture, html, waitUntil } from '@open-wc/testing';
import type { FeAppElement } from '../elements/fe-app.ts';
import { stepUpStates, stepUpStepShown } from '../stories/step-up-states.ts';
import type { StateSpec } from '../stories/support/flow-story.tsx';
import '../stories/support/flows.ts';

const keepPage = (e: Event) => e.preventDefault();

async function renderState(spec: StateSpec): Promise<HTMLElement> {
  const app = await fixture<FeAppElement>(html`<fe-app preview base-url="https://preview.invalid"><fe-step-up-story state=${JSON.stringify(spec)}></fe-step-up-story></fe-app>`);
  return app.querySelector('fe-step-up-story') as HTMLElement;
}

describe('<fe-step-up> accessibility (axe-core) in every state', () => {
  before(() => document.addEventListener('fe-navigate', keepPage));
  after(() => document.removeEventListener('fe-navigate', keepPage));

  for (const [name, spec] of Object.entries(stepUpStates) as [string, StateSpec][]) {
    it(`SI-4.06 step-up ${name} has no axe violations and shows its step`, async () => {
      const el = await renderState(spec);
      const step = stepUpStepShown(spec);
      await waitUntil(() => el.shadowRoot?.querySelector(`[data-step="${step}"]`), `step ${step}`, { timeout: 10000 });
      // every MFA step but the device list (and the QR code being prepared) renders a light-DOM form (axe must see it too)
      if (spec.children && step !== 'chooseDevice' && name !== 'noMFAEnrolledStepUp.loading') await waitUntil(() => el.querySelector('form[slot=form]'), 'slotted form');
      await expect(el).to.be.accessible();
    });
  }

  it('SI-3.16 SI-4.07 step-up chooseDevice names every kind; a platform authenticator is "this device", not a security key', async () => {
    const el = await renderState(stepUpStates['verify.chooseDevice']);
    await waitUntil(() => el.shadowRoot?.querySelector('[data-step=chooseDevice] button'), 'device list', { timeout: 10000 });
    const labels = [...el.shadowRoot!.querySelectorAll('[data-step=chooseDevice] li button')].map((b) => b.textContent);
    expect(labels).to.deep.equal(['Authenticator app', 'Text message to +1******4567', 'Email to demo@acme.test', 'This device (fingerprint, face or screen lock)']);
  });
});
