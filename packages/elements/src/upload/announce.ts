/**
 * What `<edu-upload>` says in its live region. Events are gathered for a moment and said as one announcement, so a
 * dropped folder is heard whole (files added, files refused and why) instead of each text replacing the last before
 * a screen reader reads it; many files of one kind at once are counted rather than named.
 */
import { msg, str } from '@lit/localize';
import { getLanguage } from '@edu-portal/core/i18n/language.ts';
import type { UploadState } from '@edu-portal/core/upload/upload.ts';
import { joinSentences } from '../internal/sentences.ts';
import { errorText, type QueueItem } from './row.ts';
import { ACTIVE } from './states.ts';

/** Events this close together are said together. */
export const ANNOUNCE_GATHER_MS = 300;
/** More files of one kind than this in one announcement are counted, not named. */
export const NAMED_FILES = 3;

type Kind = 'added' | 'refused' | 'done' | 'failed' | 'offline';

export interface QueueAnnouncer {
  /** A file joined the queue (or was refused at once: then why). */
  added(item: QueueItem): void;
  /** A file's upload moved from `before` to its current state (`offered`: it waited with a resume offer). */
  changed(item: QueueItem, before: UploadState, offered: boolean): void;
  removed(item: QueueItem): void;
  dispose(): void;
}

/** Many files of one kind (and one reason) at once. */
function countedText(kind: Kind, count: number, reason: string): string {
  switch (kind) {
    case 'added':
      return msg(str`已添加 ${count} 个文件`, { id: 'upload.addedMany' });
    case 'refused':
      return msg(str`${count} 个文件未能添加：${reason}`, { id: 'upload.refusedMany' });
    case 'done':
      return msg(str`${count} 个文件上传完成`, { id: 'upload.doneMany' });
    case 'failed':
      return msg(str`${count} 个文件上传失败：${reason}`, { id: 'upload.failedMany' });
    case 'offline':
      return msg(str`网络已断开，${count} 个文件将在恢复后继续`, { id: 'upload.offlineMany' });
  }
}

function namedText(kind: Kind, path: string, reason: string): string {
  switch (kind) {
    case 'added':
      return msg(str`已添加 ${path}`, { id: 'upload.added' });
    case 'refused':
      return msg(str`${path} 未能添加：${reason}`, { id: 'upload.announceRefused' });
    case 'done':
      return msg(str`${path} 上传完成`, { id: 'upload.announceDone' });
    case 'failed':
      return msg(str`${path} 上传失败：${reason}`, { id: 'upload.announceFailed' });
    case 'offline':
      return msg(str`网络已断开，${path} 将在恢复后继续`, { id: 'upload.announceOffline' });
  }
}

/** `say(text)` puts the gathered text into the live region. */
export function createAnnouncer(say: (text: string) => void): QueueAnnouncer {
  /** Files by kind and reason, in the order first seen: many of one group are counted, a few named. */
  let groups = new Map<string, { kind: Kind; reason: string; paths: string[] }>();
  /** Sentences always said one by one (pauses, cancels…), after the groups. */
  let single: string[] = [];
  let timer: ReturnType<typeof setTimeout> | undefined;

  function flush(): void {
    timer = undefined;
    const sentences: string[] = [];
    for (const { kind, reason, paths } of groups.values()) {
      if (paths.length > NAMED_FILES) sentences.push(countedText(kind, paths.length, reason));
      else sentences.push(...paths.map((path) => namedText(kind, path, reason)));
    }
    sentences.push(...single);
    groups = new Map();
    single = [];
    const chinese = getLanguage() !== 'en';
    say(sentences.reduce((text, sentence) => joinSentences(text, sentence, chinese), ''));
  }

  function gather(): void {
    timer ??= setTimeout(flush, ANNOUNCE_GATHER_MS);
  }

  function group(kind: Kind, item: QueueItem, reason = ''): void {
    const key = `${kind}\n${reason}`;
    const found = groups.get(key) ?? { kind, reason, paths: [] };
    found.paths.push(item.path);
    groups.set(key, found);
    gather();
  }

  function name(text: string): void {
    single.push(text);
    gather();
  }

  return {
    added(item) {
      const { snapshot } = item;
      if (snapshot.state === 'failed' && snapshot.error) group('refused', item, errorText(item));
      else group('added', item);
    },
    changed(item, before, offered) {
      const { snapshot, path } = item;
      switch (snapshot.state) {
        case 'done':
          if (snapshot.instant) name(msg(str`${path} 秒传完成`, { id: 'upload.announceInstant' }));
          else group('done', item);
          break;
        case 'failed':
          if (snapshot.error) group('failed', item, errorText(item));
          break;
        case 'paused':
          if (snapshot.pausedBy === 'offline') group('offline', item);
          else name(msg(str`${path} 已暂停`, { id: 'upload.announcePaused' }));
          break;
        case 'aborted':
          name(msg(str`${path} 已取消`, { id: 'upload.announceCancelled' }));
          break;
        default:
          // Going on after a pause or a retry; the steps of a running upload are not announced.
          if (ACTIVE.includes(snapshot.state) && (before === 'paused' || before === 'failed' || offered))
            name(msg(str`${path} 继续上传`, { id: 'upload.announceResumed' }));
      }
    },
    removed(item) {
      name(msg(str`已移除 ${item.path}`, { id: 'upload.announceRemoved' }));
    },
    dispose() {
      clearTimeout(timer);
      timer = undefined;
    },
  };
}
