/**
 * Desktop application icons (spec part 1 §3 "Application icon item", §6 "App grouping and visibility", §9; part 2
 * §9 "Ignored app codes"): wire mapping, visibility, grouping, unread counts, image choice and labels. Pure.
 */
import { IGNORED_APP_CODES, SCHOOL_ONLY_APP_CODES } from '../constants.ts';
import type { Lang } from '../i18n/language.ts';
import { serverText } from '../i18n/server-text.ts';
import { isRecord } from '../platform/guards.ts';
import { toCount, wireString } from './wire.ts';
import { safeUrl } from '../platform/safe-url.ts';

export interface AppIcon {
  code: string;
  /** Wire `zname`: the display name; `name` when the server sends no `zname`. */
  displayName: string;
  name: string;
  englishName: string;
  shortName: string;
  englishShortName: string;
  /** Wire `imgPath`, `imgGrayPath`, `imgCartoonPath`, `iconImg` (the header's small glyph). */
  imagePath: string;
  grayImagePath: string;
  cartoonImagePath: string;
  iconImage: string;
  menuRoute: string;
  serverId: string;
  deployPath: string;
  frontUserTypes: readonly number[];
  limitUserTypes: readonly number[];
  /** 0 means hidden. */
  updateStatus: number;
  /** Wire `unReadCodeCount`. */
  unreadCount: number;
  appType: number;
}

export interface IconGroup {
  code: string;
  name: string;
  englishName: string;
  icons: readonly AppIcon[];
}

export type IconUser = { userType: number; unitType: number };

/** User types from `'2,3,4'` or `[2, 3]`; unreadable entries dropped. */
export function parseUserTypes(value: unknown): number[] {
  const list = Array.isArray(value) ? value : typeof value === 'string' ? value.split(',') : [value];
  return list
    .map((item) => (typeof item === 'string' ? Number(item.trim()) : item))
    .filter((n): n is number => typeof n === 'number' && Number.isInteger(n));
}

export function fromWireIcon(raw: unknown): AppIcon | null {
  if (!isRecord(raw)) return null;
  const code = wireString(raw['code']).trim();
  if (!code) return null;
  const name = wireString(raw['name']);
  const status = Number(raw['updateStatus']);
  const appType = Number(raw['appType']);
  return {
    code,
    displayName: wireString(raw['zname']) || name,
    name,
    englishName: wireString(raw['englishName']),
    shortName: wireString(raw['shortName']),
    englishShortName: wireString(raw['englishShortName']),
    imagePath: wireString(raw['imgPath']),
    grayImagePath: wireString(raw['imgGrayPath']),
    cartoonImagePath: wireString(raw['imgCartoonPath']),
    iconImage: wireString(raw['iconImg']),
    menuRoute: wireString(raw['menuRoute']),
    serverId: wireString(raw['serverId']),
    deployPath: wireString(raw['deployPath']),
    frontUserTypes: parseUserTypes(raw['frontUserType']),
    limitUserTypes: parseUserTypes(raw['limitUserType']),
    // A missing status is not "0": only an explicit 0 hides.
    updateStatus: raw['updateStatus'] === undefined || Number.isNaN(status) ? 1 : status,
    unreadCount: toCount(raw['unReadCodeCount']),
    appType: Number.isFinite(appType) && raw['appType'] !== undefined ? appType : 1,
  };
}

function iconsOf(raw: unknown): AppIcon[] {
  return Array.isArray(raw) ? raw.map(fromWireIcon).filter((icon): icon is AppIcon => icon !== null) : [];
}

/**
 * The `my_app_icon` answer: groups `[{code, iconVMs[]}]`. A bare list of icons (no `iconVMs`) becomes one group
 * with code ''.
 */
export function fromWireIconGroups(raw: unknown): IconGroup[] {
  if (!Array.isArray(raw)) return [];
  if (raw.length > 0 && raw.every((item) => isRecord(item) && !Array.isArray(item['iconVMs']))) {
    return [{ code: '', name: '', englishName: '', icons: iconsOf(raw) }];
  }
  return raw.filter(isRecord).map((group) => ({
    code: wireString(group['code']),
    name: wireString(group['name']) || wireString(group['zname']),
    englishName: wireString(group['englishName']) || wireString(group['enName']),
    icons: iconsOf(group['iconVMs']),
  }));
}

export function isSchoolUnit(unitType: number): boolean {
  return Number(unitType) === 2;
}

export { SCHOOL_ONLY_APP_CODES };

/**
 * Whether an icon shows: not when `updateStatus` is 0, never for the ignored codes (desktop, comment), and base and
 * edu only in school units.
 */
