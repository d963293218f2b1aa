/**
 * The calls of one upload run, in the spec's order (part 2 §4): hash, existence check (with a proof of possession
 * when asked), then one request or the chunk pipeline (`transfer.ts`), then the merge — or, where the server offers
 * it, sending while hashing. What the calls learn goes into the job (`job.ts`); what is worth telling goes to the host
 * (`upload.ts`), which owns the states.
 */
import { CHUNK_SIZE_BYTES } from '../constants.ts';
import type { Client } from '../http/client.ts';
import { md5Bytes } from '../platform/md5.ts';
import {
  blockUploadCheckList,
  cancelUpload,
  mergeFile,
  secondUploadCheckAnswer,
  uploadCapabilities,
  uploadChunk,
  uploadSingle,
  type PossessionChallenge,
  type UploadCapabilities,
} from './api.ts';
import { chunkAt, isSingleUpload } from './chunks.ts';
import { toUploadError, UploadError } from './errors.ts';
import type { ChunkSetName, UploadJob } from './job.ts';
import { saveResumeRecord } from './resume.ts';
import { readError, type createAttempt } from './retry.ts';
import { Stopped, transferChunks } from './transfer.ts';
import type { UploadSnapshot, UploadState } from './upload.ts';

/** How long `inspect()` waits for the server before leaving the offer as it is. */
export const INSPECT_TIMEOUT_MS = 10_000;
/** Files from this size up go in larger chunks where the server takes them. */
export const LARGE_FILE_BYTES = 64 * 1024 * 1024;
/** The chunk size of large files (fewer requests: 32 instead of 128 for 256 MiB). */
export const LARGE_CHUNK_BYTES = 8 * 1024 * 1024;

/** The chunk size for a file of `size` bytes on a server taking chunks up to `maxChunkSize`. */
export function largeChunkSize(size: number, maxChunkSize: number): number {
  return size >= LARGE_FILE_BYTES && maxChunkSize >= LARGE_CHUNK_BYTES ? LARGE_CHUNK_BYTES : CHUNK_SIZE_BYTES;
}

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

/** 32 random hex digits: the name of an upload's chunks on the server until its MD5 is known. */
function newUploadId(): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** What a run asks of the upload that owns the states. */
export interface RunHost {
  /** Tells a change. */
  set(patch: Partial<UploadSnapshot>): void;
  state(): UploadState;
  /** One request retried while a retry may help (`retry.ts`). */
  attempt: ReturnType<typeof createAttempt>;
  /** The browser is offline where the run needs the network: paused until it is back. */
  pauseOffline(): void;
  /** The server holds the file (`instant`: it had it already). */
  finish(data: unknown, instant: boolean): void;
}

export class UploadFlow {
  constructor(
    private readonly job: UploadJob,
    private readonly host: RunHost,
  ) {}

  /** One run, from where the job stands to the end; rejects with an `UploadError`, or `Stopped` when stopped. */
  async run(signal: AbortSignal): Promise<void> {
    const { job, host } = this;
    if (job.md5 === null && job.extensions && !isSingleUpload(job.size, job.chunkSize) && job.network.online()) {
      job.offers = await capabilities(job.client, signal);
      if (signal.aborted) throw new Stopped();
      if (job.offers?.hashWhileSending) {
        if (job.nothingKnown()) {
          const kept = job.uploadId && job.resumed?.chunkSize;
          if (kept && kept !== job.chunkSize && kept <= job.offers.maxChunkSize) this.cutInto(kept);
          else if (!kept && !job.chunkSizeChosen) this.cutInto(largeChunkSize(job.size, job.offers.maxChunkSize));
        }
        if (job.chunkSize <= job.offers.maxChunkSize) return this.sendWhileHashing(signal);
      }
    }
    if (job.md5 === null) {
      host.set({ state: 'hashing', hashedBytes: 0 });
      job.md5 = await this.digest(signal);
      host.set({ md5: job.md5, hashedBytes: job.size });
      const sentUnder = job.uploadId ? { uploadId: job.uploadId, chunkSize: job.chunkSize } : {};
      if (job.remember) saveResumeRecord(job.file, job.md5, job.resumeOptions, sentUnder);
    }
    // Hashing needs no network; everything after it does.
    if (!job.network.online()) return host.pauseOffline();

    if (!job.existenceChecked) {
      host.set({ state: 'checking' });
      const exists = await this.existing(signal);
      if (exists) {
        if (job.uploadId) this.dropChunkSet();
        return this.finishInstant(exists);
      }
    }

    host.set({ state: 'uploading', ...job.figures() });
    if (isSingleUpload(job.size, job.chunkSize)) return this.sendSingle(signal);
    await this.transferChunks(signal);
    host.set({ state: 'merging', ...job.figures() });
    await this.mergeSet(signal);
  }

