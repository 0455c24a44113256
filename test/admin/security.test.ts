/**
 * <fe-admin-security> (scaffolded by `npm run new:section`): against the emulator, an item added through the API is
 * listed, found by search, added through the form (read back from the server); a read-only admin sees no write
 * control; a user without the read key sees the no-access state; every designed state of the stories has no axe
 * violation.
 */
import { expect, waitUntil } from '@open-wc/testing';
import '../../elements/admin/fe-admin-security.ts';
import '../../stories/support/admin-story.tsx';
import { ADMIN, resetEmulator } from '../helpers/emulator.ts';
import {
  api,
  button,
  expectAccessibleWhen,
  expectNoAccess,
  renderSection,
  renderStory,
  retype,
  root,
  rowsOf,
  shown,
  signIn,
  signInAsReader,
  signInWithoutRoles,
  SLOW,
  alertText,
} from './helpers.ts';

const PATH = '/frontegg/security/resources/v1';
const renderSecurity = () => renderSection('fe-admin-security');
/** The names shown, row by row (the first cell). */
const names = (el: HTMLElement) => rowsOf(el).map((r) => r.querySelector('td')?.textContent);

describe('<fe-admin-security> against the emulator', () => {
  beforeEach(async () => {
    await resetEmulator();
  });

  it("lists the account's items, finds one by name, and adds one (read back from the server)", async () => {
    const token = await signIn(ADMIN);
    await api(token, 'POST', PATH, { name: 'Zulu' });
    await api(token, 'POST', PATH, { name: 'Yankee' });
    const el = await renderSecurity();
    await waitUntil(() => rowsOf(el).length === 2, 'rows', SLOW);
    const search = root(el).querySelector<HTMLInputElement>('input[type=search]')!;
    await retype(search, 'yank');
    await waitUntil(() => rowsOf(el).length === 1 && names(el)[0] === 'Yankee', 'found', SLOW);
    await retype(root(el).querySelector<HTMLInputElement>('input[name=name]')!, 'Victor');
    button(root(el), 'Add')!.click();
    await waitUntil(() => shown(el, '“Victor” added.'), 'toast', SLOW);
    const stored = await api<{ items: { name: string }[] }>(token, 'GET', `${PATH}?_offset=0&_limit=20&_filter=Victor`);
    expect(stored.items.map((x) => x.name)).to.deep.equal(['Victor']);
    await expect(el).to.be.accessible();
  });

  it('a read-only admin (the read key, no write key) sees the items and no write control', async () => {
    const token = await signIn(ADMIN);
    await api(token, 'POST', PATH, { name: 'Zulu' });
    await signInAsReader();
    const el = await renderSecurity();
    await waitUntil(() => rowsOf(el).length === 1, 'rows', SLOW);
    expect(button(root(el), 'Add')).to.equal(undefined);
    expect(root(el).querySelector('input[name=name]')).to.equal(null);
    expect(shown(el, 'You can view')).to.equal(true);
  });

  it('SI-6.01 a user without the read key sees "You don’t have access to this section." and no table', async () => {
    await signInWithoutRoles();
    await expectNoAccess(await renderSecurity(), 'table');
  });
});

describe('<fe-admin-security> designed states (preview)', () => {
  const states: [string, (el: HTMLElement) => unknown][] = [
    ['filled', (el) => rowsOf(el).length === 3],
    ['empty', (el) => shown(el, 'Nothing here yet')],
    ['loading', (el) => root(el).querySelector('[role=status]')?.textContent?.includes('Loading…')],
    ['error', (el) => alertText(el).includes('Service temporarily unavailable')],
  ];
  for (const [scenario, ready] of states) {
    it(`${scenario} has no axe violations`, async () => {
      await expectAccessibleWhen(await renderStory('security', scenario), ready, scenario);
    });
  }
});
