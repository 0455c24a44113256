/**
 * Theming layer (src/theme): colour parsing and derivation (spec §9), the
 * unsupported-colour error (§8), the public --fe-* contract and runtime
 * application through shadow DOM (toolchain.md §1).
 */
import { expect } from '@open-wc/testing';
import css from '../src/theme/test-fixture.css.ts?inline';
import { swatch } from '../src/theme/test-fixture.css.ts';
import {
  CONTRAST_TEXT_DARK,
  CONTRAST_TEXT_LIGHT,
  DARKEN_ACTIVE,
  DARKEN_DARK,
  DARKEN_HOVER,
  DEFAULT_THEME_NAME,
  LIGHTEN_LIGHT,
  MODERN_THEME,
  THEME_PRESETS,
  THEME_VARIABLES,
  TOKENS,
  UnsupportedColorFormatError,
  applyTheme,
  contrastRatio,
  darkThemeVariables,
  darken,
  derivePalette,
  formatColor,
  getContrastText,
  getThemePreset,
  lighten,
  mergeThemes,
  parseColor,
  theme,
  themeToCssVariables,
  vars,
} from '../src/theme/index.ts';

/** Computed colours come back as `rgb(…)`; normalise through the code under test's parser. */
const hex = (computed: string) => formatColor(parseColor(computed));

/** Leaves of a nested object, in order. */
const leaves = (o: object): string[] => Object.values(o).flatMap((v) => (typeof v === 'string' ? [v] : leaves(v)));

/** The dark value of each token that has one, by custom property name. */
const TOKEN_DARK: Record<string, string> = Object.fromEntries(
  Object.values(TOKENS.color)
    .filter((t) => 'dark' in t && t.dark)
    .map((t) => [t.name, (t as { dark: string }).dark]),
);

describe('theme: constants (spec §9)', () => {
  it('SI-9.04 default theme name is modern', () => {
    expect(DEFAULT_THEME_NAME).to.equal('modern');
    expect(Object.keys(THEME_PRESETS)).to.deep.equal(['modern']);
    expect(getThemePreset()).to.equal(THEME_PRESETS.modern);
    expect(getThemePreset('no-such-theme')).to.equal(MODERN_THEME);
    // The modern preset is exactly the contract defaults: applying it changes nothing.
    const fromPreset = themeToCssVariables(getThemePreset());
    const defaults = Object.fromEntries(THEME_VARIABLES.map((v) => [v.name, v.default]));
    // primary-text defaults to the primary (a var()); the preset gives the resolved, readable primary
    expect(fromPreset).to.deep.equal({ ...defaults, '--fe-color-primary-text': '#4f46e5' });
  });

  it('SI-9.05 light lightens by 0.4', () => {
    expect(LIGHTEN_LIGHT).to.equal(0.4);
    // #4f46e5 = (79, 70, 229); c + (255 - c) * 0.4 → 149.4, 144, 239.4 → (149, 144, 239) = #9590ef
    expect(derivePalette('#4f46e5').light).to.equal('#9590ef');
    expect(lighten('#4f46e5', 0.4)).to.equal('#9590ef');
    // black: 0 + 255 * 0.4 = 102 = 0x66
    expect(derivePalette('#000000').light).to.equal('#666666');
  });

  it('SI-9.06 dark and hover darken by 0.15', () => {
    expect(DARKEN_DARK).to.equal(0.15);
    expect(DARKEN_HOVER).to.equal(0.15);
    // c * 0.85 → 67.15, 59.5, 194.65 → integer part (MUI) (67, 59, 194) = #433bc2
    const p = derivePalette('#4f46e5');
    expect(p.dark).to.equal('#433bc2');
    expect(p.hover).to.equal('#433bc2');
    // white: 255 * 0.85 = 216.75 → 216 = 0xd8
    expect(derivePalette('#ffffff').hover).to.equal('#d8d8d8');
  });

  it('SI-9.07 active darkens by 0.2', () => {
    expect(DARKEN_ACTIVE).to.equal(0.2);
    // c * 0.8 → 63.2, 56, 183.2 → (63, 56, 183) = #3f38b7
    expect(derivePalette('#4f46e5').active).to.equal('#3f38b7');
    expect(darken('#4f46e5', 0.2)).to.equal('#3f38b7');
    // white: 255 * 0.8 = 204 = 0xcc
    expect(derivePalette('#fff').active).to.equal('#cccccc');
  });
});

