import { html, nothing, type PropertyValues } from 'lit';
import { property, query, state } from 'lit/decorators.js';
import { repeat } from 'lit/directives/repeat.js';
import { msg, str } from '@lit/localize';
import { getLanguage } from '@edu-portal/core/i18n/language.ts';
import type { UploadController, UploadSnapshot, UploadState } from '@edu-portal/core/upload/upload.ts';
import type { UploadErrorKind } from '@edu-portal/core/upload/errors.ts';
import { coreText } from '@edu-portal/core/i18n/messages.ts';
import { notify } from '@edu-portal/core/platform/notify.ts';
import { filesFromDrop, type DroppedFile } from '@edu-portal/core/upload/drop.ts';
import { EduElement } from '../internal/edu-element.ts';
import { loadOnce } from '../internal/load-once.ts';
import { uploadStyles } from './upload.styles.ts';

type Engine = typeof import('./engine.ts');
/** Core's upload engine, loaded with the first file added (a failed load is asked for again next time). */
const loadEngine = loadOnce<Engine>(() => import('./engine.ts'));

/** A file the server stored (the `data` of a finished upload): `id` is what the form value lists. */
export interface EduStoredFile {
  id: string;
  name: string;
  size: number;
  md5: string;
  url?: string;
  [key: string]: unknown;
}

export interface EduUploadProgressDetail {
  file: File;
  state: UploadState;
  /** Bytes hashed while hashing, bytes the server accepted afterwards. */
  loaded: number;
  total: number;
  /** 0 … 100 of the current phase. */
  percent: number;
}
export interface EduUploadSuccessDetail {
  file: File;
  /** The file's path in the folder it was picked or dropped with (`folder/sub/b.bin`), else its name. */
  path: string;
  md5: string;
  /** The server's `data` for the stored file. */
  data: unknown;
  /** True for a second upload: the server had the file, no byte was sent. */
  instant: boolean;
}
export interface EduUploadErrorDetail {
  file: File | null;
  kind: UploadErrorKind;
  message: string;
}
export type EduUploadProgressEvent = CustomEvent<EduUploadProgressDetail>;
export type EduUploadSuccessEvent = CustomEvent<EduUploadSuccessDetail>;
export type EduUploadErrorEvent = CustomEvent<EduUploadErrorDetail>;

interface QueueItem {
  key: number;
  file: File;
  /** The folder path of a folder pick (`webkitRelativePath`), else the name. */
  path: string;
  controller: UploadController;
  snapshot: UploadSnapshot;
  /** A resume record exists: the upload waits for the user to resume it. */
  offered: boolean;
  unsubscribe: () => void;
}

const ACTIVE: readonly UploadState[] = ['hashing', 'checking', 'uploading', 'merging'];

/** `1536` → `1.5 KB`. */
export function formatBytes(bytes: number): string {
  const units = ['B', 'KB', 'MB', 'GB', 'TB'];
  let value = Math.max(0, bytes);
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  const digits = unit === 0 || value >= 100 ? 0 : 1;
  return `${value.toFixed(digits)} ${units[unit]}`;
}

/** Extensions of an `accept` list (`.pdf, .docx`); MIME types are left to the file dialog. */
function acceptedExtensions(accept: string): string[] | undefined {
  const exts = accept
    .split(',')
    .map((part) => part.trim().toLowerCase())
    .filter((part) => part.startsWith('.') && part.length > 1)
    .map((part) => part.slice(1));
  return exts.length ? exts : undefined;
}

function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot > 0 ? name.slice(dot + 1).toLowerCase() : '';
}

function positive(value: number): number | undefined {
  return Number.isFinite(value) && value > 0 ? value : undefined;
}

let keys = 0;

