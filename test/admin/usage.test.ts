/**
 * The usage section (AB-6.01; issue 32 item 6): the plan's features and each limit against what is in use, with a
 * meter, the near and reached states (and the way to upgrade in the portal), who holds each limit; its designed
 * states in preview, light and dark; against the emulator the numbers its usage route answers, a user added counted
 * at once, a reached seat limit shown; without `fe.usage.read` no request and the kit's no-access text.
 */
import { expect, fixture, html, waitUntil } from '@open-wc/testing';
import { emulateMedia, sendKeys } from '@web/test-runner-commands';
import '../../elements/admin/fe-admin-usage.ts';
import '../../elements/fe-admin-portal.ts';
import type { Usage } from '../../src/api/billing.ts';
import { canDo, SECTIONS } from '../../src/admin/shell/sections.ts';
import { hasNoPlan, orderedLimits, usageLevel, usagePercent } from '../../src/admin/usage/model.ts';
import { PREVIEW_USAGE, setPreviewUsageVariant, type PreviewUsageVariant } from '../../src/admin/usage/preview.ts';
import '../../stories/support/admin-story.tsx';
import { previewApp, signInPreview } from '../../stories/support/preview-app.ts';
import { ADMIN, resetEmulator } from '../helpers/emulator.ts';
// what the section shows
import { active, alertText, button, dialog, dialogTitle, NO_ACCESS, root, shown, SLOW } from './helpers.ts';
// how it is rendered, signed in and checked
import { api, callEmulator, expectAccessibleLightAndDark, expectAccessibleWhen, renderSection, renderStory, signIn, signInWithoutRoles } from './helpers.ts';

const USAGE_URL = '/frontegg/subscriptions/resources/billing/usage/v1';

/** One limit's card. */
const card = (el: HTMLElement, key: string) => root(el).querySelector<HTMLElement>(`[data-limit=${key}]`);
/** What a limit's card says, in one line. */
const cardText = (el: HTMLElement, key: string) => card(el, key)?.textContent ?? '';
/** A limit's meter (role meter). */
const meterOf = (el: HTMLElement, key: string) => card(el, key)?.querySelector<HTMLElement>('[role=meter]') ?? null;
/** The features shown, by name. */
const features = (el: HTMLElement) => [...root(el).querySelectorAll('[data-feature]')].map((f) => f.textContent?.replace('✓', '').trim());
/** The shown count line of a limit ("24 of 30 in use"). */
const count = (el: HTMLElement, key: string) => card(el, key)?.querySelector('[data-usage-count]')?.textContent ?? '';

/** Renders the usage story in `scenario` with the canned usage `variant` (put back to `filled` after the test). */
async function renderUsageStory(scenario: string, variant: PreviewUsageVariant = 'filled'): Promise<HTMLElement> {
  restore = setPreviewUsageVariant(variant);
  return renderStory('usage', scenario);
}
let restore: (() => void) | undefined;
afterEach(() => {
  restore?.();
  restore = undefined;
});

/** Records the URLs the page fetches. */
function recordFetches(): { urls: string[]; stop: () => void } {
  const original = window.fetch;
  const urls: string[] = [];
  window.fetch = (input, init) => {
    urls.push(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url);
    return original(input, init);
  };
  return { urls, stop: () => void (window.fetch = original) };
}

describe('usage model', () => {
  it('AB-6.01 a limit is ok under 80 %, near from 80 %, reached at (or over) the limit, unlimited without one', () => {
    expect(usageLevel({ limit: 50, used: 39 })).to.equal('ok');
    expect(usageLevel({ limit: 50, used: 40 })).to.equal('near');
    expect(usageLevel({ limit: 50, used: 50 })).to.equal('reached');
    expect(usageLevel({ limit: 50, used: 51 })).to.equal('reached');
    expect(usageLevel({ limit: null, used: 1000 })).to.equal('unlimited');
    expect(usageLevel({ limit: 0, used: 0 })).to.equal('reached');
    expect(usagePercent({ limit: 30, used: 24 })).to.equal(80);
    expect(usagePercent({ limit: 3, used: 7 })).to.equal(100);
    expect(usagePercent({ limit: null, used: 7 })).to.equal(0);
    expect(hasNoPlan({ planId: '' })).to.equal(true);
    expect(hasNoPlan({ planId: 'plan-pro' })).to.equal(false);
    const shuffled = { limits: [...PREVIEW_USAGE.filled.limits].reverse() } as Pick<Usage, 'limits'>;
    expect(orderedLimits(shuffled).map((l) => l.key)).to.deep.equal(['seats', 'apiTokens', 'ssoConnections']);
  });

  it('AB-6.01 the usage section is read with fe.usage.read (the registry), and without it not', () => {
    expect(SECTIONS.usage.permissions).to.deep.equal(['fe.usage.read']);
    expect(canDo('usage', 'read', ['fe.usage.read'])).to.equal(true);
    expect(canDo('usage', 'read', ['fe.*'])).to.equal(true);
    expect(canDo('usage', 'read', ['fe.secure.read.users', 'fe.subscriptions.read'])).to.equal(false);
  });
});

