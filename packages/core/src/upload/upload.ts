/**
 * Chunked upload (spec part 2 §3, §4 "Chunked upload", §7, §8, §9): one controller per file.
 *
 * ```ts
 * const upload = createUpload(file, { chunkSize, serverId, concurrency, maxSize, accept });
 * const stop = upload.subscribe((snapshot) => render(snapshot));
 * upload.pause(); upload.resume(); upload.abort(); upload.retry();
 * const final = await upload.settled(); // the snapshot once done, failed or aborted
 * ```
 *
 * **Options** (all optional): `chunkSize` (bytes, default 2 MB, or 8 MiB from 64 MiB up where the server offers
 * sending while hashing and takes such chunks; the size chosen is kept with the resume record), `serverId` (default `'base'`), `concurrency` (chunk
 * uploads in flight, default 3; as many chunk checks run ahead of them), `maxSize` (bytes; larger files are refused),
 * `accept` (extensions allowed; default any), `rejected` (extensions refused; default the union of part 1 §5
 * `notAllowUpload` and part 2 §5), `uid` (the upload record's uid; default generated), `autoStart` (default true;
 * false waits for `start()`), `retryDelays` (ms, default `[0, 1000, 3000, 5000]`), `notify` (show the final error as
 * a notice, default true), `lang`, `remember` (keep a resume record, default true), `client`, `session`,
 * `relativePath` (the file's path in its folder, kept in the server's record; default `webkitRelativePath`), and for
 * tests `hash` (a `HashFunction`), `clock` (`now`, `sleep`) and `network` (`online`, `subscribe`).
 *
 * **States**: `idle` (only with `autoStart: false`) → `hashing` (MD5 in a Worker) → `checking` (`second_upload_check`)
 * (a server that asks for a proof of possession gets the MD5 of the byte range it names, and a second check)
 * → `uploading` (one request at or under the chunk size; otherwise chunk checks pipelined with chunk uploads) →
 * `merging` (`merge_file`) → `done`. A second upload goes from `checking` straight to `done` with `instant: true`.
 * `paused` (by `pause()`, or by the browser going offline: `pausedBy` says which; an offline pause resumes by
 * itself on `online`), `failed` (`error` set), `aborted` (final). Refusals (type, size, no file) fail at creation,
 * before any byte is read or sent.
 *
 * **Events**: `subscribe(listener)` calls `listener(snapshot)` after every change and returns the unsubscribe
 * function; `getSnapshot()` returns the current frozen snapshot (for `useSyncExternalStore`). The snapshot holds
 * `state`, `pausedBy`, `md5`, `size`, `chunks`, `chunksDone`, `hashedBytes`, `uploadedBytes` (bytes the server has
 * accepted: chunks it reported or acknowledged), `sentBytes` (also counts the bytes of requests on their way, as the
 * browser sends them), `speed` (bytes/s sent over the last 5 s; 0 while unknown or stalled, `progress.ts`),
 * `timeLeftMs` (`null` while the speed is unknown), `instant`,
 * `result` (the server's `data` for the stored file) and `error` (an `UploadError`).
 *
 * **Methods**: `start()` (when idle), `pause()` (cancels requests in flight; hashing restarts on resume), `resume()`,
 * `abort()` (cancels requests in flight; final), `retry()` (after a failure that is not a refusal; counters reset).
 *
 * **Error kinds** (`UploadError.kind`): `checkerror`, `uploaderror`, `uploadunkerror`, `checkchunkerror`,
 * `chunkmerge`, `chunk count abnormal`, `upload failed`, `Not find file`, `size exceeds limit`, `type not allowed`,
 * `readerror` (the file changed or went away since it was picked); `refusal` is true when no retry can help. Failed requests are retried after 0, 1, 3 and 5 s (the
 * count starts again once any chunk has been accepted since the last failure); refusals are not retried.
 */
