/**
 * Desktop messages and to-dos (spec part 1 §3 "Message", "Pop-up message page", §4 "Messages"): wire mapping,
 * importance colours and what opening a message does.
 */
import { toEpochMs } from '../format/relative-time.ts';
import { isRecord } from '../platform/guards.ts';
import { IMPORTANCE_COLORS } from '../theme/constants.ts';
import { parseModuleExpiry, type ModuleExpiry, type ModuleExpiryOptions } from './expiry.ts';
import { wireString } from '../desktop/wire.ts';

export type ImportanceLevel = 1 | 2 | 3 | 4 | 5;

/** `openWay` 1: opening the message shows the module-expiry table built from its content. */
export const OPEN_WAY_MODULE_EXPIRY = 1;

export interface DesktopMessage {
  id: string;
  /** Wire `messageMeno`. */
  text: string;
  /** Wire `messageDate`, epoch ms (NaN when unreadable). */
  date: number;
  module: string;
  importance: ImportanceLevel;
  url: string;
  openWay: number;
  /** Wire `content`, as sent (a JSON string for `openWay` 1). */
  content: string;
}

/** A to-do of the pop-up reminder panel. */
export interface PopupItem {
  id: string;
  title: string;
  content: string;
  module: string;
  url: string;
  importance: ImportanceLevel;
  /** Epoch ms (NaN when unreadable). */
  date: number;
}

export interface PopupPage {
  list: readonly PopupItem[];
  pages: number;
  total: number;
}

function time(value: unknown): number {
  return typeof value === 'number' || typeof value === 'string' || value instanceof Date ? toEpochMs(value) : NaN;
}

/** Importance 1–5; anything else is read as the nearest level (unreadable: 1, the lowest). */
export function importanceLevel(value: unknown): ImportanceLevel {
  const n = Math.round(Number(value));
  if (!Number.isFinite(n)) return 1;
  return Math.min(5, Math.max(1, n)) as ImportanceLevel;
}

/** The colour of an importance level (theme constants, also `--edu-color-importance-N`). */
export function importanceColor(value: unknown): string {
  return IMPORTANCE_COLORS[importanceLevel(value)];
}

export function fromWireMessage(raw: unknown): DesktopMessage | null {
  if (!isRecord(raw)) return null;
  const id = wireString(raw['id']);
  if (!id) return null;
  const content = raw['content'];
  return {
    id,
    text: wireString(raw['messageMeno']),
    date: time(raw['messageDate']),
    module: wireString(raw['module']),
    importance: importanceLevel(raw['importance']),
    url: wireString(raw['url']),
    openWay: Number(raw['openWay']) || 0,
    // Some servers send the content already parsed; keep it as the JSON text the spec describes.
    content: typeof content === 'string' ? content : content == null ? '' : JSON.stringify(content),
  };
}

export function fromWireMessages(raw: unknown): DesktopMessage[] {
  const list = Array.isArray(raw) ? raw : isRecord(raw) && Array.isArray(raw['list']) ? raw['list'] : [];
  return list.map(fromWireMessage).filter((m): m is DesktopMessage => m !== null);
}

export function fromWirePopupItem(raw: unknown): PopupItem | null {
  if (!isRecord(raw)) return null;
  const id = wireString(raw['id']);
  if (!id) return null;
  return {
    id,
    title: wireString(raw['title']),
    content: wireString(raw['content']) || wireString(raw['messageMeno']),
    module: wireString(raw['module']),
    url: wireString(raw['url']),
    importance: importanceLevel(raw['importance']),
    date: time(raw['createTime'] ?? raw['messageDate']),
  };
}

/** `{list, pages, total}`; missing or unreadable counts are derived from the list. */
export function fromWirePopupPage(raw: unknown, pageSize: number): PopupPage {
  const data = isRecord(raw) ? raw : {};
  const list = (Array.isArray(data['list']) ? data['list'] : [])
    .map(fromWirePopupItem)
    .filter((item): item is PopupItem => item !== null);
  const totalRaw = Number(data['total']);
  const total = Number.isFinite(totalRaw) && totalRaw >= 0 ? Math.floor(totalRaw) : list.length;
  const pagesRaw = Number(data['pages']);
  const pages =
    Number.isFinite(pagesRaw) && pagesRaw >= 0 ? Math.floor(pagesRaw) : Math.ceil(total / Math.max(1, pageSize));
  return { list, pages, total };
}

export type MessageAction =
  { kind: 'module-expiry'; modules: ModuleExpiry[] } | { kind: 'open-url'; url: string } | { kind: 'none' };

/** What opening a message does: `openWay` 1 shows the module-expiry table, a url opens, else nothing more. */
export function messageAction(
  message: Pick<DesktopMessage, 'openWay' | 'url' | 'content'>,
  options: ModuleExpiryOptions = {},
): MessageAction {
  if (message.openWay === OPEN_WAY_MODULE_EXPIRY) {
    return { kind: 'module-expiry', modules: parseModuleExpiry(message.content, options) };
  }
  return message.url.trim() ? { kind: 'open-url', url: message.url.trim() } : { kind: 'none' };
}
