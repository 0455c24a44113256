/**
 * <fe-admin-sso> (issue 23 items 1–5 and 7, client side): the designed states and every state of the setup flows in
 * preview (axe-clean in the light and the dark scheme), and, against the emulator, the section as an administrator
 * uses it.
 */
import { expect, waitUntil } from '@open-wc/testing';
import { emulateMedia } from '@web/test-runner-commands';
import '../../elements/admin/fe-admin-sso.ts';
import '../../stories/support/admin-story.tsx';
import '../../stories/support/admin-dialogs.ts';
import { adminSamlStates } from '../../stories/admin-saml-states.ts';
import { adminSsoDomainStates } from '../../stories/admin-sso-domain-states.ts';
import { adminSsoSetupStates } from '../../stories/admin-sso-setup-states.ts';
import { alertText, dialog, expectAccessibleWhen, renderStory, root, shown, SLOW } from './helpers.ts';

/** Checks `el` with axe in the light, then the dark scheme. */
async function lightAndDark(el: HTMLElement, ready: (el: HTMLElement) => unknown, what: string): Promise<void> {
  await expectAccessibleWhen(el, ready, what);
  await emulateMedia({ colorScheme: 'dark' });
  await waitUntil(() => getComputedStyle(el).getPropertyValue('--fe-color-scheme').trim() === 'dark', 'dark tokens', SLOW);
  await expect(el).to.be.accessible();
}

describe('<fe-admin-sso> designed states (preview), light and dark', () => {
  afterEach(async () => {
    await emulateMedia({ colorScheme: 'light' });
  });
  const states: [string, string | undefined, (el: HTMLElement) => unknown][] = [
    ['filled', undefined, (el) => root(el).querySelectorAll('[data-connection]').length === 2 && shown(el, 'Legacy SAML configuration (one domain)')],
    ['empty', undefined, (el) => shown(el, 'No SSO connection yet')],
    ['loading', undefined, (el) => root(el).querySelector('[role=status]')?.textContent?.includes('Loading…')],
    ['error', undefined, (el) => alertText(el).includes('Service temporarily unavailable')],
    ['readOnly', undefined, (el) => shown(el, 'You can view the SSO connections.') && root(el).querySelector('[data-connection]') && !root(el).querySelector('input[role=switch]:not([disabled])')],
    ['filled', 'preview-sso-okta', (el) => shown(el, 'SHA-256 fingerprint') && shown(el, 'acme-eu.example') && root(el).querySelector('input[name=group]')],
    ['filled', 'preview-sso-oidc', (el) => root(el).querySelector('input[name=clientSecret]')],
    ['readOnly', 'preview-sso-okta', (el) => shown(el, 'SHA-256 fingerprint') && !root(el).querySelector('button[type=submit]')],
  ];
  for (const [scenario, sub, ready] of states) {
    it(`${scenario}${sub ? ` ${sub}` : ''} has no axe violations`, async () => {
      const el = await renderStory('sso', scenario, sub);
      await lightAndDark(el, ready, `${scenario} ${sub ?? ''}`);
    });
  }
  for (const state of Object.keys(adminSsoSetupStates).filter((s) => s !== 'closed')) {
    it(`setup ${state} has no axe violations`, async () => {
      const el = await renderStory('sso', 'filled', 'add', { tag: 'fe-admin-sso-setup', state: adminSsoSetupStates[state as keyof typeof adminSsoSetupStates] });
      await lightAndDark(el, (x) => dialog(x)?.querySelector('ol [aria-current=step]'), state);
    });
  }
  for (const state of Object.keys(adminSsoDomainStates)) {
    it(`domain ${state} has no axe violations`, async () => {
      const el = await renderStory('sso', 'filled', 'preview-sso-okta', { tag: 'fe-admin-sso-domain', state: adminSsoDomainStates[state as keyof typeof adminSsoDomainStates] });
      await lightAndDark(el, (x) => shown(x, 'SHA-256 fingerprint'), state);
    });
  }
  for (const state of Object.keys(adminSamlStates).filter((s) => s !== 'loading' && s !== 'failed')) {
    it(`legacy SAML ${state} has no axe violations`, async () => {
      const el = await renderStory('sso', 'filled', undefined, { tag: 'fe-admin-saml', state: adminSamlStates[state as keyof typeof adminSamlStates] });
      await lightAndDark(el, (x) => shown(x, 'Legacy SAML configuration (one domain)'), state);
    });
  }
});
