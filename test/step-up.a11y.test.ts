/** Accessibility of every step-up state (stories/step-up-states.ts), axe-core over card and slotted form. */
import { expect, fixture, html, waitUntil } from '@open-wc/testing';
import type { FeAppElement } from '../elements/fe-app.ts';
import '../elements/fe-step-up.ts';
import { stepUpStates, stepUpStepShown } from '../stories/step-up-states.ts';
import type { StepUpStateSpec } from '../machines/step-up.machine.ts';

const keepPage = (e: Event) => e.preventDefault();

describe('<fe-step-up> accessibility (axe-core) in every state', () => {
  before(() => document.addEventListener('fe-navigate', keepPage));
  after(() => document.removeEventListener('fe-navigate', keepPage));

  for (const [name, spec] of Object.entries(stepUpStates) as [string, StepUpStateSpec][]) {
    it(`SI-4.06 step-up ${name} has no axe violations and shows its step`, async () => {
      const app = await fixture<FeAppElement>(
        html`<fe-app preview base-url="https://preview.invalid"><fe-step-up initial-state=${JSON.stringify(spec)}></fe-step-up></fe-app>`,
      );
      const el = app.querySelector('fe-step-up')!;
      const step = stepUpStepShown(spec);
      await waitUntil(() => el.shadowRoot?.querySelector(`[data-step="${step}"]`), `step ${step}`, { timeout: 10000 });
      // every MFA step but the device list renders a light-DOM form (axe must see it too)
      if (spec.mfa && step !== 'chooseDevice') await waitUntil(() => el.querySelector('form[slot=form]'), 'slotted form');
      await expect(el).to.be.accessible();
    });
  }

  it('SI-3.16 SI-4.07 step-up chooseDevice names every kind; a platform authenticator is "this device", not a security key', async () => {
    const spec = stepUpStates['verify.chooseDevice'];
    const app = await fixture<FeAppElement>(
      html`<fe-app preview base-url="https://preview.invalid"><fe-step-up initial-state=${JSON.stringify(spec)}></fe-step-up></fe-app>`,
    );
    const el = app.querySelector('fe-step-up')!;
    await waitUntil(() => el.shadowRoot?.querySelector('[data-step=chooseDevice] button'), 'device list', { timeout: 10000 });
    const labels = [...el.shadowRoot!.querySelectorAll('[data-step=chooseDevice] li button')].map((b) => b.textContent);
    expect(labels).to.deep.equal([
      'Authenticator app', 'Text message to +1******4567', 'Email to demo@acme.test', 'This device (fingerprint, face or screen lock)',
    ]);
  });
});