describe('theme: unsupported colours (spec §8)', () => {
  const bad = ['red', 'color(display-p3 1 0 0)', '#12', '', '#12345', '#ggg', 'rgb(1, 2)', 'rgb(1 2 3 4)', 'rgb(1, 2 3)', 'hsl(a b c)', 'oklch(0.5 0.2 270)', 'transparent'];

  it('SI-8.23 unsupported colour format raises an error', () => {
    for (const input of bad) {
      expect(() => parseColor(input), JSON.stringify(input)).to.throw(UnsupportedColorFormatError, `Unsupported color format: ${input}`);
    }
    const err = (() => {
      try {
        parseColor('red');
      } catch (e) {
        return e;
      }
    })();
    expect(err).to.be.instanceOf(Error);
    expect((err as UnsupportedColorFormatError).name).to.equal('UnsupportedColorFormatError');
    expect((err as UnsupportedColorFormatError).input).to.equal('red');
  });

  it('SI-8.23 every colour entry point raises it: lighten, darken, derivePalette, themeToCssVariables, applyTheme', () => {
    expect(() => lighten('red', 0.4)).to.throw(UnsupportedColorFormatError);
    expect(() => darken('', 0.15)).to.throw(UnsupportedColorFormatError);
    expect(() => derivePalette('#12')).to.throw(UnsupportedColorFormatError);
    expect(() => themeToCssVariables({ palette: { primary: { main: 'color(display-p3 1 0 0)' } } })).to.throw(UnsupportedColorFormatError);
    expect(() => themeToCssVariables({ palette: { text: { secondary: 'grey' } } })).to.throw(UnsupportedColorFormatError);
    expect(() => themeToCssVariables({ palette: { error: 'crimson' } })).to.throw(UnsupportedColorFormatError);
  });

  it('SI-8.23 applyTheme with a bad colour leaves the element untouched', () => {
    const el = document.createElement('div');
    expect(() => applyTheme(el, { palette: { background: '#fff', primary: 'red' } })).to.throw(UnsupportedColorFormatError);
    expect(el.getAttribute('style')).to.equal(null);
  });
});

