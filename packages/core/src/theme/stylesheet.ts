/** The named themes' stylesheets (spec part 1 §4 "Theme"): where they are, and putting one in `<head>`. */
import { COMMON_PLUGIN_VERSION } from '../constants.ts';
import { isNamedTheme } from './theme.ts';

/** The stylesheet of a named theme (`/common/plugins/common-ph/2.0.0/css/{theme}.css`); null for colours. */
export function themeStylesheetUrl(theme: string, version: string = COMMON_PLUGIN_VERSION): string | null {
  return isNamedTheme(theme) ? `/common/plugins/common-ph/${version}/css/${theme}.css` : null;
}

/** id of the `<link>` that `applyThemeStylesheet` manages. */
export const THEME_STYLESHEET_ID = 'edu-theme-stylesheet';

/**
 * Puts the named theme's stylesheet in `<head>` (replacing the previous one) or removes it for colour themes, so a
 * theme applies without a reload. Returns the link, or null when none is needed.
 */
export function applyThemeStylesheet(theme: string, doc: Document = document): HTMLLinkElement | null {
  const href = themeStylesheetUrl(theme);
  const existing = doc.getElementById(THEME_STYLESHEET_ID);
  if (!href) {
    existing?.remove();
    return null;
  }
  const link = existing instanceof HTMLLinkElement ? existing : doc.createElement('link');
  link.id = THEME_STYLESHEET_ID;
  link.rel = 'stylesheet';
  if (link.getAttribute('href') !== href) link.setAttribute('href', href);
  if (!link.isConnected) doc.head.append(link);
  return link;
}