export function isIconVisible(icon: Pick<AppIcon, 'code' | 'updateStatus'>, unitType: number): boolean {
  if (icon.updateStatus === 0) return false;
  if (IGNORED_APP_CODES.includes(icon.code)) return false;
  if (!isSchoolUnit(unitType) && SCHOOL_ONLY_APP_CODES.includes(icon.code)) return false;
  return true;
}

/**
 * School units with teacher or type 4 users get grouped categories, a wider panel (780 px) and the teacher desktop;
 * everyone else a flat list.
 */
export function isGroupedDesktop(user: IconUser): boolean {
  const type = Number(user.userType);
  return isSchoolUnit(user.unitType) && (type === 2 || type === 4);
}

export type DesktopIcons =
  { grouped: true; groups: readonly IconGroup[] } | { grouped: false; icons: readonly AppIcon[] };

/** The visible icons, flat, in group order; an app listed in several groups appears once (its first place). */
export function visibleIcons(groups: readonly IconGroup[], unitType: number): AppIcon[] {
  const seen = new Set<string>();
  const out: AppIcon[] = [];
  for (const group of groups) {
    for (const icon of group.icons) {
      if (seen.has(icon.code) || !isIconVisible(icon, unitType)) continue;
      seen.add(icon.code);
      out.push(icon);
    }
  }
  return out;
}

/** What the desktop shows: visible icons in their groups (empty groups dropped), or one flat list. */
export function desktopIcons(groups: readonly IconGroup[], user: IconUser): DesktopIcons {
  if (!isGroupedDesktop(user)) return { grouped: false, icons: visibleIcons(groups, user.unitType) };
  const shown = groups
    .map((group) => ({ ...group, icons: group.icons.filter((icon) => isIconVisible(icon, user.unitType)) }))
    .filter((group) => group.icons.length > 0);
  return { grouped: true, groups: shown };
}

/** Drag (and keyboard) reordering is for user types 2 and 4 only. */
export function canReorderIcons(userType: number): boolean {
  const type = Number(userType);
  return type === 2 || type === 4;
}

/**
 * Unread counts from `unReadCodeCount` (`[{code, num}]`) onto the icons. The list is the fresher source and is taken
 * as complete: an icon it does not name has nothing unread. Unchanged icons keep their identity.
 */
export function mergeUnreadCounts<T extends Pick<AppIcon, 'code' | 'unreadCount'>>(
  icons: readonly T[],
  counts: unknown,
): T[] {
  const byCode = new Map<string, number>();
  if (Array.isArray(counts)) {
    for (const item of counts) {
      if (!isRecord(item)) continue;
      const code = wireString(item['code']);
      if (code) byCode.set(code, (byCode.get(code) ?? 0) + toCount(item['num']));
    }
  }
  return icons.map((icon) => {
    const count = byCode.get(icon.code) ?? 0;
    return count === icon.unreadCount ? icon : { ...icon, unreadCount: count };
  });
}

/** `mergeUnreadCounts` over every group. */
export function mergeGroupUnreadCounts(groups: readonly IconGroup[], counts: unknown): IconGroup[] {
  return groups.map((group) => ({ ...group, icons: mergeUnreadCounts(group.icons, counts) }));
}

/** The name shown under an icon: English names in English, the Chinese display name otherwise; short for the header. */
export function iconLabel(
  icon: Pick<AppIcon, 'displayName' | 'name' | 'englishName' | 'shortName' | 'englishShortName' | 'code'>,
  lang: Lang,
  { short = false } = {},
): string {
  const chinese = (short && icon.shortName) || icon.displayName || icon.name;
  const english = (short && icon.englishShortName) || icon.englishName;
  return serverText(chinese, english, lang) || icon.code;
}

/**
 * The picture of an icon for a theme: the grey variant in ink (a black-and-white theme), the cartoon variant in
 * cartoon, else the colour picture. A missing variant falls back to the colour picture, then to `iconImg`; '' when
 * there is none, and the first character of the name shows instead. `header: true` prefers `iconImg`, the small
 * glyph made for the header bar. A picture that fails core's safe-URL rule counts as none.
 */
export function iconImage(
  icon: Pick<AppIcon, 'imagePath' | 'grayImagePath' | 'cartoonImagePath' | 'iconImage'>,
  theme: string,
  { header = false } = {},
): string {
  const variant = theme === 'ink' ? icon.grayImagePath : theme === 'cartoon' ? icon.cartoonImagePath : '';
  const chosen = (header && icon.iconImage) || variant || icon.imagePath || icon.iconImage;
  // A picture from data passes the safe-URL rule; a refused one shows the letter tile.
  return chosen && safeUrl(chosen, { image: true }) ? chosen : '';
}

/** The first character (a whole code point, so CJK and emoji stay intact) shown when the picture fails. */
export function iconFallbackText(name: string): string {
  const first = Array.from(name.trim())[0] ?? '';
  return first.toLocaleUpperCase();
}