describe('<fe-admin-usage> in preview', () => {
  afterEach(async () => {
    await emulateMedia({ colorScheme: 'light' });
  });

  it('AB-6.01 the plan and its features; each limit in words and as a meter: near at 80 %, reached with its text, unlimited without a meter', async () => {
    const el = await renderUsageStory('filled');
    await waitUntil(() => card(el, 'seats'), 'limits', SLOW);
    expect(shown(el, 'Plan: Pro')).to.equal(true);
    expect(features(el)).to.deep.equal(['Advanced reports', 'Single sign-on']);
    expect([...root(el).querySelectorAll('[data-limit] h4')].map((h) => h.textContent)).to.deep.equal(['Seats', 'API tokens', 'SSO connections']);

    // seats: 24 of 30, 80 % — nearly at the limit, in words and not by colour alone
    expect(count(el, 'seats')).to.equal('24 of 30 in use');
    const seats = meterOf(el, 'seats')!;
    expect(seats.getAttribute('aria-valuenow')).to.equal('24');
    expect(seats.getAttribute('aria-valuemax')).to.equal('30');
    expect(seats.getAttribute('aria-valuetext')).to.equal('24 of 30 in use (80%)');
    expect(root(el).getElementById(seats.getAttribute('aria-labelledby')!)?.textContent).to.equal('Seats');
    expect(cardText(el, 'seats')).to.contain('Nearly at the limit');
    expect(cardText(el, 'seats')).to.not.contain('Limit reached');

    // API tokens: 10 of 10 — reached; no "Upgrade the plan" in a section element (no portal to open)
    expect(count(el, 'apiTokens')).to.equal('10 of 10 in use');
    expect(cardText(el, 'apiTokens')).to.contain('Limit reached — upgrade to add more');
    expect(card(el, 'apiTokens')!.dataset.level).to.equal('reached');
    expect(button(card(el, 'apiTokens')!, 'Upgrade the plan')).to.equal(undefined);

    // SSO connections: no limit — no meter, "Unlimited"
    expect(meterOf(el, 'ssoConnections')).to.equal(null);
    expect(cardText(el, 'ssoConnections')).to.contain('1 in use');
    expect(cardText(el, 'ssoConnections')).to.contain('Unlimited');
    await expectAccessibleLightAndDark(el);
  });

  it('AB-6.01 keyboard only: "Who holds them" opens the holders (the users by name), Escape closes it and the focus returns', async () => {
    const el = await renderUsageStory('filled');
    await waitUntil(() => card(el, 'seats'), 'limits', SLOW);
    const opener = button(card(el, 'seats')!, 'Who holds the seats')!;
    expect(opener.getAttribute('aria-haspopup')).to.equal('dialog');
    opener.focus();
    await sendKeys({ press: 'Enter' });
    await waitUntil(() => dialog(el), 'holders dialog');
    expect(dialogTitle(el)).to.equal('Seats in use');
    const names = [...dialog(el)!.querySelectorAll('[data-holders] li')].map((li) => li.textContent);
    expect(names).to.have.length(24);
    expect(names[0]).to.equal('Preview User');
    expect(dialog(el)!.textContent).to.contain('In use24');
    expect(dialog(el)!.textContent).to.contain('Limit30');
    await expectAccessibleLightAndDark(el);
    await sendKeys({ press: 'Escape' });
    await waitUntil(() => !dialog(el), 'closed');
    await waitUntil(() => active(el) === opener, 'focus back on the opener');
    // Tab reaches the next limit's button
    await sendKeys({ press: 'Tab' });
    expect(active(el)?.textContent).to.equal('Which API tokens are in use');
  });

  it('AB-6.01 in the portal a reached limit offers "Upgrade the plan": it opens the subscription section', async () => {
    restore = setPreviewUsageVariant('filled');
    const portal = document.createElement('fe-admin-portal');
    portal.setAttribute('routing', 'none');
    portal.setAttribute('section', 'usage');
    const app = previewApp([portal], { options: { adminPortal: { usage: { visibility: 'byPermissions' }, subscription: { visibility: 'byPermissions' } } } });
    await fixture(html`<div>${app}</div>`);
    await signInPreview(app);
    await waitUntil(() => card(portal, 'apiTokens'), 'limits', SLOW);
    // only the reached limit offers it
    expect(button(card(portal, 'seats')!, 'Upgrade the plan')).to.equal(undefined);
    const upgrade = button(card(portal, 'apiTokens')!, 'Upgrade the plan')!;
    upgrade.focus();
    await sendKeys({ press: 'Enter' });
    await waitUntil(() => !card(portal, 'apiTokens') && root(portal).querySelector('[aria-current=page]')?.textContent === 'Subscription', 'the subscription section', SLOW);
  });

  const states: [string, string, PreviewUsageVariant, (el: HTMLElement) => unknown][] = [
    [
      'within its limits: no warning',
      'filled',
      'withinLimits',
      (el) => count(el, 'seats') === '24 of 200 in use' && !shown(el, 'Nearly at the limit') && !shown(el, 'Limit reached'),
    ],
    ['unlimited: no meter at all', 'filled', 'unlimited', (el) => shown(el, 'Plan: Enterprise') && card(el, 'seats') && !root(el).querySelector('[role=meter]')],
    ['no plan', 'filled', 'noPlan', (el) => shown(el, 'This account has no plan yet.') && !card(el, 'seats')],
    ['empty: a plan without features or limits', 'empty', 'filled', (el) => shown(el, 'This plan includes no extra features.') && shown(el, 'This plan sets no limits.')],
    ['loading', 'loading', 'filled', (el) => root(el).querySelector('[role=status]')?.textContent?.includes('Loading…')],
    ['error, with a retry', 'error', 'filled', (el) => alertText(el).includes('Service temporarily unavailable') && button(root(el), 'Try again')],
  ];
  for (const [name, scenario, variant, ready] of states) {
    it(`AB-6.01 ${name}: no axe violations in the light and the dark scheme`, async () => {
      const el = await renderUsageStory(scenario, variant);
      await expectAccessibleWhen(el, ready, name);
      await expectAccessibleLightAndDark(el);
    });
  }
});

