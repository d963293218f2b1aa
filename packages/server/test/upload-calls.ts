/**
 * The upload calls as the storage tests and the upload attacks make them: the routes, a multipart POST with the
 * client's session cookie, a file cut into chunks as the kit cuts it, and one chunk sent.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { Client, Envelope } from './helpers.ts';

export const SECOND_CHECK = '/api/storage/file_piecewise/second_upload_check';
export const SINGLE = '/zuul/api/storage/upload';
export const BLOCK_CHECK = '/api/storage/file_piecewise/block_upload_check';
export const CHUNK = '/zuul/api/storage/file_piecewise/upload';
export const MERGE = '/api/storage/file_piecewise/merge_file';
export const CAPABILITIES = '/api/storage/file_piecewise/capabilities';
export const CANCEL = '/api/storage/file_piecewise/cancel';
export const BASE64 = '/api/storage/upload/base64_convert_image';

export const md5Of = (...parts: Uint8Array[]) => {
  const hash = createHash('md5');
  for (const part of parts) hash.update(part);
  return hash.digest('hex');
};

/** A multipart POST with the client's session cookie (or none). */
export async function postForm(
  client: Client,
  path: string,
  fields: Record<string, string | number | boolean>,
  file?: { bytes: Uint8Array; name: string },
  fileFirst = false,
): Promise<{ response: Response; body: Envelope }> {
  const form = new FormData();
  const appendFile = () => file && form.append('file', new Blob([file.bytes as Uint8Array<ArrayBuffer>]), file.name);
  if (fileFirst) appendFile();
  for (const [key, value] of Object.entries(fields)) form.append(key, String(value));
  if (!fileFirst) appendFile();
  const token = client.cookie('edu_at');
  const response = await fetch(new URL(path, client.baseUrl), {
    method: 'POST',
    body: form,
    headers: token ? { cookie: `edu_at=${token}` } : {},
  });
  return { response, body: (await response.json()) as Envelope };
}

/** Cuts `bytes` into chunks of `eachSize` (1-based numbers), as the client does. */
export function cut<T extends Uint8Array>(bytes: T, eachSize: number): T[] {
  const chunks: T[] = [];
  for (let at = 0; at < bytes.length || chunks.length === 0; at += eachSize) {
    chunks.push(bytes.subarray(at, Math.min(at + eachSize, bytes.length)) as T);
  }
  return chunks;
}

export interface ChunkedFile {
  bytes: Buffer;
  md5: string;
  name: string;
  eachSize: number;
  chunks: Buffer[];
}

export function chunkedFile(size: number, eachSize: number, name = 'lesson.mp4'): ChunkedFile {
  const bytes = randomBytes(size);
  return { bytes, md5: md5Of(bytes), name, eachSize, chunks: cut(bytes, eachSize) };
}

export const sendChunk = (
  client: Client,
  file: ChunkedFile,
  n: number,
  bytes = file.chunks[n - 1]!,
  extra: Record<string, string> = {},
) =>
  postForm(
    client,
    CHUNK,
    {
      ...extra,
      chunked: true,
      chunk: n,
      chunks: file.chunks.length,
      eachSize: file.eachSize,
      // Sent while hashing, a chunk names its upload id instead of the MD5 nobody knows yet.
      ...(extra['uploadId'] ? {} : { md5: file.md5 }),
      fileName: file.name,
      fullSize: file.bytes.length,
      uid: 'u-1',
      size: bytes.length,
    },
    { bytes, name: file.name },
  );

/** The merge of a chunked file (`chunks` as declared: default, every chunk it was cut into). */
export const merge = (client: Client, file: ChunkedFile, chunks = file.chunks.length) =>
  client.call('POST', MERGE, { json: { md5: file.md5, name: file.name, size: file.bytes.length, chunks } });

/**
 * The existence check of a whole file of `size` bytes as the kit sends it (one 2 MB chunk's payload); `extra` adds
 * or replaces fields (a name, a proof answer).
 */
export const secondCheck = (client: Client, md5: string, size: number, extra: Record<string, unknown> = {}) =>
  client.call('POST', SECOND_CHECK, {
    json: {
      serverid: 'base',
      md5,
      name: 'x.mp4',
      chunks: 1,
      eachSize: 2097152,
      fullSize: size,
      uid: 'u-1',
      chunked: false,
      size,
      ...extra,
    },
  });
