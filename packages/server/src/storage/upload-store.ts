/**
 * The bytes of uploads on disk, under `<dataDir>/storage` (DESIGN §5):
 * - `uploads/<md5[0,2]>/<md5>-<size>`: stored content, one copy per MD5 and size however many records point at it;
 *   a file appears here only by an atomic rename, after its MD5 was verified;
 * - `chunks/<userId>-<md5>/`: one user's upload in progress (a chunk set): nobody else can read, replace or remove
 *   it. `layout-<fullSize>-<eachSize>` records how its file is cut (written before its first chunk, under the
 *   user's quota of sets in progress); `data` holds the bytes, each chunk written at its offset as it streams in;
 *   `<n>-<bytes>` is the marker of chunk n (1-based), made only once its bytes are written whole and checked, and
 *   removed before a chunk sent again is written; so a merge only verifies the MD5 and renames `data` into place,
 *   with no copy of the bytes (the copy cost as much as the upload);
 * - `tmp/`: files being written (single uploads, chunks whose fields came after their bytes), never read by anyone
 *   else.
 * Nothing is ever held in memory beyond the buffers of the stream being copied.
 */
import { createHash, randomUUID, type Hash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, open, readdir, rename, rm, stat, truncate, unlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { MAX_UPLOAD_CHUNKS } from '../config.ts';
import { refusals } from './refusals.ts';

export const MD5_PATTERN = /^[0-9a-f]{32}$/;

/** How long, and how many, cancelled upload ids are remembered (their late chunks refused). */
const CANCELLED_KEPT_MS = 60 * 60_000;
const MAX_CANCELLED = 10_000;

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
  /** The user whose chunk set it is. */
  owner: number;
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

/** How a chunk set's file is cut: every chunk `eachSize` bytes but the last (recorded before its first chunk). */
export interface ChunkLayout {
  fullSize: number;
  eachSize: number;
}

/** What a user may hold in chunk sets at once (checked when a set is begun or re-cut). */
export interface PendingLimits {
  /** Chunk sets in progress. */
  maxSets: number;
  /** The sum of the sets' declared sizes. */
  maxBytes: number;
}

/** Whether a layout is one the store takes: sizes within bounds and at most MAX_UPLOAD_CHUNKS chunks. */
export function isSaneLayout({ fullSize, eachSize }: ChunkLayout): boolean {
  return (
    Number.isSafeInteger(fullSize) &&
    Number.isSafeInteger(eachSize) &&
    fullSize >= 0 &&
    eachSize > 0 &&
    chunkCountOf(fullSize, eachSize) <= MAX_UPLOAD_CHUNKS
  );
}

/** A chunk set as read from its directory: its layout (null when none was recorded) and its chunks' sizes. */
interface SetContents {
  layout: ChunkLayout | null;
  sizes: Map<number, number>;
}

export class UploadStore {
  readonly uploadsDir: string;
  readonly chunksDir: string;
  readonly tmpDir: string;
  private readonly locks = new Map<string, Promise<unknown>>();
  /** The MD5 of each set's whole chunks from the first on, advanced as chunks arrive (lost on a restart). */
  private readonly running = new Map<string, RunningHash>();
  /** Chunk writes in progress per set, and who waits for them to end (a merge, before it takes the data file). */
  private readonly writers = new Map<string, { count: number; idle: (() => void)[]; chunks: Map<number, number> }>();
  /**
   * Upload-id sets their owners cancelled, with when: chunks already on their way when the cancel came are refused
   * instead of making the set again (an upload id is never used after its cancel). Bounded in age and number.
   */
  private readonly cancelled = new Map<string, number>();

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

  /** The name of a user's chunk set of `md5`: its directory under `chunks/`, and its key in memory. */
  setKey(owner: number, md5: string): string {
    if (!Number.isSafeInteger(owner) || owner < 0 || !MD5_PATTERN.test(md5)) throw new Error('bad chunk set name');
    return `${owner}-${md5}`;
  }

  private chunkDir(key: string): string {
    return join(this.chunksDir, key);
  }

  async hasBlob(md5: string, size: number): Promise<boolean> {
    return (await statOrNull(this.blobPath(md5, size)))?.size === size;
  }

  /** `length` bytes of stored content from `offset` (a proof of possession's range; far below a chunk's size). */
  async readBlobRange(md5: string, size: number, offset: number, length: number): Promise<Buffer> {
    if (offset < 0 || length < 0 || offset + length > size) throw new RangeError('range outside the file');
    const handle = await open(this.blobPath(md5, size), 'r');
    try {
      const buffer = Buffer.alloc(length);
      let read = 0;
      while (read < length) {
        const { bytesRead } = await handle.read(buffer, read, length - read, offset + read);
        if (bytesRead === 0) throw new Error('stored content shorter than its size');
        read += bytesRead;
      }
      return buffer;
    } finally {
      await handle.close();
    }
  }

  /** Runs `task` while holding the lock `name`: merges of the same set, or the reservations of one user, never overlap. */
  private async withLock<T>(name: string, task: () => Promise<T>): Promise<T> {
    const previous = this.locks.get(name) ?? Promise.resolve();
    const run = previous.then(task, task);
    const settled = run.catch(() => undefined);
    this.locks.set(name, settled);
    try {
      return await run;
    } finally {
      if (this.locks.get(name) === settled) this.locks.delete(name);
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

  private dataPath(key: string): string {
    return join(this.chunkDir(key), 'data');
  }

  /** A set's layout and chunk markers (from the names in its directory: one directory read). */
  private async readSet(key: string): Promise<SetContents> {
    const contents: SetContents = { layout: null, sizes: new Map() };
    let names: string[];
    try {
      names = await readdir(this.chunkDir(key));
    } catch (error) {
      if (isMissing(error)) return contents;
      throw error;
    }
    for (const name of names) {
      const marker = /^([1-9][0-9]*)-([0-9]+)$/.exec(name);
      if (marker) {
        contents.sizes.set(Number(marker[1]), Number(marker[2]));
        continue;
      }
      const layout = /^layout-([0-9]+)-([1-9][0-9]*)$/.exec(name);
      if (layout) contents.layout = { fullSize: Number(layout[1]), eachSize: Number(layout[2]) };
    }
    return contents;
  }

  /** The stored chunks of `owner`'s set of `md5` and their sizes, by chunk number. */
  async storedChunks(owner: number, md5: string): Promise<Map<number, number>> {
    return (await this.readSet(this.setKey(owner, md5))).sizes;
  }

  /** How `owner`'s set of `md5` is cut; null when no chunk of it was ever begun. */
  async layoutOf(owner: number, md5: string): Promise<ChunkLayout | null> {
    return (await this.readSet(this.setKey(owner, md5))).layout;
  }

  /** The sets `owner` has in progress, by MD5, with their layouts (recorded or not). */
  private async setsOf(owner: number): Promise<Map<string, ChunkLayout | null>> {
    const sets = new Map<string, ChunkLayout | null>();
    const prefix = `${owner}-`;
    for (const name of await readdir(this.chunksDir).catch(() => [] as string[])) {
      if (!name.startsWith(prefix)) continue;
      const md5 = name.slice(prefix.length);
      if (MD5_PATTERN.test(md5)) sets.set(md5, (await this.readSet(name)).layout);
    }
    return sets;
  }

  /** How many sets `owner` has in progress and the sum of their declared sizes. */
  async pendingOf(owner: number): Promise<{ sets: number; bytes: number }> {
    let bytes = 0;
    const sets = await this.setsOf(owner);
    for (const layout of sets.values()) bytes += layout?.fullSize ?? 0;
    return { sets: sets.size, bytes };
  }

  /**
   * Makes sure `owner` has a set of `md5` cut as `layout`, before any byte of it is written: an existing set cut
   * the same way is kept; one cut otherwise loses its chunks (they no longer fit; it is the same user's); a new set,
   * or a re-cut one, must fit `limits` beside the user's other sets ('quota' then, and nothing is made). One user's
   * reservations run one at a time, so concurrent first chunks cannot slip past the limits together.
   */
  async reserveSet(owner: number, md5: string, layout: ChunkLayout, limits: PendingLimits): Promise<'ok' | 'quota'> {
    if (!isSaneLayout(layout)) throw refusals.badChunk();
    const key = this.setKey(owner, md5);
    this.refuseCancelled(key);
    return this.withLock(`user:${owner}`, async () => {
      const current = await this.readSet(key);
      const same = (l: ChunkLayout | null) => l?.fullSize === layout.fullSize && l.eachSize === layout.eachSize;
      if (same(current.layout)) return 'ok';
      let sets = 1;
      let bytes = layout.fullSize;
      for (const [other, otherLayout] of await this.setsOf(owner)) {
        if (other === md5) continue;
        sets++;
        bytes += otherLayout?.fullSize ?? 0;
      }
      if (sets > limits.maxSets || bytes > limits.maxBytes) return 'quota';
      const dir = this.chunkDir(key);
      await mkdir(dir, { recursive: true });
      if (current.layout || current.sizes.size > 0) {
        this.running.delete(key);
        for (const [n, size] of current.sizes) await rm(join(dir, `${n}-${size}`), { force: true });
        if (current.layout) {
          await rm(join(dir, `layout-${current.layout.fullSize}-${current.layout.eachSize}`), { force: true });
        }
      }
      await writeFile(join(dir, `layout-${layout.fullSize}-${layout.eachSize}`), '', { flag: 'w' });
      return 'ok';
    });
  }

  /** Removes the marker of chunk `n` (whatever size it recorded): its bytes are about to change or were refused. */
  private async unmark(key: string, chunk: number): Promise<void> {
    const { sizes } = await this.readSet(key);
    if (!sizes.has(chunk)) return;
    // Its bytes may have been hashed already: the running MD5 no longer answers for the file.
    this.running.delete(key);
    await rm(join(this.chunkDir(key), `${chunk}-${sizes.get(chunk)}`), { force: true });
  }

  /** Hashes, in the background, the whole chunks that follow the running MD5 of a set (started with chunk 1). */
  private advance(key: string, eachSize: number): void {
    let state = this.running.get(key);
    if (state && state.eachSize !== eachSize) {
      this.running.delete(key);
      return;
    }
    if (!state) {
      state = { eachSize, next: 1, hashing: 0, bytes: 0, hash: createHash('md5'), work: Promise.resolve() };
      this.running.set(key, state);
    }
    const current = state;
    current.work = current.work
      .then(() => this.hashAhead(key, current))
      .catch(() => {
        if (this.running.get(key) === current) this.running.delete(key);
      });
  }

  private async hashAhead(key: string, state: RunningHash): Promise<void> {
    const { sizes } = await this.readSet(key);
    if (!sizes.has(state.next)) return;
    const handle = await open(this.dataPath(key), 'r');
    try {
      const buffer = Buffer.allocUnsafe(1024 * 1024);
      // A chunk being written waits for its marking (a write that fails leaves the rest to the merge's own read).
      while (
        this.running.get(key) === state &&
        sizes.has(state.next) &&
        !this.writers.get(key)?.chunks.has(state.next)
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

  /** The set's data file, open for writing at any offset (made by whichever chunk comes first). */
  private async openData(key: string) {
    for (let attempt = 0; ; attempt++) {
      await mkdir(this.chunkDir(key), { recursive: true });
      try {
        return await open(this.dataPath(key), 'r+');
      } catch (error) {
        if (!isMissing(error) || attempt >= 3) throw error;
      }
      try {
        return await open(this.dataPath(key), 'wx+');
      } catch (error) {
        // Another chunk made it first (EEXIST), or a merge finishing removed the directory (ENOENT): again.
        const code = (error as NodeJS.ErrnoException).code;
        if ((code !== 'EEXIST' && code !== 'ENOENT') || attempt >= 3) throw error;
      }
    }
  }

  /**
   * Writes a chunk's stream into its set's data file at `offset`, at most `limit` bytes (the rest is drained and
   * the chunk is `overLimit`). Chunk `chunk` counts as missing from now until `markChunk` (a chunk sent again, or cut
   * off mid-way, is never taken for whole). Resolves with the bytes that came.
   */
  async receiveChunk(place: ChunkPlace, source: AsyncIterable<Buffer>): Promise<ChunkWritten> {
    const key = this.setKey(place.owner, place.md5);
    // A merge of this set in progress finishes first; a merge that starts now waits for this write to end.
    await this.locks.get(key);
    const writing = this.writers.get(key) ?? { count: 0, idle: [], chunks: new Map<number, number>() };
    this.writers.set(key, writing);
    writing.count++;
    writing.chunks.set(place.chunk, (writing.chunks.get(place.chunk) ?? 0) + 1);
    // Bytes hashed already, or being hashed, are about to change: the running MD5 no longer answers for the file.
    // (Chunks being written are never hashed, see hashAhead, so a write that fails cannot slip under it either.)
    const state = this.running.get(key);
    if (state && (place.chunk < state.next || place.chunk === state.hashing)) this.running.delete(key);
    try {
      return await this.writeChunk(key, place, source);
    } finally {
      const left = writing.chunks.get(place.chunk)! - 1;
      if (left > 0) writing.chunks.set(place.chunk, left);
      else writing.chunks.delete(place.chunk);
      if (--writing.count === 0) {
        this.writers.delete(key);
        for (const wake of writing.idle.splice(0)) wake();
      }
    }
  }

  /** Resolves once no chunk of the set is being written. */
  private writesEnded(key: string): Promise<void> {
    const writing = this.writers.get(key);
    return writing ? new Promise((resolve) => writing.idle.push(resolve)) : Promise.resolve();
  }

  private async writeChunk(
    key: string,
    { chunk, offset, limit }: ChunkPlace,
    source: AsyncIterable<Buffer>,
  ): Promise<ChunkWritten> {
    await this.unmark(key, chunk);
    const handle = await this.openData(key);
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

  /** Copies a chunk received into a temp file (its fields came after its bytes) to its place; the temp file goes. */
  async placeChunk(place: Omit<ChunkPlace, 'limit'>, tempPath: string): Promise<void> {
    try {
      await this.receiveChunk(
        { ...place, limit: Number.POSITIVE_INFINITY },
        createReadStream(tempPath, { highWaterMark: 1024 * 1024 }) as AsyncIterable<Buffer>,
      );
    } finally {
      await rm(tempPath, { force: true });
    }
  }

  /**
   * After a refused chunk: a set that holds no whole chunk and that nobody is writing to is removed, so refused
   * requests leave nothing behind (a set with whole chunks keeps them for the retry).
   */
  async forgetRefusedChunk(owner: number, md5: string): Promise<void> {
    const key = this.setKey(owner, md5);
    await this.withLock(key, async () => {
      if (this.writers.has(key) || (await this.readSet(key)).sizes.size > 0) return;
      this.running.delete(key);
      await rm(this.chunkDir(key), { recursive: true, force: true });
    });
  }

  /**
   * Records chunk `n` of `owner`'s set of `md5` as stored whole with `bytes` bytes and advances the running MD5.
   * The set must still be cut as `layout` (a re-cut set lost this chunk's place): a bad chunk otherwise.
   */
  async markChunk(owner: number, md5: string, chunk: number, bytes: number, layout: ChunkLayout): Promise<void> {
    const key = this.setKey(owner, md5);
    this.refuseCancelled(key);
    const current = (await this.readSet(key)).layout;
    if (current?.fullSize !== layout.fullSize || current.eachSize !== layout.eachSize) throw refusals.badChunk();
    await this.unmark(key, chunk);
    for (let attempt = 0; ; attempt++) {
      await mkdir(this.chunkDir(key), { recursive: true });
      try {
        await writeFile(join(this.chunkDir(key), `${chunk}-${bytes}`), '', { flag: 'w' });
        break;
      } catch (error) {
        if (!isMissing(error) || attempt >= 2) throw error;
      }
    }
    this.advance(key, layout.eachSize);
  }

  /**
   * Publishes `owner`'s set `setId` (the MD5, or the upload id of an upload sent while hashing) as the content of
   * `md5` when it was cut for a file of `size` bytes in `chunks` chunks (its recorded
   * layout decides; the request's numbers only have to agree), every chunk is marked, and the MD5 of its first
   * `size` bytes matches (an atomic rename: no copy); the set goes afterwards. Numbers that disagree with the layout,
   * or a missing chunk, are `chunk count abnormal` (the chunks stay, so the client sends only what is missing); an
   * MD5 that does not match is `chunkmerge` and the set is discarded, since no chunk can be trusted and the client's
   * next attempt must send them all. When the set is not complete but the content is stored already and
   * `mayClaim` allows it (the caller may read it already), the merge succeeds without chunks. Nothing here loops or
   * allocates by a number of the request: the walk is bounded by the layout (at most MAX_UPLOAD_CHUNKS).
   */
  async merge(
    owner: number,
    setId: string,
    md5: string,
    size: number,
    chunks: number,
    mayClaim: () => boolean,
  ): Promise<string> {
    const key = this.setKey(owner, setId);
    return this.withLock(key, async () => {
      const { layout, sizes: stored } = await this.readSet(key);
      const fits =
        layout !== null &&
        isSaneLayout(layout) &&
        layout.fullSize === size &&
        chunkCountOf(size, layout.eachSize) === chunks;
      let complete = fits;
      for (let n = 1; complete && n <= chunks; n++) {
        if (stored.get(n) !== expectedChunkSize(n, chunks, layout!.eachSize, size)) complete = false;
      }
      if (!complete) {
        if (mayClaim() && (await this.hasBlob(md5, size))) return this.blobRelativePath(md5, size);
        throw refusals.chunkCount();
      }
      const tempPath = await this.newTempPath();
      let digest = '';
      // Taken out of the set once no chunk is being written, so nothing writes into what is verified.
      await this.writesEnded(key);
      // The running MD5 catches up with the last chunks (usually done already).
      const state = this.running.get(key);
      if (state) await state.work;
      const taken = await rename(this.dataPath(key), tempPath).then(
        () => true,
        (error: unknown) => {
          if (isMissing(error)) return false;
          throw error;
        },
      );
      if (taken) {
        await truncate(tempPath, size);
        if (state && this.running.get(key) === state && state.next === chunks + 1 && state.bytes === size) {
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
      this.running.delete(key);
      if (digest !== md5) {
        await rm(tempPath, { force: true });
        await rm(this.chunkDir(key), { recursive: true, force: true });
        throw refusals.chunkMerge();
      }
      const relative = await this.publish(tempPath, md5, size);
      await rm(this.chunkDir(key), { recursive: true, force: true });
      return relative;
    });
  }

  /** Refuses a chunk of a cancelled upload. */
  private refuseCancelled(key: string): void {
    if (this.cancelled.has(key)) throw refusals.cancelled();
  }

  /**
   * Removes `owner`'s set `setId` (a cancelled upload), once the chunks being written to it have ended. `forever`
   * (a set named by an upload id, which is never used again) also refuses the chunks of it that arrive later.
   */
  async removeSet(owner: number, setId: string, forever = false): Promise<void> {
    const key = this.setKey(owner, setId);
    if (forever) {
      const now = this.options.now();
      for (const [old, at] of this.cancelled) {
        if (at > now - CANCELLED_KEPT_MS && this.cancelled.size < MAX_CANCELLED) break;
        this.cancelled.delete(old);
      }
      this.cancelled.set(key, now);
    }
    await this.withLock(key, async () => {
      // A chunk request the client cancelled may still be finishing (its marker, the layout): removed again then.
      for (let attempt = 0; ; attempt++) {
        await this.writesEnded(key);
        this.running.delete(key);
        try {
          await rm(this.chunkDir(key), { recursive: true, force: true });
          return;
        } catch (error) {
          if ((error as NodeJS.ErrnoException).code !== 'ENOTEMPTY' || attempt >= 4) throw error;
        }
      }
    });
  }

  /**
   * Removes chunk sets untouched for longer than `maxAgeMs` (by the newest modification of the set or its
   * chunks) and temp files as old. A set being merged or written is skipped.
   */
  async sweep(maxAgeMs: number): Promise<SweepResult> {
    const cutoff = this.options.now() - maxAgeMs;
    const result: SweepResult = { chunkSets: 0, tempFiles: 0 };
    for (const key of await readdir(this.chunksDir).catch(() => [] as string[])) {
      if (this.locks.has(key) || this.writers.has(key)) continue;
      const dir = this.chunkDir(key);
      const info = await statOrNull(dir);
      if (!info?.isDirectory()) continue;
      let newest = info.mtimeMs;
      for (const name of await readdir(dir).catch(() => [] as string[])) {
        newest = Math.max(newest, (await statOrNull(join(dir, name)))?.mtimeMs ?? 0);
      }
      if (newest >= cutoff) continue;
      this.running.delete(key);
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
    return result;
  }
}
