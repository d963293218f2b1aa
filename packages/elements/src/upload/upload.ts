import { html, nothing, type PropertyValues } from 'lit';
import { property, query, state } from 'lit/decorators.js';
import { guard } from 'lit/directives/guard.js';
import { repeat } from 'lit/directives/repeat.js';
import { msg, str } from '@lit/localize';
import { getLanguage } from '@edu-portal/core/i18n/language.ts';
import type { UploadSnapshot, UploadState } from '@edu-portal/core/upload/upload.ts';
import type { UploadErrorKind } from '@edu-portal/core/upload/errors.ts';
import { coreText } from '@edu-portal/core/i18n/messages.ts';
import { notify } from '@edu-portal/core/platform/notify.ts';
import { filesFromDrop, type DroppedFile } from '@edu-portal/core/upload/drop.ts';
import { NOT_ALLOWED_UPLOAD_EXTENSIONS, REJECTED_EXTENSIONS } from '@edu-portal/core/validate/extensions.ts';
import { EduElement } from '../internal/edu-element.ts';
import { loadOnce } from '../internal/load-once.ts';
import { currentLocale } from '../internal/localize.ts';
import type { QueueAnnouncer } from './announce.ts';
import { formatBytes } from './format.ts';
import type { QueueItem, RowHost } from './row.ts';
import { ACTIVE } from './states.ts';
import { uploadStyles } from './upload.styles.ts';

export { formatBytes };

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

/** Extensions of an `accept` list (`.pdf, .docx`); MIME types are left to the file dialog. */
function acceptedExtensions(accept: string): string[] | undefined {
  const exts = accept
    .split(',')
    .map((part) => part.trim().toLowerCase())
    .filter((part) => part.startsWith('.') && part.length > 1)
    .map((part) => part.slice(1));
  return exts.length ? exts : undefined;
}

function positive(value: number): number | undefined {
  return Number.isFinite(value) && value > 0 ? value : undefined;
}

let keys = 0;

/** Files added to the queue per task. */
const ENQUEUE_BATCH = 25;

