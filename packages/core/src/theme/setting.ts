/**
 * The user's saved theme setting (spec part 1 §4 "Theme", §6 "Admin"; DESIGN §6 "Theme saving"): saving the
 * dialog's choice (and the admin's sync for the unit), the choice to save along with a language, and adopting the
 * server's setting after login. All of them only change the session store's theme; the page follows the store
 * (`follow.ts`), so there is one way a theme reaches the page: dialog → save → store → page.
 */
import { client as defaultClient, type Client } from '../http/client.ts';
import { getLanguage, setLanguage, type Lang } from '../i18n/language.ts';
import { languageFromSetting } from '../i18n/resolve.ts';
import { session as defaultSession, type SessionStore } from '../session/store.ts';
import type { SessionSnapshot } from '../session/types.ts';
import { saveThemeSetting, type ThemeSetting } from './api.ts';
import type { Layout } from './constants.ts';
import type { ThemeDraft } from './dialog.ts';

export interface SaveThemeOptions {
  /** Whether the user is an admin (`isAdmin`); only admins may sync for all. */
  admin: boolean;
  /** Saved with the theme (`{theme, lang, layout}`); default the language in force. */
  lang?: Lang;
  client?: Client;
  session?: SessionStore;
}

export interface SaveThemeResult {
  saved: boolean;
  synced: boolean;
}

/**
 * Confirms the dialog: saves the user's theme (`settheme`, type color), then for an admin who ticked it also the
 * unit default (type default_color), then puts theme and layout in the session store (which the page follows). A
 * refused save rejects (the client has shown why) and changes nothing; a refused sync keeps the user's own save.
 */
export async function saveThemeChoice(
  draft: ThemeDraft,
  { admin, lang = getLanguage(), client = defaultClient, session = defaultSession }: SaveThemeOptions,
): Promise<SaveThemeResult> {
  // The layout goes too, also for named themes, so a later colour theme gets the user's layout back.
  const setting = { theme: draft.theme, lang, layout: draft.layout };
  const saved = await saveThemeSetting(setting, 'color', client);
  let synced = false;
  if (saved && admin && draft.syncAll) {
    try {
      synced = await saveThemeSetting(setting, 'default_color', client);
    } catch {
      synced = false;
    }
  }
  if (saved) session.setTheme({ theme: draft.theme, layout: draft.layout });
  return { saved, synced };
}

/**
 * The theme to save along with another change (the language): the theme in force and the user's own layout, which
 * a named theme hides (it shows 'top') but the session snapshot keeps as `layoutPreference`.
 */
export function currentThemeChoice(snapshot: Pick<SessionSnapshot, 'theme' | 'layout' | 'layoutPreference'>): {
  theme: string;
  layout: Layout;
} {
  return { theme: snapshot.theme, layout: snapshot.layoutPreference ?? snapshot.layout };
}

/**
 * Puts the server's setting (`getThemeSetting`) in force after login: theme and layout into the session store
 * (which the page follows). Its language applies only when this device has no choice of its own (the stored choice wins, spec §4);
 * it is put in force without becoming this device's choice. Returns the language it put in force, or null.
 */
export function adoptThemeSetting(setting: ThemeSetting, session: SessionStore = defaultSession): Lang | null {
  if (setting.theme || setting.layout) session.setTheme({ theme: setting.theme, layout: setting.layout });
  const lang = languageFromSetting(setting.lang);
  if (lang) setLanguage(lang);
  return lang;
}
