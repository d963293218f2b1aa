/**
 * Reading the upload calls' multipart bodies: text fields with their length limits, the one file part streamed to
 * disk (or straight to its place in a chunk set), and a chunk's place computed from its fields.
 */
import type { MultipartFile } from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { MAX_CHUNK_BYTES, MAX_UPLOAD_ID_LENGTH, MAX_UPLOAD_UID_LENGTH } from '../../config.ts';
import { refusals, UploadRefusal } from '../../storage/refusals.ts';
import {
  chunkCountOf,
  expectedChunkSize,
  isSaneLayout,
  MD5_PATTERN,
  type ChunkLayout,
  type ChunkPlace,
  type ChunkWritten,
  type ReceivedFile,
  type UploadStore,
} from '../../storage/upload-store.ts';
import { MAX_NAME_LENGTH, SERVER_ID_PATTERN } from './schemas.ts';

/** A multipart form read to its end: its text fields and the one file part, written to a temp file or in place. */
export interface ReadForm {
  fields: Record<string, string>;
  file: (ReceivedFile & { filename: string }) | null;
  /** The file part written straight to its place (a chunk whose fields came first). */
  placed: (ChunkPlace & ChunkWritten) | null;
  refusal: UploadRefusal | null;
}

export async function drain(stream: AsyncIterable<unknown>): Promise<void> {
  for await (const _ of stream) {
    // discarded
  }
}

/** The most bytes a text field of a multipart upload may carry (a file name is the longest, 1024 characters). */
const MAX_FIELD_BYTES = 4 * MAX_NAME_LENGTH;

/** The longest each known text field of a multipart upload may be (anything else is bounded by MAX_FIELD_BYTES). */
const FIELD_LIMITS: Record<string, number> = {
  serverid: MAX_UPLOAD_ID_LENGTH,
  uid: MAX_UPLOAD_UID_LENGTH,
  md5: 32,
  uploadId: 32,
  fileName: MAX_NAME_LENGTH,
  chunked: 8,
  chunk: 16,
  chunks: 16,
  eachSize: 16,
  fullSize: 16,
  size: 16,
};

/** A field of a multipart upload that is too long, or a server id with characters a server id never has. */
function badField(fields: Record<string, string>): boolean {
  for (const [name, limit] of Object.entries(FIELD_LIMITS)) {
    if ((fields[name]?.length ?? 0) > limit) return true;
  }
  return fields.serverid !== undefined && !SERVER_ID_PATTERN.test(fields.serverid);
}

/** A multipart body the parser could not read: the client's fault (HTTP 400), not the server's. */
export function malformedBody(cause: unknown): Error {
  return Object.assign(new Error('malformed multipart body', { cause }), {
    statusCode: 400,
    code: 'invalid_multipart',
  });
}

/**
 * Reads a multipart body: text fields, and the part named `file` streamed to a temp file through `store.receive`
 * (at most `limitOf(fields)` bytes). `refuse(fields, filename)` runs when the file part starts, with the fields
 * sent before it, so a refused name or size is never written; `placeOf(fields)` may then name the place in a chunk
 * set the bytes go straight to (or refuse them). Other file parts are drained. A field too long is a refusal; a body
 * the parser cannot read is HTTP 400.
 */
export async function readForm(
  request: FastifyRequest,
  store: UploadStore,
  partLimit: number,
  limitOf: (fields: Record<string, string>) => number,
  refuse: (fields: Record<string, string>, filename: string) => UploadRefusal | null,
  placeOf: (fields: Record<string, string>) => Promise<ChunkPlace | UploadRefusal | null> = async () => null,
): Promise<ReadForm> {
  const form: ReadForm = {
    fields: Object.create(null) as Record<string, string>,
    file: null,
    placed: null,
    refusal: null,
  };
  try {
    const parts = request.parts({
      limits: { fileSize: partLimit, files: 2, fields: 30, parts: 40, fieldSize: MAX_FIELD_BYTES, headerPairs: 100 },
    });
    for await (const part of parts) {
      if (part.type === 'field') {
        if (part.valueTruncated || part.fieldnameTruncated) form.refusal ??= refusals.fieldTooLong();
        else form.fields[part.fieldname] = String(part.value);
        continue;
      }
      const file: MultipartFile = part;
      if (file.fieldname !== 'file' || form.file || form.placed || form.refusal) {
        await drain(file.file);
        continue;
      }
      form.refusal = badField(form.fields) ? refusals.fieldTooLong() : refuse(form.fields, file.filename ?? '');
      if (form.refusal) {
        await drain(file.file);
        continue;
      }
      const place = await placeOf(form.fields);
      if (place instanceof UploadRefusal) {
        form.refusal = place;
        await drain(file.file);
        continue;
      }
      if (place) {
        const written = await store.receiveChunk(place, file.file);
        form.placed = { ...place, ...written, overLimit: written.overLimit || file.file.truncated };
        continue;
      }
      const received = await store.receive(file.file, limitOf(form.fields));
      if (file.file.truncated && !received.overLimit) {
        await store.discard(received.tempPath);
        received.overLimit = true;
      }
      form.file = { ...received, filename: file.filename ?? '' };
    }
  } catch (error) {
    if (form.file) await store.discard(form.file.tempPath);
    if (form.placed) await store.forgetRefusedChunk(form.placed.owner, form.placed.md5);
    // File system failures are the server's (500); the parser's, and limits it enforces, the request's.
    if ((error as NodeJS.ErrnoException).syscall !== undefined) throw error;
    const status = (error as { statusCode?: number }).statusCode;
    if (status !== undefined && status >= 400 && status < 500) throw error;
    throw malformedBody(error);
  }
  if (!form.refusal && badField(form.fields)) form.refusal = refusals.fieldTooLong();
  return form;
}

export const intField = (value: string | undefined): number | null =>
  value !== undefined && /^\s*[0-9]{1,16}\s*$/.test(value) ? Number(value) : null;

/** The chunk set a call names: its upload id when sent while hashing (the MD5 is not known yet), else its MD5. */
export const setIdOf = ({ uploadId, md5 }: { uploadId?: string | undefined; md5?: string | undefined }): string =>
  (uploadId || md5 || '').toLowerCase();

/**
 * A chunk's place from its fields: MD5, number, offset, expected size and the set's layout; null when they do not
 * describe one (every number bounded by the others: chunk ≤ chunks = ⌈fullSize / eachSize⌉ ≤ MAX_UPLOAD_CHUNKS,
 * eachSize ≤ MAX_CHUNK_BYTES).
 */
export function chunkFields(fields: Record<string, string>) {
  const chunk = intField(fields.chunk);
  const chunks = intField(fields.chunks);
  const eachSize = intField(fields.eachSize);
  const fullSize = intField(fields.fullSize);
  const md5 = setIdOf(fields);
  if (!MD5_PATTERN.test(md5) || chunk === null || chunks === null || eachSize === null || fullSize === null) {
    return null;
  }
  if (eachSize <= 0 || eachSize > MAX_CHUNK_BYTES || chunk < 1 || chunk > chunks) return null;
  const layout: ChunkLayout = { fullSize, eachSize };
  if (!isSaneLayout(layout) || chunks !== chunkCountOf(fullSize, eachSize)) return null;
  return {
    md5,
    chunk,
    fullSize,
    eachSize,
    layout,
    offset: (chunk - 1) * eachSize,
    bytes: expectedChunkSize(chunk, chunks, eachSize, fullSize),
  };
}