describe('theme: parseColor', () => {
  const cases: Array<[string, { r: number; g: number; b: number; a: number }]> = [
    ['#abc', { r: 0xaa, g: 0xbb, b: 0xcc, a: 1 }],
    ['#abc8', { r: 0xaa, g: 0xbb, b: 0xcc, a: 0.533 }], // 0x88 / 255 = 0.5333
    ['#4F46E5', { r: 79, g: 70, b: 229, a: 1 }],
    ['#4f46e580', { r: 79, g: 70, b: 229, a: 0.502 }], // 0x80 / 255 = 0.50196
    ['rgb(79, 70, 229)', { r: 79, g: 70, b: 229, a: 1 }],
    ['rgba(79,70,229,0.25)', { r: 79, g: 70, b: 229, a: 0.25 }],
    ['rgb(79 70 229)', { r: 79, g: 70, b: 229, a: 1 }],
    ['rgb(79 70 229 / 40%)', { r: 79, g: 70, b: 229, a: 0.4 }],
    ['rgba(100%, 0%, 50%, .5)', { r: 255, g: 0, b: 128, a: 0.5 }], // 127.5 rounds to 128
    ['rgb(300, -5, 10)', { r: 255, g: 0, b: 10, a: 1 }], // clamped as CSS does
    ['hsl(0, 100%, 50%)', { r: 255, g: 0, b: 0, a: 1 }],
    ['hsl(120deg 100% 25%)', { r: 0, g: 128, b: 0, a: 1 }], // 0.25 * 2 * 255 = 127.5 → 128
    ['hsla(240, 100%, 50%, 0.5)', { r: 0, g: 0, b: 255, a: 0.5 }],
    ['hsl(0.5turn 100% 50% / 0.3)', { r: 0, g: 255, b: 255, a: 0.3 }],
    ['hsl(0, 0%, 100%)', { r: 255, g: 255, b: 255, a: 1 }],
    ['  RGB( 1 , 2 , 3 )  ', { r: 1, g: 2, b: 3, a: 1 }],
  ];
  for (const [input, expected] of cases) {
    it(`parses ${JSON.stringify(input)}`, () => {
      expect(parseColor(input)).to.deep.equal(expected);
    });
  }

  it('formatColor gives #rrggbb when opaque and rgba() when translucent', () => {
    expect(formatColor(parseColor('rgb(79, 70, 229)'))).to.equal('#4f46e5');
    expect(formatColor(parseColor('#4f46e580'))).to.equal('rgba(79, 70, 229, 0.502)');
    // lighten/darken keep alpha: 79 * 0.85 = 67.15 → 67, 70 * 0.85 = 59.5 → 59, 229 * 0.85 = 194.65 → 194
    expect(darken('rgba(79, 70, 229, 0.5)', 0.15)).to.equal('rgba(67, 59, 194, 0.5)');
  });

  it('agrees with the browser on every supported syntax', () => {
    const probe = document.createElement('div');
    document.body.append(probe);
    try {
      for (const [input] of cases) {
        if (/^\s|\s$/.test(input)) continue;
        probe.style.color = '';
        probe.style.color = input;
        expect(probe.style.color, `browser accepts ${input}`).to.not.equal('');
        const browser = parseColor(getComputedStyle(probe).color);
        const ours = parseColor(input);
        for (const k of ['r', 'g', 'b'] as const) expect(Math.abs(browser[k] - ours[k]), `${input} ${k}`).to.be.at.most(1);
        expect(Math.abs(browser.a - ours.a), `${input} a`).to.be.below(0.01);
      }
    } finally {
      probe.remove();
    }
  });
});

describe('theme: contrast', () => {
  it('contrastRatio follows WCAG 2.x', () => {
    expect(contrastRatio('#000', '#fff')).to.be.closeTo(21, 1e-9);
    expect(contrastRatio('#fff', '#fff')).to.equal(1);
    expect(contrastRatio('#4f46e5', '#fff')).to.equal(contrastRatio('#fff', '#4f46e5'));
    // #777 on white is the classic borderline grey: 4.48:1
    expect(contrastRatio('#777777', '#ffffff')).to.be.closeTo(4.48, 0.01);
  });

  it('contrastText picks white or #111827, whichever contrasts more', () => {
    expect(CONTRAST_TEXT_LIGHT).to.equal('#ffffff');
    expect(CONTRAST_TEXT_DARK).to.equal('#111827');
    expect(derivePalette('#4f46e5').contrastText).to.equal('#ffffff');
    expect(derivePalette('#1e3a8a').contrastText).to.equal('#ffffff');
    expect(derivePalette('#fde047').contrastText).to.equal('#111827'); // yellow
    expect(derivePalette('#ffffff').contrastText).to.equal('#111827');
    expect(getContrastText('#22d3ee')).to.equal('#111827'); // light cyan
    for (const bg of ['#4f46e5', '#fde047', '#22d3ee', '#777777', '#b91c1c']) {
      const chosen = getContrastText(bg);
      const other = chosen === CONTRAST_TEXT_LIGHT ? CONTRAST_TEXT_DARK : CONTRAST_TEXT_LIGHT;
      expect(contrastRatio(bg, chosen), bg).to.be.at.least(contrastRatio(bg, other));
    }
  });

  it('modern defaults meet WCAG AA on the surface', () => {
    const v = Object.fromEntries(THEME_VARIABLES.map((x) => [x.name, x.default]));
    const surface = v['--fe-color-surface'];
    const bg = v['--fe-color-background'];
    for (const name of ['--fe-color-text', '--fe-color-text-muted', '--fe-color-danger', '--fe-color-success', '--fe-color-primary']) {
      expect(contrastRatio(v[name], surface), name).to.be.at.least(4.5);
      expect(contrastRatio(v[name], bg), `${name} on background`).to.be.at.least(4.5);
    }
    expect(contrastRatio(v['--fe-color-on-primary'], v['--fe-color-primary'])).to.be.at.least(4.5);
    expect(contrastRatio(v['--fe-color-on-primary'], v['--fe-color-primary-hover'])).to.be.at.least(4.5);
    expect(contrastRatio(v['--fe-color-on-primary'], v['--fe-color-primary-active'])).to.be.at.least(4.5);
    expect(contrastRatio(v['--fe-color-danger'], v['--fe-color-danger-surface'])).to.be.at.least(4.5);
    expect(contrastRatio(v['--fe-color-focus-ring'], surface)).to.be.at.least(3);
    expect(parseFloat(v['--fe-input-height'])).to.be.at.least(24); // WCAG 2.5.8
  });
});

