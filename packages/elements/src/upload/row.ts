/**
 * A file's row in `<edu-upload>`'s queue: its bars, its words and its buttons. Loaded with core's upload engine when
 * the first file is added (an empty drop zone needs none of it).
 *
 * Honest progress: the bar counts the bytes as the browser sends them and never goes back (a failed request's bytes
 * are sent again under the mark it reached); hashing has its own labelled bar while it runs, so a file hashed before
 * it is sent does not go 88 % → 0 %; speed and time left show only while bytes move.
 */
import { html, nothing } from 'lit';
import { msg, str } from '@lit/localize';
import { getLanguage } from '@edu-portal/core/i18n/language.ts';
import type { UploadController, UploadSnapshot } from '@edu-portal/core/upload/upload.ts';
import { uploadErrorText } from '@edu-portal/core/upload/errors.ts';
import { formatBytes } from './format.ts';
import { ACTIVE } from './states.ts';

export interface QueueItem {
  key: number;
  file: File;
  /** The folder path of a folder pick (`webkitRelativePath`), else the name. */
  path: string;
  controller: UploadController;
  snapshot: UploadSnapshot;
  /** A resume record exists: the upload waits for the user to resume it. */
  offered: boolean;
  /** The queue has started it (it may still be idle for a moment). */
  started: boolean;
  /** The highest percent the bar has shown: it never goes back. */
  shown: number;
  unsubscribe: () => void;
}

/** What a row asks of its element. */
export interface RowHost {
  removeItem(item: QueueItem): void;
}

function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot > 0 ? name.slice(dot + 1).toLowerCase() : '';
}

const percentOf = (bytes: number, size: number) => (size > 0 ? Math.min(100, Math.floor((bytes / size) * 100)) : 0);

/** The bar's percent: bytes sent (or held, for an offer), never below what it showed before. */
export function sentPercent(item: QueueItem): number {
  const { snapshot } = item;
  const now = snapshot.state === 'done' ? 100 : percentOf(snapshot.sentBytes, snapshot.size);
  item.shown = Math.max(item.shown, now);
  return item.shown;
}

/** The hashing bar's percent while the MD5 is being computed; null once it is known or nothing runs. */
function hashPercent(snapshot: UploadSnapshot): number | null {
  if (snapshot.md5 !== null || !['hashing', 'uploading'].includes(snapshot.state)) return null;
  return percentOf(snapshot.hashedBytes, snapshot.size);
}

/** The error's message in the language in force (the catalogue's text; the server's own words as they came). */
export function errorText(item: QueueItem): string {
  const error = item.snapshot.error;
  if (!error) return '';
  if (error.kind === 'type not allowed') return uploadErrorText(error.kind, getLanguage(), extensionOf(item.file.name));
  // A quota refusal is the server's, but its words are the kit's own, in the language in force now.
  if ((error.refusal && error.status === 0) || error.kind === 'quota exceeded') {
    return uploadErrorText(error.kind, getLanguage());
  }
  return error.message;
}

function phaseText(item: QueueItem): string {
  const { snapshot } = item;
  switch (snapshot.state) {
    case 'idle':
      return item.offered
        ? msg('上次未传完，可继续上传', { id: 'upload.resumeOffer' })
        : msg('等待上传', { id: 'upload.waiting' });
    case 'hashing':
      return msg('正在计算校验值', { id: 'upload.hashing' });
    case 'checking':
      return msg('正在检查', { id: 'upload.checking' });
    case 'uploading':
      return msg('正在上传', { id: 'upload.uploading' });
    case 'merging':
      return msg('正在合并', { id: 'upload.merging' });
    case 'done':
      return snapshot.instant ? msg('秒传', { id: 'upload.instant' }) : msg('已完成', { id: 'upload.done' });
    case 'paused':
      return snapshot.pausedBy === 'offline'
        ? msg('网络已断开，恢复后继续', { id: 'upload.offline' })
        : msg('已暂停', { id: 'upload.paused' });
    case 'failed':
      return errorText(item);
    case 'aborted':
      return msg('已取消', { id: 'upload.aborted' });
  }
}

