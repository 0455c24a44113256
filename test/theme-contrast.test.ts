/**
 * Issue 21 item 6, "dark scheme with any host colour": the text on a primary surface is chosen by contrast, and the
 * primary used as text is adjusted until 4.5:1 on its background (src/theme/contrast.ts), for any host primary, in
 * both schemes, as `<fe-app>`'s scheme layer applies them (src/theme/scheme.ts `applyScheme`).
 */
import { expect } from '@open-wc/testing';
import { applyScheme, resolveColor, setVendorTheme } from '../src/theme/scheme.ts';
import { TOKENS, contrastRatio, darkThemeVariables, primaryLayer, readableOn, textOnPrimary, theme, themeToCssVariables } from '../src/theme/index.ts';

const c = TOKENS.color;
const GROUNDS = {
  light: { surface: c.surface.default, background: c.background.default },
  dark: { surface: c.surface.dark!, background: c.background.dark! },
} as const;

/** Host primaries: the demo's crimson and its rose, a yellow, a pale one, a dark navy, teal, black, white, mid grey. */
const PRIMARIES = ['#dc143c', '#be123c', '#ffff00', '#fbcfe8', '#1e3a8a', '#0f766e', '#000000', '#ffffff', '#777777', '#4f46e5'];

describe('theme: text on a primary surface (textOnPrimary)', () => {
  it('crimson takes white (4.99:1), not near-black (3.5:1)', () => {
    expect(textOnPrimary(['#dc143c'])).to.equal('#ffffff');
    expect(contrastRatio('#ffffff', '#dc143c')).to.be.above(4.5);
  });

  it('yellow and a pale pink take near-black; navy takes white', () => {
    expect(textOnPrimary(['#ffff00'])).to.equal('#111827');
    expect(textOnPrimary(['#fbcfe8'])).to.equal('#111827');
    expect(textOnPrimary(['#1e3a8a'])).to.equal('#ffffff');
  });

  it('weighs every state: a lighter hover can turn the choice', () => {
    // #0f9d8f: white reaches only 3.4:1 on rest; near-black reads on rest, hover and pressed
    const choice = textOnPrimary(['#0f9d8f', '#3fb1a5', '#57bbb1']);
    expect(choice).to.equal('#111827');
  });
});

describe('theme: the primary as text (readableOn)', () => {
  it('keeps a primary that already reads', () => {
    expect(readableOn('#4f46e5', ['#ffffff', '#f9fafb'])).to.equal('#4f46e5');
  });

  it('lightens on dark grounds and darkens on light ones until 4.5:1', () => {
    const onDark = readableOn('#be123c', [GROUNDS.dark.surface, GROUNDS.dark.background]);
    expect(contrastRatio(onDark, GROUNDS.dark.surface)).to.be.at.least(4.5);
    expect(contrastRatio(onDark, GROUNDS.dark.background)).to.be.at.least(4.5);
    const onLight = readableOn('#ffff00', [GROUNDS.light.surface, GROUNDS.light.background]);
    expect(contrastRatio(onLight, GROUNDS.light.background)).to.be.at.least(4.5);
  });
});

describe('theme: primaryLayer for any host primary, light and dark', () => {
  for (const scheme of ['light', 'dark'] as const) {
    for (const primary of PRIMARIES) {
      it(`${scheme} ${primary}: text on rest, hover and pressed ≥ 4.5:1, the primary as text ≥ 4.5:1 on surface and background`, () => {
        const { surface, background } = GROUNDS[scheme];
        const layer = primaryLayer({ primary, surface, background });
        const on = layer['--fe-color-on-primary'];
        for (const state of [primary, layer['--fe-color-primary-hover'], layer['--fe-color-primary-active']]) {
          // a mid grey cannot give 4.5:1 to either white or near-black on all three: it gets the better of the two
          if (primary !== '#777777') expect(contrastRatio(on, state), `on ${state}`).to.be.at.least(4.5);
        }
        const text = layer['--fe-color-primary-text'];
        expect(contrastRatio(text, surface), 'on surface').to.be.at.least(4.5);
        expect(contrastRatio(text, background), 'on background').to.be.at.least(4.5);
        expect(contrastRatio(layer['--fe-color-focus-ring'], surface), 'focus ring').to.be.at.least(3);
      });
    }
  }

  it('keeps hover and pressed shades that were given', () => {
    const layer = primaryLayer({ primary: '#be123c', hover: '#a10f33', active: '#980e30', ...GROUNDS.dark });
    expect(layer['--fe-color-primary-hover']).to.equal('#a10f33');
    expect(layer['--fe-color-primary-active']).to.equal('#980e30');
    expect(layer['--fe-color-on-primary']).to.equal('#ffffff');
  });
});