/**
 * The chunked upload of spec part 2 §4 (issue 11) as an element: a drop zone (a dropped folder queues every file
 * inside, keeping its path in the folder) and a file button (a folder button with `directory`), and a queue with one row per file: its progress bar (hashing, then the bytes the server accepted),
 * speed and time left, "instant" for a second upload, and pause, resume, cancel, retry and remove buttons named
 * with the file. Each file is one core upload (`createUpload`): MD5 in a Worker, second upload check, chunks
 * checked and sent in parallel, merge verified by the server. Refused files (a refused or unaccepted type, over
 * `max-size`) show their message at once and send nothing. A file with a resume record (an upload interrupted by a
 * reload) waits with a "resume" offer; resuming sends only the chunks the server lacks. A polite live region
 * announces files added, done and failed in the language in force.
 *
 * It is form-associated: its value is the ids of the stored files joined with commas (`files` has the records), so
 * it works inside a `<form>` or an `<edu-form-dialog>`; a form reset empties the queue.
 *
 * @summary Chunked file upload with a queue, resume and second upload.
 * @tagname edu-upload
 *
 * @fires {CustomEvent<{file: File, state: string, loaded: number, total: number, percent: number}>} edu-upload-progress -
 *   A file's upload moved on (state or bytes).
 * @fires {CustomEvent<{file: File, path: string, md5: string, data: unknown, instant: boolean}>} edu-upload-success -
 *   A file is stored (`data` is the server's record of it; `path` its path in a picked or dropped folder, else its
 *   name).
 * @fires {CustomEvent<{file: File | null, kind: string, message: string}>} edu-upload-error - A file was refused or
 *   its upload failed (`kind` is the catalogue's, spec part 2 §8).
 *
 * @slot hint - Text under the drop zone's prompt (e.g. the types and size allowed).
 *
 * @csspart drop-zone - The drop zone.
 * @csspart pick - The file button.
 * @csspart pick-folder - The folder button.
 * @csspart queue - The list of files.
 * @csspart item - A file's row.
 * @csspart progress - A file's progress bar.
 * @csspart actions - A file's buttons.
 *
 * @cssprop [--edu-color-primary] - Progress bar, focus ring, drop zone highlight.
 * @cssprop [--edu-upload-border-color=#dcdfe6] - Border of the drop zone.
 */
export class EduUpload extends EduElement {
  static override styles = uploadStyles;
  static formAssociated = true;

  /** Types offered and allowed, as for `<input type=file>`; extensions (`.pdf`) are also enforced. */
  @property() accept = '';

  /** Largest file in bytes; 0 for no limit of its own. */
  @property({ attribute: 'max-size', type: Number }) maxSize = 0;

  /** Chunk size in bytes (default the core's, 2 MB). */
  @property({ attribute: 'chunk-size', type: Number }) chunkSize = 0;

  /** Chunk uploads in flight per file (default 3). */
  @property({ type: Number }) concurrency = 0;

  /** Storage server id (default `base`). */
  @property({ attribute: 'server-id' }) serverId = '';

  /** Several files may be picked at once. */
  @property({ type: Boolean, reflect: true }) multiple = false;

  /** Offers a folder pick too (files keep their `webkitRelativePath`). */
  @property({ type: Boolean, reflect: true }) directory = false;

  /** Name of the form field. */
  @property({ reflect: true }) name = '';

  @property({ type: Boolean, reflect: true }) disabled = false;

  @state() private queue: QueueItem[] = [];
  @state() private dragging = false;
  @state() private announcement = '';

  @query('input.files') private fileInput!: HTMLInputElement;
  @query('input.folder') private folderInput?: HTMLInputElement;

  private readonly internals: ElementInternals;
  private formDisabled = false;

  constructor() {
    super();
    this.internals = this.attachInternals();
  }

  /** The files stored so far, in queue order. */
  get files(): EduStoredFile[] {
    return this.queue
      .filter((item) => item.snapshot.state === 'done')
      .map((item) => {
        const data = item.snapshot.result;
        const record = (data && typeof data === 'object' ? data : {}) as Partial<EduStoredFile>;
        return {
          ...record,
          id: String(record.id ?? ''),
          name: String(record.name ?? item.file.name),
          size: typeof record.size === 'number' ? record.size : item.file.size,
          md5: item.snapshot.md5 ?? '',
        };
      });
  }

  /** The stored files' ids joined with commas. */
  get value(): string {
    return this.files
      .map((file) => file.id)
      .filter(Boolean)
      .join(',');
  }

