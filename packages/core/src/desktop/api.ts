/**
 * Desktop calls (spec part 1 §7 "Desktop, theme, messages", "Licence, identity, menu, misc"): icons, counts,
 * recent apps. Thin wrappers over the core client: wire names stay here, callers get the English types. The theme
 * setting's calls are in `theme/api.ts`.
 */
import { appEntryUrl } from '../auth/landing.ts';
import { client as defaultClient, type Client } from '../http/client.ts';
import { isRecord } from '../platform/guards.ts';
import type { SessionUser } from '../session/types.ts';
import { fromWireIconGroups, type AppIcon, type IconGroup } from './icons.ts';
import { toCount } from './wire.ts';
import { normalizeRecentApps, type RecentApp } from './recent.ts';

export const DESKTOP_PATHS = {
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
