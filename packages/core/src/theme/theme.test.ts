import { expect } from '@open-wc/testing';
import { BLACK, contrastRatio, mix, parseHex, toHex, WHITE } from './color.ts';
import { IMPORTANCE_COLORS, NAMED_THEMES, PRESET_COLORS } from './constants.ts';
import { responsiveClass } from './responsive.ts';
import { readStoredTheme, writeStoredTheme } from './storage.ts';
import {
  applyTheme,
  resolveLayout,
  resolveTheme,
  themeCustomProperties,
  themePalette,
  themePrimaryColor,
  usableThemeColor,
} from './theme.ts';

describe('theme value', () => {
  it('takes ink, lotus, cartoon or anything containing #', () => {
    expect(resolveTheme('ink')).to.equal('ink');
    expect(resolveTheme('lotus', '#fff')).to.equal('lotus');
    expect(resolveTheme('cartoon')).to.equal('cartoon');
    expect(resolveTheme('#e31d1a', 'ink')).to.equal('#e31d1a');
  });

  it('otherwise uses the stored theme, else #457CD6', () => {
    expect(resolveTheme('red', 'lotus')).to.equal('lotus');
    expect(resolveTheme(undefined, '#49C1D9')).to.equal('#49C1D9');
    expect(resolveTheme('', 'not-a-theme')).to.equal('#457CD6');
    expect(resolveTheme(null)).to.equal('#457CD6');
    expect(resolveTheme(42, null)).to.equal('#457CD6');
  });
});

describe('layout', () => {
  it('ink, lotus and cartoon force top', () => {
    for (const theme of ['ink', 'lotus', 'cartoon']) expect(resolveLayout(theme, 'left')).to.equal('top');
  });

  it('colour themes use the stored unit style layout, default top', () => {
    expect(resolveLayout('#457CD6', 'left')).to.equal('left');
    expect(resolveLayout('#457CD6', 'top')).to.equal('top');
    expect(resolveLayout('#457CD6', null)).to.equal('top');
    expect(resolveLayout('#457CD6', 'sideways')).to.equal('top');
  });
});