import { CHUNK_SIZE_BYTES, DEFAULT_SERVER_ID } from '../constants.ts';
import { client as defaultClient, type Client, type RequestOptions } from '../http/client.ts';
import { getLanguage, type Lang } from '../i18n/language.ts';
import { notify as showNotice } from '../platform/notify.ts';
import type { SessionStore } from '../session/store.ts';
import { checkPickedFile } from '../validate/file-pick.ts';
import { NOT_ALLOWED_UPLOAD_EXTENSIONS, REJECTED_EXTENSIONS } from '../validate/patterns.ts';
import { md5Bytes } from '../platform/md5.ts';
import {
  blockUploadCheckList,
  cancelUpload,
  mergeFile,
  uploadCapabilities,
  secondUploadCheckAnswer,
  uploadChunk,
  uploadSingle,
  type PossessionChallenge,
  type UploadCapabilities,
  type UploadPayload,
} from './api.ts';
import { chunkAt, chunkCount, isSingleUpload } from './chunks.ts';
import { toUploadError, UploadError, type UploadErrorKind } from './errors.ts';
import { hashFile, type HashFunction } from './hash.ts';
import { createProgress } from './progress.ts';
import { createAttempt, readError } from './retry.ts';
import { Stopped, transferChunks as sendMissing, type ChunkStatus } from './transfer.ts';
import { findResumeRecord, removeResumeRecord, saveResumeRecord } from './resume.ts';

export type UploadState =
  'idle' | 'hashing' | 'checking' | 'uploading' | 'merging' | 'done' | 'paused' | 'failed' | 'aborted';

export const DEFAULT_CONCURRENCY = 3;
export const RETRY_DELAYS_MS: readonly number[] = [0, 1000, 3000, 5000];
/** How long `inspect()` waits for the server before leaving the offer as it is. */
export const INSPECT_TIMEOUT_MS = 10_000;
/** How often the speed and time left are told again while uploading. */
export const PROGRESS_TICK_MS = 1000;

export interface UploadClock {
  now(): number;
  /** Resolves after `ms`; rejects when `signal` aborts. */
  sleep(ms: number, signal: AbortSignal): Promise<void>;
}

export interface NetworkStatus {
  online(): boolean;
  /** Calls `listener(online)` when the browser goes offline or online; returns the unsubscribe function. */
  subscribe(listener: (online: boolean) => void): () => void;
}

export interface UploadOptions {
  client?: Client;
  chunkSize?: number;
  serverId?: string;
  concurrency?: number;
  maxSize?: number;
  accept?: readonly string[];
  rejected?: readonly string[];
  uid?: string;
  autoStart?: boolean;
  retryDelays?: readonly number[];
  notify?: boolean;
  lang?: Lang;
  remember?: boolean;
  session?: SessionStore;
  hash?: HashFunction;
  clock?: UploadClock;
  network?: NetworkStatus;
  /**
   * The file's path in the folder it was picked or dropped with (default its `webkitRelativePath`): kept in the
   * server's record of it, the upload record's field.
   */
  relativePath?: string;
  /** Use what the server offers beyond the spec (sending while hashing, cancel) when it says so; default true. */
  extensions?: boolean;
}

export interface UploadSnapshot {
  readonly state: UploadState;
  readonly pausedBy: 'user' | 'offline' | null;
  readonly file: File | null;
  readonly uid: string;
  readonly md5: string | null;
  readonly size: number;
  readonly chunkSize: number;
  readonly chunks: number;
  readonly chunksDone: number;
  readonly hashedBytes: number;
  readonly uploadedBytes: number;
  readonly sentBytes: number;
  readonly speed: number;
  readonly timeLeftMs: number | null;
  readonly instant: boolean;
  readonly result: unknown;
  readonly error: UploadError | null;
}

export interface UploadController {
  readonly file: File | null;
  getSnapshot(): UploadSnapshot;
  subscribe(listener: (snapshot: UploadSnapshot) => void): () => void;
  /** Resolves with the snapshot once the upload is done, failed or aborted (never rejects). */
  settled(): Promise<UploadSnapshot>;
  start(): void;
  /**
   * While waiting to start with a resume record (`autoStart: false`): asks the server which chunks it still holds,
   * so `uploadedBytes` says how much is done before anything is sent. Never rejects.
   */
  inspect(): Promise<void>;
  pause(): void;
  resume(): void;
  abort(): void;
  retry(): void;
}

