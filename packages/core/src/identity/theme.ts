/**
 * The theme dialog (spec part 1 §2 "Theme dialog", §4 "Theme", §6 "Admin"; DESIGN §6 "Theme saving"): the choices,
 * the draft the dialog edits, saving, applying. Theme values and layouts resolve through `theme/*`.
 */
import { COMMON_PLUGIN_VERSION } from '../constants.ts';
import { saveThemeSetting, type ThemeSetting } from '../desktop/api.ts';
import { client as defaultClient, type Client } from '../http/client.ts';
import { getLanguage, setLanguage, type Lang } from '../i18n/language.ts';
import { session as defaultSession, type SessionStore } from '../session/store.ts';
import type { SessionSnapshot } from '../session/types.ts';
import { PRESET_COLORS, type Layout, type NamedTheme } from '../theme/constants.ts';
import { readStoredTheme } from '../theme/storage.ts';
import { applyTheme, isLayout, isNamedTheme, isThemeValue, resolveLayout } from '../theme/theme.ts';
import { languageFromSetting } from './language.ts';

export type ThemeGroup = 'classic' | 'stage' | 'color' | 'custom';

/** A ready-made choice; `key` names it for the dialog's label (localised by the element). */
export interface ThemeOption {
  key: NamedTheme | 'red' | 'blue' | 'siroBlue' | 'green';
  value: string;
}

const [RED, BLUE, SIRO_BLUE, GREEN] = PRESET_COLORS as [string, string, string, string];

/** The dialog's groups in order: classic (ink, lotus), stage (cartoon), colour (red, blue, siro blue, green). */
export const THEME_GROUPS: readonly { group: Exclude<ThemeGroup, 'custom'>; options: readonly ThemeOption[] }[] = [
  {
    group: 'classic',
    options: [
      { key: 'ink', value: 'ink' },
      { key: 'lotus', value: 'lotus' },
    ],
  },
  { group: 'stage', options: [{ key: 'cartoon', value: 'cartoon' }] },
  {
    group: 'color',
    options: [
      { key: 'red', value: RED },
      { key: 'blue', value: BLUE },
      { key: 'siroBlue', value: SIRO_BLUE },
      { key: 'green', value: GREEN },
    ],
  },
];

/** Which group a theme value belongs to; a colour that is not a preset (any case) is custom. */
export function themeGroupOf(theme: string): ThemeGroup {
  if (theme === 'ink' || theme === 'lotus') return 'classic';
  if (theme === 'cartoon') return 'stage';
  return PRESET_COLORS.some((c) => c.toLowerCase() === theme.toLowerCase()) ? 'color' : 'custom';
}

/** A custom colour: `#rgb` or `#rrggbb`, what a colour input gives and the server stores (no alpha: tints are opaque). */
export function isValidCustomColor(value: unknown): value is string {
  return typeof value === 'string' && /^#(?:[0-9a-f]{3}|[0-9a-f]{6})$/i.test(value.trim());
}

/** The layout choice (top-bottom or left-right) is offered only for colour themes. */
export function showsLayoutChoice(theme: string): boolean {
  return !isNamedTheme(theme);
}

export interface ThemeDraft {
  theme: string;
  /** The layout picked for colour themes; named themes show 'top' whatever this says. */
  layout: Layout;
  /** Admins only: also set it for every user of the unit. */
  syncToAll: boolean;
}

/** The dialog opens on what is in force. */
export function initialThemeDraft(state: { theme: string; layout: Layout }): ThemeDraft {
  return { theme: state.theme, layout: state.layout, syncToAll: false };
}

/** Picks a theme; a named theme or a readable colour, anything else leaves the draft as it is. */
export function chooseDraftTheme(draft: ThemeDraft, theme: string): ThemeDraft {
  const usable = isNamedTheme(theme) || (isThemeValue(theme) && isValidCustomColor(theme));
  return usable && theme !== draft.theme ? { ...draft, theme } : draft;
}

/** Picks a layout; ignored while a named theme is chosen (they force the top layout). */
export function chooseDraftLayout(draft: ThemeDraft, layout: Layout): ThemeDraft {
  if (!isLayout(layout) || !showsLayoutChoice(draft.theme) || layout === draft.layout) return draft;
  return { ...draft, layout };
}

/** The layout the draft will show: ink, lotus and cartoon force top. */
export function draftLayout(draft: ThemeDraft): Layout {
  return resolveLayout(draft.theme, draft.layout);
}

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

export interface SaveThemeOptions {
  /** Whether the user is an admin (`isAdmin`); only admins may sync for all. */
  admin: boolean;
  /** Saved with the theme (`{theme, lang, layout}`); default the language in force. */
  lang?: Lang;
  client?: Client;
  session?: SessionStore;
  /** Applies the theme to the page (default: custom properties and the named theme's stylesheet). */
  apply?: ((theme: string) => void) | null;
}

export interface SaveThemeResult {
  saved: boolean;
  synced: boolean;
}

function applyToPage(theme: string): void {
  if (typeof document === 'undefined') return;
  applyTheme(theme);
  applyThemeStylesheet(theme);
}

/**
 * Confirms the dialog: saves the user's theme (`settheme`, type color), then for an admin who ticked it also the
 * unit default (type default_color), then puts theme and layout in the session store and applies them. A refused
 * save rejects (the client has shown why) and changes nothing; a refused sync keeps the user's own save.
 */
export async function saveThemeChoice(
  draft: ThemeDraft,
  {
    admin,
    lang = getLanguage(),
    client = defaultClient,
    session = defaultSession,
    apply = applyToPage,
  }: SaveThemeOptions,
): Promise<SaveThemeResult> {
  // The layout goes too, also for named themes, so a later colour theme gets the user's layout back.
  const setting = { theme: draft.theme, lang, layout: draft.layout };
  const saved = await saveThemeSetting(setting, 'color', client);
  let synced = false;
  if (saved && admin && draft.syncToAll) {
    try {
      synced = await saveThemeSetting(setting, 'default_color', client);
    } catch {
      synced = false;
    }
  }
  if (saved) {
    session.setTheme({ theme: draft.theme, layout: draft.layout });
    apply?.(session.getSnapshot().theme);
  }
  return { saved, synced };
}

/**
 * The theme to save along with another change (the language): the theme in force and the user's own layout, which
 * a named theme hides (it shows 'top') but keeps in the stored theme data.
 */
export function currentThemeChoice(snapshot: Pick<SessionSnapshot, 'theme' | 'layout'>): {
  theme: string;
  layout: Layout;
} {
  return { theme: snapshot.theme, layout: readStoredTheme().layout ?? snapshot.layout };
}

export interface AdoptThemeOptions {
  session?: SessionStore;
  apply?: ((theme: string) => void) | null;
}

/**
 * Puts the server's setting (`getThemeSetting`) in force after login: theme and layout into the session store and
 * the page. Its language applies only when this device has no choice of its own (the stored choice wins, spec §4);
 * it is put in force without becoming this device's choice. Returns the language it put in force, or null.
 */
export function adoptThemeSetting(
  setting: ThemeSetting,
  { session = defaultSession, apply = applyToPage }: AdoptThemeOptions = {},
): Lang | null {
  if (setting.theme || setting.layout) session.setTheme({ theme: setting.theme, layout: setting.layout });
  apply?.(session.getSnapshot().theme);
  const lang = languageFromSetting(setting.lang);
  if (lang) setLanguage(lang);
  return lang;
}
