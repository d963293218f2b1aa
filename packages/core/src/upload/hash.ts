/**
 * MD5 of a whole file for uploads (spec part 2 §4 step 1, §9; DESIGN §6 "MD5"). In a Worker (`md5.worker.ts`):
 * hash-wasm over `blob.stream()`, so the page never blocks. Where Workers are unavailable (or fail to start), on the
 * main thread in 2 MB slices, yielding to the page between slices and retrying the `NotReadableError` that tight
 * slice-reading loops sometimes throw. Either way the digest is the lower-case hex `md5sum` prints.
 */
import { MD5_SLICE_BYTES } from '../constants.ts';
import type { Md5WorkerMessage } from './md5.worker.ts';

export interface HashOptions {
  /** Bytes hashed so far and the total, now and then. */
  onProgress?: (hashedBytes: number, totalBytes: number) => void;
  /** Aborting terminates the Worker (or stops the slice loop) and rejects with an `AbortError`. */
  signal?: AbortSignal;
  /** Use a Worker when the platform has one (default true); false hashes on the main thread. */
  worker?: boolean;
  /** Main-thread slice size; default 2 MB (spec part 2 §9). */
  sliceBytes?: number;
}

/** A hash function with `hashFile`'s contract: injectable into `createUpload` for tests. */
export type HashFunction = (blob: Blob, options?: HashOptions) => Promise<string>;

/** Attempts per slice when reading throws `NotReadableError`. */
const READ_ATTEMPTS = 4;

function abortError(signal: AbortSignal): unknown {
  return signal.reason ?? new DOMException('The hashing was aborted', 'AbortError');
}

/** The Worker could not be created or loaded: the main thread takes over. */
class WorkerUnavailable extends Error {}

/** Idle MD5 Workers kept for the next file (a queue of small files would otherwise start one per file). */
const idleWorkers: Worker[] = [];
/** At most this many idle Workers are kept, each for `WORKER_IDLE_MS`. */
export const IDLE_WORKERS = 3;
export const WORKER_IDLE_MS = 10_000;
const idleTimers = new WeakMap<Worker, ReturnType<typeof setTimeout>>();

function takeWorker(): Worker {
  const idle = idleWorkers.pop();
  if (idle) {
    clearTimeout(idleTimers.get(idle));
    return idle;
  }
  return new Worker(new URL('./md5.worker.ts', import.meta.url), { type: 'module' });
}

/** A Worker whose job ended well waits for the next one for a while; one that failed or was stopped ends. */
function releaseWorker(worker: Worker, reusable: boolean): void {
  if (!reusable || idleWorkers.length >= IDLE_WORKERS) {
    worker.terminate();
    return;
  }
  idleWorkers.push(worker);
  idleTimers.set(
    worker,
    setTimeout(() => {
      idleWorkers.splice(idleWorkers.indexOf(worker), 1);
      worker.terminate();
    }, WORKER_IDLE_MS),
  );
}

/** Ends the idle Workers now (they end by themselves after `WORKER_IDLE_MS`). */
export function endIdleWorkers(): void {
  for (const worker of idleWorkers.splice(0)) {
    clearTimeout(idleTimers.get(worker));
    worker.terminate();
  }
}

function hashInWorker(blob: Blob, options: HashOptions): Promise<string> {
  const { signal, onProgress } = options;
  let worker: Worker;
  try {
    worker = takeWorker();
  } catch (error) {
    return Promise.reject(new WorkerUnavailable(String(error)));
  }
  return new Promise<string>((resolve, reject) => {
    let started = false;
    const finish = (settle: () => void, reusable = false) => {
      signal?.removeEventListener('abort', onAbort);
      worker.removeEventListener('message', onMessage);
      worker.removeEventListener('error', onError);
      releaseWorker(worker, reusable);
      settle();
    };
    const onAbort = () => finish(() => reject(abortError(signal!)));
    const onMessage = (event: MessageEvent<Md5WorkerMessage>) => {
      started = true;
      const message = event.data;
      if (message.type === 'progress') onProgress?.(message.bytes, blob.size);
      else if (message.type === 'done') finish(() => resolve(message.md5), true);
      else {
        const error = new DOMException(message.message, message.name);
        finish(() => reject(error));
      }
    };
    // A Worker that cannot load (blocked by a policy, a failed fetch) reports an error event before any message.
    const onError = (event: ErrorEvent) => {
      event.preventDefault();
      finish(() => reject(started ? new Error(event.message || 'MD5 worker failed') : new WorkerUnavailable('load')));
    };
    signal?.addEventListener('abort', onAbort, { once: true });
    worker.addEventListener('message', onMessage);
    worker.addEventListener('error', onError);
    worker.postMessage({ blob });
  });
}

const yieldToPage = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/** The bytes of `blob`, a read that fails with `NotReadableError` (which tight read loops meet now and then) retried. */
export async function readSlice(blob: Blob, signal?: AbortSignal): Promise<ArrayBuffer> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await blob.arrayBuffer();
    } catch (error) {
      if (signal?.aborted) throw abortError(signal);
      const retryable = error instanceof DOMException && error.name === 'NotReadableError';
      if (!retryable || attempt >= READ_ATTEMPTS) throw error;
      await new Promise((resolve) => setTimeout(resolve, 50 * attempt));
    }
  }
}

/** Main-thread MD5: 2 MB slices, one task each, so the page stays responsive. */
export async function hashOnMainThread(blob: Blob, options: HashOptions = {}): Promise<string> {
  const { signal, onProgress } = options;
  const slice = options.sliceBytes ?? MD5_SLICE_BYTES;
  // Loaded only here: the Worker has its own copy, so a page that uploads with Workers never fetches it twice.
  const { createMD5 } = await import('hash-wasm');
  const md5 = await createMD5();
  md5.init();
  for (let start = 0; start < blob.size; start += slice) {
    if (signal?.aborted) throw abortError(signal);
    const buffer = await readSlice(blob.slice(start, Math.min(blob.size, start + slice)), signal);
    md5.update(new Uint8Array(buffer));
    onProgress?.(Math.min(blob.size, start + slice), blob.size);
    await yieldToPage();
  }
  if (signal?.aborted) throw abortError(signal);
  if (blob.size === 0) onProgress?.(0, 0);
  return md5.digest('hex');
}

/** Lower-case hex MD5 of `blob`: in a Worker when possible, else on the main thread. */
export async function hashFile(blob: Blob, options: HashOptions = {}): Promise<string> {
  if (options.signal?.aborted) throw abortError(options.signal);
  if (options.worker !== false && typeof Worker === 'function') {
    try {
      return await hashInWorker(blob, options);
    } catch (error) {
      if (options.signal?.aborted) throw abortError(options.signal);
      // No Worker here, or one that could not read the file: the main thread reads in slices and retries.
      const fallBack =
        error instanceof WorkerUnavailable || (error instanceof DOMException && error.name === 'NotReadableError');
      if (!fallBack) throw error;
    }
  }
  return hashOnMainThread(blob, options);
}