describe('tints', () => {
  it('primary0 is the colour, primaryN mixes N×10% white, dark mixes 20% black', () => {
    const palette = themePalette('#457CD6');
    expect(palette.primary).to.equal('#457cd6');
    expect(palette.tints).to.have.length(10);
    expect(palette.tints[0]).to.equal('#457cd6');
    expect(palette.tints[1]).to.equal('#5889da');
    expect(palette.tints[9]).to.equal('#ecf2fb');
    expect(palette.dark).to.equal('#3763ab');
  });

  it('darkens light colours further, until white text on the dark variant reads at 4.5:1', () => {
    for (const color of [...PRESET_COLORS, '#ffeb3b', '#ffffff', '#000000', ...NAMED_THEMES]) {
      const dark = parseHex(themePalette(color).dark)!;
      expect(contrastRatio(dark, WHITE), color).to.be.at.least(4.5);
    }
    // Blue and red already read at 20 %: unchanged. Siro blue and green need more.
    expect(themePalette('#e31d1a').dark).to.equal(toHex(mix(parseHex('#e31d1a')!, BLACK, 0.2)));
    expect(themePalette('#49C1D9').dark).to.not.equal(toHex(mix(parseHex('#49C1D9')!, BLACK, 0.2)));
    expect(themePalette('#4DB021').dark).to.not.equal(toHex(mix(parseHex('#4DB021')!, BLACK, 0.2)));
  });

  it('derives text and button shades that meet 4.5:1 for every theme and a sample of custom colours', () => {
    // Every named theme and preset, the extremes, and 512 custom colours spread over the RGB cube (8 steps a
    // channel), each as picked and as the theme dialog makes it usable.
    const steps = [0, 36, 73, 109, 146, 182, 219, 255];
    const sampled = steps.flatMap((r) => steps.flatMap((g) => steps.map((b) => toHex({ r, g, b }))));
    const themes = [...NAMED_THEMES, ...PRESET_COLORS, '#ffffff', '#000000', ...sampled];
    for (const theme of [...themes, ...sampled.map((color) => usableThemeColor(color).color)]) {
      const { primary, dark, strong } = themePalette(theme);
      for (const [name, shade] of [
        ['dark', dark],
        ['strong', strong],
      ] as const) {
        expect(contrastRatio(parseHex(shade)!, WHITE), `${theme} ${name} ${shade}`).to.be.at.least(4.5);
      }
      // The strong shade is the colour itself whenever that already reads.
      if (contrastRatio(parseHex(primary)!, WHITE) >= 4.5) expect(strong, theme).to.equal(primary);
    }
    // The default colour (4.1:1) is darkened only as far as it must be.
    expect(contrastRatio(parseHex('#457cd6')!, WHITE)).to.be.below(4.5);
    expect(themePalette('#457CD6').strong).to.equal('#3e70c1');
  });

  it('measures contrast the WCAG way', () => {
    expect(contrastRatio(WHITE, BLACK)).to.be.closeTo(21, 0.01);
    expect(contrastRatio(BLACK, WHITE)).to.be.closeTo(21, 0.01);
    expect(contrastRatio(parseHex('#767676')!, WHITE)).to.be.closeTo(4.54, 0.01);
  });

  it('lightens monotonically towards white', () => {
    const tints = themePalette('#e31d1a').tints.map((hex) => parseHex(hex)!);
    for (let i = 1; i < tints.length; i++) {
      expect(tints[i]!.g).to.be.at.least(tints[i - 1]!.g);
      expect(tints[i]!.b).to.be.at.least(tints[i - 1]!.b);
    }
  });

  it('reads short hex, ignores alpha, and falls back to the default for an unreadable colour', () => {
    expect(themePrimaryColor('#fff')).to.equal('#ffffff');
    expect(themePrimaryColor('#457CD680')).to.equal('#457cd6');
    expect(themePrimaryColor('red#')).to.equal('#457cd6');
    expect(themePrimaryColor('ink')).to.match(/^#[0-9a-f]{6}$/);
    expect(parseHex('#12345')).to.equal(null);
    expect(toHex(mix(parseHex('#000000')!, WHITE, 0.5))).to.equal('#808080');
  });
});

describe('custom properties', () => {
  it('maps a theme to --edu-color-primary, -0…-9, -dark and the importance colours', () => {
    const props = themeCustomProperties('#4DB021');
    expect(props['--edu-color-primary']).to.equal('#4db021');
    for (let n = 0; n < 10; n++) expect(props[`--edu-color-primary-${n}`]).to.match(/^#[0-9a-f]{6}$/);
    expect(props['--edu-color-primary-0']).to.equal('#4db021');
    expect(props['--edu-color-primary-dark']).to.equal(themePalette('#4DB021').dark);
    expect(props['--edu-color-primary-strong']).to.equal(themePalette('#4DB021').strong);
    for (const level of [1, 2, 3, 4, 5] as const) {
      expect(props[`--edu-color-importance-${level}`]).to.equal(IMPORTANCE_COLORS[level]);
    }
  });

  it('applyTheme sets the properties and data-edu-theme on the root', () => {
    const root = document.createElement('div');
    document.body.append(root);
    applyTheme('#e31d1a', root);
    expect(getComputedStyle(root).getPropertyValue('--edu-color-primary').trim()).to.equal('#e31d1a');
    expect(root.style.getPropertyValue('--edu-color-primary-9')).to.equal(themePalette('#e31d1a').tints[9]);
    expect(root.dataset['eduTheme']).to.equal('color');
    applyTheme('lotus', root);
    expect(root.dataset['eduTheme']).to.equal('lotus');
    root.remove();
  });

  it('has the four preset colours of the spec', () => {
    expect(PRESET_COLORS.map((c) => c.toLowerCase())).to.deep.equal(['#e31d1a', '#457cd6', '#49c1d9', '#4db021']);
  });
});

describe('responsive class', () => {
  it('over 1024 is pc, over 400 is ipad, otherwise mobile', () => {
    expect(responsiveClass(1920)).to.equal('pc');
    expect(responsiveClass(1025)).to.equal('pc');
    expect(responsiveClass(1024)).to.equal('ipad');
    expect(responsiveClass(401)).to.equal('ipad');
    expect(responsiveClass(400)).to.equal('mobile');
    expect(responsiveClass(0)).to.equal('mobile');
  });
});

describe('stored theme', () => {
  beforeEach(() => sessionStorage.clear());

  it('round-trips through sessionStorage.theme and tolerates corrupt data', () => {
    writeStoredTheme({ theme: 'ink', themeColor: '#e31d1a', layout: 'left' });
    expect(readStoredTheme()).to.deep.equal({ theme: 'ink', themeColor: '#e31d1a', layout: 'left' });
    sessionStorage.setItem('theme', '{not json');
    expect(readStoredTheme()).to.deep.equal({ theme: null, themeColor: null, layout: null });
    sessionStorage.setItem('theme', JSON.stringify({ theme: 'purple', layout: 'diagonal' }));
    expect(readStoredTheme()).to.deep.equal({ theme: null, themeColor: null, layout: null });
  });
});
