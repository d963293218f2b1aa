/**
 * Theme: values and layouts, tints, the dialog's model, the named themes' stylesheets, the saved setting and its
 * calls (spec part 1 §2, §4).
 */
export {
  NAMED_THEMES,
  DEFAULT_THEME_COLOR,
  PRESET_COLORS,
  NAMED_THEME_PRIMARY,
  IMPORTANCE_COLORS,
  LAYOUTS,
  DEFAULT_LAYOUT,
  PC_MIN_EXCLUSIVE_PX,
  IPAD_MIN_EXCLUSIVE_PX,
  type NamedTheme,
  type Layout,
  type ResponsiveClass,
} from './constants.ts';
export {
  isNamedTheme,
  isThemeValue,
  isLayout,
  resolveTheme,
  resolveLayout,
  themePrimaryColor,
  themePalette,
  usableThemeColor,
  themeCustomProperties,
  applyTheme,
  type ThemePalette,
} from './theme.ts';
export { responsiveClass } from './responsive.ts';
export { readStoredTheme, writeStoredTheme, type StoredTheme } from './storage.ts';
export { parseHex, mix, toHex, type Rgb } from './color.ts';
export {
  parseThemeSetting,
  getThemeSetting,
  saveThemeSetting,
  THEME_PATHS,
  type ThemeSetting,
  type ThemeSaveScope,
} from './api.ts';
export {
  THEME_GROUPS,
  themeGroupOf,
  isValidCustomColor,
  showsLayoutChoice,
  initialThemeDraft,
  chooseDraftTheme,
  chooseDraftLayout,
  draftLayout,
  type ThemeGroup,
  type ThemeOption,
  type ThemeDraft,
} from './dialog.ts';
export { THEME_STYLESHEET_ID, themeStylesheetUrl, applyThemeStylesheet } from './stylesheet.ts';
export {
  saveThemeChoice,
  currentThemeChoice,
  adoptThemeSetting,
  type SaveThemeOptions,
  type SaveThemeResult,
} from './setting.ts';
export { followSessionTheme, applyThemeToPage } from './follow.ts';
