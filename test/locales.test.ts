/**
 * Locales and colour schemes as a user meets them (issue 15 items 5 and 8), in real Chromium against the emulator:
 * Hebrew mirrors the login box, the `locale` attribute and `options.locale` switch at run time, a missing key shows
 * English and fires `fe-missing-translation` once, metadata `localizations` count as translations, the admin portal's
 * users section reads in Hebrew (right to left, axe-clean) and German with no key missing, the dark token
 * set passes axe (colour contrast included) in the login box and an admin section, and forced colours keep button
 * borders and focus outlines.
 */
import { expect, fixture, html, waitUntil } from '@open-wc/testing';
import { emulateMedia, executeServerCommand, sendKeys, setViewport } from '@web/test-runner-commands';
import type { FeAppElement } from '../elements/fe-app.ts';
import '../elements/fe-login-box.ts';
import '../elements/admin/fe-admin-users.ts';
import { de } from '../src/i18n/de.ts';
import { deAdminUsers as deAdmin } from '../src/admin/users/messages/de.ts';
import { en } from '../src/i18n/en.ts';
import { he } from '../src/i18n/he.ts';
import { heAdminUsers as heAdmin } from '../src/admin/users/messages/he.ts';
import { contrastRatio } from '../src/theme/colors.ts';
import { darkThemeVariables } from '../src/theme/runtime.ts';
import { TOKENS } from '../src/theme/tokens.ts';
import '../stories/support/admin-story.tsx';
import { button, columnHeaders, dialog, dialogTitle, renderStory, root, rowsOf, signIn, SLOW } from './admin/helpers.ts';
import { ADMIN, input, renderLoginBox, resetEmulator, setMetadata } from './helpers/emulator.ts';

const keepPage = (e: Event) => e.preventDefault();
const titleOf = (box: HTMLElement) => box.shadowRoot?.querySelector('#fe-title')?.textContent ?? '';
const labelOf = (box: HTMLElement) => input(box, 'email')?.labels?.[0];
/** Where the label's text is (the label itself spans the form's width). */
function textRect(el: Element): DOMRect {
  const range = document.createRange();
  range.selectNodeContents(el);
  return range.getBoundingClientRect();
}
const surface = (el: Element) => getComputedStyle(el).getPropertyValue('--fe-color-surface').trim();

/** `<fe-app>` with `attributes` around a login box, in a `<div style=wrapperStyle>`, rendered against the emulator. */
async function loginBoxIn(attributes: Record<string, string>, options: FeAppElement['options'] = {}, wrapperStyle = ''): Promise<{ app: FeAppElement; box: HTMLElement }> {
  const app = document.createElement('fe-app');
  for (const [name, value] of Object.entries({ 'base-url': location.origin, ...attributes })) app.setAttribute(name, value);
  app.options = options;
  const box = app.appendChild(document.createElement('fe-login-box'));
  await fixture(html`<div style=${wrapperStyle}>${app}</div>`);
  await waitUntil(() => input(box, 'email'), 'login box rendered', SLOW);
  return { app, box };
}

// back to the test page's size after a test that widened it (usersIn)
afterEach(async () => {
  await setViewport({ width: 800, height: 600 });
});

/** The users table's column headers in a locale's admin catalogue, as English orders them (after the selection's). */
const USER_COLUMNS = ['user', 'groups', 'roles', 'activity', 'managedBy'] as const;
const headersIn = (catalogue: typeof deAdmin) => USER_COLUMNS.map((c) => catalogue[`admin.users.col.${c}`]);

/** The seeded admin signed in, and `<fe-app locale>` around `<fe-admin-users>` against the emulator, its rows shown. */
async function usersIn(locale: string): Promise<{ app: FeAppElement; el: HTMLElement }> {
  // a page wide enough for every column (narrower, columns leave by priority)
  await setViewport({ width: 1440, height: 900 });
  await signIn(ADMIN);
  const app = document.createElement('fe-app');
  app.setAttribute('base-url', location.origin);
  app.setAttribute('locale', locale);
  const el = app.appendChild(document.createElement('fe-admin-users'));
  await fixture(html`<div>${app}</div>`);
  await waitUntil(() => rowsOf(el).length > 0, 'rows', SLOW);
  return { app, el };
}

