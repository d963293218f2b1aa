/**
 * The bytes of uploads on disk, under `<dataDir>/storage` (DESIGN §5):
 * - `uploads/<md5[0,2]>/<md5>-<size>`: stored content, one copy per MD5 and size however many records point at it;
 *   a file appears here only by an atomic rename, after its MD5 was verified;
 * - `chunks/<md5>/data`: the bytes of an upload in progress, each chunk written at its offset as it streams in, and
 *   `chunks/<md5>/<n>-<bytes>`: the marker of chunk n (1-based), made only once its bytes are written whole and
 *   checked, and removed before a chunk sent again is written; so a merge only verifies the MD5 and renames `data`
 *   into place, with no copy of the bytes (issue 11: the copy cost as much as the upload);
 * - `tmp/`: files being written (single uploads, chunks whose fields came after their bytes), never read by anyone
 *   else.
 * Nothing is ever held in memory beyond the buffers of the stream being copied.
 */
import { createHash, randomUUID, type Hash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, open, readdir, rename, rm, stat, truncate, unlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { refusals } from './refusals.ts';

export const MD5_PATTERN = /^[0-9a-f]{32}$/;

/** How much of a chunk's stream is gathered before one write. */
const WRITE_BATCH_BYTES = 1024 * 1024;

export interface UploadStoreOptions {
  storageDir: string;
  /** The server clock (epoch ms), so a test hook moving the clock also ages chunk sets. */
  now(): number;
}

/** A stream written to a temp file: its path, byte count and MD5, and whether it went over the limit. */
export interface ReceivedFile {
  tempPath: string;
  bytes: number;
  md5: string;
  /** More bytes came than the limit allowed; the temp file is already gone. */
  overLimit: boolean;
}

/** Where a chunk's bytes go in its upload's data file. */
export interface ChunkPlace {
  md5: string;
  /** 1-based. */
  chunk: number;
  /** Its first byte's place in the file: (chunk − 1) × eachSize. */
  offset: number;
  /** The most bytes written (the chunk's expected size): never into the next chunk's place. */
  limit: number;
}

/** What came of a chunk's stream: its byte count, and whether that was more than its limit. */
export interface ChunkWritten {
  bytes: number;
  overLimit: boolean;
}

export interface SweepResult {
  chunkSets: number;
  tempFiles: number;
}

const isMissing = (error: unknown) => (error as NodeJS.ErrnoException | null)?.code === 'ENOENT';

async function statOrNull(path: string) {
  try {
    return await stat(path);
  } catch (error) {
    if (isMissing(error)) return null;
    throw error;
  }
}

/** The size a chunk must have: every chunk is `eachSize` except the last, which holds the rest. */
export function expectedChunkSize(chunk: number, chunks: number, eachSize: number, fullSize: number): number {
  return chunk < chunks ? eachSize : fullSize - eachSize * (chunks - 1);
}

/** The chunk count of a file of `fullSize` bytes cut into `eachSize` pieces (an empty file is one empty chunk). */
export const chunkCountOf = (fullSize: number, eachSize: number): number => Math.max(1, Math.ceil(fullSize / eachSize));

/**
 * The MD5 of chunks 1..next−1 of an upload (all of `eachSize` bytes but maybe the last), so that a merge has the
 * digest when the last chunk is in. `work` chains the hashing; a chunk sent again over hashed bytes drops it.
 */
interface RunningHash {
  eachSize: number;
  next: number;
  /** The chunk being read into the hash now, or 0. */
  hashing: number;
  bytes: number;
  hash: Hash;
  work: Promise<void>;
}

export class UploadStore {
  readonly uploadsDir: string;
  readonly chunksDir: string;
  readonly tmpDir: string;
  private readonly locks = new Map<string, Promise<unknown>>();
  /** The MD5 of each upload's whole chunks from the first on, advanced as chunks arrive (lost on a restart). */
  private readonly running = new Map<string, RunningHash>();
  /** Chunk writes in progress per MD5, and who waits for them to end (a merge, before it takes the data file). */
  private readonly writers = new Map<string, { count: number; idle: (() => void)[]; chunks: Map<number, number> }>();
  /** Users who sent chunks of an MD5, and when last: they may claim the merged file even if another merged it. */
  private readonly uploaders = new Map<string, Map<number, number>>();

  constructor(private readonly options: UploadStoreOptions) {
    this.uploadsDir = join(options.storageDir, 'uploads');
    this.chunksDir = join(options.storageDir, 'chunks');
    this.tmpDir = join(options.storageDir, 'tmp');
  }

  /** Path of stored content relative to the storage directory (what `files.storage_path` holds). */
  blobRelativePath(md5: string, size: number): string {
    return `uploads/${md5.slice(0, 2)}/${md5}-${size}`;
  }

  private blobPath(md5: string, size: number): string {
    return join(this.options.storageDir, this.blobRelativePath(md5, size));
  }

  private chunkDir(md5: string): string {
    return join(this.chunksDir, md5);
  }

  async hasBlob(md5: string, size: number): Promise<boolean> {
    return (await statOrNull(this.blobPath(md5, size)))?.size === size;
  }

  /** Runs `task` while holding the lock of `md5`: merges of the same content never overlap. */
  private async withLock<T>(md5: string, task: () => Promise<T>): Promise<T> {
    const previous = this.locks.get(md5) ?? Promise.resolve();
    const run = previous.then(task, task);
    const settled = run.catch(() => undefined);
    this.locks.set(md5, settled);
    try {
      return await run;
    } finally {
      if (this.locks.get(md5) === settled) this.locks.delete(md5);
    }
  }

  private async newTempPath(): Promise<string> {
    await mkdir(this.tmpDir, { recursive: true });
    return join(this.tmpDir, `${this.options.now()}-${randomUUID()}`);
  }

  /**
   * Writes `source` to a temp file while hashing it. Past `limit` bytes nothing more is written and the rest of
   * the source is drained, so the request can still be answered; the temp file is then removed (`overLimit`). The
   * temp file is removed on any error too.
   */
  async receive(source: AsyncIterable<Buffer> | Iterable<Buffer>, limit: number): Promise<ReceivedFile> {
    const tempPath = await this.newTempPath();
    const hash = createHash('md5');
    const handle = await open(tempPath, 'wx');
    let bytes = 0;
    let overLimit = false;
    try {
      for await (const buffer of source) {
        bytes += buffer.length;
        if (bytes > limit) overLimit = true;
        if (overLimit) continue;
        hash.update(buffer);
        await handle.write(buffer);
      }
    } catch (error) {
      await handle.close();
      await rm(tempPath, { force: true });
      throw error;
    }
    await handle.close();
    if (overLimit) await rm(tempPath, { force: true });
    return { tempPath, bytes, md5: hash.digest('hex'), overLimit };
  }

  /** Writes a buffer (a decoded base64 image, far below the body limit) as stored content. */
  async storeBuffer(buffer: Buffer): Promise<{ md5: string; size: number; relativePath: string }> {
    const received = await this.receive([buffer], Number.POSITIVE_INFINITY);
    await this.publish(received.tempPath, received.md5, received.bytes);
    return {
      md5: received.md5,
      size: received.bytes,
      relativePath: this.blobRelativePath(received.md5, received.bytes),
    };
  }

  /** Makes a verified temp file the stored content of `md5` (an atomic rename; identical content is replaced). */
  async publish(tempPath: string, md5: string, size: number): Promise<string> {
    const target = this.blobPath(md5, size);
    await mkdir(join(this.uploadsDir, md5.slice(0, 2)), { recursive: true });
    await rename(tempPath, target);
    return this.blobRelativePath(md5, size);
  }

  async discard(tempPath: string): Promise<void> {
    await rm(tempPath, { force: true });
  }

  private dataPath(md5: string): string {
    return join(this.chunkDir(md5), 'data');
  }

  /** The stored chunks of `md5` and their sizes, by chunk number (from the markers' names: one directory read). */
  async storedChunks(md5: string): Promise<Map<number, number>> {
    const sizes = new Map<number, number>();
    let names: string[];
    try {
      names = await readdir(this.chunkDir(md5));
    } catch (error) {
      if (isMissing(error)) return sizes;
      throw error;
    }
    for (const name of names) {
      const marker = /^([1-9][0-9]*)-([0-9]+)$/.exec(name);
      if (marker) sizes.set(Number(marker[1]), Number(marker[2]));
    }
    return sizes;
  }

  /** Removes the marker of chunk `n` (whatever size it recorded): its bytes are about to change or were refused. */
  private async unmark(md5: string, chunk: number): Promise<void> {
    const sizes = await this.storedChunks(md5);
    if (!sizes.has(chunk)) return;
    // Its bytes may have been hashed already: the running MD5 no longer answers for the file.
    this.running.delete(md5);
    await rm(join(this.chunkDir(md5), `${chunk}-${sizes.get(chunk)}`), { force: true });
  }

  /** Hashes, in the background, the whole chunks that follow the running MD5 of `md5` (started with chunk 1). */
  private advance(md5: string, eachSize: number): void {
    let state = this.running.get(md5);
    if (state && state.eachSize !== eachSize) {
      this.running.delete(md5);
      return;
    }
    if (!state) {
      state = { eachSize, next: 1, hashing: 0, bytes: 0, hash: createHash('md5'), work: Promise.resolve() };
      this.running.set(md5, state);
    }
    const current = state;
    current.work = current.work
      .then(() => this.hashAhead(md5, current))
      .catch(() => {
        if (this.running.get(md5) === current) this.running.delete(md5);
      });
  }

  private async hashAhead(md5: string, state: RunningHash): Promise<void> {
    const sizes = await this.storedChunks(md5);
    if (!sizes.has(state.next)) return;
    const handle = await open(this.dataPath(md5), 'r');
    try {
      const buffer = Buffer.allocUnsafe(1024 * 1024);
      // A chunk being written waits for its marking (a write that fails leaves the rest to the merge's own read).
      while (
        this.running.get(md5) === state &&
        sizes.has(state.next) &&
        !this.writers.get(md5)?.chunks.has(state.next)
      ) {
        const size = sizes.get(state.next)!;
        state.hashing = state.next;
        let position = (state.next - 1) * state.eachSize;
        for (let left = size; left > 0;) {
          const { bytesRead } = await handle.read(buffer, 0, Math.min(buffer.length, left), position);
          if (bytesRead === 0) throw new Error('chunk shorter than its marker');
          state.hash.update(buffer.subarray(0, bytesRead));
          position += bytesRead;
          left -= bytesRead;
        }
        state.hashing = 0;
        state.bytes += size;
        state.next++;
      }
    } finally {
      await handle.close();
    }
  }

  /** The upload's data file, open for writing at any offset (made by whichever chunk comes first). */
  private async openData(md5: string) {
    for (let attempt = 0; ; attempt++) {
      await mkdir(this.chunkDir(md5), { recursive: true });
      try {
        return await open(this.dataPath(md5), 'r+');
      } catch (error) {
        if (!isMissing(error) || attempt >= 3) throw error;
      }
      try {
        return await open(this.dataPath(md5), 'wx+');
      } catch (error) {
        // Another chunk made it first (EEXIST), or a merge finishing removed the directory (ENOENT): again.
        const code = (error as NodeJS.ErrnoException).code;
        if ((code !== 'EEXIST' && code !== 'ENOENT') || attempt >= 3) throw error;
      }
    }
  }

  /**
   * Writes a chunk's stream into the upload's data file at `offset`, at most `limit` bytes (the rest is drained and
   * the chunk is `overLimit`). Chunk `chunk` counts as missing from now until `markChunk` (a chunk sent again, or cut
   * off mid-way, is never taken for whole). Resolves with the bytes that came.
   */
  async receiveChunk(place: ChunkPlace, source: AsyncIterable<Buffer>): Promise<ChunkWritten> {
    const { md5 } = place;
    // A merge of this MD5 in progress finishes first; a merge that starts now waits for this write to end.
    await this.locks.get(md5);
    const writing = this.writers.get(md5) ?? { count: 0, idle: [], chunks: new Map<number, number>() };
    this.writers.set(md5, writing);
    writing.count++;
    writing.chunks.set(place.chunk, (writing.chunks.get(place.chunk) ?? 0) + 1);
    // Bytes hashed already, or being hashed, are about to change: the running MD5 no longer answers for the file.
    // (Chunks being written are never hashed, see hashAhead, so a write that fails cannot slip under it either.)
    const state = this.running.get(md5);
    if (state && (place.chunk < state.next || place.chunk === state.hashing)) this.running.delete(md5);
    try {
      return await this.writeChunk(place, source);
    } finally {
      const left = writing.chunks.get(place.chunk)! - 1;
      if (left > 0) writing.chunks.set(place.chunk, left);
      else writing.chunks.delete(place.chunk);
      if (--writing.count === 0) {
        this.writers.delete(md5);
        for (const wake of writing.idle.splice(0)) wake();
      }
    }
  }

  /** Resolves once no chunk of `md5` is being written. */
  private writesEnded(md5: string): Promise<void> {
    const writing = this.writers.get(md5);
    return writing ? new Promise((resolve) => writing.idle.push(resolve)) : Promise.resolve();
  }

  private async writeChunk(
    { md5, chunk, offset, limit }: ChunkPlace,
    source: AsyncIterable<Buffer>,
  ): Promise<ChunkWritten> {
    await this.unmark(md5, chunk);
    const handle = await this.openData(md5);
    let bytes = 0;
    let overLimit = false;
    // The stream's small pieces are written a megabyte at a time: fewer round trips to the file system.
    let pending: Buffer[] = [];
    let pendingBytes = 0;
    let written = 0;
    const flush = async () => {
      if (pendingBytes === 0) return;
      const buffers = pending;
      const length = pendingBytes;
      pending = [];
      pendingBytes = 0;
      await handle.writev(buffers, offset + written);
      written += length;
    };
    try {
      for await (const buffer of source) {
        if (overLimit) continue;
        const room = limit - bytes;
        bytes += buffer.length;
        if (buffer.length > room) {
          // Never past the chunk's own range: that is the next chunk's place.
          overLimit = true;
          if (room <= 0) continue;
          pending.push(buffer.subarray(0, room));
          pendingBytes += room;
        } else {
          pending.push(buffer);
          pendingBytes += buffer.length;
        }
        if (pendingBytes >= WRITE_BATCH_BYTES) await flush();
      }
      await flush();
    } finally {
      await handle.close();
    }
    return { bytes, overLimit };
  }

  /** Copies a chunk received into a temp file (its fields came after its bytes) to its offset; the temp file goes. */
  async placeChunk(md5: string, chunk: number, offset: number, tempPath: string): Promise<void> {
    try {
      await this.receiveChunk(
        { md5, chunk, offset, limit: Number.POSITIVE_INFINITY },
        createReadStream(tempPath, { highWaterMark: 1024 * 1024 }) as AsyncIterable<Buffer>,
      );
    } finally {
      await rm(tempPath, { force: true });
    }
  }

  /**
   * After a refused chunk written in place: a chunk set that holds no whole chunk and that nobody is writing to is
   * removed, so refused requests leave nothing behind (a set with whole chunks keeps them for the retry).
   */
  async forgetRefusedChunk(md5: string): Promise<void> {
    await this.withLock(md5, async () => {
      if (this.writers.has(md5) || (await this.storedChunks(md5)).size > 0) return;
      this.running.delete(md5);
      await rm(this.chunkDir(md5), { recursive: true, force: true });
    });
  }

  /**
   * Records chunk `n` of `md5` (cut in `eachSize` pieces) as stored whole with `bytes` bytes, remembers who sent it,
   * and advances the running MD5.
   */
  async markChunk(md5: string, chunk: number, bytes: number, eachSize: number, userId: number): Promise<void> {
    await this.unmark(md5, chunk);
    for (let attempt = 0; ; attempt++) {
      await mkdir(this.chunkDir(md5), { recursive: true });
      try {
        await writeFile(join(this.chunkDir(md5), `${chunk}-${bytes}`), '', { flag: 'w' });
        break;
      } catch (error) {
        if (!isMissing(error) || attempt >= 2) throw error;
      }
    }
    let users = this.uploaders.get(md5);
    if (!users) this.uploaders.set(md5, (users = new Map()));
    users.set(userId, this.options.now());
    this.advance(md5, eachSize);
  }

  /** Whether `userId` sent chunks of `md5` (within the chunk sets' lifetime). */
  sentChunksOf(md5: string, userId: number): boolean {
    return this.uploaders.get(md5)?.has(userId) ?? false;
  }

  /**
   * Publishes the data file of `md5` when chunks 1..`chunks` are all marked, their sizes add up to `size` and the
   * MD5 of its first `size` bytes matches (an atomic rename: no copy); the chunk set goes afterwards. A missing chunk
   * is `chunk count abnormal` (the chunks stay, so the client sends only what is missing); sizes or an MD5 that do
   * not match are `chunkmerge` and the chunk set is discarded, since no chunk can be trusted and the client's next
   * attempt must send them all. When the content is stored already (another user's merge of the same file won) and
   * `mayClaim` allows it, the merge succeeds without chunks.
   */
  async merge(md5: string, size: number, chunks: number, mayClaim: () => boolean): Promise<string> {
    return this.withLock(md5, async () => {
      const stored = await this.storedChunks(md5);
      const complete = Array.from({ length: chunks }, (_, i) => i + 1).every((n) => stored.has(n));
      if (!complete) {
        if (mayClaim() && (await this.hasBlob(md5, size))) return this.blobRelativePath(md5, size);
        throw refusals.chunkCount();
      }
      let total = 0;
      for (let n = 1; n <= chunks; n++) total += stored.get(n)!;
      const tempPath = await this.newTempPath();
      let digest = '';
      if (total === size) {
        // Taken out of the chunk set once no chunk is being written, so nothing writes into what is verified.
        await this.writesEnded(md5);
        // The running MD5 catches up with the last chunks (usually done already).
        const state = this.running.get(md5);
        if (state) await state.work;
        const taken = await rename(this.dataPath(md5), tempPath).then(
          () => true,
          (error: unknown) => {
            if (isMissing(error)) return false;
            throw error;
          },
        );
        if (taken) {
          await truncate(tempPath, size);
          if (state && this.running.get(md5) === state && state.next === chunks + 1 && state.bytes === size) {
            digest = state.hash.digest('hex');
          } else {
            // No running MD5 (the server restarted, a chunk was sent again): the file is read once more.
            const hash = createHash('md5');
            for await (const buffer of createReadStream(tempPath, { highWaterMark: 1024 * 1024 })) {
              hash.update(buffer as Buffer);
            }
            digest = hash.digest('hex');
          }
        }
      }
      this.running.delete(md5);
      if (digest !== md5) {
        await rm(tempPath, { force: true });
        await rm(this.chunkDir(md5), { recursive: true, force: true });
        throw refusals.chunkMerge();
      }
      const relative = await this.publish(tempPath, md5, size);
      await rm(this.chunkDir(md5), { recursive: true, force: true });
      return relative;
    });
  }

  /**
   * Removes chunk sets untouched for longer than `maxAgeMs` (by the newest modification of the set or its
   * chunks), temp files as old, and the memory of who sent chunks that long ago. A set being merged is skipped.
   */
  async sweep(maxAgeMs: number): Promise<SweepResult> {
    const cutoff = this.options.now() - maxAgeMs;
    const result: SweepResult = { chunkSets: 0, tempFiles: 0 };
    for (const md5 of await readdir(this.chunksDir).catch(() => [] as string[])) {
      if (this.locks.has(md5) || this.writers.has(md5)) continue;
      const dir = this.chunkDir(md5);
      const info = await statOrNull(dir);
      if (!info?.isDirectory()) continue;
      let newest = info.mtimeMs;
      for (const name of await readdir(dir).catch(() => [] as string[])) {
        newest = Math.max(newest, (await statOrNull(join(dir, name)))?.mtimeMs ?? 0);
      }
      if (newest >= cutoff) continue;
      this.running.delete(md5);
      await rm(dir, { recursive: true, force: true });
      result.chunkSets++;
    }
    for (const name of await readdir(this.tmpDir).catch(() => [] as string[])) {
      const path = join(this.tmpDir, name);
      const info = await statOrNull(path);
      if (!info || info.mtimeMs >= cutoff) continue;
      await unlink(path).catch(() => undefined);
      result.tempFiles++;
    }
    for (const [md5, users] of this.uploaders) {
      for (const [userId, at] of users) if (at < cutoff) users.delete(userId);
      if (users.size === 0) this.uploaders.delete(md5);
    }
    return result;
  }
}
