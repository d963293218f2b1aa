/**
 * What one file's upload knows, kept across pauses and retries: its settings (from the options), the digest, the
 * existence check, each chunk's status on the server, the upload id chunks went under when they were sent while
 * hashing (kept with the resume record across a reload), and the bytes sent. `flow.ts` runs the calls that learn it;
 * `upload.ts` turns it into states.
 */
import { CHUNK_SIZE_BYTES, DEFAULT_SERVER_ID } from '../constants.ts';
import { client as defaultClient, type Client, type RequestOptions } from '../http/client.ts';
import { getLanguage, type Lang } from '../i18n/language.ts';
import { checkPickedFile } from '../validate/file-pick.ts';
import { NOT_ALLOWED_UPLOAD_EXTENSIONS, REJECTED_EXTENSIONS } from '../validate/patterns.ts';
import type { UploadCapabilities, UploadPayload } from './api.ts';
import { chunkAt, chunkCount, isSingleUpload } from './chunks.ts';
import { browserNetwork, realClock, type NetworkStatus, type UploadClock } from './environment.ts';
import { UploadError, type UploadErrorKind } from './errors.ts';
import { hashFile, type HashFunction } from './hash.ts';
import { createProgress, type ProgressFigures, type ProgressTracker } from './progress.ts';
import { findResumeRecord, type ResumeOptions, type ResumeRecord } from './resume.ts';
import type { ChunkStatus } from './transfer.ts';
import type { UploadOptions } from './upload.ts';

export const DEFAULT_CONCURRENCY = 3;
export const RETRY_DELAYS_MS: readonly number[] = [0, 1000, 3000, 5000];

let uidCounter = 0;
/** A record uid as the original uploader made them: the time plus a counter, digits only. */
function newUid(): string {
  return `${Date.now()}${String(uidCounter++ % 1000).padStart(3, '0')}`;
}

/** The name of an upload's chunk set on the server: the upload id it was sent under, else the MD5. */
export interface ChunkSetName {
  md5: string;
  uploadId?: string;
}

export class UploadJob {
  readonly size: number;
  readonly client: Client;
  readonly serverId: string;
  readonly concurrency: number;
  readonly delays: readonly number[];
  readonly clock: UploadClock;
  readonly network: NetworkStatus;
  readonly hash: HashFunction;
  readonly resumeOptions: ResumeOptions;
  /** Whether a resume record is kept: a file sent in one request has nothing to resume (a queue of small files). */
  readonly remember: boolean;
  readonly uid: string;
  /** The file's path in its folder; sent only where there is one (servers that do not know it see the spec's fields). */
  readonly relativePath: string;
  /** Use what the server offers beyond the spec (sending while hashing, cancel). */
  readonly extensions: boolean;
  /** The caller chose the chunk size: it is not changed for large files. */
  readonly chunkSizeChosen: boolean;
  /** The resume record found for this file, if any. */
  readonly resumed: ResumeRecord | null;
  readonly progress: ProgressTracker;

  // Both may change once, before anything is sent, where the server takes larger chunks (`largeChunkSize`).
  chunkSize: number;
  chunks: number;
  /** Each chunk's status on the server, 1-based. */
  status: ChunkStatus[];
  md5: string | null = null;
  uploadId: string | null;
  offers: UploadCapabilities | null = null;
  existenceChecked = false;
  /** Counts accepted chunks; a retry counter starts again when this moved since the last failure. */
  epoch = 0;

  constructor(
    readonly file: File,
    readonly options: UploadOptions,
  ) {
    // Without a file the upload is refused (`refusal`) before anything else reads it.
    this.size = file?.size ?? 0;
    this.client = options.client ?? defaultClient;
    this.serverId = options.serverId ?? DEFAULT_SERVER_ID;
    this.concurrency = Math.max(1, Math.floor(options.concurrency ?? DEFAULT_CONCURRENCY));
    this.delays = options.retryDelays ?? RETRY_DELAYS_MS;
    this.clock = options.clock ?? realClock;
    this.network = options.network ?? browserNetwork;
    this.hash = options.hash ?? hashFile;
    this.resumeOptions = options.session ? { session: options.session } : {};
    this.chunkSizeChosen = options.chunkSize !== undefined;
    this.chunkSize = options.chunkSize ?? CHUNK_SIZE_BYTES;
    this.remember = options.remember !== false && !isSingleUpload(this.size, this.chunkSize);
    this.uid = options.uid ?? newUid();
    this.relativePath = options.relativePath || file?.webkitRelativePath || '';
    this.extensions = options.extensions !== false;
    this.chunks = file ? chunkCount(this.size, this.chunkSize) : 0;
    this.status = this.unknownStatus();
    this.resumed = this.remember && file ? findResumeRecord(file, this.resumeOptions) : null;
    this.uploadId = this.resumed?.uploadId || null;
    this.progress = createProgress(this.size, () => this.clock.now());
  }