/** Runs `body` while recording the keys `fe-missing-translation` reports. */
async function recordingMissing(body: (missing: string[]) => Promise<void>): Promise<void> {
  const missing: string[] = [];
  const record = (e: Event) => missing.push((e as CustomEvent<{ key: string }>).detail.key);
  document.addEventListener('fe-missing-translation', record);
  try {
    await body(missing);
  } finally {
    document.removeEventListener('fe-missing-translation', record);
  }
}

describe('locales', () => {
  before(() => document.addEventListener('fe-navigate', keepPage));
  after(() => document.removeEventListener('fe-navigate', keepPage));
  beforeEach(() => resetEmulator());

  it('Hebrew: the login box reads right to left, its layout mirrored, and has no axe violations', async () => {
    const { app, box } = await loginBoxIn({ locale: 'he' });
    await waitUntil(() => titleOf(box) === he['login.title'], 'Hebrew title', SLOW);
    expect(app.getAttribute('dir')).to.equal('rtl');
    expect(app.getAttribute('lang')).to.equal('he');
    const card = box.shadowRoot!.querySelector('[part=card]')!;
    expect(getComputedStyle(card).direction).to.equal('rtl');
    // the label starts at the right edge of the form (its inline start), not at the left
    const form = box.querySelector('form')!.getBoundingClientRect();
    const label = textRect(labelOf(box)!);
    expect(Math.abs(label.right - form.right), 'label at the right edge').to.be.below(2);
    expect(label.left - form.left, 'room on the left').to.be.above(20);
    expect(labelOf(box)!.textContent).to.equal(he['login.email.label']);
    await expect(box).to.be.accessible();
  });

  it('the locale attribute and options.locale switch the shown language at run time; back in English lang/dir go', async () => {
    const { app, box } = await renderLoginBox();
    expect(titleOf(box)).to.equal(en['login.title']);
    app.setAttribute('locale', 'de');
    await waitUntil(() => titleOf(box) === de['login.title'], 'German after the attribute changed', SLOW);
    expect(labelOf(box)!.textContent).to.equal(de['login.email.label']);
    expect(app.getAttribute('dir')).to.equal('ltr');
    app.options = { ...app.options, locale: 'he' };
    await waitUntil(() => titleOf(box) === he['login.title'], 'Hebrew after options.locale', SLOW);
    expect(getComputedStyle(box.shadowRoot!.querySelector('[part=card]')!).direction).to.equal('rtl');
    app.options = { ...app.options, locale: 'en' };
    await waitUntil(() => titleOf(box) === en['login.title'], 'English again', SLOW);
    expect(app.hasAttribute('dir')).to.equal(false);
    expect(app.hasAttribute('lang')).to.equal(false);
    expect(getComputedStyle(box.shadowRoot!.querySelector('[part=card]')!).direction).to.equal('ltr');
  });

  it('a locale without a catalogue shows English and fires fe-missing-translation once per key; localizations count as translations', async () => {
    const missing: string[] = [];
    const record = (e: Event) => missing.push((e as CustomEvent<{ key: string; locale: string }>).detail.key);
    document.addEventListener('fe-missing-translation', record);
    try {
      const { app, box } = await loginBoxIn({ locale: 'fr' }, { localizations: { fr: { login: { title: 'Connexion' } } } });
      await waitUntil(() => missing.includes('login.email.label'), 'missing label reported', SLOW);
      expect(titleOf(box)).to.equal('Connexion');
      expect(labelOf(box)!.textContent).to.equal(en['login.email.label']);
      expect(missing).not.to.include('login.title');
      // re-rendered (a failed validation shows new texts) and switched away and back: no key reported twice
      box.querySelector('form')!.requestSubmit();
      await waitUntil(() => missing.includes('login.email.required'), 'the validation message reported', SLOW);
      app.setAttribute('theme', 'light');
      await new Promise((r) => setTimeout(r, 200));
      expect(missing.length, missing.join()).to.equal(new Set(missing).size);
    } finally {
      document.removeEventListener('fe-missing-translation', record);
    }
  });

  it('Hebrew: the users section reads right to left with Hebrew headers, reports no missing key, and has no axe violations', async () => {
    await recordingMissing(async (missing) => {
      const { app, el } = await usersIn('he');
      await waitUntil(() => columnHeaders(el).slice(1, 6).join('|') === headersIn(heAdmin).join('|'), 'Hebrew headers', SLOW);
      expect(app.getAttribute('dir')).to.equal('rtl');
      expect(getComputedStyle(root(el).querySelector('table')!).direction).to.equal('rtl');
      expect(root(el).textContent).to.contain(heAdmin['admin.users.title']);
      await expect(el).to.be.accessible();
      // a dialog too: its title, fields and buttons come from the admin catalogue
      button(root(el), heAdmin['admin.users.add'])!.click();
      await waitUntil(() => dialog(el), 'add user dialog', SLOW);
      expect(dialogTitle(el)).to.equal(heAdmin['admin.users.addTitle']);
      await expect(el).to.be.accessible();
      await new Promise((r) => setTimeout(r, 200));
      expect(missing).to.deep.equal([]);
    });
  });

  it('German: the users table header reads in German, with no missing key', async () => {
    await recordingMissing(async (missing) => {
      const { el } = await usersIn('de');
      await waitUntil(() => columnHeaders(el).slice(1, 6).join('|') === headersIn(deAdmin).join('|'), 'German headers', SLOW);
      expect(columnHeaders(el).slice(1, 6)).to.deep.equal(['Benutzer', 'Gruppen', 'Rollen', 'Beigetreten · zuletzt aktiv', 'Verwaltet von']);
      await new Promise((r) => setTimeout(r, 200));
      expect(missing).to.deep.equal([]);
    });
  });

  it('German covers every key the login box shows: no fe-missing-translation', async () => {
    const missing: string[] = [];
    const record = (e: Event) => missing.push((e as CustomEvent<{ key: string }>).detail.key);
    document.addEventListener('fe-missing-translation', record);
    try {
      const { box } = await loginBoxIn({ locale: 'de' });
      await waitUntil(() => titleOf(box) === de['login.title'], 'German title', SLOW);
      box.querySelector('form')!.requestSubmit();
      await waitUntil(() => box.querySelector('[aria-invalid=true]'), 'validation shown', SLOW);
      await new Promise((r) => setTimeout(r, 200));
      expect(missing).to.deep.equal([]);
    } finally {
      document.removeEventListener('fe-missing-translation', record);
    }
  });
});

