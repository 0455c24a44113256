/**
 * The security center tells the truth (issue 31 item 3), against the emulator: the MFA insight says what the counts
 * are (nobody enrolled is not "some users"), pending invitations sent today are not "no sign-in for 90 days" and do
 * not lower the score, and each recommendation fixed by hand in the portal has the button that opens the place it is
 * fixed (a tab of the section; in the portal, the SSO section's new connection); with those buttons the tab has no
 * axe violation in the light and the dark scheme.
 */
import { expect, waitUntil } from '@open-wc/testing';
import '../../elements/admin/fe-admin-security.ts';
import '../../elements/fe-admin-portal.ts';
import { ADMIN, resetEmulator } from '../helpers/emulator.ts';
import { panel, tabOf } from './security-helpers.ts';
import { api, dialog, expectAccessibleLightAndDark, renderSection, root, shown, signIn, SLOW } from './helpers.ts';
import { traverse } from '../helpers/history.ts';

const CENTER = '/frontegg/security-center/resources';

/** The score the meter shows. */
const score = (el: HTMLElement) => Number(root(el).querySelector('meter')?.getAttribute('value') ?? NaN);
/** The insights the tab lists, as text. */
const insights = (el: HTMLElement) => [...(root(el).querySelector('#fe-security-insights')?.parentElement?.querySelectorAll('li') ?? [])].map((li) => li.textContent ?? '');
/** The recommendation `code`'s item. */
const recommendation = (el: HTMLElement, code: string) => root(el).querySelector<HTMLElement>(`li[data-code=${code}]`);

describe('<fe-admin-security> the security center says what is true (issue 31 item 3)', () => {
  beforeEach(async () => {
    await resetEmulator();
  });

  it('AB-3.30 with nobody enrolled the MFA insight says so, not "Some users have set up MFA, others have not"', async () => {
    await signIn(ADMIN);
    const el = await renderSection('fe-admin-security');
    await waitUntil(() => insights(el).length > 0, 'insights', SLOW);
    expect(insights(el).join('\n')).to.contain('No user has set up MFA yet.');
    expect(shown(el, 'Some users have set up MFA')).to.equal(false);
  });

  it('AB-3.30 AB-9.06 three invitations sent minutes ago are not "No sign-in for 90 days or more" and keep the score', async () => {
    const token = await signIn(ADMIN);
    const before = await api<{ scoring: { score: number } }>(token, 'GET', `${CENTER}/recommendations/v1`);
    for (const email of ['ivy@acme.test', 'ian@acme.test', 'ida@acme.test'])
      await api(token, 'POST', '/frontegg/identity/resources/users/v2', { email, name: email, roleIds: [], provider: 'local' });
    const el = await renderSection('fe-admin-security');
    await waitUntil(() => root(el).querySelector('meter'), 'score', SLOW);
    expect(score(el)).to.equal(before.scoring.score);
    const inactive = () => root(el).querySelector<HTMLElement>('[data-table=inactive]');
    await waitUntil(() => inactive()?.textContent?.includes('No user has gone 90 days or more without signing in.'), 'the inactive table is empty', SLOW);
    expect(inactive()!.querySelectorAll('tbody tr[data-row-id]')).to.have.length(0);
    // they are users without MFA, truly: that table lists them
    const mfa = () => root(el).querySelector<HTMLElement>('[data-table=mfaUnenrolled]');
    await waitUntil(() => mfa()?.querySelectorAll('tbody tr[data-row-id]').length === 4, 'four users without MFA', SLOW);
  });

  it('AB-3.29 AB-3.33 every recommendation fixed in this section has its button: "Require MFA" opens the MFA policy in General settings, the lists open their tabs; light and dark have no axe violation', async () => {
    await signIn(ADMIN);
    const el = await renderSection('fe-admin-security');
    await waitUntil(() => recommendation(el, 'FORCE_MFA')?.querySelector('button'), 'Require MFA has a button', SLOW);
    for (const li of root(el).querySelectorAll<HTMLElement>('li[data-code]')) {
      // single sign-on is its own section: the only one without a button here
      if (li.dataset.code !== 'CONFIGURE_SSO') expect(li.querySelector('button'), li.dataset.code).to.not.equal(null);
    }
    expect(recommendation(el, 'ENABLE_PASSWORD_HISTORY')!.querySelector('button')!.textContent).to.equal('Open password history');
    expect(recommendation(el, 'ENABLE_IP_RESTRICTIONS')!.querySelector('button')!.textContent).to.equal('Open IP restrictions');
    expect(recommendation(el, 'ENABLE_DOMAIN_RESTRICTIONS')!.querySelector('button')!.textContent).to.equal('Open email domains');
    await expectAccessibleLightAndDark(el);

    const requireMfa = recommendation(el, 'FORCE_MFA')!.querySelector('button')!;
    expect(requireMfa.textContent).to.equal('Open the MFA policy');
    requireMfa.click();
    await waitUntil(() => tabOf(el, 'General settings')?.getAttribute('aria-selected') === 'true', 'general settings', SLOW);
    await waitUntil(() => panel(el)?.querySelector('input[name=enforceMFAType]'), 'the MFA policy', SLOW);

    tabOf(el, 'Security center')!.click();
    await waitUntil(() => recommendation(el, 'ENABLE_IP_RESTRICTIONS')?.querySelector('button'), 'back in the center', SLOW);
    recommendation(el, 'ENABLE_IP_RESTRICTIONS')!.querySelector('button')!.click();
    await waitUntil(() => tabOf(el, 'IP restrictions')?.getAttribute('aria-selected') === 'true', 'IP restrictions', SLOW);
  });

  it('AB-3.29 in the portal "Set up single sign-on" has its button too: it opens the SSO section’s new connection (a history entry, Back returns)', async () => {
    await signIn(ADMIN);
    history.replaceState(null, '', '#/admin/security');
    try {
      const portal = await renderSection('fe-admin-portal');
      const sso = () => recommendation(portal, 'CONFIGURE_SSO')?.querySelector('button');
      await waitUntil(sso, 'Set up single sign-on has a button', SLOW);
      expect(sso()!.textContent).to.equal('Set up a connection');
      sso()!.click();
      await waitUntil(() => location.hash === '#/admin/sso/add', 'the SSO section’s new connection', SLOW);
      await waitUntil(() => dialog(portal), 'its dialog', SLOW);
      traverse(-1);
      await waitUntil(() => location.hash === '#/admin/security' && recommendation(portal, 'CONFIGURE_SSO'), 'back in the security center', SLOW);
    } finally {
      history.replaceState(null, '', location.pathname + location.search);
    }
  });
});
