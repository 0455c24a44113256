/**
 * Accessibility of every sign-up state (stories/sign-up-states.ts, shared
 * with the stories), axe-core over the shadow card and the slotted form.
 */
import { expect, fixture, html, waitUntil } from '@open-wc/testing';
import type { FeAppElement } from '../elements/fe-app.ts';
import '../elements/fe-sign-up.ts';
import { signUpStates, signUpStepShown } from '../stories/sign-up-states.ts';

const keepPage = (e: Event) => e.preventDefault();

describe('<fe-sign-up> accessibility (axe-core) in every state', () => {
  before(() => document.addEventListener('fe-navigate', keepPage));
  after(() => document.removeEventListener('fe-navigate', keepPage));

  for (const [name, spec] of Object.entries(signUpStates)) {
    it(`SI-1.01 sign-up ${name} has no axe violations and shows its step`, async () => {
      const app = await fixture<FeAppElement>(
        html`<fe-app preview base-url="https://preview.invalid"><fe-sign-up initial-state=${JSON.stringify(spec)}></fe-sign-up></fe-app>`,
      );
      const el = app.querySelector('fe-sign-up')!;
      const step = signUpStepShown(spec);
      await waitUntil(() => el.shadowRoot?.querySelector(`[data-step="${step}"]`), `step ${step}`, { timeout: 10000 });
      if (step === 'form') await waitUntil(() => el.querySelector('form[slot=form]'), 'slotted form');
      await expect(el).to.be.accessible();
    });
  }
});
