/** Message and reminder calls (spec part 1 §7 "Desktop, theme, messages"), wire names mapped here. */
import { POPUP_PAGE_SIZE } from '../constants.ts';
import { client as defaultClient, type Client } from '../http/client.ts';
import { isRecord } from '../platform/guards.ts';
import type { Lang } from '../i18n/language.ts';
import { serverText } from '../i18n/server-text.ts';
import { fromWireMessages, fromWirePopupPage, type DesktopMessage, type PopupPage } from './message.ts';

export const MESSAGE_PATHS = {
  unread: '/api/base/desktop/message_select_not_read',
  markAllRead: '/api/base/desktop/message_update_status_by_me',
  markRead: '/api/base/desktop/message_update_statusby_id',
  popupPage: '/api/base/desktop/popUpBox_select',
  popupHandle: '/api/base/desktop/popUpBox_handle',
  config: '/api/base/desktop/getMessageConfig',
  insideModules: '/api/base/resource/inside/module',
} as const;

/** `GET message_select_not_read`: the unread messages. */
export async function getUnreadMessages(client: Client = defaultClient): Promise<DesktopMessage[]> {
  const envelope = await client.get(MESSAGE_PATHS.unread);
  return fromWireMessages(envelope.data);
}

/** `POST message_update_status_by_me`: ignore all (every message of the user read). */
export async function markAllMessagesRead(client: Client = defaultClient): Promise<void> {
  await client.post(MESSAGE_PATHS.markAllRead, {});
}

/** `POST message_update_statusby_id {desktopMessageId}`: one message read (opened, viewed or ignored). */
export async function markMessageRead(id: string, client: Client = defaultClient): Promise<void> {
  await client.post(MESSAGE_PATHS.markRead, { desktopMessageId: id });
}

/** `GET popUpBox_select {start, size}`: one page of pop-up to-dos; `start` is the 1-based page number. */
export async function getPopupPage(
  page: number,
  size: number = POPUP_PAGE_SIZE,
  client: Client = defaultClient,
): Promise<PopupPage> {
  const envelope = await client.get(MESSAGE_PATHS.popupPage, { start: page, size });
  return fromWirePopupPage(envelope.data, size);
}

/** `POST popUpBox_handle {id}`: a to-do handled, so it leaves the panel. */
export async function handlePopupItem(id: string, client: Client = defaultClient): Promise<void> {
  await client.post(MESSAGE_PATHS.popupHandle, { id });
}

export interface MessageConfig {
  /** Whether the pop-up reminders open on the pc desktop. */
  pcOpen: boolean;
}

/**
 * The `getMessageConfig` data: `{config}` where config is JSON (a string or an object) with `pcOpen`. Unreadable
 * config counts as open: reminders are the default, a unit switches them off.
 */
export function parseMessageConfig(data: unknown): MessageConfig {
  let config: unknown = isRecord(data) ? data['config'] : undefined;
  if (typeof config === 'string') {
    try {
      config = JSON.parse(config) as unknown;
    } catch {
      config = undefined;
    }
  }
  if (!isRecord(config) || !('pcOpen' in config)) return { pcOpen: true };
  const value = config['pcOpen'];
  return { pcOpen: !(value === false || value === 0 || value === '0' || value === 'false') };
}

/** `GET getMessageConfig`. */
export async function getMessageConfig(client: Client = defaultClient): Promise<MessageConfig> {
  const envelope = await client.get(MESSAGE_PATHS.config);
  return parseMessageConfig(envelope.data);
}

export interface InsideModule {
  code: string;
  name: string;
  englishName: string;
}

/** `GET /api/base/resource/inside/module`: the module list, used to name modules in the expiry table. */
export async function getInsideModules(client: Client = defaultClient): Promise<InsideModule[]> {
  const envelope = await client.get(MESSAGE_PATHS.insideModules);
  const list = Array.isArray(envelope.data) ? envelope.data : [];
  return list
    .filter(isRecord)
    .map((item) => ({
      code: typeof item['code'] === 'string' ? item['code'] : '',
      name: typeof item['name'] === 'string' ? item['name'] : '',
      englishName:
        typeof item['enName'] === 'string'
          ? item['enName']
          : typeof item['englishName'] === 'string'
            ? item['englishName']
            : '',
    }))
    .filter((module) => module.code);
}

/** code → name in the language shown (English names in English when there is one; traditional for zh-HK). */
export function moduleNames(modules: readonly InsideModule[], lang: Lang): Map<string, string> {
  return new Map(modules.map((m) => [m.code, serverText(m.name, m.englishName, lang)]));
}
