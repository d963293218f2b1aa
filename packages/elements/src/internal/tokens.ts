/**
 * The theme tokens of the elements, in one place (DESIGN §2 "Theme tokens"). Core's `applyTheme()` sets the
 * `--edu-color-*` properties on the page; an element reads them through these fragments, whose fallbacks are the
 * default theme (#457CD6) as core computes it, so an element on a page without a theme looks like the default theme.
 * `tokens.test.ts` holds these defaults to core's palette.
 */
import { unsafeCSS, type CSSResult } from 'lit';

/** Core's `themeCustomProperties('#457CD6')`: the values every `--edu-color-*` token falls back to. */
export const tokenDefaults = {
  '--edu-color-primary': '#457cd6',
  '--edu-color-primary-6': '#b5cbef',
  '--edu-color-primary-7': '#c7d8f3',
  '--edu-color-primary-8': '#dae5f7',
  '--edu-color-primary-9': '#ecf2fb',
  '--edu-color-primary-dark': '#3763ab',
  '--edu-color-primary-strong': '#3e70c1',
} as const;

export type TokenName = keyof typeof tokenDefaults;

/** `var(<name>, <default>)` as a fragment for `css`. */
export function token(name: TokenName): CSSResult {
  return unsafeCSS(`var(${name}, ${tokenDefaults[name]})`);
}

/** The theme colour: focus rings, hover text and borders, spinners, accents. */
export const colorPrimary = token('--edu-color-primary');
/** The theme colour darkened until white text on it reads (4.5:1): filled buttons, selected items, bars. */
export const colorPrimaryDark = token('--edu-color-primary-dark');
/**
 * The theme colour itself when white text on it (and it as text on white) reads at 4.5:1, else darkened until it
 * does: text and links in the theme's colour, hovered primary buttons.
 */
export const colorPrimaryStrong = token('--edu-color-primary-strong');
/** 60 % white mixed in: hovered borders. */
export const colorPrimary6 = token('--edu-color-primary-6');
/** 70 % white mixed in. */
export const colorPrimary7 = token('--edu-color-primary-7');
/** 80 % white mixed in: selected backgrounds. */
export const colorPrimary8 = token('--edu-color-primary-8');
/** 90 % white mixed in: hovered and current backgrounds. */
export const colorPrimary9 = token('--edu-color-primary-9');
