/**
 * An in-memory storage server behind a request-client stand-in, for unit tests of the upload controller: it keeps
 * chunks and files by MD5, verifies the MD5 and the chunk count at merge as the reference server must, honours
 * abort signals as the real client does, and lets a test fail, hold or count any call. What the real server
 * cannot be made to do on cue (a timeout on chunk 3, a 429, a hang until the test releases it) is done here.
 */
import type { Client, RequestOptions } from '../http/client.ts';
import { RequestError } from '../http/errors.ts';
import { md5Bytes } from '../platform/md5.ts';
import { UPLOAD_PATHS } from '../upload/api.ts';

export interface StorageCall {
  path: string;
  fields: Record<string, unknown>;
  options: RequestOptions;
}

/** What a test may make a call do: throw (a `RequestError`), or wait for a promise before being answered. */
export type Fault = (call: StorageCall, count: number) => RequestError | Promise<void> | undefined;

export const network = () => new RequestError({ kind: 'network', status: 0, code: 'ERR_NETWORK', message: 'net' });
export const businessError = (status: number, message: string) =>
  new RequestError({ kind: 'business', status, code: String(status), message });

export function fakeStorage() {
  const files = new Map<string, Uint8Array>();
  const chunkSets = new Map<string, Map<number, Uint8Array>>();
  const calls: StorageCall[] = [];
  const faults = new Map<string, Fault>();
  let inFlight = 0;
  let maxInFlight = 0;
  let uploadsInFlight = 0;
  let maxUploadsInFlight = 0;
  /** Chunk checks answered while at least one chunk upload was in flight: proof of pipelining. */
  let checksDuringUploads = 0;
  /** Answer each chunk check with the list of chunks held, as the reference server does (off: §7 alone). */
  let listChunks = false;

  function stored(md5: string, bytes: Uint8Array) {
    files.set(md5, bytes);
    return { fileId: `f-${md5.slice(0, 8)}`, md5, size: bytes.length };
  }

  async function handle(path: string, fields: Record<string, unknown>): Promise<unknown> {
    const md5 = String(fields['md5']);
    switch (path) {
      case UPLOAD_PATHS.secondUploadCheck:
        return files.has(md5) ? { fileId: `f-${md5.slice(0, 8)}`, md5 } : null;
      case UPLOAD_PATHS.upload: {
        const bytes = new Uint8Array(await (fields['file'] as Blob).arrayBuffer());
        if (md5Bytes(bytes) !== md5) throw businessError(400, 'md5 mismatch');
        return stored(md5, bytes);
      }
      case UPLOAD_PATHS.blockUploadCheck:
        return chunkSets.get(md5)?.has(Number(fields['chunk'])) ?? false;
      case UPLOAD_PATHS.chunkUpload: {
        const bytes = new Uint8Array(await (fields['file'] as Blob).arrayBuffer());
        if (bytes.length !== Number(fields['size'])) throw businessError(400, 'size mismatch');
        const set = chunkSets.get(md5) ?? new Map<number, Uint8Array>();
        chunkSets.set(md5, set);
        set.set(Number(fields['chunk']), bytes);
        return true;
      }
      case UPLOAD_PATHS.mergeFile: {
        const set = chunkSets.get(md5);
        const count = Number(fields['chunks']);
        if (!set || set.size !== count) throw businessError(500, 'chunk count abnormal');
        const parts = Array.from({ length: count }, (_, i) => set.get(i + 1)!);
        const whole = new Uint8Array(parts.reduce((n, part) => n + part.length, 0));
        let offset = 0;
        for (const part of parts) {
          whole.set(part, offset);
          offset += part.length;
        }
        if (md5Bytes(whole) !== md5 || whole.length !== Number(fields['size'])) {
          throw businessError(400, 'chunkmerge');
        }
        chunkSets.delete(md5);
        return stored(md5, whole);
      }
      default:
        throw businessError(404, `no fake for ${path}`);
    }
  }

  async function answer(path: string, payload: unknown, options: RequestOptions = {}) {
    const fields: Record<string, unknown> =
      payload instanceof FormData
        ? Object.fromEntries([...payload.keys()].map((key) => [key, payload.get(key)]))
        : { ...(payload as Record<string, unknown>) };
    const call: StorageCall = { path, fields, options };
    calls.push(call);
    const count = calls.filter((c) => c.path === path).length;
    const isUpload = path === UPLOAD_PATHS.chunkUpload || path === UPLOAD_PATHS.upload;
    if (path === UPLOAD_PATHS.blockUploadCheck && uploadsInFlight > 0) checksDuringUploads++;
    inFlight++;
    maxInFlight = Math.max(maxInFlight, inFlight);
    if (isUpload) {
      uploadsInFlight++;
      maxUploadsInFlight = Math.max(maxUploadsInFlight, uploadsInFlight);
    }
    const { signal } = options;
    const aborted = new Promise<never>((_, reject) => {
      const cancel = () =>
        reject(new RequestError({ kind: 'aborted', status: 0, code: 'ERR_CANCELED', message: 'aborted' }));
      if (signal?.aborted) cancel();
      signal?.addEventListener('abort', cancel, { once: true });
    });
    aborted.catch(() => {});
    try {
      const work = async () => {
        const fault = faults.get(path)?.(call, count);
        if (fault instanceof RequestError) throw fault;
        if (fault) await fault;
        if (signal?.aborted) throw new RequestError({ kind: 'aborted', status: 0, message: 'aborted' });
        const data = await handle(path, fields);
        if (isUpload && options.onUploadProgress && fields['file'] instanceof Blob) {
          options.onUploadProgress({ loaded: fields['file'].size } as never);
        }
        const envelope = { status: 200, code: 'ok', message: '', fieldErrors: [], data };
        if (listChunks && path === UPLOAD_PATHS.blockUploadCheck) {
          const held = [...(chunkSets.get(String(fields['md5']))?.keys() ?? [])].sort((a, b) => a - b);
          return { ...envelope, extra: { chunks: held } };
        }
        return envelope;
      };
      return await Promise.race([work(), aborted]);
    } finally {
      inFlight--;
      if (isUpload) uploadsInFlight--;
    }
  }

  const client = {
    post: (url: string, body?: unknown, options?: RequestOptions) => answer(url, body, options),
    upload: (url: string, payload: unknown, options?: RequestOptions) => answer(url, payload, options),
  } as unknown as Client;

  return {
    client,
    calls,
    files,
    chunkSets,
    /** Sets (or with `undefined` removes) the fault of a path. */
    fault(path: string, fault: Fault | undefined) {
      if (fault) faults.set(path, fault);
      else faults.delete(path);
    },
    /** Makes chunk checks list every chunk held (the reference server's extension) or not. */
    listChunks(on: boolean) {
      listChunks = on;
    },
    count: (path: string) => calls.filter((c) => c.path === path).length,
    stats: () => ({ maxInFlight, maxUploadsInFlight, checksDuringUploads }),
  };
}

/** A promise the test resolves by hand. */
export function gate(): { promise: Promise<void>; open: () => void } {
  let open = () => {};
  const promise = new Promise<void>((resolve) => (open = resolve));
  return { promise, open };
}

/** Deterministic content: the same bytes the md5sum figures in the tests were computed from. */
export function patternBytes(size: number): Uint8Array<ArrayBuffer> {
  const bytes = new Uint8Array(size);
  for (let i = 0; i < size; i++) bytes[i] = (i * 31 + Math.floor(i / 65536)) & 255;
  return bytes;
}

export function patternFile(size: number, name = 'lesson.mp4', lastModified = 1_700_000_000_000): File {
  return new File([patternBytes(size)], name, { lastModified });
}