/**
 * The chunked upload of spec part 2 §4 as an element: a drop zone (a dropped folder queues every file inside,
 * keeping its path in the folder), a file button (a folder button with `directory`), the rules said before any
 * refusal (the types allowed or refused, `max-size`), and a queue with one row per file: a bar of the bytes sent that
 * never goes back, a second bar while the MD5 is computed, speed and time left while bytes move, "instant" for a
 * second upload, and pause, resume, cancel, retry and remove buttons named with the file (the focus stays in the row
 * when its button changes). Each file is one core upload (`createUpload`): MD5 in a Worker, second upload check,
 * chunks checked and sent in parallel (while hashing where the server offers it), merge verified by the server; at
 * most `concurrency` files run at once, the rest wait. Refused files (a refused or unaccepted type, over `max-size`)
 * show their message at once and send nothing. A file with a resume record (an upload interrupted by a reload)
 * waits with a "resume" offer showing how much the server holds; resuming sends only the chunks it lacks. A polite
 * live region says every event (added, refused, paused, offline, cancelled, removed, done, failed) in the language
 * in force, gathered so a dropped folder is heard whole.
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
 * @slot hint - Text under the rules (e.g. what becomes of the files).
 *
 * @csspart drop-zone - The drop zone.
 * @csspart pick - The file button.
 * @csspart pick-folder - The folder button.
 * @csspart queue - The list of files.
 * @csspart item - A file's row.
 * @csspart progress - A file's progress bar (bytes sent).
 * @csspart hash-progress - A file's second bar while its MD5 is computed.
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

  /** Chunk uploads in flight per file, and files uploading at once (default 3). */
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
  private queueAnnouncer?: QueueAnnouncer;
  /** A file was stored since the form value was last set. */
  private storedChanged = false;
  /** What the rows may ask of the element. */
  private readonly rowHost: RowHost = { removeItem: (item) => this.removeItem(item) };

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
    const queue = (loaded: Engine) => this.enqueue(loaded, chosen);
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

  override connectedCallback(): void {
    super.connectedCallback();
    window.addEventListener('online', this.startWaiting);
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    window.removeEventListener('online', this.startWaiting);
    // A moved element keeps its queue; one removed for good should not keep uploading: abort what is in flight.
    queueMicrotask(() => {
      if (!this.isConnected)
        for (const item of this.queue) if (ACTIVE.includes(item.snapshot.state)) item.controller.abort();
    });
  }

  /** The row that held the focus before this render, and its place in the list. */
  private focusedRow: { key: string; index: number } | null = null;

  protected override willUpdate(): void {
    const row = (this.shadowRoot?.activeElement as HTMLElement | null)?.closest('li');
    this.focusedRow = row
      ? { key: row.dataset['key'] ?? '', index: [...this.shadowRoot!.querySelectorAll('li')].indexOf(row) }
      : null;
  }

  protected override updated(changed: PropertyValues<this>): void {
    if (changed.has('queue' as keyof EduUpload) || this.storedChanged) {
      this.storedChanged = false;
      const ids = this.files.map((file) => file.id).filter(Boolean);
      if (ids.length === 0) this.internals.setFormValue(null);
      else this.internals.setFormValue(ids.join(','));
    }
    this.keepFocus();
  }

  /**
   * A row's button that goes away (Pause becomes Resume, Cancel becomes Remove, the row is removed) would drop the
   * focus to the page: it goes to the row's first button instead, else the next row's (or the last), else the file
   * button.
   */
  private keepFocus(): void {
    const was = this.focusedRow;
    const root = this.shadowRoot;
    if (!was || !root || root.activeElement) return;
    const rows = [...root.querySelectorAll('li')];
    const row = rows.find((li) => li.dataset['key'] === was.key) ?? rows[Math.min(was.index, rows.length - 1)];
    (row?.querySelector('button') ?? root.querySelector<HTMLElement>('[part="pick"]'))?.focus();
  }

  /**
   * Adds files to the queue, `ENQUEUE_BATCH` at a time, one task each: a dropped folder of a thousand files never
   * holds the page for long, and each batch is one update, not one per file.
   */
  private enqueue(engine: Engine, files: DroppedFile[]): void {
    if (files.length > ENQUEUE_BATCH) {
      setTimeout(() => {
        if (this.isConnected) this.enqueue(engine, files.slice(ENQUEUE_BATCH));
      });
    }
    const items = files.slice(0, ENQUEUE_BATCH).map(({ file, path }) => this.createItem(engine, file, path));
    this.queue = [...this.queue, ...items];
    for (const item of items) {
      this.announcer.added(item);
      item.unsubscribe = item.controller.subscribe((snapshot) => this.onChange(item, snapshot));
      // A refusal fails at creation, before any listener could hear it.
      if (item.snapshot.state === 'failed') this.onChange(item, item.snapshot, true);
      // The offer says how much the server already holds.
      if (item.offered) void item.controller.inspect();
    }
    this.startWaiting();
  }

  private createItem(engine: Engine, file: File, dropPath: string): QueueItem {
    const relative = dropPath || (file as File & { webkitRelativePath?: string }).webkitRelativePath;
    const controller = engine.createUpload(file, {
      accept: acceptedExtensions(this.accept),
      maxSize: positive(this.maxSize),
      chunkSize: positive(this.chunkSize),
      concurrency: positive(this.concurrency),
      serverId: this.serverId || undefined,
      // The queue starts files itself, a few at a time; an offered one waits for the user.
      autoStart: false,
      relativePath: relative || undefined,
      // The row shows the message; a notice as well would say it twice.
      notify: false,
    });
    return {
      key: keys++,
      file,
      path: relative || file.name,
      controller,
      snapshot: controller.getSnapshot(),
      offered: engine.findResumeRecord(file) !== null,
      started: false,
      shown: 0,
      unsubscribe: () => {},
    };
  }

  /** Files running at once: the `concurrency` (default 3), so a dropped folder of a thousand files queues. */
  private get filesAtOnce(): number {
    return positive(this.concurrency) ?? 3;
  }

  /**
   * Starts waiting files (not those offered for resuming) while fewer than `filesAtOnce` run. Offline, none starts
   * (it would only hash and wait); the running ones go on by themselves when the network is back, and so does the
   * queue.
   */
  private startWaiting = (): void => {
    if (globalThis.navigator?.onLine === false) return;
    // A file just started is still idle until its first step, one paused offline goes on by itself: both run.
    const runs = ({ snapshot, started }: QueueItem) =>
      ACTIVE.includes(snapshot.state) ||
      (snapshot.state === 'idle' && started) ||
      (snapshot.state === 'paused' && snapshot.pausedBy === 'offline');
    let running = this.queue.filter(runs).length;
    for (const item of this.queue) {
      if (running >= this.filesAtOnce) return;
      if (item.snapshot.state === 'idle' && !item.offered && !item.started) {
        item.started = true;
        item.controller.start();
        running++;
      }
    }
  };

  private onChange(item: QueueItem, snapshot: UploadSnapshot, initial = false): void {
    const before = initial ? 'idle' : item.snapshot.state;
    const offered = item.offered;
    item.snapshot = snapshot;
    if (snapshot.state !== 'idle') item.offered = false;
    if (snapshot.state === 'done') this.storedChanged = true;
    // The rows redraw only where a snapshot changed (`guard`): no copy of a long queue per progress event.
    this.requestUpdate();
    const total = snapshot.size;
    const loaded = snapshot.state === 'hashing' ? snapshot.hashedBytes : snapshot.uploadedBytes;
    this.emit('edu-upload-progress', {
      file: item.file,
      state: snapshot.state,
      loaded,
      total,
      percent: total > 0 ? Math.min(100, Math.floor((loaded / total) * 100)) : snapshot.state === 'done' ? 100 : 0,
    });
    if (before === snapshot.state) return;
    if (!initial) this.announcer.changed(item, before, offered);
    if (!ACTIVE.includes(snapshot.state)) this.startWaiting();
    if (snapshot.state === 'done') {
      this.emit('edu-upload-success', {
        file: item.file,
        path: item.path,
        md5: snapshot.md5 ?? '',
        data: snapshot.result,
        instant: snapshot.instant,
      });
    } else if (snapshot.state === 'failed' && snapshot.error) {
      this.emit('edu-upload-error', {
        file: item.file,
        kind: snapshot.error.kind,
        message: loadEngine.loaded()!.errorText(item),
      });
    }
  }

  /** The live region's voice, made with the engine (there is nothing to say before a file is added). */
  private get announcer(): QueueAnnouncer {
    this.queueAnnouncer ??= loadEngine.loaded()!.createAnnouncer((text) => {
      // The same words twice in a row would not be read again: clear first.
      this.announcement = '';
      void this.updateComplete.then(() => (this.announcement = text));
    });
    return this.queueAnnouncer;
  }

  private drop(item: QueueItem): void {
    item.unsubscribe();
    if (!['done', 'failed', 'aborted'].includes(item.snapshot.state)) item.controller.abort();
  }

  private removeItem(item: QueueItem): void {
    this.drop(item);
    this.queue = this.queue.filter((other) => other !== item);
    this.announcer.removed(item);
    this.startWaiting();
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

  /** The rules said before any refusal: the types allowed (or those refused) and the size limit. */
  private rulesText(): string {
    const en = getLanguage() === 'en';
    const list = (types: readonly string[]) => types.join(en ? ', ' : '、');
    const allowed = acceptedExtensions(this.accept);
    const rules = [
      allowed
        ? msg(str`可上传：${list(allowed)}`, { id: 'upload.rulesAllowed' })
        : msg(str`不可上传：${list([...new Set([...REJECTED_EXTENSIONS, ...NOT_ALLOWED_UPLOAD_EXTENSIONS])])}`, {
            id: 'upload.rulesRefused',
          }),
    ];
    const max = positive(this.maxSize);
    if (max) rules.push(msg(str`单个文件不超过 ${formatBytes(max)}`, { id: 'upload.rulesSize' }));
    return rules.join(en ? '; ' : '；');
  }

  override render() {
    const off = this.disabled || this.formDisabled;
    // Rows exist only once the engine (which draws them) has loaded.
    const engine = loadEngine.loaded();
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
        <p class="rules" id="rules">${this.rulesText()}</p>
        <div class="picks">
          <button
            part="pick"
            type="button"
            class="button primary"
            aria-describedby="rules"
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
                  aria-describedby="rules"
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
        this.queue.length && engine
          ? html`<ul part="queue" class="queue" aria-label=${msg('上传列表', { id: 'upload.queue' })}>
              ${repeat(
                this.queue,
                (item) => item.key,
                (item) =>
                  guard([item.snapshot, item.offered, currentLocale()], () => engine.renderRow(this.rowHost, item)),
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