const ACTIVE: readonly UploadState[] = ['hashing', 'checking', 'uploading', 'merging'];
const FINAL: readonly UploadState[] = ['done', 'failed', 'aborted'];

export const realClock: UploadClock = {
  now: () => performance.now(),
  sleep: (ms, signal) =>
    new Promise<void>((resolve, reject) => {
      if (signal.aborted) return reject(signal.reason as Error);
      const onAbort = () => {
        clearTimeout(timer);
        reject(signal.reason as Error);
      };
      const timer = setTimeout(() => {
        signal.removeEventListener('abort', onAbort);
        resolve();
      }, ms);
      signal.addEventListener('abort', onAbort, { once: true });
    }),
};

export const browserNetwork: NetworkStatus = {
  online: () => globalThis.navigator?.onLine !== false,
  subscribe(listener) {
    const online = () => listener(true);
    const offline = () => listener(false);
    globalThis.addEventListener?.('online', online);
    globalThis.addEventListener?.('offline', offline);
    return () => {
      globalThis.removeEventListener?.('online', online);
      globalThis.removeEventListener?.('offline', offline);
    };
  },
};

/** The answer to a proof-of-possession challenge: MD5 of the nonce (UTF-8) then the asked bytes; null if unreadable. */
export async function possessionProof(file: Blob, challenge: PossessionChallenge): Promise<string | null> {
  try {
    const range = new Uint8Array(await file.slice(challenge.offset, challenge.offset + challenge.length).arrayBuffer());
    const nonce = new TextEncoder().encode(challenge.nonce);
    const joined = new Uint8Array(nonce.length + range.length);
    joined.set(nonce, 0);
    joined.set(range, nonce.length);
    return md5Bytes(joined);
  } catch {
    return null;
  }
}

/** How a browser says a picked file can no longer be read. */
const READ_FAILURES = ['NotReadableError', 'NotFoundError'];

/** What each client's server offers, asked once per page (only answers are kept: a failure is asked again). */
const capabilitiesOf = new WeakMap<Client, UploadCapabilities>();

async function capabilities(client: Client, signal: AbortSignal): Promise<UploadCapabilities | null> {
  const known = capabilitiesOf.get(client);
  if (known) return known;
  const answer = await uploadCapabilities({ client, signal });
  if (answer) capabilitiesOf.set(client, answer);
  return answer;
}

/** Files from this size up go in larger chunks where the server takes them. */
export const LARGE_FILE_BYTES = 64 * 1024 * 1024;
/** The chunk size of large files (fewer requests: 32 instead of 128 for 256 MiB). */
export const LARGE_CHUNK_BYTES = 8 * 1024 * 1024;

/** The chunk size for a file of `size` bytes on a server taking chunks up to `maxChunkSize`. */
export function largeChunkSize(size: number, maxChunkSize: number): number {
  return size >= LARGE_FILE_BYTES && maxChunkSize >= LARGE_CHUNK_BYTES ? LARGE_CHUNK_BYTES : CHUNK_SIZE_BYTES;
}

/** 32 random hex digits: the name of an upload's chunks on the server until its MD5 is known. */
function newUploadId(): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) => byte.toString(16).padStart(2, '0')).join('');
}

let uidCounter = 0;
/** A record uid as the original uploader made them: the time plus a counter, digits only. */
function newUid(): string {
  return `${Date.now()}${String(uidCounter++ % 1000).padStart(3, '0')}`;
}

