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
import { notify as showNotice } from '../platform/notify.ts';
import type { Client } from '../http/client.ts';
import type { Lang } from '../i18n/language.ts';
import type { SessionStore } from '../session/store.ts';
import type { NetworkStatus, UploadClock } from './environment.ts';
import { toUploadError, UploadError } from './errors.ts';
import { UploadFlow, type RunHost } from './flow.ts';
import type { HashFunction } from './hash.ts';
import { UploadJob } from './job.ts';
import { removeResumeRecord } from './resume.ts';
import { createAttempt } from './retry.ts';
import { Stopped } from './transfer.ts';

export { realClock, browserNetwork, type UploadClock, type NetworkStatus } from './environment.ts';
export { DEFAULT_CONCURRENCY, RETRY_DELAYS_MS } from './job.ts';
export { possessionProof, largeChunkSize, INSPECT_TIMEOUT_MS, LARGE_FILE_BYTES, LARGE_CHUNK_BYTES } from './flow.ts';

export type UploadState =
  'idle' | 'hashing' | 'checking' | 'uploading' | 'merging' | 'done' | 'paused' | 'failed' | 'aborted';

/** How often the speed and time left are told again while uploading. */
export const PROGRESS_TICK_MS = 1000;

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

/** The snapshot and who hears of it: listeners after every change, `settled()` waiters once it is final. */
function createSnapshots(initial: UploadSnapshot) {
  const listeners = new Set<(snapshot: UploadSnapshot) => void>();
  let waiters: ((snapshot: UploadSnapshot) => void)[] = [];
  let snapshot = Object.freeze(initial);
  return {
    get: () => snapshot,
    set(patch: Partial<UploadSnapshot>, quiet = false): void {
      snapshot = Object.freeze({ ...snapshot, ...patch });
      if (quiet) return;
      for (const listener of [...listeners]) listener(snapshot);
      if (!FINAL.includes(snapshot.state)) return;
      const settled = waiters;
      waiters = [];
      for (const resolve of settled) resolve(snapshot);
    },
    subscribe(listener: (snapshot: UploadSnapshot) => void): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    settled(): Promise<UploadSnapshot> {
      if (FINAL.includes(snapshot.state)) return Promise.resolve(snapshot);
      return new Promise((resolve) => waiters.push(resolve));
    },
  };
}

/**
 * One file's upload: its states and what moves them (start, pause, the network, failures, retry, abort). What is
 * known of the file lives in the job (`job.ts`); the calls of a run are the flow's (`flow.ts`).
 */
export function createUpload(picked: File | null | undefined, options: UploadOptions = {}): UploadController {
  // Without a file the upload is refused below, before anything uses it.
  const job = new UploadJob(picked as File, options);
  const { file, remember, resumeOptions, progress, network } = job;
  const snapshots = createSnapshots({
    state: 'idle',
    pausedBy: null,
    file: picked ?? null,
    uid: job.uid,
    md5: null,
    size: job.size,
    chunkSize: job.chunkSize,
    chunks: job.chunks,
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
  const set = snapshots.set;
  const state = () => snapshots.get().state;
  let run: AbortController | null = null;
  /** Tells the speed and time left again while requests are on their way, also when no event comes. */
  let ticker: ReturnType<typeof setInterval> | undefined;
  let unsubscribeNetwork: (() => void) | null = null;

  const host: RunHost = {
    set,
    state,
    attempt: createAttempt({
      delays: job.delays,
      sleep: (ms, signal) => job.clock.sleep(ms, signal),
      lang: () => job.lang(),
      moved: () => job.epoch,
      // Nothing is sent while a retry waits: no speed from before the failure.
      waiting: () => {
        progress.stall();
        set(job.figures());
      },
    }),
    pauseOffline: () => pauseRun('offline'),
    finish(data, instant) {
      end();
      if (remember) removeResumeRecord(file, resumeOptions);
      set({ state: 'done', pausedBy: null, instant, result: data, error: null, ...job.figures() });
    },
  };
  const flow = new UploadFlow(job, host);

  /** The run is over (done, failed): no request, no ticker, no network listener. */
  function end(): void {
    run = null;
    stopRequests();
    stopListening();
  }

  function stopListening(): void {
    unsubscribeNetwork?.();
    unsubscribeNetwork = null;
  }

  function fail(error: UploadError): void {
    end();
    set({ state: 'failed', pausedBy: null, error, ...job.figures() });
    if (options.notify !== false) {
      // Server refusals of uploads are warnings (`status：message`, part 1 §8); everything else an error.
      showNotice({ type: error.status && error.refusal ? 'warning' : 'error', message: error.message });
    }
  }

  function begin(): void {
    const controller = new AbortController();
    run = controller;
    unsubscribeNetwork ??= network.subscribe((online) => {
      const now = snapshots.get();
      if (!online && now.state !== 'hashing' && ACTIVE.includes(now.state)) pauseRun('offline');
      else if (online && now.state === 'paused' && now.pausedBy === 'offline') begin();
    });
    // The speed falls to nothing when bytes stop moving, also when no progress event says so.
    ticker ??= setInterval(() => {
      if (state() === 'uploading') set(job.figures());
    }, PROGRESS_TICK_MS);
    flow.run(controller.signal).catch((error: unknown) => {
      if (run !== controller) return;
      if (error instanceof Stopped || controller.signal.aborted) return;
      fail(error instanceof UploadError ? error : toUploadError('upload failed', error, job.lang()));
    });
  }

  /** No request is on its way any more (paused, aborted, failed, done). */
  function stopRequests(): void {
    progress.stopAll();
    clearInterval(ticker);
    ticker = undefined;
  }

  /** Cancels the requests of the run in flight. */
  function cancelRun(): void {
    const current = run;
    run = null;
    current?.abort(new Stopped());
    stopRequests();
  }

  function pauseRun(by: 'user' | 'offline'): void {
    cancelRun();
    set({ state: 'paused', pausedBy: by, ...job.figures() });
  }

  const refusal = job.refusal();
  const controller: UploadController = {
    file: picked ?? null,
    getSnapshot: snapshots.get,
    subscribe: snapshots.subscribe,
    settled: snapshots.settled,
    start() {
      if (state() === 'idle') begin();
    },
    inspect: () => flow.inspectHeld(),
    pause() {
      if (ACTIVE.includes(state())) pauseRun('user');
      else if (state() === 'paused') set({ pausedBy: 'user' });
    },
    resume() {
      if (state() === 'paused') begin();
    },
    abort() {
      if (FINAL.includes(state())) return;
      cancelRun();
      stopListening();
      set({ state: 'aborted', pausedBy: null, ...job.figures() });
      // Cancelled by the user: nothing of it is kept, in the browser or on the server.
      if (picked && remember) removeResumeRecord(file, resumeOptions);
      flow.dropChunkSet();
    },
    retry() {
      // A refused file stays refused; a failure after a server's answer may pass later (after a new login, say).
      if (state() !== 'failed' || refusal) return;
      set({ error: null });
      begin();
    },
  };

  if (refusal) {
    set({ state: 'failed', error: refusal }, true);
    if (options.notify !== false) {
      showNotice({ type: refusal.kind === 'Not find file' ? 'warning' : 'error', message: refusal.message });
    }
  } else if (options.autoStart !== false) {
    begin();
  }
  return controller;
}
