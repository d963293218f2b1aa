/**
 * Module expiry (spec part 1 §3 "Module expiry entry", §4 "Module expiry status"): status derived from `endTime`,
 * and the table's order.
 */
import { EXPIRING_SOON_MS } from '../constants.ts';
import { toEpochMs } from '../format/relative-time.ts';
import { isRecord } from '../platform/guards.ts';

/** 1 in use, 2 expiring soon (within 90 days), 3 expired. */
export type ModuleExpiryStatus = 1 | 2 | 3;
export const MODULE_IN_USE: ModuleExpiryStatus = 1;
export const MODULE_EXPIRING: ModuleExpiryStatus = 2;
export const MODULE_EXPIRED: ModuleExpiryStatus = 3;

export interface ModuleExpiry {
  code: string;
  name: string;
  /** Epoch ms. */
  endTime: number;
  status: ModuleExpiryStatus;
}

/**
 * Expired when `endTime` is before now; expiring when it is at most 90 days (7 776 000 000 ms) away, the end of the
 * 90th day included; otherwise in use.
 */
export function moduleExpiryStatus(endTime: number, now: number = Date.now()): ModuleExpiryStatus {
  if (endTime < now) return MODULE_EXPIRED;
  if (endTime - now <= EXPIRING_SOON_MS) return MODULE_EXPIRING;
  return MODULE_IN_USE;
}

/** Expired first, then expiring, then in use; within a status the earliest end first. Returns a new list. */
export function sortModuleExpiry<T extends Pick<ModuleExpiry, 'status' | 'endTime'>>(entries: readonly T[]): T[] {
  return [...entries].sort((a, b) => b.status - a.status || a.endTime - b.endTime);
}

export interface ModuleExpiryOptions {
  now?: number;
  /** code → name, e.g. from the module list (`/api/base/resource/inside/module`); an entry's own name wins. */
  names?: ReadonlyMap<string, string> | Readonly<Record<string, string>>;
}

function nameFor(code: string, names: ModuleExpiryOptions['names']): string {
  if (!names) return '';
  if (names instanceof Map) return names.get(code) ?? '';
  const table = names as Readonly<Record<string, string>>;
  return Object.hasOwn(table, code) ? (table[code] ?? '') : '';
}

/**
 * The module-expiry table from a message's `content`: a JSON list of `{code, endTime}` (also an already parsed
 * list). Bad JSON or anything but a list gives no rows; rows without a code or a readable `endTime` are left out.
 * Sorted for the table.
 */
export function parseModuleExpiry(
  content: unknown,
  { now = Date.now(), names }: ModuleExpiryOptions = {},
): ModuleExpiry[] {
  let list: unknown = content;
  if (typeof content === 'string') {
    try {
      list = JSON.parse(content) as unknown;
    } catch {
      return [];
    }
  }
  if (!Array.isArray(list)) return [];
  const rows: ModuleExpiry[] = [];
  for (const item of list) {
    if (!isRecord(item)) continue;
    const code = typeof item['code'] === 'string' ? item['code'].trim() : '';
    const raw = item['endTime'];
    const endTime = typeof raw === 'number' || typeof raw === 'string' ? toEpochMs(raw) : NaN;
    if (!code || !Number.isFinite(endTime)) continue;
    const own = typeof item['name'] === 'string' ? item['name'] : '';
    rows.push({ code, name: own || nameFor(code, names) || code, endTime, status: moduleExpiryStatus(endTime, now) });
  }
  return sortModuleExpiry(rows);
}