describe('theme: contract', () => {
  it('vars are the public --fe-* names and theme carries the modern defaults as fallbacks', () => {
    expect(vars.color.primary).to.equal('var(--fe-color-primary)');
    expect(vars.color.onPrimary).to.equal('var(--fe-color-on-primary)');
    expect(vars.font.sizeBase).to.equal('var(--fe-font-size-base)');
    expect(vars.inputHeight).to.equal('var(--fe-input-height)');
    expect(theme.color.primary).to.equal('var(--fe-color-primary, #4f46e5)');
    expect(theme.color.primaryHover).to.equal(`var(--fe-color-primary-hover, ${darken('#4f46e5', 0.15)})`);
    expect(theme.radius).to.equal('var(--fe-radius, 8px)');
    expect(theme.inputHeight).to.equal('var(--fe-input-height, 44px)');
  });

  it('the dark token set keeps text at 4.5:1 and the focus ring at 3:1 on its surface and background', () => {
    const d = TOKEN_DARK;
    for (const name of ['--fe-color-text', '--fe-color-text-muted', '--fe-color-danger', '--fe-color-success', '--fe-color-primary']) {
      expect(contrastRatio(d[name], d['--fe-color-surface']), name).to.be.at.least(4.5);
      expect(contrastRatio(d[name], d['--fe-color-background']), `${name} on background`).to.be.at.least(4.5);
    }
    for (const state of ['--fe-color-primary', '--fe-color-primary-hover', '--fe-color-primary-active'])
      expect(contrastRatio(d['--fe-color-on-primary'], d[state]), state).to.be.at.least(4.5);
    expect(contrastRatio(d['--fe-color-danger'], d['--fe-color-danger-surface'])).to.be.at.least(4.5);
    expect(contrastRatio(d['--fe-color-focus-ring'], d['--fe-color-surface'])).to.be.at.least(3);
  });

  it('THEME_VARIABLES lists exactly the contract, in the same order, with the same defaults', () => {
    expect(THEME_VARIABLES.map((v) => `var(${v.name})`)).to.deep.equal(leaves(vars));
    expect(THEME_VARIABLES.map((v) => `var(${v.name}, ${v.default})`)).to.deep.equal(leaves(theme));
    for (const v of THEME_VARIABLES) {
      expect(v.name).to.match(/^--fe-[a-z]+(-[a-z]+)*$/);
      expect(v.description, v.name).to.be.a('string').and.not.equal('');
    }
    expect(THEME_VARIABLES.map((v) => v.name)).to.include.members([
      '--fe-color-primary',
      '--fe-color-primary-light',
      '--fe-color-primary-dark',
      '--fe-color-primary-hover',
      '--fe-color-primary-active',
      '--fe-color-on-primary',
      '--fe-color-background',
      '--fe-color-surface',
      '--fe-color-text',
      '--fe-color-text-muted',
      '--fe-color-border',
      '--fe-color-danger',
      '--fe-color-danger-surface',
      '--fe-color-success',
      '--fe-color-focus-ring',
      '--fe-font-family',
      '--fe-font-size-base',
      '--fe-radius',
      '--fe-spacing-unit',
      '--fe-input-height',
    ]);
  });
});