  lang(): Lang {
    return this.options.lang ?? getLanguage();
  }

  /** Why the file is refused before any byte is read or sent (spec part 1 §5, part 2 §5, §8), or null. */
  refusal(): UploadError | null {
    const { options } = this;
    const rejected = options.rejected ?? [...new Set([...REJECTED_EXTENSIONS, ...NOT_ALLOWED_UPLOAD_EXTENSIONS])];
    const check = checkPickedFile(this.file, {
      rejected,
      ...(options.accept !== undefined && { accept: options.accept }),
      ...(options.maxSize !== undefined && { maxBytes: options.maxSize }),
      notify: false,
      lang: this.lang(),
    });
    if (check.ok || check.problem === 'cancelled') return null;
    const kind: UploadErrorKind =
      check.problem === 'missing'
        ? 'Not find file'
        : check.problem === 'too-large'
          ? 'size exceeds limit'
          : 'type not allowed';
    return new UploadError({ kind, message: check.message, refusal: true });
  }

  /** The options of one quiet request of this upload. */
  request(signal: AbortSignal, extra: RequestOptions = {}): RequestOptions & { client: Client } {
    return { client: this.client, signal, silent: true, ...extra };
  }

  /** The path field where there is one. */
  withPath(): { webkitRelativePath?: string } {
    return this.relativePath ? { webkitRelativePath: this.relativePath } : {};
  }

  /** The existence check's fields. */
  payload(): UploadPayload {
    const { size, chunkSize } = this;
    return {
      serverid: this.serverId,
      md5: this.md5!,
      name: this.file.name,
      chunks: this.chunks,
      eachSize: chunkSize,
      fullSize: size,
      uid: this.uid,
      chunked: !isSingleUpload(size, chunkSize),
      size,
      ...this.withPath(),
    };
  }

  setName(): ChunkSetName {
    return { md5: this.md5 ?? '', ...(this.uploadId && { uploadId: this.uploadId }) };
  }

  /** The block check's fields for chunk `index`. */
  chunkCheck(index: number, name: ChunkSetName = this.setName()) {
    return {
      ...name,
      chunks: this.chunks,
      uid: this.uid,
      size: this.chunkBytes(index),
      name: this.file.name,
      chunk: index,
      fullSize: this.size,
      eachSize: this.chunkSize,
      serverid: this.serverId,
    };
  }

  chunkBytes(index: number): number {
    return chunkAt(this.size, index, this.chunkSize).size;
  }

  /** No chunk's status on the server is known yet (so the file may still be cut anew). */
  nothingKnown(): boolean {
    return this.status.every((known) => known === 'unknown');
  }

  /** Cuts the file anew (before any chunk is known): the size chosen for this upload, or the one it was sent in. */
  cutInto(eachSize: number): void {
    this.chunkSize = eachSize;
    this.chunks = chunkCount(this.size, eachSize);
    this.status = this.unknownStatus();
  }

  /** The server holds chunk `index` (`sent`: this page sent it, rather than a check finding it there). */
  accept(index: number, bytes: number, sent: boolean): void {
    if (sent) this.progress.accepted(index, bytes);
    else this.progress.found(bytes);
    this.epoch++;
  }

  /** The snapshot's progress fields. */
  figures(): ProgressFigures & { chunksDone: number } {
    return { ...this.progress.figures(), chunksDone: this.status.filter((s) => s === 'present').length };
  }

  private unknownStatus(): ChunkStatus[] {
    return Array.from({ length: this.chunks + 1 }, () => 'unknown');
  }
}