export function createUpload(picked: File | null | undefined, options: UploadOptions = {}): UploadController {
  // Without a file the upload is refused below, before anything uses it.
  const file = picked as File;
  const client = options.client ?? defaultClient;
  // Both may change once, before anything is sent, where the server takes larger chunks (`largeChunkSize`).
  let chunkSize = options.chunkSize ?? CHUNK_SIZE_BYTES;
  const serverId = options.serverId ?? DEFAULT_SERVER_ID;
  const concurrency = Math.max(1, Math.floor(options.concurrency ?? DEFAULT_CONCURRENCY));
  const delays = options.retryDelays ?? RETRY_DELAYS_MS;
  const clock = options.clock ?? realClock;
  const network = options.network ?? browserNetwork;
  const hash = options.hash ?? hashFile;
  const lang = () => options.lang ?? getLanguage();
  const resumeOptions = options.session ? { session: options.session } : {};
  // A file sent in one request has nothing to resume: no record (a queue of small files writes none).
  const remember =
    options.remember !== false && !isSingleUpload(picked?.size ?? 0, options.chunkSize ?? CHUNK_SIZE_BYTES);
  const uid = options.uid ?? newUid();
  const relativePath = options.relativePath || picked?.webkitRelativePath || '';
  /** The path field where there is one: servers that do not know it see the spec's fields only. */
  const withPath = relativePath ? { webkitRelativePath: relativePath } : {};
  const size = picked?.size ?? 0;
  let chunks = picked ? chunkCount(size, chunkSize) : 0;

  const listeners = new Set<(snapshot: UploadSnapshot) => void>();
  let settleWaiters: ((snapshot: UploadSnapshot) => void)[] = [];
  let snapshot: UploadSnapshot = Object.freeze({
    state: 'idle',
    pausedBy: null,
    file: picked ?? null,
    uid,
    md5: null,
    size,
    chunkSize,
    chunks,
    chunksDone: 0,
    hashedBytes: 0,
    uploadedBytes: 0,
    sentBytes: 0,
    speed: 0,
    timeLeftMs: null,
    instant: false,
    result: null,
    error: null,
  });

  // What is known survives pauses: the digest, the existence check, each chunk's status on the server, and the id
  // chunks went under when they were sent while hashing (kept with the resume record across a reload).
  let md5: string | null = null;
  const resumed = remember && picked ? findResumeRecord(picked, resumeOptions) : null;
  let uploadId: string | null = resumed?.uploadId || null;
  let offers: UploadCapabilities | null = null;
  let existenceChecked = false;
  let status: ChunkStatus[] = Array.from({ length: chunks + 1 }, () => 'unknown');
  const progress = createProgress(size, () => clock.now());
  /** Counts accepted chunks; a retry counter starts again when this moved since the last failure. */
  let progressEpoch = 0;
  let run: AbortController | null = null;
  /** Tells the speed and time left again while requests are on their way, also when no event comes. */
  let ticker: ReturnType<typeof setInterval> | undefined;

  function set(patch: Partial<UploadSnapshot>): void {
    snapshot = Object.freeze({ ...snapshot, ...patch });
    for (const listener of [...listeners]) listener(snapshot);
    if (FINAL.includes(snapshot.state)) {
      const waiters = settleWaiters;
      settleWaiters = [];
      for (const resolve of waiters) resolve(snapshot);
    }
  }

  function progressPatch(): Partial<UploadSnapshot> {
    return { ...progress.figures(), chunksDone: status.filter((s) => s === 'present').length };
  }

  /** The server holds chunk `index` (`sent`: this page sent it, rather than a check finding it there). */
  function accept(index: number, bytes: number, sent: boolean): void {
    if (sent) progress.accepted(index, bytes);
    else progress.found(bytes);
    progressEpoch++;
  }

  // Refusals: before any byte is read or sent (spec part 1 §5, part 2 §5, §8).
  const refusal = refuse();
  function refuse(): UploadError | null {
    const rejected = options.rejected ?? [...new Set([...REJECTED_EXTENSIONS, ...NOT_ALLOWED_UPLOAD_EXTENSIONS])];
    const check = checkPickedFile(file, {
      rejected,
      ...(options.accept !== undefined && { accept: options.accept }),
      ...(options.maxSize !== undefined && { maxBytes: options.maxSize }),
      notify: false,
      lang: lang(),
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

  function fail(error: UploadError): void {
    run = null;
    stopRequests();
    stopNetwork();
    set({ state: 'failed', pausedBy: null, error, ...progressPatch() });
    if (options.notify !== false) {
      // Server refusals of uploads are warnings (`status：message`, part 1 §8); everything else an error.
      showNotice({ type: error.status && error.refusal ? 'warning' : 'error', message: error.message });
    }
  }

  const attempt = createAttempt({
    delays,
    sleep: (ms, signal) => clock.sleep(ms, signal),
    lang,
    moved: () => progressEpoch,
    // Nothing is sent while a retry waits: no speed from before the failure.
    waiting: () => {
      progress.stall();
      set(progressPatch());
    },
  });

  function request(signal: AbortSignal, extra: RequestOptions = {}) {
    return { client, signal, silent: true, ...extra };
  }

  function payload(): UploadPayload {
    return {
      serverid: serverId,
      md5: md5!,
      name: file.name,
      chunks,
      eachSize: chunkSize,
      fullSize: size,
      uid,
      chunked: !isSingleUpload(size, chunkSize),
      size,
      ...withPath,
    };
  }

  /** The name of this upload's chunk set on the server: the upload id it was sent under, else the MD5. */
  function setName() {
    return { md5: md5 ?? '', ...(uploadId && { uploadId }) };
  }

  /** No chunk's status on the server is known yet (so the file may still be cut anew). */
  function nothingKnown(): boolean {
    return status.every((known) => known === 'unknown');
  }

  /** The block check's fields for chunk `index`. */
  function chunkCheck(index: number, name = setName()) {
    return {
      ...name,
      chunks,
      uid,
      size: chunkAt(size, index, chunkSize).size,
      name: file.name,
      chunk: index,
      fullSize: size,
      eachSize: chunkSize,
      serverid: serverId,
    };
  }

  /**
   * For an upload waiting with a resume record: asks the server which chunks it still holds, without sending any,
   * so the offer can say how much is done. One quiet request; an answer that does not come changes nothing.
   */
  async function inspectHeld(): Promise<void> {
    if (snapshot.state !== 'idle' || !resumed || !nothingKnown()) return;
    const signal = AbortSignal.timeout(INSPECT_TIMEOUT_MS);
    try {
      if (resumed.uploadId) {
        if (options.extensions === false) return;
        offers = await capabilities(client, signal);
        if (!offers?.hashWhileSending) return;
        const kept = resumed.chunkSize;
        if (kept && kept !== chunkSize && kept <= offers.maxChunkSize) cutInto(kept);
      } else if (!resumed.md5) return;
      const name = { md5: resumed.md5, ...(resumed.uploadId && { uploadId: resumed.uploadId }) };
      const answer = await blockUploadCheckList(chunkCheck(1, name), request(signal));
      // Started meanwhile: the run asks for itself.
      if (snapshot.state !== 'idle' || !answer.stored) return;
      const stored = new Set(answer.stored);
      for (let i = 1; i <= chunks; i++) {
        status[i] = stored.has(i) ? 'present' : 'missing';
        if (stored.has(i)) accept(i, chunkAt(size, i, chunkSize).size, false);
      }
      set(progressPatch());
    } catch {
      // Not known: the offer says nothing of what the server holds.
    }
  }

  /** Checks and sends the chunks the server lacks (`transfer.ts`), under the set's name as it stands now. */
  function transferChunks(outer: AbortSignal): Promise<void> {
    const name = setName();
    return sendMissing(
      {
        status,
        concurrency,
        check: (index, signal) =>
          attempt('checkchunkerror', signal, () => blockUploadCheckList(chunkCheck(index), request(signal))),
        send: (index, signal) => sendChunk(index, name, signal),
        held: (index, sent) => accept(index, chunkAt(size, index, chunkSize).size, sent),
        changed: () => set(progressPatch()),
      },
      outer,
    );
  }

  async function sendChunk(index: number, name: ReturnType<typeof setName>, signal: AbortSignal): Promise<void> {
    const chunk = chunkAt(size, index, chunkSize);
    const onUploadProgress = (event: { loaded: number }) => {
      progress.sending(index, Math.min(chunk.size, event.loaded));
      set(progressPatch());
    };
    const bytes = file.slice(chunk.start, chunk.end);
    const fields = { ...name, chunks, uid, chunk: index, eachSize: chunkSize, fileName: file.name, fullSize: size };
    try {
      await attempt(
        'uploadunkerror',
        signal,
        () => uploadChunk({ ...fields, file: bytes, serverid: serverId }, request(signal, { onUploadProgress })),
        bytes,
      );
    } catch (error) {
      progress.dropped(index);
      throw error;
    }
  }

  /** The MD5 of the file (a read that fails: `readerror`). */
  async function digest(signal: AbortSignal): Promise<string> {
    try {
      return await hash(file, {
        signal,
        onProgress: (hashedBytes) => {
          if (!signal.aborted) set({ hashedBytes });
        },
      });
    } catch (error) {
      if (signal.aborted) throw new Stopped();
      // The file could not be read (changed or moved since it was picked): only picking it again helps.
      if (error instanceof DOMException && READ_FAILURES.includes(error.name)) throw readError(error, lang());
      // Else the hashing code itself did not load (a Worker's script, hash-wasm): offline, wait for the network.
      if (!network.online()) {
        pauseRun('offline');
        throw new Stopped();
      }
      throw toUploadError('upload failed', error, lang());
    }
  }

  /** The existence check (with a proof of possession when the server asks): the server's record, or null. */
  async function existing(signal: AbortSignal): Promise<unknown> {
    const answer = await attempt('checkerror', signal, () => secondUploadCheckAnswer(payload(), request(signal)));
    let exists = answer.data;
    if (!exists && answer.proof) {
      // The server stores this content but asks for proof that this file is it (docs/decisions.md): a wrong or
      // late answer only means the file is uploaded as usual.
      const proofMd5 = await possessionProof(file, answer.proof);
      if (signal.aborted) throw new Stopped();
      if (proofMd5) {
        const proved = await attempt('checkerror', signal, () =>
          secondUploadCheckAnswer({ ...payload(), proofNonce: answer.proof!.nonce, proofMd5 }, request(signal)),
        );
        exists = proved.data;
      }
    }
    existenceChecked = true;
    return exists || null;
  }

  function finishInstant(data: unknown): void {
    progress.complete();
    for (let i = 1; i <= chunks; i++) status[i] = 'present';
    finish(data, true);
  }

  /** Removes what this upload left on the server (a server offering the cancel call; harmless otherwise). */
  function dropChunkSet(): void {
    if (!offers?.cancel || (!uploadId && !md5)) return;
    cancelUpload(setName(), { client, silent: true }).catch(() => undefined);
  }

  /** Cuts the file anew (before any chunk is known): the size chosen for this upload, or the one it was sent in. */
  function cutInto(eachSize: number): void {
    chunkSize = eachSize;
    chunks = chunkCount(size, chunkSize);
    status = Array.from({ length: chunks + 1 }, () => 'unknown');
    set({ chunkSize, chunks });
  }

  async function flow(signal: AbortSignal): Promise<void> {
    if (md5 === null && options.extensions !== false && !isSingleUpload(size, chunkSize) && network.online()) {
      offers = await capabilities(client, signal);
      if (signal.aborted) throw new Stopped();
      if (offers?.hashWhileSending) {
        if (nothingKnown()) {
          const kept = uploadId && resumed?.chunkSize;
          if (kept && kept !== chunkSize && kept <= offers.maxChunkSize) cutInto(kept);
          else if (!kept && options.chunkSize === undefined) cutInto(largeChunkSize(size, offers.maxChunkSize));
        }
        if (chunkSize <= offers.maxChunkSize) return sendWhileHashing(signal);
      }
    }
    if (md5 === null) {
      set({ state: 'hashing', hashedBytes: 0 });
      md5 = await digest(signal);
      set({ md5, hashedBytes: size });
      if (remember) saveResumeRecord(file, md5, resumeOptions, uploadId ? { uploadId, chunkSize } : {});
    }
    // Hashing needs no network; everything after it does.
    if (!network.online()) {
      pauseRun('offline');
      return;
    }

    if (!existenceChecked) {
      set({ state: 'checking' });
      const exists = await existing(signal);
      if (exists) {
        if (uploadId) dropChunkSet();
        finishInstant(exists);
        return;
      }
    }

    set({ state: 'uploading', ...progressPatch() });
    if (isSingleUpload(size, chunkSize)) {
      const onUploadProgress = (event: { loaded: number }) => {
        progress.sending(1, Math.min(size, event.loaded));
        set(progressPatch());
      };
      let data: unknown;
      try {
        data = await attempt(
          'uploaderror',
          signal,
          () => uploadSingle({ file, md5: md5!, uid, serverId, relativePath }, request(signal, { onUploadProgress })),
          file,
        );
      } catch (error) {
        progress.dropped(1);
        throw error;
      }
      status[1] = 'present';
      accept(1, size, true);
      finish(data, false);
      return;
    }

    await transferChunks(signal);
    set({ state: 'merging', ...progressPatch() });
    await mergeSet(signal);
  }

  /** The merge; when the server lacks chunks it had said it held, they are sent again and merged once more. */
  async function mergeSet(signal: AbortSignal): Promise<void> {
    const merge = () =>
      attempt('chunkmerge', signal, () =>
        mergeFile(
          {
            md5: md5!,
            name: file.name,
            size,
            chunks,
            serverid: serverId,
            uid,
            ...withPath,
            ...(uploadId && { uploadId }),
          },
          request(signal),
        ),
      );
    let data: unknown;
    try {
      data = await merge();
    } catch (error) {
      // The server lacks chunks it had said it held (swept, restarted): check them all again, send what is
      // missing, and merge once more. A second refusal is final.
      if (!(error instanceof UploadError) || error.kind !== 'chunk count abnormal') throw error;
      for (let i = 1; i <= chunks; i++) status[i] = 'unknown';
      progress.forget();
      set({ state: 'uploading', ...progressPatch() });
      await transferChunks(signal);
      set({ state: 'merging', ...progressPatch() });
      data = await merge();
    }
    finish(data, false);
  }

  /**
   * Sending while hashing (a server extension, docs/decisions.md "Uploads"): chunks go under an upload id from the
   * first second while the Worker hashes; once the MD5 is known the existence check runs, and a file the server has
   * already ends at once (the chunks in flight cancelled, the set removed); otherwise the merge names the id and the
   * MD5, which the server checks against the bytes it received.
   */
  async function sendWhileHashing(signal: AbortSignal): Promise<void> {
    uploadId ??= newUploadId();
    if (remember) saveResumeRecord(file, '', resumeOptions, { uploadId, chunkSize });
    const sending = new AbortController();
    const hashing = new AbortController();
    const stopBoth = () => {
      sending.abort(new Stopped());
      hashing.abort(new Stopped());
    };
    signal.addEventListener('abort', stopBoth, { once: true });
    set({ state: 'uploading', hashedBytes: 0, ...progressPatch() });
    let found: unknown = null;
    const transfer = transferChunks(sending.signal).then(
      () => null,
      (error: unknown) => {
        // A failed transfer stops the hashing too: the upload has failed.
        if (!sending.signal.aborted || !(error instanceof Stopped)) hashing.abort(new Stopped());
        return error;
      },
    );
    try {
      md5 = await digest(hashing.signal);
      set({ md5, hashedBytes: size });
      if (remember) saveResumeRecord(file, md5, resumeOptions, { uploadId, chunkSize });
      found = await existing(hashing.signal);
      if (found) sending.abort(new Stopped());
    } catch (error) {
      sending.abort(new Stopped());
      const failed = await transfer;
      signal.removeEventListener('abort', stopBoth);
      if (signal.aborted) throw new Stopped();
      throw failed && !(failed instanceof Stopped) ? failed : error;
    }
    const failed = await transfer;
    signal.removeEventListener('abort', stopBoth);
    if (signal.aborted) throw new Stopped();
    if (found) {
      dropChunkSet();
      finishInstant(found);
      return;
    }
    if (failed) throw failed;
    set({ state: 'merging', ...progressPatch() });
    await mergeSet(signal);
  }

  function finish(data: unknown, instant: boolean): void {
    run = null;
    stopRequests();
    stopNetwork();
    if (remember) removeResumeRecord(file, resumeOptions);
    set({ state: 'done', pausedBy: null, instant, result: data, error: null, ...progressPatch() });
  }

  function begin(): void {
    const controller = new AbortController();
    run = controller;
    listenNetwork();
    // The speed falls to nothing when bytes stop moving, also when no progress event says so.
    ticker ??= setInterval(() => {
      if (snapshot.state === 'uploading') set(progressPatch());
    }, PROGRESS_TICK_MS);
    flow(controller.signal).catch((error: unknown) => {
      if (run !== controller) return;
      if (error instanceof Stopped || controller.signal.aborted) return;
      fail(error instanceof UploadError ? error : toUploadError('upload failed', error, lang()));
    });
  }

  /** No request is on its way any more (paused, aborted, failed, done). */
  function stopRequests(): void {
    progress.stopAll();
    clearInterval(ticker);
    ticker = undefined;
  }

  function pauseRun(by: 'user' | 'offline'): void {
    const current = run;
    run = null;
    current?.abort(new Stopped());
    stopRequests();
    set({ state: 'paused', pausedBy: by, ...progressPatch() });
  }

  let unsubscribeNetwork: (() => void) | null = null;
  function listenNetwork(): void {
    unsubscribeNetwork ??= network.subscribe((online) => {
      if (!online && snapshot.state !== 'hashing' && ACTIVE.includes(snapshot.state)) pauseRun('offline');
      else if (online && snapshot.state === 'paused' && snapshot.pausedBy === 'offline') begin();
    });
  }
  function stopNetwork(): void {
    unsubscribeNetwork?.();
    unsubscribeNetwork = null;
  }

  const controller: UploadController = {
    file: picked ?? null,
    getSnapshot: () => snapshot,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    settled() {
      if (FINAL.includes(snapshot.state)) return Promise.resolve(snapshot);
      return new Promise((resolve) => settleWaiters.push(resolve));
    },
    start() {
      if (snapshot.state === 'idle') begin();
    },
    inspect: inspectHeld,
    pause() {
      if (ACTIVE.includes(snapshot.state)) pauseRun('user');
      else if (snapshot.state === 'paused') set({ pausedBy: 'user' });
    },
    resume() {
      if (snapshot.state === 'paused') begin();
    },
    abort() {
      if (FINAL.includes(snapshot.state)) return;
      const current = run;
      run = null;
      current?.abort(new Stopped());
      stopRequests();
      stopNetwork();
      set({ state: 'aborted', pausedBy: null, ...progressPatch() });
      // Cancelled by the user: nothing of it is kept, in the browser or on the server.
      if (picked && remember) removeResumeRecord(file, resumeOptions);
      dropChunkSet();
    },
    retry() {
      // A refused file stays refused; a failure after a server's answer may pass later (after a new login, say).
      if (snapshot.state !== 'failed' || refusal) return;
      set({ error: null });
      begin();
    },
  };

  if (refusal) {
    snapshot = Object.freeze({ ...snapshot, state: 'failed', error: refusal });
    if (options.notify !== false) {
      showNotice({ type: refusal.kind === 'Not find file' ? 'warning' : 'error', message: refusal.message });
    }
  } else if (options.autoStart !== false) {
    begin();
  }
  return controller;
}