describe('theme: themeToCssVariables and mergeThemes', () => {
  it('derives the primary variants and maps the MUI-like shape', () => {
    const out = themeToCssVariables({
      palette: {
        primary: { main: 'rgb(0, 128, 0)' },
        background: { default: '#eee', paper: 'hsl(0, 0%, 100%)' },
        text: { primary: '#222', secondary: '#555' },
        error: { main: '#c00', surface: '#fee' },
        success: { main: '#060' },
        divider: '#999',
      },
      typography: { fontFamily: 'Inter, sans-serif', fontSize: 15 },
      shape: { borderRadius: 4, inputHeight: '3rem' },
      spacing: 6,
    });
    // green (0, 128, 0): light 0 + 255*0.4 = 102, 128 + 127*0.4 = 178.8 → 178; dark/hover 128*0.85 = 108.8 → 108; active 128*0.8 = 102.4 → 102
    expect(out).to.deep.equal({
      '--fe-color-background': '#eeeeee',
      '--fe-color-surface': '#ffffff',
      '--fe-color-text': '#222222',
      '--fe-color-text-muted': '#555555',
      '--fe-color-primary': '#008000',
      '--fe-color-primary-light': '#66b266',
      '--fe-color-primary-dark': '#006c00',
      '--fe-color-primary-hover': '#006c00',
      '--fe-color-primary-active': '#006600',
      '--fe-color-on-primary': '#ffffff',
      // as text the green is darkened 0.05 (1 step) to read at 4.5:1 on the #eeeeee background
      '--fe-color-primary-text': '#007900',
      '--fe-color-focus-ring': '#008000',
      '--fe-color-danger': '#cc0000',
      '--fe-color-danger-surface': '#ffeeee',
      '--fe-color-success': '#006600',
      '--fe-color-border': '#999999',
      '--fe-font-family': 'Inter, sans-serif',
      '--fe-font-size-base': '15px',
      '--fe-radius': '4px',
      '--fe-input-height': '3rem',
      '--fe-spacing-unit': '6px',
    });
  });

  it('returns only what the theme sets; explicit variants win over derived ones', () => {
    expect(themeToCssVariables(undefined)).to.deep.equal({});
    expect(themeToCssVariables({})).to.deep.equal({});
    expect(themeToCssVariables({ shape: { borderRadius: '0' } })).to.deep.equal({ '--fe-radius': '0' });
    const out = themeToCssVariables({ palette: { primary: { main: '#4f46e5', hover: '#000', contrastText: '#fefefe' }, danger: '#f00', error: '#0f0' } });
    expect(out['--fe-color-primary-hover']).to.equal('#000000');
    expect(out['--fe-color-on-primary']).to.equal('#fefefe');
    expect(out['--fe-color-primary-active']).to.equal('#3f38b7'); // still derived (see SI-9.07)
    expect(out['--fe-color-danger']).to.equal('#ff0000'); // danger takes precedence over error
  });

  it('focus ring follows primary unless primary is below 3:1 on the surface', () => {
    expect(themeToCssVariables({ palette: { primary: '#fde047' } })['--fe-color-focus-ring']).to.equal('#111827');
    expect(themeToCssVariables({ palette: { primary: '#fde047', text: '#000' } })['--fe-color-focus-ring']).to.equal('#000000');
    expect(themeToCssVariables({ palette: { primary: '#fde047', focusRing: '#00f' } })['--fe-color-focus-ring']).to.equal('#0000ff');
  });

  it('mergeThemes deep-merges without mutating its inputs', () => {
    const base = { palette: { primary: { main: '#111', light: '#999' }, border: '#ccc' }, shape: { borderRadius: 8 } };
    const snapshot = JSON.stringify(base);
    const merged = mergeThemes(base, { palette: { primary: { main: '#f00', light: undefined as unknown as string } }, typography: { fontSize: 14 } } as never);
    expect(merged).to.deep.equal({
      palette: { primary: { main: '#f00', light: '#999' }, border: '#ccc' },
      shape: { borderRadius: 8 },
      typography: { fontSize: 14 },
    });
    expect(JSON.stringify(base)).to.equal(snapshot);
    expect(merged.palette).to.not.equal(base.palette);
    // a string replaces an object form and vice versa
    expect(mergeThemes(base, { palette: { primary: '#0f0' } } as never).palette.primary).to.equal('#0f0');
    expect(mergeThemes(base, null)).to.deep.equal(base);
    // prototype pollution keys are ignored
    mergeThemes({}, JSON.parse('{"__proto__": {"polluted": true}}'));
    expect(({} as Record<string, unknown>).polluted).to.equal(undefined);
  });
});