describe('colour schemes', () => {
  const DARK_SURFACE = TOKENS.color.surface.dark!;
  before(() => document.addEventListener('fe-navigate', keepPage));
  after(async () => {
    document.removeEventListener('fe-navigate', keepPage);
    await emulateMedia({ colorScheme: 'light' });
  });
  // the seed's vendor theme (metadata, primary #4c5ee6, a light-scheme colour) stays: its dark values must pass too
  beforeEach(() => resetEmulator());

  it('with prefers-color-scheme: dark the login box turns dark and has no axe violations (colour contrast included)', async () => {
    await emulateMedia({ colorScheme: 'dark' });
    const { app, box } = await loginBoxIn({});
    await waitUntil(() => surface(app) === DARK_SURFACE, 'dark tokens applied', SLOW);
    const card = box.shadowRoot!.querySelector('[part=card]')!;
    expect(getComputedStyle(card).backgroundColor).to.equal('rgb(31, 41, 55)');
    expect(getComputedStyle(card).colorScheme).to.equal('dark');
    await expect(box).to.be.accessible();
  });

  it('theme="light" keeps the light tokens on a dark OS, and follows the OS again without it', async () => {
    await emulateMedia({ colorScheme: 'dark' });
    const { app, box } = await loginBoxIn({ theme: 'light' });
    const card = box.shadowRoot!.querySelector('[part=card]')!;
    await waitUntil(() => getComputedStyle(card).colorScheme === 'light', 'light scheme', SLOW);
    expect(getComputedStyle(card).backgroundColor).to.equal('rgb(255, 255, 255)');
    await expect(box).to.be.accessible();
    app.removeAttribute('theme');
    await waitUntil(() => getComputedStyle(card).backgroundColor === 'rgb(31, 41, 55)', 'dark again', SLOW);
    // the OS turns light: so does the box
    await emulateMedia({ colorScheme: 'light' });
    await waitUntil(() => getComputedStyle(card).backgroundColor === 'rgb(255, 255, 255)', 'light with the OS', SLOW);
  });

  it('theme="dark" on a light OS is dark; a --fe-* value the host set still wins', async () => {
    await emulateMedia({ colorScheme: 'light' });
    const { app, box } = await loginBoxIn({ theme: 'dark', style: '--fe-color-primary: #fbbf24' });
    await waitUntil(() => surface(app) === DARK_SURFACE, 'dark tokens applied', SLOW);
    const button = box.querySelector<HTMLButtonElement>('form button[type=submit]')!;
    expect(getComputedStyle(button).backgroundColor).to.equal('rgb(251, 191, 36)');
    await expect(box).to.be.accessible();
  });

  it('the users section is dark on a dark OS and has no axe violations', async () => {
    await emulateMedia({ colorScheme: 'dark' });
    const el = await renderStory('users', 'filled');
    await waitUntil(() => el.shadowRoot?.querySelectorAll('tbody tr[data-row-id]').length, 'rows', SLOW);
    await waitUntil(() => surface(el) === DARK_SURFACE, 'dark tokens applied', SLOW);
    await expect(el).to.be.accessible();
  });

  it('forced colours: buttons keep a visible border and the keyboard focus a solid outline', async () => {
    await executeServerCommand('emulate-media-features', [{ name: 'forced-colors', value: 'active' }]);
    try {
      expect(matchMedia('(forced-colors: active)').matches).to.equal(true);
      const { box } = await loginBoxIn({});
      const button = box.querySelector<HTMLButtonElement>('form button[type=submit]')!;
      const style = getComputedStyle(button);
      expect(style.borderTopStyle).to.equal('solid');
      expect(parseFloat(style.borderTopWidth)).to.be.at.least(1);
      expect(style.borderTopColor).not.to.match(/rgba\(.*, 0\)$/);
      input(box, 'email')!.focus();
      await sendKeys({ press: 'Tab' });
      expect(box.querySelector(':focus-visible')).to.equal(button);
      expect(getComputedStyle(button).outlineStyle).to.equal('solid');
      expect(parseFloat(getComputedStyle(button).outlineWidth)).to.equal(2);
    } finally {
      await executeServerCommand('emulate-media-features', []);
    }
  });
});