function rateText(snapshot: UploadSnapshot): string {
  if (snapshot.state !== 'uploading' || snapshot.speed <= 0) return '';
  const speed = `${formatBytes(snapshot.speed)}/s`;
  if (snapshot.timeLeftMs === null) return speed;
  const seconds = Math.max(1, Math.round(snapshot.timeLeftMs / 1000));
  const left =
    seconds < 60
      ? msg(str`剩余 ${seconds} 秒`, { id: 'upload.secondsLeft' })
      : msg(str`剩余 ${Math.ceil(seconds / 60)} 分钟`, { id: 'upload.minutesLeft' });
  return `${speed} · ${left}`;
}

/** A row button: its visible word, and an accessible name that includes the file. */
function actionButton(text: string, label: string, action: () => void, primary = false) {
  return html`<button type="button" class=${primary ? 'button primary' : 'button'} aria-label=${label} @click=${action}>
    ${text}
  </button>`;
}

function renderActions(host: RowHost, item: QueueItem) {
  const { state: current, error } = item.snapshot;
  const name = item.path;
  const controller = item.controller;
  const active = ACTIVE.includes(current);
  return [
    current === 'idle'
      ? actionButton(
          msg('继续上传', { id: 'upload.start' }),
          msg(str`继续上传 ${name}`, { id: 'upload.startLabel' }),
          () => controller.start(),
          true,
        )
      : nothing,
    active
      ? actionButton(msg('暂停', { id: 'upload.pause' }), msg(str`暂停 ${name}`, { id: 'upload.pauseLabel' }), () =>
          controller.pause(),
        )
      : nothing,
    current === 'paused'
      ? actionButton(msg('继续', { id: 'upload.resume' }), msg(str`继续 ${name}`, { id: 'upload.resumeLabel' }), () =>
          controller.resume(),
        )
      : nothing,
    current === 'failed' && error && !error.refusal
      ? actionButton(msg('重试', { id: 'upload.retry' }), msg(str`重试 ${name}`, { id: 'upload.retryLabel' }), () =>
          controller.retry(),
        )
      : nothing,
    active || current === 'paused'
      ? actionButton(msg('取消', { id: 'upload.cancel' }), msg(str`取消 ${name}`, { id: 'upload.cancelLabel' }), () =>
          controller.abort(),
        )
      : actionButton(msg('移除', { id: 'upload.remove' }), msg(str`移除 ${name}`, { id: 'upload.removeLabel' }), () =>
          host.removeItem(item),
        ),
  ];
}

export function renderRow(host: RowHost, item: QueueItem) {
  const { snapshot } = item;
  const failed = snapshot.state === 'failed';
  const hashing = hashPercent(snapshot);
  // While only hashing runs, the words say how far it is; the sending bar waits at what is sent (or held).
  const sent = sentPercent(item);
  const phase = phaseText(item);
  const shownPercent = snapshot.state === 'hashing' ? (hashing ?? 0) : sent;
  const hashNote =
    hashing !== null && snapshot.state !== 'hashing'
      ? ` · ${msg(str`校验值 ${hashing}%`, { id: 'upload.hashNote' })}`
      : '';
  const rate = rateText(snapshot);
  return html`<li
    part="item"
    class="item"
    data-key=${item.key}
    data-state=${snapshot.state}
    ?data-instant=${snapshot.instant}
  >
    <div class="line">
      <span class="name" title=${item.path}>${item.path}</span>
      <span class="size">${formatBytes(item.file.size)}</span>
    </div>
    ${
      failed
        ? nothing
        : html`<div
              part="progress"
              class="bar"
              role="progressbar"
              aria-label=${item.path}
              aria-valuemin="0"
              aria-valuemax="100"
              aria-valuenow=${sent}
              aria-valuetext=${`${phase} ${sent}%`}
            >
              <div class="fill" style=${`width:${sent}%`}></div>
            </div>
            ${
              hashing === null
                ? nothing
                : html`<div
                    part="hash-progress"
                    class="bar hash"
                    role="progressbar"
                    aria-label=${msg(str`${item.path} 校验值`, { id: 'upload.hashLabel' })}
                    aria-valuemin="0"
                    aria-valuemax="100"
                    aria-valuenow=${hashing}
                  >
                    <div class="fill" style=${`width:${hashing}%`}></div>
                  </div>`
            }`
    }
    <div class="line">
      <span class=${failed ? 'status error' : 'status'}
        >${phase}${failed ? nothing : html` ${shownPercent}%${hashNote}`}</span
      >
      ${rate ? html`<span class="rate">${rate}</span>` : nothing}
    </div>
    <div part="actions" class="actions">${renderActions(host, item)}</div>
  </li>`;
}