describe('theme: a vendor theme in the dark scheme (darkThemeVariables)', () => {
  const surface = TOKENS.color.surface.dark!;
  const background = TOKENS.color.background.dark!;
  for (const primary of ['#4c5ee6', '#d4338a', '#000000', '#1e3a8a', '#ffff00', '#0f766e']) {
    it(`${primary}: the primary reads at 4.5:1 on the dark surface and background, and its variants keep AA`, () => {
      const out = darkThemeVariables({ palette: { primary } });
      const main = out['--fe-color-primary'];
      expect(contrastRatio(main, surface)).to.be.at.least(4.5);
      expect(contrastRatio(main, background)).to.be.at.least(4.5);
      expect(contrastRatio(main, out['--fe-color-on-primary'])).to.be.at.least(4.5);
      // the selected navigation item: primary-dark text on primary-light
      expect(contrastRatio(out['--fe-color-primary-dark'], out['--fe-color-primary-light'])).to.be.at.least(4.5);
      expect(out['--fe-color-focus-ring']).to.equal(main);
      // hover and pressed are lighter than the rest state, as the dark tokens are
      expect(contrastRatio(out['--fe-color-primary-hover'], surface)).to.be.above(contrastRatio(main, surface) - 0.001);
    });
  }

  it('a primary that already reads on the dark surface is kept as it is', () => {
    expect(darkThemeVariables({ palette: { primary: '#fbbf24' } })['--fe-color-primary']).to.equal('#fbbf24');
  });

  it('keeps typography, shape and spacing and leaves the other colours to the dark tokens', () => {
    const out = darkThemeVariables({
      palette: { primary: { main: '#4c5ee6', hover: '#000000' }, background: '#ffffff', text: '#111111', border: '#eeeeee' },
      typography: { fontFamily: 'Inter' },
      shape: { borderRadius: 3 },
      spacing: 6,
    });
    expect(out).to.include({ '--fe-font-family': 'Inter', '--fe-radius': '3px', '--fe-spacing-unit': '6px' });
    for (const name of ['--fe-color-background', '--fe-color-surface', '--fe-color-text', '--fe-color-border']) expect(out).not.to.have.property(name);
    expect(out['--fe-color-primary-hover']).not.to.equal('#000000');
    expect(darkThemeVariables({ shape: { borderRadius: 2 } })).to.deep.equal({ '--fe-radius': '2px' });
  });

  it('SI-8.23 an unsupported colour raises the error', () => {
    expect(() => darkThemeVariables({ palette: { primary: 'oklch(0.5 0.2 240)' } })).to.throw(UnsupportedColorFormatError);
  });
});