  /**
   * For an upload waiting with a resume record: asks the server which chunks it still holds, without sending any,
   * so the offer can say how much is done. One quiet request; an answer that does not come changes nothing.
   */
  async inspectHeld(): Promise<void> {
    const { job, host } = this;
    const { resumed } = job;
    if (host.state() !== 'idle' || !resumed || !job.nothingKnown()) return;
    const signal = AbortSignal.timeout(INSPECT_TIMEOUT_MS);
    try {
      if (resumed.uploadId) {
        if (!job.extensions) return;
        job.offers = await capabilities(job.client, signal);
        if (!job.offers?.hashWhileSending) return;
        const kept = resumed.chunkSize;
        if (kept && kept !== job.chunkSize && kept <= job.offers.maxChunkSize) this.cutInto(kept);
      } else if (!resumed.md5) return;
      const name = { md5: resumed.md5, ...(resumed.uploadId && { uploadId: resumed.uploadId }) };
      const answer = await blockUploadCheckList(job.chunkCheck(1, name), job.request(signal));
      // Started meanwhile: the run asks for itself.
      if (host.state() !== 'idle' || !answer.stored) return;
      const stored = new Set(answer.stored);
      for (let i = 1; i <= job.chunks; i++) {
        job.status[i] = stored.has(i) ? 'present' : 'missing';
        if (stored.has(i)) job.accept(i, job.chunkBytes(i), false);
      }
      host.set(job.figures());
    } catch {
      // Not known: the offer says nothing of what the server holds.
    }
  }

  /** Removes what this upload left on the server (a server offering the cancel call; harmless otherwise). */
  dropChunkSet(): void {
    const { job } = this;
    if (!job.offers?.cancel || (!job.uploadId && !job.md5)) return;
    cancelUpload(job.setName(), { client: job.client, silent: true }).catch(() => undefined);
  }

  private cutInto(eachSize: number): void {
    this.job.cutInto(eachSize);
    this.host.set({ chunkSize: this.job.chunkSize, chunks: this.job.chunks });
  }

  /** The MD5 of the file (a read that fails: `readerror`). */
  private async digest(signal: AbortSignal): Promise<string> {
    const { job, host } = this;
    try {
      return await job.hash(job.file, {
        signal,
        onProgress: (hashedBytes) => {
          if (!signal.aborted) host.set({ hashedBytes });
        },
      });
    } catch (error) {
      if (signal.aborted) throw new Stopped();
      // The file could not be read (changed or moved since it was picked): only picking it again helps.
      if (error instanceof DOMException && READ_FAILURES.includes(error.name)) throw readError(error, job.lang());
      // Else the hashing code itself did not load (a Worker's script, hash-wasm): offline, wait for the network.
      if (!job.network.online()) {
        host.pauseOffline();
        throw new Stopped();
      }
      throw toUploadError('upload failed', error, job.lang());
    }
  }

  /** The existence check (with a proof of possession when the server asks): the server's record, or null. */
  private async existing(signal: AbortSignal): Promise<unknown> {
    const { job, host } = this;
    const check = (extra = {}) => secondUploadCheckAnswer({ ...job.payload(), ...extra }, job.request(signal));
    const answer = await host.attempt('checkerror', signal, () => check());
    let exists = answer.data;
    if (!exists && answer.proof) {
      // The server stores this content but asks for proof that this file is it (docs/decisions.md): a wrong or
      // late answer only means the file is uploaded as usual.
      const proofMd5 = await possessionProof(job.file, answer.proof);
      if (signal.aborted) throw new Stopped();
      if (proofMd5) {
        const proved = await host.attempt('checkerror', signal, () =>
          check({ proofNonce: answer.proof!.nonce, proofMd5 }),
        );
        exists = proved.data;
      }
    }
    job.existenceChecked = true;
    return exists || null;
  }

  private finishInstant(data: unknown): void {
    const { job } = this;
    job.progress.complete();
    for (let i = 1; i <= job.chunks; i++) job.status[i] = 'present';
    this.host.finish(data, true);
  }

  /** A file at or under the chunk size: one request. */
  private async sendSingle(signal: AbortSignal): Promise<void> {
    const { job, host } = this;
    const { file, size, uid, serverId, relativePath } = job;
    const onUploadProgress = (event: { loaded: number }) => {
      job.progress.sending(1, Math.min(size, event.loaded));
      host.set(job.figures());
    };
    let data: unknown;
    try {
      data = await host.attempt(
        'uploaderror',
        signal,
        () =>
          uploadSingle({ file, md5: job.md5!, uid, serverId, relativePath }, job.request(signal, { onUploadProgress })),
        file,
      );
    } catch (error) {
      job.progress.dropped(1);
      throw error;
    }
    job.status[1] = 'present';
    job.accept(1, size, true);
    host.finish(data, false);
  }

