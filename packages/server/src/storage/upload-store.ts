/**
 * The bytes of uploads on disk, under `<dataDir>/storage` (DESIGN §5):
 * - `uploads/<md5[0,2]>/<md5>-<size>`: stored content, one copy per MD5 and size however many records point at it;
 *   a file appears here only by an atomic rename, after its MD5 was verified;
 * - `chunks/<md5>/<n>`: the chunks of an upload in progress (1-based), each renamed into place whole, so a
 *   re-uploaded chunk replaces the old one atomically;
 * - `tmp/`: files being written (incoming chunks, single uploads, merges), never read by anyone else.
 * Nothing is ever held in memory beyond the buffers of the stream being copied.
 */
import { createHash, randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, open, readdir, rename, rm, stat, unlink } from 'node:fs/promises';
import { join } from 'node:path';
import { refusals } from './refusals.ts';

export const MD5_PATTERN = /^[0-9a-f]{32}$/;

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

export class UploadStore {
  readonly uploadsDir: string;
  readonly chunksDir: string;
  readonly tmpDir: string;
  private readonly locks = new Map<string, Promise<unknown>>();
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

  /** Whether chunk `n` of `md5` is stored whole: present with exactly `size` bytes. */
  async hasChunk(md5: string, chunk: number, size: number): Promise<boolean> {
    return (await statOrNull(join(this.chunkDir(md5), String(chunk))))?.size === size;
  }

  /** The stored chunks of `md5` and their sizes, by chunk number. */
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
      if (!/^[1-9][0-9]*$/.test(name)) continue;
      const info = await statOrNull(join(this.chunkDir(md5), name));
      if (info?.isFile()) sizes.set(Number(name), info.size);
    }
    return sizes;
  }

  /** Puts a received chunk in place (atomically replacing an earlier copy) and remembers who sent it. */
  async storeChunk(md5: string, chunk: number, tempPath: string, userId: number): Promise<void> {
    const dir = this.chunkDir(md5);
    for (let attempt = 0; ; attempt++) {
      await mkdir(dir, { recursive: true });
      try {
        await rename(tempPath, join(dir, String(chunk)));
        break;
      } catch (error) {
        // A merge finishing at this moment removed the directory: make it again.
        if (!isMissing(error) || attempt >= 2) throw error;
      }
    }
    let users = this.uploaders.get(md5);
    if (!users) this.uploaders.set(md5, (users = new Map()));
    users.set(userId, this.options.now());
  }

  /** Whether `userId` sent chunks of `md5` (within the chunk sets' lifetime). */
  sentChunksOf(md5: string, userId: number): boolean {
    return this.uploaders.get(md5)?.has(userId) ?? false;
  }

  /**
   * Assembles chunks 1..`chunks` of `md5` in order into a temp file while hashing, and publishes it only when the
   * chunk count, the total size and the MD5 all match (an atomic rename); the chunks are removed afterwards. A
   * missing chunk is `chunk count abnormal` (the chunks stay, so the client sends only what is missing); sizes
   * or an MD5 that do not match are `chunkmerge` and the chunk set is discarded, since no chunk can be trusted and
   * the client's next attempt must send them all. When the content is stored already (another user's merge of the
   * same file won) and `mayClaim` allows it, the merge succeeds without chunks.
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
        const hash = createHash('md5');
        const handle = await open(tempPath, 'wx');
        try {
          for (let n = 1; n <= chunks; n++) {
            for await (const buffer of createReadStream(join(this.chunkDir(md5), String(n)), {
              highWaterMark: 1024 * 1024,
            })) {
              hash.update(buffer as Buffer);
              await handle.write(buffer as Buffer);
            }
          }
        } catch (error) {
          await handle.close();
          await rm(tempPath, { force: true });
          throw error;
        }
        await handle.close();
        digest = hash.digest('hex');
      }
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
      if (this.locks.has(md5)) continue;
      const dir = this.chunkDir(md5);
      const info = await statOrNull(dir);
      if (!info?.isDirectory()) continue;
      let newest = info.mtimeMs;
      for (const name of await readdir(dir).catch(() => [] as string[])) {
        newest = Math.max(newest, (await statOrNull(join(dir, name)))?.mtimeMs ?? 0);
      }
      if (newest >= cutoff) continue;
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