  get form(): HTMLFormElement | null {
    return this.internals.form;
  }

  /** Whether any file is still hashing or uploading. */
  get busy(): boolean {
    return this.queue.some((item) => ACTIVE.includes(item.snapshot.state));
  }

  /** Adds files to the queue and starts them (the file button and the drop zone call this). */
  addFiles(files: Iterable<File>): void {
    this.addDropped(Array.from(files, (file) => ({ file, path: '' })));
  }

  /**
   * Queues files with their paths (a dropped folder's); only the first without `multiple`. The first time, once
   * core's upload engine has loaded; if it cannot load (the network is gone), that is said and nothing is queued.
   */
  private addDropped(files: DroppedFile[]): void {
    if (this.disabled || this.formDisabled) return;
    const chosen = this.multiple ? files : files.slice(0, 1);
    if (chosen.length === 0) return;
    const queue = (loaded: Engine) => {
      for (const { file, path } of chosen) this.enqueue(loaded, file, path);
    };
    const loaded = loadEngine.loaded();
    if (loaded) return queue(loaded);
    loadEngine().then(queue, () => notify({ type: 'error', message: coreText('network') }));
  }

  /** Clears the queue, aborting uploads in flight. */
  clear(): void {
    for (const item of this.queue) this.drop(item);
    this.queue = [];
  }

  formResetCallback(): void {
    this.clear();
  }

  formDisabledCallback(disabled: boolean): void {
    this.formDisabled = disabled;
    this.requestUpdate();
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    // A moved element keeps its queue; one removed for good should not keep uploading: abort what is in flight.
    queueMicrotask(() => {
      if (!this.isConnected)
        for (const item of this.queue) if (ACTIVE.includes(item.snapshot.state)) item.controller.abort();
    });
  }

  protected override updated(changed: PropertyValues<this>): void {
    if (changed.has('queue' as keyof EduUpload)) {
      const ids = this.files.map((file) => file.id).filter(Boolean);
      if (ids.length === 0) this.internals.setFormValue(null);
      else this.internals.setFormValue(ids.join(','));
    }
  }

  private enqueue({ createUpload, findResumeRecord }: Engine, file: File, dropPath = ''): void {
    const relative = dropPath || (file as File & { webkitRelativePath?: string }).webkitRelativePath;
    const offered = findResumeRecord(file) !== null;
    const controller = createUpload(file, {
      accept: acceptedExtensions(this.accept),
      maxSize: positive(this.maxSize),
      chunkSize: positive(this.chunkSize),
      concurrency: positive(this.concurrency),
      serverId: this.serverId || undefined,
      autoStart: !offered,
      relativePath: relative || undefined,
      // The row shows the message; a notice as well would say it twice.
      notify: false,
    });
    const item: QueueItem = {
      key: keys++,
      file,
      path: relative || file.name,
      controller,
      snapshot: controller.getSnapshot(),
      offered,
      unsubscribe: () => {},
    };
    this.queue = [...this.queue, item];
    this.announce(msg(str`已添加 ${item.path}`, { id: 'upload.added' }));
    item.unsubscribe = controller.subscribe((snapshot) => this.onChange(item, snapshot));
    // A refusal fails at creation, before any listener could hear it.
    if (item.snapshot.state === 'failed') this.onChange(item, item.snapshot, true);
  }

  private onChange(item: QueueItem, snapshot: UploadSnapshot, initial = false): void {
    const before = initial ? 'idle' : item.snapshot.state;
    item.snapshot = snapshot;
    if (snapshot.state !== 'idle') item.offered = false;
    this.queue = [...this.queue];
    const total = snapshot.size;
    const loaded = snapshot.state === 'hashing' ? snapshot.hashedBytes : snapshot.uploadedBytes;
    this.emit('edu-upload-progress', {
      file: item.file,
      state: snapshot.state,
      loaded,
      total,
      percent: this.percent(snapshot),
    });
    if (before === snapshot.state) return;
    if (snapshot.state === 'done') {
      this.announce(
        snapshot.instant
          ? msg(str`${item.path} 秒传完成`, { id: 'upload.announceInstant' })
          : msg(str`${item.path} 上传完成`, { id: 'upload.announceDone' }),
      );
      this.emit('edu-upload-success', {
        file: item.file,
        path: item.path,
        md5: snapshot.md5 ?? '',
        data: snapshot.result,
        instant: snapshot.instant,
      });
    } else if (snapshot.state === 'failed' && snapshot.error) {
      const message = this.errorText(item);
      this.announce(msg(str`${item.path} 上传失败：${message}`, { id: 'upload.announceFailed' }));
      this.emit('edu-upload-error', { file: item.file, kind: snapshot.error.kind, message });
    }
  }

