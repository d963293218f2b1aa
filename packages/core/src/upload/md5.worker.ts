/**
 * The MD5 Worker (DESIGN §6 "MD5"): hash-wasm's incremental MD5 over `blob.stream()`, the fastest pairing measured
 * here (`TOOLCHAIN.md`). Protocol, one job at a time (a Worker is kept for the next file): the page posts `{ blob }`;
 * the Worker answers `{ type: 'progress', bytes }` now and then, then `{ type: 'done', md5 }` or
 * `{ type: 'error', name, message }`. Aborting is the page terminating the Worker.
 */
import { createMD5 } from 'hash-wasm';

export type Md5WorkerRequest = { blob: Blob };
export type Md5WorkerMessage =
  | { type: 'progress'; bytes: number }
  | { type: 'done'; md5: string }
  | { type: 'error'; name: string; message: string };

/** Progress is posted at most every this many bytes, so a 1 GiB file sends hundreds of messages, not thousands. */
const PROGRESS_STEP_BYTES = 4 * 1024 * 1024;

interface WorkerScope {
  postMessage(message: Md5WorkerMessage): void;
  addEventListener(type: 'message', listener: (event: MessageEvent<Md5WorkerRequest>) => void): void;
}
const scope = self as unknown as WorkerScope;

async function hash(blob: Blob): Promise<string> {
  const md5 = await createMD5();
  md5.init();
  const reader = blob.stream().getReader();
  let bytes = 0;
  let reported = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    md5.update(value);
    bytes += value.byteLength;
    if (bytes - reported >= PROGRESS_STEP_BYTES) {
      reported = bytes;
      scope.postMessage({ type: 'progress', bytes });
    }
  }
  scope.postMessage({ type: 'progress', bytes });
  return md5.digest('hex');
}

scope.addEventListener('message', (event) => {
  hash(event.data.blob).then(
    (md5) => scope.postMessage({ type: 'done', md5 }),
    (error: unknown) => {
      const e = error instanceof Error ? error : new Error(String(error));
      scope.postMessage({ type: 'error', name: e.name, message: e.message });
    },
  );
});
