import { expect } from '@open-wc/testing';
import { CSSResult } from 'lit';
import { DEFAULT_THEME_COLOR } from '@edu-portal/core/theme/constants.ts';
import { themeCustomProperties } from '@edu-portal/core/theme/theme.ts';
import * as tokens from './tokens.ts';
import { colorPrimary, colorPrimaryDark, colorPrimaryStrong, tokenDefaults } from './tokens.ts';

describe('token sheet', () => {
  it('falls back to the default theme as core computes it', () => {
    const core = themeCustomProperties(DEFAULT_THEME_COLOR);
    const theme = Object.entries(tokenDefaults).filter(([name]) => name.startsWith('--edu-color-primary'));
    expect(theme.length).to.equal(7);
    for (const [name, value] of theme) {
      expect(value, name).to.equal(core[name]?.toLowerCase());
    }
  });

  it('reads the page theme first', () => {
    expect(colorPrimary.cssText).to.equal('var(--edu-color-primary, #457cd6)');
    expect(colorPrimaryDark.cssText).to.equal('var(--edu-color-primary-dark, #3763ab)');
    expect(colorPrimaryStrong.cssText).to.equal('var(--edu-color-primary-strong, #3e70c1)');
  });

  it('draws the focus ring in its token, the theme colour by default', () => {
    expect(tokens.focusOutline.cssText).to.equal(`2px solid ${tokens.focusRingColor.cssText}`);
    expect(tokens.focusRingColor.cssText).to.equal(`var(--edu-focus-ring-color, ${colorPrimary.cssText})`);
  });

  it('has a fragment for every token of the tables, falling back to its default', () => {
    const fragments = Object.values(tokens)
      .filter((value): value is CSSResult => value instanceof CSSResult)
      .map((value) => value.cssText)
      .filter((text) => text.startsWith('var('));
    const expected = Object.entries(tokenDefaults).map(([name, value]) => `var(${name}, ${value})`);
    expect(fragments.sort()).to.deep.equal(expected.sort());
  });
});
