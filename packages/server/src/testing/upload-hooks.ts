/**
 * Test hooks of chunk uploads (EDU_TEST_HOOKS=1 only): fail or drop a share of chunk uploads, delay them, move the
 * server's size limit and the per-user quotas, and count what arrived so tests can tell which chunks a client sent.
 */

export interface UploadHookSettings {
  /** Share (0..1) of chunk uploads answered HTTP 500 without storing the chunk. */
  chunkFailRate: number;
  /** Share (0..1) of chunk uploads whose connection is dropped before anything is read. */
  chunkDropRate: number;
  /** Milliseconds every chunk upload waits before it is read. */
  chunkDelayMs: number;
  /** The server's size limit of one file in bytes; null keeps the configured one. */
  maxFileBytes: number | null;
  /** Per-user quotas (stored bytes, records, chunk sets in progress); null keeps the configured ones. */
  userMaxBytes: number | null;
  userMaxFiles: number | null;
  userMaxPendingSets: number | null;
  /** False plays a server without the storage extensions (no capabilities call): clients use the spec's order. */
  extensions: boolean;
}

export type ChunkOutcome = 'drop' | 'fail' | 'store';

export interface UploadHookStats {
  /** Chunk uploads that reached the server, whatever became of them. */
  received: number;
  stored: number;
  failed: number;
  dropped: number;
  /** Per chunk set (the MD5, or the upload id of an upload sent while hashing), the chunk numbers stored, in order. */
  chunks: Record<string, number[]>;
}

const defaults = (): UploadHookSettings => ({
  chunkFailRate: 0,
  chunkDropRate: 0,
  chunkDelayMs: 0,
  maxFileBytes: null,
  userMaxBytes: null,
  userMaxFiles: null,
  userMaxPendingSets: null,
  extensions: true,
});

/**
 * Whether the `n`-th event (1-based) is one of a `rate` share spread evenly: exactly ⌊n·rate⌋ of the first n are,
 * so a test asking for 20 % gets every fifth, deterministically.
 */
const picked = (n: number, rate: number): boolean => Math.floor(n * rate) > Math.floor((n - 1) * rate);

export class UploadHookState {
  settings: UploadHookSettings = defaults();
  private stats: UploadHookStats = { received: 0, stored: 0, failed: 0, dropped: 0, chunks: {} };

  reset(): void {
    this.settings = defaults();
    this.stats = { received: 0, stored: 0, failed: 0, dropped: 0, chunks: {} };
  }

  configure(patch: Partial<UploadHookSettings>): void {
    const defined = Object.fromEntries(Object.entries(patch).filter(([, value]) => value !== undefined));
    this.settings = { ...this.settings, ...defined };
  }

  /** Counts a chunk upload that arrived and tells what to do with it. */
  nextChunk(): ChunkOutcome {
    const n = ++this.stats.received;
    if (picked(n, this.settings.chunkDropRate)) {
      this.stats.dropped++;
      return 'drop';
    }
    if (picked(n, this.settings.chunkFailRate)) {
      this.stats.failed++;
      return 'fail';
    }
    return 'store';
  }

  chunkStored(md5: string, chunk: number): void {
    this.stats.stored++;
    (this.stats.chunks[md5] ??= []).push(chunk);
  }

  /** The counts, plus the server's resident memory now (tests and benchmarks watch it during large uploads). */
  snapshot(): UploadHookStats & { rssBytes: number } {
    return {
      ...this.stats,
      chunks: Object.fromEntries(Object.entries(this.stats.chunks).map(([k, v]) => [k, [...v]])),
      rssBytes: process.memoryUsage.rss(),
    };
  }
}
