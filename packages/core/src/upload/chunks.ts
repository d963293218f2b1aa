/**
 * Chunk boundaries of a chunked upload (spec part 2 §4, §9), computed here and nowhere else. Chunks are 1-based and
 * every chunk but the last is exactly `chunkSize` bytes; the last one holds the rest, so it is never larger than the
 * chunk size (resumable.js and simple-uploader fold the tail into an oversized last chunk). A 0-byte file is one
 * empty chunk, and a file at or under the chunk size is sent whole, in one request.
 */
import { CHUNK_SIZE_BYTES } from '../constants.ts';

export interface Chunk {
  /** 1-based, as the server counts. */
  index: number;
  /** Byte offset of the first byte. */
  start: number;
  /** Byte offset just after the last byte (`blob.slice(start, end)`). */
  end: number;
  size: number;
}

function checkedChunkSize(chunkSize: number): number {
  if (!Number.isSafeInteger(chunkSize) || chunkSize <= 0) throw new RangeError(`invalid chunk size: ${chunkSize}`);
  return chunkSize;
}

function checkedFileSize(size: number): number {
  if (!Number.isSafeInteger(size) || size < 0) throw new RangeError(`invalid file size: ${size}`);
  return size;
}

/** How many chunks a file of `size` bytes has: at least 1 (an empty file is one empty chunk). */
export function chunkCount(size: number, chunkSize: number = CHUNK_SIZE_BYTES): number {
  return Math.max(1, Math.ceil(checkedFileSize(size) / checkedChunkSize(chunkSize)));
}

/** Chunk `index` (1-based) of a file of `size` bytes. */
export function chunkAt(size: number, index: number, chunkSize: number = CHUNK_SIZE_BYTES): Chunk {
  const count = chunkCount(size, chunkSize);
  if (!Number.isInteger(index) || index < 1 || index > count) {
    throw new RangeError(`chunk ${index} is outside 1..${count}`);
  }
  const start = (index - 1) * chunkSize;
  const end = Math.min(size, start + chunkSize);
  return { index, start, end, size: end - start };
}

/** Every chunk of a file of `size` bytes, in order. */
export function planChunks(size: number, chunkSize: number = CHUNK_SIZE_BYTES): Chunk[] {
  const count = chunkCount(size, chunkSize);
  return Array.from({ length: count }, (_, i) => chunkAt(size, i + 1, chunkSize));
}

/** A file at or under the chunk size goes in one request (spec part 2 §4 step 3). */
export function isSingleUpload(size: number, chunkSize: number = CHUNK_SIZE_BYTES): boolean {
  return checkedFileSize(size) <= checkedChunkSize(chunkSize);
}
