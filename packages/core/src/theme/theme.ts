/** Theme value and layout resolution, tints and CSS custom properties (spec part 1 §4 "Theme", DESIGN §3, §4). */
import { BLACK, WHITE, contrastRatio, mix, parseHex, relativeLuminance, toHex } from './color.ts';
import {
  DEFAULT_LAYOUT,
  DEFAULT_THEME_COLOR,
  IMPORTANCE_COLORS,
  LAYOUTS,
  NAMED_THEMES,
  NAMED_THEME_PRIMARY,
  type Layout,
  type NamedTheme,
} from './constants.ts';

export function isNamedTheme(value: unknown): value is NamedTheme {
  return typeof value === 'string' && (NAMED_THEMES as readonly string[]).includes(value);
}

/** A usable theme value: one of the named themes, or a colour (any string containing '#'). */
export function isThemeValue(value: unknown): value is string {
  return isNamedTheme(value) || (typeof value === 'string' && value.includes('#'));
}

export function isLayout(value: unknown): value is Layout {
  return typeof value === 'string' && (LAYOUTS as readonly string[]).includes(value);
}

/** The theme value if usable, otherwise the stored theme (if usable), else #457CD6. */
export function resolveTheme(value: unknown, stored?: unknown): string {
  if (isThemeValue(value)) return value;
  if (isThemeValue(stored)) return stored;
  return DEFAULT_THEME_COLOR;
}

/** Ink, lotus and cartoon force the top layout; colour themes use the stored unit style layout, default top. */
export function resolveLayout(theme: string, storedLayout?: unknown): Layout {
  if (isNamedTheme(theme)) return 'top';
  return isLayout(storedLayout) ? storedLayout : DEFAULT_LAYOUT;
}

export interface ThemePalette {
  /** The primary colour as `#rrggbb`. */
  primary: string;
  /** primary0 … primary9: primary0 is the colour itself, primaryN has N×10 % white mixed in. */
  tints: readonly string[];
  /**
   * The primary colour with 20 % black mixed in (hover and active states), or more until white text on it (and it
   * as text on white) reaches WCAG AA 4.5:1: the header bar and buttons carry white text on it.
   */
  dark: string;
  /**
   * The primary colour itself when white text on it (and it as text on white) reaches 4.5:1, else darkened in 5 %
   * steps until it does: the colour of primary buttons, links and text in the theme's colour (#457CD6 is 4.1:1).
   */
  strong: string;
}

/** Primary colour of a theme value: the named theme's colour, the custom colour, or the default if unreadable. */
export function themePrimaryColor(theme: string): string {
  const source = isNamedTheme(theme) ? NAMED_THEME_PRIMARY[theme] : theme;
  const rgb = parseHex(source) ?? parseHex(DEFAULT_THEME_COLOR)!;
  return toHex(rgb);
}

/** WCAG AA for normal text. */
const READABLE_CONTRAST = 4.5;

/** Tints like Element Plus's `--el-color-primary-light-N` (N×10 % white), plus a darker variant white text reads on. */
export function themePalette(theme: string): ThemePalette {
  const primary = themePrimaryColor(theme);
  const rgb = parseHex(primary)!;
  const tints = Array.from({ length: 10 }, (_, n) => toHex(mix(rgb, WHITE, n / 10)));
  // Light colours (siro blue, green, a pale custom pick) need more than 20 % black under white text. Measured on
  // the rounded hex, the colour the page will get.
  const shade = (black: number) => toHex(mix(rgb, BLACK, black));
  const readable = (from: number) => {
    let black = from;
    while (black < 1 && contrastRatio(parseHex(shade(black))!, WHITE) < READABLE_CONTRAST) black += 0.05;
    return shade(Math.min(black, 1));
  };
  return { primary, tints, dark: readable(0.2), strong: readable(0) };
}

/** The least contrast a theme colour keeps against white: it marks current items, borders and focus on white. */
const THEME_COLOR_MIN_CONTRAST = 3;
/** The least luminance of a theme colour: black and near-black make no theme (no tints, a bar like the text). */
const THEME_COLOR_MIN_LUMINANCE = 0.03;

/**
 * A custom colour made usable as a theme (custom theme colour): a very dark colour is lightened until its luminance
 * reaches 0.03, a light one darkened until it keeps 3:1 against white; anything else is kept. The header and buttons
 * carry white text on the dark variant (`themePalette`), which reaches 4.5:1 on every result. `adjusted` says
 * whether the colour changed; an unreadable value gives the default colour.
 */
export function usableThemeColor(color: string): { color: string; adjusted: boolean } {
  const rgb = parseHex(color);
  if (!rgb) return { color: DEFAULT_THEME_COLOR.toLowerCase(), adjusted: true };
  const original = toHex(rgb);
  let current = parseHex(original)!;
  for (let step = 1; step <= 20 && relativeLuminance(current) < THEME_COLOR_MIN_LUMINANCE; step++) {
    current = parseHex(toHex(mix(rgb, WHITE, step * 0.025)))!;
  }
  for (let step = 1; step <= 40 && contrastRatio(current, WHITE) < THEME_COLOR_MIN_CONTRAST; step++) {
    current = parseHex(toHex(mix(rgb, BLACK, step * 0.025)))!;
  }
  const result = toHex(current);
  return { color: result, adjusted: result !== original };
}

/** The `--edu-*` custom properties of a theme: primary, primary-0 … 9, primary-dark and importance 1–5. */
export function themeCustomProperties(theme: string): Record<string, string> {
  const palette = themePalette(theme);
  const props: Record<string, string> = { '--edu-color-primary': palette.primary };
  palette.tints.forEach((tint, n) => {
    props[`--edu-color-primary-${n}`] = tint;
  });
  props['--edu-color-primary-dark'] = palette.dark;
  props['--edu-color-primary-strong'] = palette.strong;
  for (const [level, color] of Object.entries(IMPORTANCE_COLORS)) props[`--edu-color-importance-${level}`] = color;
  return props;
}

/**
 * Applies a theme to `root` (default `:root`): its custom properties, and `data-edu-theme` naming the theme
 * (`ink`, `lotus`, `cartoon` or `color`) so the named themes' CSS and background canvas can key on it.
 */
export function applyTheme(theme: string, root: HTMLElement = document.documentElement): void {
  for (const [name, value] of Object.entries(themeCustomProperties(theme))) root.style.setProperty(name, value);
  root.dataset['eduTheme'] = isNamedTheme(theme) ? theme : 'color';
}
