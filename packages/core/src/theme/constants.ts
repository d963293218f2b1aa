/** Theme constants (spec part 1 §9; our choices are in docs/decisions.md "Colours and tints"). */

/** Named themes that bring their own CSS and force the top layout. */
export const NAMED_THEMES = ['ink', 'lotus', 'cartoon'] as const;
export type NamedTheme = (typeof NAMED_THEMES)[number];

export const DEFAULT_THEME_COLOR = '#457CD6';

/** The colour group of the theme dialog: red, blue, siro blue, green. */
export const PRESET_COLORS: readonly string[] = ['#e31d1a', '#457CD6', '#49C1D9', '#4DB021'];

/**
 * Primary colour of each named theme, so tints exist for them too; their full look comes from their stylesheet
 * `/common/plugins/common-ph/2.0.0/css/{theme}.css`. Not in the spec: chosen to match each theme's mood.
 */
export const NAMED_THEME_PRIMARY: Readonly<Record<NamedTheme, string>> = {
  ink: '#3a3a3a',
  lotus: '#c94f7c',
  cartoon: '#f08c00',
};

/** Message importance colours, level 1 (lowest) to 5 (highest); the spec names one colour per level only. */
export const IMPORTANCE_COLORS: Readonly<Record<1 | 2 | 3 | 4 | 5, string>> = {
  1: '#909399',
  2: '#49C1D9',
  3: '#4DB021',
  4: '#E6A23C',
  5: '#E31D1A',
};

/** Layouts of the desktop: header navigation on top, or a side menu on the left. */
export const LAYOUTS = ['top', 'left'] as const;
export type Layout = (typeof LAYOUTS)[number];
export const DEFAULT_LAYOUT: Layout = 'top';

/** Responsive classes and their width thresholds (spec part 1 §4 "Theme"). */
export type ResponsiveClass = 'pc' | 'ipad' | 'mobile';
export const PC_MIN_EXCLUSIVE_PX = 1024;
export const IPAD_MIN_EXCLUSIVE_PX = 400;