  /** Checks and sends the chunks the server lacks (`transfer.ts`), under the set's name as it stands now. */
  private transferChunks(outer: AbortSignal): Promise<void> {
    const { job, host } = this;
    const name = job.setName();
    return transferChunks(
      {
        status: job.status,
        concurrency: job.concurrency,
        check: (index, signal) =>
          host.attempt('checkchunkerror', signal, () =>
            blockUploadCheckList(job.chunkCheck(index), job.request(signal)),
          ),
        send: (index, signal) => this.sendChunk(index, name, signal),
        held: (index, sent) => job.accept(index, job.chunkBytes(index), sent),
        changed: () => host.set(job.figures()),
      },
      outer,
    );
  }

  private async sendChunk(index: number, name: ChunkSetName, signal: AbortSignal): Promise<void> {
    const { job, host } = this;
    const { file, size, chunks, uid, chunkSize } = job;
    const chunk = chunkAt(size, index, chunkSize);
    const onUploadProgress = (event: { loaded: number }) => {
      job.progress.sending(index, Math.min(chunk.size, event.loaded));
      host.set(job.figures());
    };
    const part = file.slice(chunk.start, chunk.end);
    const fields = { ...name, chunks, uid, chunk: index, eachSize: chunkSize, fileName: file.name, fullSize: size };
    try {
      await host.attempt(
        'uploadunkerror',
        signal,
        () => uploadChunk({ ...fields, file: part, serverid: job.serverId }, job.request(signal, { onUploadProgress })),
        part,
      );
    } catch (error) {
      job.progress.dropped(index);
      throw error;
    }
  }

  /** The merge; when the server lacks chunks it had said it held, they are sent again and merged once more. */
  private async mergeSet(signal: AbortSignal): Promise<void> {
    const { job, host } = this;
    const merge = () =>
      host.attempt('chunkmerge', signal, () =>
        mergeFile(
          {
            md5: job.md5!,
            name: job.file.name,
            size: job.size,
            chunks: job.chunks,
            serverid: job.serverId,
            uid: job.uid,
            ...job.withPath(),
            ...(job.uploadId && { uploadId: job.uploadId }),
          },
          job.request(signal),
        ),
      );
    let data: unknown;
    try {
      data = await merge();
    } catch (error) {
      // The server lacks chunks it had said it held (swept, restarted): check them all again, send what is
      // missing, and merge once more. A second refusal is final.
      if (!(error instanceof UploadError) || error.kind !== 'chunk count abnormal') throw error;
      for (let i = 1; i <= job.chunks; i++) job.status[i] = 'unknown';
      job.progress.forget();
      host.set({ state: 'uploading', ...job.figures() });
      await this.transferChunks(signal);
      host.set({ state: 'merging', ...job.figures() });
      data = await merge();
    }
    host.finish(data, false);
  }

  /**
   * Sending while hashing (a server extension, docs/decisions.md "Uploads"): chunks go under an upload id from the
   * first second while the Worker hashes; once the MD5 is known the existence check runs, and a file the server has
   * already ends at once (the chunks in flight cancelled, the set removed); otherwise the merge names the id and the
   * MD5, which the server checks against the bytes it received.
   */
  private async sendWhileHashing(signal: AbortSignal): Promise<void> {
    const { job, host } = this;
    const uploadId = (job.uploadId ??= newUploadId());
    const sentUnder = { uploadId, chunkSize: job.chunkSize };
    if (job.remember) saveResumeRecord(job.file, '', job.resumeOptions, sentUnder);
    const sending = new AbortController();
    const hashing = new AbortController();
    const stopBoth = () => {
      sending.abort(new Stopped());
      hashing.abort(new Stopped());
    };
    signal.addEventListener('abort', stopBoth, { once: true });
    host.set({ state: 'uploading', hashedBytes: 0, ...job.figures() });
    let found: unknown = null;
    const transfer = this.transferChunks(sending.signal).then(
      () => null,
      (error: unknown) => {
        // A failed transfer stops the hashing too: the upload has failed.
        if (!sending.signal.aborted || !(error instanceof Stopped)) hashing.abort(new Stopped());
        return error;
      },
    );
    try {
      job.md5 = await this.digest(hashing.signal);
      host.set({ md5: job.md5, hashedBytes: job.size });
      if (job.remember) saveResumeRecord(job.file, job.md5, job.resumeOptions, sentUnder);
      found = await this.existing(hashing.signal);
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
      this.dropChunkSet();
      return this.finishInstant(found);
    }
    if (failed) throw failed;
    host.set({ state: 'merging', ...job.figures() });
    await this.mergeSet(signal);
  }
}