describe('<fe-admin-usage> against the emulator', () => {
  beforeEach(async () => {
    await resetEmulator();
  });

  it('AB-6.01 a user without fe.usage.read sees "You don’t have access to this section." and no usage request is made', async () => {
    await signInWithoutRoles();
    const fetches = recordFetches();
    try {
      const el = await renderSection('fe-admin-usage');
      await waitUntil(() => shown(el, NO_ACCESS), 'not allowed', SLOW);
      expect(root(el).querySelector('[data-limit]')).to.equal(null);
      expect(fetches.urls.filter((u) => u.includes('/billing/usage'))).to.deep.equal([]);
      await expectAccessibleLightAndDark(el);
    } finally {
      fetches.stop();
    }
  });

  it('AB-6.01 the numbers are the emulator’s; a user added counts at once (seats +1); a reached seat limit says so', async () => {
    const token = await signIn(ADMIN);
    const answer = await api<Usage>(token, 'GET', USAGE_URL);
    const seats = answer.limits.find((l) => l.key === 'seats')!;
    const el = await renderSection('fe-admin-usage');
    await waitUntil(() => card(el, 'seats'), 'limits', SLOW);
    expect(shown(el, `Plan: ${answer.planName}`)).to.equal(true);
    expect(features(el)).to.deep.equal(answer.features.map((f) => f.name));
    for (const l of answer.limits) {
      expect(count(el, l.key), l.key).to.equal(l.limit === null ? `${l.used} in use` : `${l.used} of ${l.limit} in use`);
      // who holds a limit is asked only where something is in use
      expect(card(el, l.key)!.querySelector('button[aria-haspopup=dialog]') !== null, `${l.key} holders`).to.equal(l.used > 0);
    }

    // one more user: the section opened again counts it
    await api(token, 'POST', '/frontegg/identity/resources/users/v2', { email: 'counted@acme.test', name: 'Counted User', provider: 'local' });
    el.remove();
    const again = await renderSection('fe-admin-usage');
    await waitUntil(() => count(again, 'seats') === (seats.limit === null ? `${seats.used + 1} in use` : `${seats.used + 1} of ${seats.limit} in use`), 'seats +1', SLOW);

    // the plan's seat limit lowered to what is in use: reached
    await callEmulator('PUT', `/_emulator/billing/plans/${answer.planId}`, { limits: { seats: seats.used + 1 } });
    again.remove();
    const full = await renderSection('fe-admin-usage');
    await waitUntil(() => card(full, 'seats')?.dataset.level === 'reached', 'seat limit reached', SLOW);
    expect(count(full, 'seats')).to.equal(`${seats.used + 1} of ${seats.used + 1} in use`);
    expect(cardText(full, 'seats')).to.contain('Limit reached — upgrade to add more');
    await expectAccessibleLightAndDark(full);
  });
});