describe('theme: applyScheme with a host primary', () => {
  let root: HTMLDivElement;
  beforeEach(() => {
    root = document.createElement('div');
    document.body.append(root);
  });
  afterEach(() => root.remove());

  /** The colour an element style gets for `token` (its `var(--fe-…, default)`), as `#rrggbb`. */
  const read = (token: keyof typeof theme.color) => {
    const probe = document.createElement('span');
    probe.style.color = theme.color[token];
    root.append(probe);
    const value = resolveColor(getComputedStyle(probe).color);
    probe.remove();
    return value;
  };

  for (const scheme of ['light', 'dark'] as const) {
    for (const primary of ['#dc143c', 'crimson', '#ffff00', '#0f766e', 'oklch(0.45 0.2 20)']) {
      it(`${scheme}: a host primary ${primary} in CSS gets readable text on it and a readable text variant`, () => {
        root.setAttribute('theme', scheme);
        root.style.setProperty('--fe-color-primary', primary);
        applyScheme(root);
        const on = read('onPrimary');
        for (const state of ['primary', 'primaryHover', 'primaryActive'] as const) expect(contrastRatio(on, read(state)), state).to.be.at.least(4.5);
        for (const ground of ['surface', 'background'] as const) expect(contrastRatio(read('primaryText'), read(ground)), ground).to.be.at.least(4.5);
        if (scheme === 'dark') expect(read('surface')).to.equal(GROUNDS.dark.surface);
      });
    }
  }

  it('a host primary takes over from the vendor theme: the primary as text is the host’s colour, not the vendor’s', () => {
    const vendor = { palette: { primary: '#4c5ee6' } };
    root.style.setProperty('--fe-color-primary', '#dc143c');
    for (const scheme of ['light', 'dark'] as const) {
      root.setAttribute('theme', scheme);
      setVendorTheme(root, { light: themeToCssVariables(vendor), dark: darkThemeVariables(vendor) });
      // crimson reads at 4.5:1 on the light surface as it is; on the dark one it is lightened, still a red
      const text = parseInt(read('primaryText').slice(1, 3), 16);
      if (scheme === 'light') expect(read('primaryText')).to.equal('#dc143c');
      else expect(text, read('primaryText')).to.be.above(parseInt(read('primaryText').slice(5, 7), 16));
      expect(read('focusRing')).to.equal(read('primaryText'));
      expect(read('onPrimary')).to.equal('#ffffff');
    }
  });

  it('a value the host set wins; the default light theme sets nothing', () => {
    root.setAttribute('theme', 'dark');
    root.style.setProperty('--fe-color-primary', '#dc143c');
    root.style.setProperty('--fe-color-on-primary', '#000000');
    applyScheme(root);
    expect(root.style.getPropertyValue('--fe-color-on-primary')).to.equal('#000000');
    expect(root.style.getPropertyValue('--fe-color-primary-hover')).to.not.equal(c.primaryHover.dark);
    const plain = document.createElement('div');
    plain.setAttribute('theme', 'light');
    document.body.append(plain);
    applyScheme(plain);
    expect([...plain.style].filter((name) => name.startsWith('--fe-color-') && name !== '--fe-color-scheme')).to.deep.equal([]);
    plain.remove();
  });
});
