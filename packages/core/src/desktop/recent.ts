/**
 * Recent apps (spec part 1 §9: at most 10 per user): kept per user in localStorage, most recent first. Opening an
 * app is also recorded on the server (`user_access_detail`, see `api.ts`), which can answer the list too.
 */
import { RECENT_APPS_LIMIT } from '../constants.ts';
import { isRecord } from '../platform/guards.ts';
import { readJson, writeJson } from '../platform/storage.ts';
import { toEpochMs } from '../format/relative-time.ts';

export interface RecentApp {
  code: string;
  /** Epoch ms of the last opening. */
  openedAt: number;
}

/** localStorage key of a user's recent apps. */
export function recentAppsKey(userId: string): string {
  return `edu_recent_apps_${userId}`;
}

function fromRaw(item: unknown): RecentApp | null {
  if (typeof item === 'string') return item.trim() ? { code: item.trim(), openedAt: 0 } : null;
  if (!isRecord(item)) return null;
  const code = typeof item['code'] === 'string' ? item['code'].trim() : '';
  if (!code) return null;
  const time = item['openedAt'] ?? item['accessTime'];
  const openedAt = typeof time === 'number' || typeof time === 'string' ? toEpochMs(time) : NaN;
  return { code, openedAt: Number.isFinite(openedAt) ? openedAt : 0 };
}

/**
 * A clean list from anything stored or sent: codes, `{code, openedAt}` (stored) or icons with `accessTime`
 * (`recent_apps`), each code once (its
 * latest opening), most recent first (equal times keep their order), at most 10.
 */
export function normalizeRecentApps(raw: unknown): RecentApp[] {
  const latest = new Map<string, RecentApp>();
  for (const entry of (Array.isArray(raw) ? raw : []).map(fromRaw)) {
    if (!entry) continue;
    const known = latest.get(entry.code);
    if (!known || entry.openedAt > known.openedAt) latest.set(entry.code, entry);
  }
  return [...latest.values()].sort((a, b) => b.openedAt - a.openedAt).slice(0, RECENT_APPS_LIMIT);
}

export function readRecentApps(userId: string): RecentApp[] {
  return userId ? normalizeRecentApps(readJson('local', recentAppsKey(userId))) : [];
}

/** Records an opening of `code` now: it moves to the front, the list keeps 10. Returns the new list. */
export function recordRecentApp(userId: string, code: string, now: number = Date.now()): RecentApp[] {
  if (!userId || !code.trim()) return readRecentApps(userId);
  const list = normalizeRecentApps([{ code: code.trim(), openedAt: now }, ...readRecentApps(userId)]);
  writeJson('local', recentAppsKey(userId), list);
  return list;
}

/** The local list and the server's, merged: each app at its latest opening, most recent first, at most 10. */
export function mergeRecentApps(local: readonly RecentApp[], remote: readonly RecentApp[]): RecentApp[] {
  return normalizeRecentApps([...local, ...remote]);
}

/** The icons of the recent apps, in recent order; apps the user no longer has (or that are hidden) drop out. */
export function recentIcons<T extends { code: string }>(recent: readonly RecentApp[], icons: readonly T[]): T[] {
  const byCode = new Map(icons.map((icon) => [icon.code, icon]));
  return recent.map((entry) => byCode.get(entry.code)).filter((icon): icon is T => icon !== undefined);
}