describe('the vendor’s metadata theme and the host’s CSS', () => {
  const bg = (box: HTMLElement) => getComputedStyle(box.querySelector('form button[type=submit]')!).backgroundColor;
  before(() => document.addEventListener('fe-navigate', keepPage));
  after(async () => {
    document.removeEventListener('fe-navigate', keepPage);
    await emulateMedia({ colorScheme: 'light' });
  });
  beforeEach(() => resetEmulator());

  it('SI-7.09 the seed’s metadata theme colours the login box (primary #4c5ee6)', async () => {
    await emulateMedia({ colorScheme: 'light' });
    const { box } = await loginBoxIn({});
    await waitUntil(() => bg(box) === 'rgb(76, 94, 230)', 'the vendor primary', SLOW);
  });

  it('a --fe-* value the host sets on an ancestor wins over the metadata theme; the theme’s other values still apply', async () => {
    await emulateMedia({ colorScheme: 'light' });
    await setMetadata({ theme: { palette: { primary: '#d4338a' }, shape: { borderRadius: 3 } } });
    const { box } = await loginBoxIn({}, {}, '--fe-color-primary: #0f766e');
    const button = box.querySelector('form button[type=submit]')!;
    await waitUntil(() => getComputedStyle(button).borderTopLeftRadius === '3px', 'the vendor radius', SLOW);
    expect(bg(box)).to.equal('rgb(15, 118, 110)');
  });

  it('in the dark scheme the vendor primary is lightened to 4.5:1 on the dark surface, and the box has no axe violations', async () => {
    await emulateMedia({ colorScheme: 'dark' });
    const { app, box } = await loginBoxIn({});
    const expected = darkThemeVariables({ palette: { primary: { main: '#4c5ee6' } } })['--fe-color-primary'];
    await waitUntil(() => surface(app) === TOKENS.color.surface.dark && app.style.getPropertyValue('--fe-color-primary') === expected, 'dark vendor values', SLOW);
    expect(expected).not.to.equal('#4c5ee6');
    expect(contrastRatio(expected, TOKENS.color.surface.dark!)).to.be.at.least(4.5);
    const [r, g, b] = [1, 3, 5].map((i) => parseInt(expected.slice(i, i + 2), 16));
    expect(bg(box)).to.equal(`rgb(${r}, ${g}, ${b})`);
    await expect(box).to.be.accessible();
    // back to light: the vendor's own colour again
    await emulateMedia({ colorScheme: 'light' });
    await waitUntil(() => bg(box) === 'rgb(76, 94, 230)', 'the light vendor primary', SLOW);
  });
});