  /** The error's message in the language in force (the catalogue's text; the server's own words as they came). */
  private errorText(item: QueueItem): string {
    const error = item.snapshot.error;
    if (!error) return '';
    // An item exists only once the engine has loaded.
    const { uploadErrorText } = loadEngine.loaded()!;
    if (error.kind === 'type not allowed')
      return uploadErrorText(error.kind, getLanguage(), extensionOf(item.file.name));
    // A quota refusal is the server's, but its words are the kit's own, in the language in force now.
    if ((error.refusal && error.status === 0) || error.kind === 'quota exceeded') {
      return uploadErrorText(error.kind, getLanguage());
    }
    return error.message;
  }

  private announce(text: string): void {
    // The same words twice in a row would not be read again: clear first.
    this.announcement = '';
    void this.updateComplete.then(() => (this.announcement = text));
  }

  private drop(item: QueueItem): void {
    item.unsubscribe();
    if (!['done', 'failed', 'aborted'].includes(item.snapshot.state)) item.controller.abort();
  }

  private removeItem(item: QueueItem): void {
    this.drop(item);
    this.queue = this.queue.filter((other) => other !== item);
  }

  private percent(snapshot: UploadSnapshot): number {
    if (snapshot.state === 'done') return 100;
    if (snapshot.size === 0) return 0;
    const bytes = snapshot.state === 'hashing' ? snapshot.hashedBytes : snapshot.uploadedBytes;
    return Math.min(100, Math.floor((bytes / snapshot.size) * 100));
  }

  private onPick(event: Event): void {
    const input = event.target as HTMLInputElement;
    this.addFiles(Array.from(input.files ?? []));
    // The same file picked again must fire change again.
    input.value = '';
  }

  private onDragOver(event: DragEvent): void {
    if (this.disabled || this.formDisabled) return;
    event.preventDefault();
    if (event.dataTransfer) event.dataTransfer.dropEffect = 'copy';
    this.dragging = true;
  }

  private onDrop(event: DragEvent): void {
    event.preventDefault();
    this.dragging = false;
    if (this.disabled || this.formDisabled || !event.dataTransfer) return;
    // Dropped folders are walked (every file inside, keeping its path in the folder); their entries are taken now,
    // while the drop is dispatched.
    void filesFromDrop(event.dataTransfer).then((files) => this.addDropped(files));
  }

