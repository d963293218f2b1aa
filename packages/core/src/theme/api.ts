/**
 * The theme setting calls (spec part 1 §7 "Desktop, theme, messages"; DESIGN §6 "Theme saving"): the user's saved
 * `{theme, lang, layout}` and the unit default an admin syncs. The dialog's saving and adopting is `setting.ts`.
 */
import { client as defaultClient, type Client } from '../http/client.ts';
import { isLang, type Lang } from '../i18n/language.ts';
import { isRecord } from '../platform/guards.ts';
import type { Layout } from './constants.ts';
import { isLayout, isThemeValue } from './theme.ts';

export const THEME_PATHS = {
  setting: '/api/base/my_desktop/color',
  save: '/api/base/desktop/settheme',
} as const;

/** A saved theme setting; null parts were not set (or unreadable). */
export interface ThemeSetting {
  theme: string | null;
  lang: Lang | null;
  /** The layout chosen for colour themes (the reference server keeps it with theme and lang). */
  layout: Layout | null;
}

const NO_SETTING: ThemeSetting = Object.freeze({ theme: null, lang: null, layout: null });

/**
 * `my_desktop/color`'s data: a theme string (`ink`, `#457CD6`), or `{theme, lang, layout}` as an object or a JSON
 * string. Anything unreadable gives nulls, so the stored or default theme stays.
 */
export function parseThemeSetting(data: unknown): ThemeSetting {
  let value: unknown = data;
  if (typeof data === 'string' && data.trim().startsWith('{')) {
    try {
      value = JSON.parse(data) as unknown;
    } catch {
      return { ...NO_SETTING };
    }
  }
  if (typeof value === 'string') return { ...NO_SETTING, theme: isThemeValue(value.trim()) ? value.trim() : null };
  if (!isRecord(value)) return { ...NO_SETTING };
  return {
    theme: isThemeValue(value['theme']) ? value['theme'] : null,
    lang: isLang(value['lang']) ? value['lang'] : null,
    layout: isLayout(value['layout']) ? value['layout'] : null,
  };
}

/** `GET my_desktop/color`: the user's theme setting (the unit default when an admin synced one). */
export async function getThemeSetting(client: Client = defaultClient): Promise<ThemeSetting> {
  const envelope = await client.get(THEME_PATHS.setting);
  return parseThemeSetting(envelope.data);
}

/** `color` saves the user's own theme; `default_color` (admins only) sets it for every user of the unit. */
export type ThemeSaveScope = 'color' | 'default_color';

/**
 * `POST settheme {type, theme: JSON {theme, lang, layout}}`; true when the server answers data 'success'. Without a
 * layout the server falls back to the unit's, so callers that know the user's layout send it.
 */
export async function saveThemeSetting(
  setting: { theme: string; lang: Lang; layout?: Layout | null },
  scope: ThemeSaveScope = 'color',
  client: Client = defaultClient,
): Promise<boolean> {
  const { theme, lang, layout } = setting;
  const envelope = await client.post(THEME_PATHS.save, {
    type: scope,
    theme: JSON.stringify(layout ? { theme, lang, layout } : { theme, lang }),
  });
  return envelope.data === 'success' || envelope.data === true;
}