describe('theme: applyTheme through shadow DOM', () => {
  let host: HTMLDivElement;
  let target: HTMLElement;

  beforeEach(() => {
    host = document.createElement('div');
    const root = host.attachShadow({ mode: 'open' });
    const sheet = new CSSStyleSheet();
    sheet.replaceSync(css);
    root.adoptedStyleSheets = [sheet];
    target = document.createElement('div');
    target.className = swatch;
    target.textContent = 'Sign in';
    root.append(target);
  });
  afterEach(() => host.remove());

  it('the ?inline stylesheet uses the contract with modern fallbacks', () => {
    expect(css).to.be.a('string');
    expect(css).to.include(swatch.split(' ')[0]);
    expect(css).to.include('var(--fe-color-primary, #4f46e5)');
  });

  it('shows the modern defaults, the override after applyTheme on an ancestor, and the defaults again after removal', () => {
    const wrapper = document.createElement('section');
    wrapper.append(host);
    document.body.append(wrapper);
    try {
      const cs = getComputedStyle(target);
      // Modern defaults, from the var() fallbacks: no :root rule involved.
      expect(hex(cs.backgroundColor)).to.equal('#4f46e5');
      expect(hex(cs.color)).to.equal('#ffffff');
      expect(hex(cs.borderTopColor)).to.equal('#433bc2'); // hover = darken(#4f46e5, 0.15), see SI-9.06
      expect(cs.borderTopLeftRadius).to.equal('8px');
      expect(cs.minHeight).to.equal('44px');

      const remove = applyTheme(wrapper, { palette: { primary: '#fde047' }, shape: { borderRadius: 2 } });
      expect(wrapper.style.getPropertyValue('--fe-color-primary')).to.equal('#fde047');
      expect(hex(cs.backgroundColor)).to.equal('#fde047');
      expect(hex(cs.color)).to.equal('#111827'); // dark text on yellow
      // (253, 224, 71) * 0.85 = 215.05, 190.4, 60.35 → (215, 190, 60) = #d7be3c
      expect(hex(cs.borderTopColor)).to.equal('#d7be3c');
      expect(cs.borderTopLeftRadius).to.equal('2px');

      remove();
      expect(wrapper.getAttribute('style')).to.equal('');
      expect(hex(cs.backgroundColor)).to.equal('#4f46e5');
      expect(hex(cs.color)).to.equal('#ffffff');
      expect(cs.borderTopLeftRadius).to.equal('8px');
      remove(); // idempotent
      expect(hex(cs.backgroundColor)).to.equal('#4f46e5');
    } finally {
      wrapper.remove();
    }
  });

  it('the remover restores inline values the element already had', () => {
    document.body.append(host);
    host.style.setProperty('--fe-color-primary', '#b91c1c');
    const cs = getComputedStyle(target);
    expect(hex(cs.backgroundColor)).to.equal('#b91c1c');
    const remove = applyTheme(host, { palette: { primary: 'hsl(120, 100%, 25%)' } });
    expect(hex(cs.backgroundColor)).to.equal('#008000');
    remove();
    expect(host.style.getPropertyValue('--fe-color-primary')).to.equal('#b91c1c');
    expect(host.style.getPropertyValue('--fe-color-primary-hover')).to.equal('');
    expect(hex(cs.backgroundColor)).to.equal('#b91c1c');
  });

  it('a host can also set a --fe-* property in plain CSS on an ancestor', () => {
    const style = document.createElement('style');
    style.textContent = '.fe-themed { --fe-color-primary: rgb(10, 20, 30); --fe-radius: 0px; }';
    document.head.append(style);
    host.classList.add('fe-themed');
    document.body.append(host);
    try {
      const cs = getComputedStyle(target);
      expect(hex(cs.backgroundColor)).to.equal('#0a141e');
      expect(cs.borderTopLeftRadius).to.equal('0px');
    } finally {
      style.remove();
    }
  });
});
