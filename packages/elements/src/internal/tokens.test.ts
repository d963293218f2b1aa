import { expect } from '@open-wc/testing';
import { DEFAULT_THEME_COLOR } from '@edu-portal/core/theme/constants.ts';
import { themeCustomProperties } from '@edu-portal/core/theme/theme.ts';
import { colorPrimary, colorPrimaryDark, colorPrimaryStrong, tokenDefaults } from './tokens.ts';

describe('token sheet', () => {
  it('falls back to the default theme as core computes it', () => {
    const core = themeCustomProperties(DEFAULT_THEME_COLOR);
    for (const [name, value] of Object.entries(tokenDefaults)) {
      expect(value, name).to.equal(core[name]?.toLowerCase());
    }
  });

  it('reads the page theme first', () => {
    expect(colorPrimary.cssText).to.equal('var(--edu-color-primary, #457cd6)');
    expect(colorPrimaryDark.cssText).to.equal('var(--edu-color-primary-dark, #3763ab)');
    expect(colorPrimaryStrong.cssText).to.equal('var(--edu-color-primary-strong, #3e70c1)');
  });
});
