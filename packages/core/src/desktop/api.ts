/**
 * Desktop calls (spec part 1 §7 "Desktop, theme, messages", "Licence, identity, menu, misc"; DESIGN §6 "Theme
 * saving"). Thin wrappers over the core client: wire names stay here, callers get the English types.
 */
import { appEntryUrl } from '../auth/landing.ts';
import { client as defaultClient, type Client } from '../http/client.ts';
import { isLang, type Lang } from '../i18n/language.ts';
import { isRecord } from '../platform/guards.ts';
import type { SessionUser } from '../session/types.ts';
import type { Layout } from '../theme/constants.ts';
import { isLayout, isThemeValue } from '../theme/theme.ts';
import { fromWireIconGroups, type AppIcon, type IconGroup } from './icons.ts';
import { toCount } from './wire.ts';
import { normalizeRecentApps, type RecentApp } from './recent.ts';

export const DESKTOP_PATHS = {
  themeSetting: '/api/base/my_desktop/color',
  saveTheme: '/api/base/desktop/settheme',
  unhandledCount: '/api/base/desktop/unhandlecount',
  appIcons: '/api/base/desktop/my_app_icon',
  saveIconOrder: '/api/base/desktop/save_icon_sort',
  unreadCodeCount: '/api/base/desktop/unReadCodeCount',
  accessDetail: '/api/base/user_access_detail',
  recentApps: '/api/base/desktop/recent_apps',
  helpKey: '/api/base/unit/help_key',
} as const;

/** `appType` of desktop icons in `my_app_icon`. */
export const DESKTOP_APP_TYPE = 1;

/** `GET my_app_icon {userId, unitId, appType: 1}`: the user's icon groups. */
export async function getAppIconGroups(
  user: Pick<SessionUser, 'userId' | 'unitId'>,
  client: Client = defaultClient,
): Promise<IconGroup[]> {
  const envelope = await client.get(DESKTOP_PATHS.appIcons, {
    userId: user.userId,
    unitId: user.unitId,
    appType: DESKTOP_APP_TYPE,
  });
  return fromWireIconGroups(envelope.data);
}

/** `POST save_icon_sort {codes}`: the user's icon order (user types 2 and 4). */
export async function saveIconOrder(codes: readonly string[], client: Client = defaultClient): Promise<void> {
  await client.post(DESKTOP_PATHS.saveIconOrder, { codes: [...codes] });
}

export interface UnreadCodeCount {
  code: string;
  num: number;
}

/** `GET unReadCodeCount`: `[{code, num}]`, cleaned (entries without a code dropped, counts whole and ≥ 0). */
export async function getUnreadCodeCounts(client: Client = defaultClient): Promise<UnreadCodeCount[]> {
  const envelope = await client.get(DESKTOP_PATHS.unreadCodeCount);
  const list = Array.isArray(envelope.data) ? envelope.data : [];
  return list
    .filter(isRecord)
    .map((item) => ({ code: typeof item['code'] === 'string' ? item['code'] : '', num: toCount(item['num']) }))
    .filter((item) => item.code);
}

export interface UnhandledCounts {
  todo: number;
  message: number;
}

/** `GET unhandlecount`: `{todo, message}` for the bell. */
export async function getUnhandledCounts(client: Client = defaultClient): Promise<UnhandledCounts> {
  const envelope = await client.get(DESKTOP_PATHS.unhandledCount);
  const data = isRecord(envelope.data) ? envelope.data : {};
  return { todo: toCount(data['todo']), message: toCount(data['message']) };
}

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
  const envelope = await client.get(DESKTOP_PATHS.themeSetting);
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
  const envelope = await client.post(DESKTOP_PATHS.saveTheme, {
    type: scope,
    theme: JSON.stringify(layout ? { theme, lang, layout } : { theme, lang }),
  });
  return envelope.data === 'success' || envelope.data === true;
}

/** The fields of `user_access_detail` for opening an app (`type` 1: an app opened from the desktop). */
export function appAccessRecord(
  icon: Pick<AppIcon, 'code' | 'displayName' | 'name'>,
  user: Pick<SessionUser, 'userId' | 'userType' | 'unitId'>,
): Record<string, string | number> {
  return {
    userId: user.userId,
    userType: user.userType,
    unitId: user.unitId,
    resId: icon.code,
    resName: icon.displayName || icon.name || icon.code,
    type: 1,
  };
}

/** `POST user_access_detail`: records an app opening. Silent: a lost record must not disturb opening the app. */
export async function recordAppAccess(
  icon: Pick<AppIcon, 'code' | 'displayName' | 'name'>,
  user: Pick<SessionUser, 'userId' | 'userType' | 'unitId'>,
  client: Client = defaultClient,
): Promise<boolean> {
  try {
    const envelope = await client.post(DESKTOP_PATHS.accessDetail, appAccessRecord(icon, user), { silent: true });
    return envelope.status === 200;
  } catch {
    return false;
  }
}

/** `GET recent_apps`: the server's recent apps of the session user, most recent first, at most 10. */
export async function getRecentApps(client: Client = defaultClient): Promise<RecentApp[]> {
  const envelope = await client.get(DESKTOP_PATHS.recentApps);
  return normalizeRecentApps(envelope.data);
}

/** The entry page of an icon's app (spec §2; `appEntryUrl`), or null when its parts are not plain names. */
export function iconEntryUrl(
  icon: Pick<AppIcon, 'code' | 'serverId' | 'deployPath'>,
  user: Pick<SessionUser, 'unitType' | 'userType'>,
  development: boolean,
): string | null {
  return appEntryUrl({ code: icon.code, serverId: icon.serverId, deployPath: icon.deployPath }, user, development);
}

/** `GET unit/help_key`: the unit's key for the help centre (spec part 1 §2), '' when it has none. Sent silently. */
export async function getHelpKey(client: Client = defaultClient): Promise<string> {
  const envelope = await client.get(DESKTOP_PATHS.helpKey, {}, { silent: true });
  return typeof envelope.data === 'string' ? envelope.data : '';
}