  private phaseText(item: QueueItem): string {
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
        return this.errorText(item);
      case 'aborted':
        return msg('已取消', { id: 'upload.aborted' });
    }
  }

  private rateText(snapshot: UploadSnapshot): string {
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
  private actionButton(text: string, label: string, action: () => void, primary = false) {
    return html`<button
      type="button"
      class=${primary ? 'button primary' : 'button'}
      aria-label=${label}
      @click=${action}
    >
      ${text}
    </button>`;
  }

  private renderActions(item: QueueItem) {
    const { state: current, error } = item.snapshot;
    const name = item.path;
    const controller = item.controller;
    const active = ACTIVE.includes(current);
    return [
      current === 'idle'
        ? this.actionButton(
            msg('继续上传', { id: 'upload.start' }),
            msg(str`继续上传 ${name}`, { id: 'upload.startLabel' }),
            () => controller.start(),
            true,
          )
        : nothing,
      active
        ? this.actionButton(
            msg('暂停', { id: 'upload.pause' }),
            msg(str`暂停 ${name}`, { id: 'upload.pauseLabel' }),
            () => controller.pause(),
          )
        : nothing,
      current === 'paused'
        ? this.actionButton(
            msg('继续', { id: 'upload.resume' }),
            msg(str`继续 ${name}`, { id: 'upload.resumeLabel' }),
            () => controller.resume(),
          )
        : nothing,
      current === 'failed' && error && !error.refusal
        ? this.actionButton(
            msg('重试', { id: 'upload.retry' }),
            msg(str`重试 ${name}`, { id: 'upload.retryLabel' }),
            () => controller.retry(),
          )
        : nothing,
      active || current === 'paused'
        ? this.actionButton(
            msg('取消', { id: 'upload.cancel' }),
            msg(str`取消 ${name}`, { id: 'upload.cancelLabel' }),
            () => controller.abort(),
          )
        : this.actionButton(
            msg('移除', { id: 'upload.remove' }),
            msg(str`移除 ${name}`, { id: 'upload.removeLabel' }),
            () => this.removeItem(item),
          ),
    ];
  }

  private renderItem(item: QueueItem) {
    const { snapshot } = item;
    const percent = this.percent(snapshot);
    const rate = this.rateText(snapshot);
    const failed = snapshot.state === 'failed';
    return html`<li part="item" class="item" data-state=${snapshot.state} ?data-instant=${snapshot.instant}>
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
              aria-valuenow=${percent}
              aria-valuetext=${`${this.phaseText(item)} ${percent}%`}
            >
              <div class="fill" style=${`width:${percent}%`}></div>
            </div>`
      }
      <div class="line">
        <span class=${failed ? 'status error' : 'status'}
          >${this.phaseText(item)}${failed ? nothing : html` ${percent}%`}</span
        >
        ${rate ? html`<span class="rate">${rate}</span>` : nothing}
      </div>
      <div part="actions" class="actions">${this.renderActions(item)}</div>
    </li>`;
  }

  override render() {
    const off = this.disabled || this.formDisabled;
    return html`
      <div
        part="drop-zone"
        class=${this.dragging ? 'zone dragging' : 'zone'}
        @dragover=${this.onDragOver}
        @dragenter=${this.onDragOver}
        @dragleave=${() => (this.dragging = false)}
        @drop=${this.onDrop}
      >
        <p class="prompt">${msg('将文件拖到此处，或', { id: 'upload.dropPrompt' })}</p>
        <div class="picks">
          <button
            part="pick"
            type="button"
            class="button primary"
            ?disabled=${off}
            @click=${() => this.fileInput.click()}
          >
            ${msg('选择文件', { id: 'upload.pickFile' })}
          </button>
          ${
            this.directory
              ? html`<button
                  part="pick-folder"
                  type="button"
                  class="button"
                  ?disabled=${off}
                  @click=${() => this.folderInput?.click()}
                >
                  ${msg('选择文件夹', { id: 'upload.pickFolder' })}
                </button>`
              : nothing
          }
        </div>
        <slot name="hint"></slot>
        <input
          class="files"
          type="file"
          hidden
          tabindex="-1"
          accept=${this.accept}
          ?multiple=${this.multiple}
          @change=${this.onPick}
        />
        ${
          this.directory
            ? html`<input
                class="folder"
                type="file"
                hidden
                tabindex="-1"
                webkitdirectory
                multiple
                @change=${this.onPick}
              />`
            : nothing
        }
      </div>
      ${
        this.queue.length
          ? html`<ul part="queue" class="queue" aria-label=${msg('上传列表', { id: 'upload.queue' })}>
              ${repeat(
                this.queue,
                (item) => item.key,
                (item) => this.renderItem(item),
              )}
            </ul>`
          : nothing
      }
      <div class="visually-hidden" role="status" aria-live="polite">${this.announcement}</div>
    `;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'edu-upload': EduUpload;
  }
  interface HTMLElementEventMap {
    /** An upload of `<edu-upload>` moved on. */
    'edu-upload-progress': EduUploadProgressEvent;
    /** `<edu-upload>` stored a file. */
    'edu-upload-success': EduUploadSuccessEvent;
    /** `<edu-upload>` refused a file or its upload failed. */
    'edu-upload-error': EduUploadErrorEvent;
  }
}
