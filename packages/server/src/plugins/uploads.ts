/**
 * The upload calls of spec part 2 §7 "Upload and files" (flow of §4 "Chunked upload", errors of §8): the existence
 * check (instant second upload), the single upload, the chunk check, the chunk upload, the merge and the base64
 * image, plus `GET /api/storage/file/{fileId}` that serves an uploaded file back. Every call needs a session.
 * Bytes are streamed to disk (storage/upload-store.ts: chunks straight to their offset in one data file, so a merge
 * is a verified rename), records are in the `files` table (storage/repository.ts).
 *
 * Upload storage security (docs/decisions.md): every number of a call is bounded by the others before any work
 * (chunks = ⌈fullSize / eachSize⌉ ≤ MAX_UPLOAD_CHUNKS, sizes ≤ the configured maximum); chunk sets belong to one
 * user (`chunks/<userId>-<md5>/`); stored bytes go to a caller by MD5 alone only when they may read a file of that
 * content already (its owner, the owner's unit), otherwise after a proof of possession (storage/proof.ts); per-user
 * quotas of stored bytes, records and chunk sets in progress; every text field has a length limit.
 */
import fastifyMultipart, { type MultipartFile } from '@fastify/multipart';
import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { resolve, sep } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { authOf, sessionScope } from '../auth/session-http.ts';
import {
  DEFAULT_CHUNK_SET_MAX_AGE_MS,
  DEFAULT_UPLOAD_MAX_BYTES,
  DEFAULT_UPLOAD_SWEEP_INTERVAL_MS,
  DEFAULT_USER_MAX_BYTES,
  DEFAULT_USER_MAX_FILES,
  DEFAULT_USER_MAX_PENDING_SETS,
  MAX_CHUNK_BYTES,
  MAX_UPLOAD_CHUNKS,
  MAX_UPLOAD_ID_LENGTH,
  MAX_UPLOAD_UID_LENGTH,
} from '../config.ts';
import { booleanSchema, envelopeResponse, envelopeSchema, fail, ok, type JsonSchema } from '../http/envelope.ts';
import { MESSAGES } from '../http/messages.ts';
import type { Services } from '../services.ts';
import {
  cleanFileName,
  cleanRelativePath,
  contentDisposition,
  contentTypeOf,
  IMAGE_EXTENSIONS,
  isRefusedName,
  MAX_RELATIVE_PATH_LENGTH,
} from '../storage/names.ts';
import { ProofChallenges } from '../storage/proof.ts';
import { refusals, UploadRefusal, UPLOAD_MESSAGES, type UploadCode } from '../storage/refusals.ts';
import { createUploadRepository, storedFileSchema, toWireFile, type UploadRepository } from '../storage/repository.ts';
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
} from '../storage/upload-store.ts';

export interface UploadConfig {
  /** The largest file stored, in bytes ('size exceeds limit' above it). */
  maxFileBytes: number;
  /** Chunk sets untouched this long are swept. */
  chunkSetMaxAgeMs: number;
  /** How often the sweep runs; 0 turns the timer off. */
  sweepIntervalMs: number;
  /** Per user: bytes stored (distinct contents of their records) plus the declared sizes of their chunk sets. */
  userMaxBytes: number;
  /** Per user: file records. */
  userMaxFiles: number;
  /** Per user: chunk sets in progress. */
  userMaxPendingSets: number;
}

export const defaultUploadConfig = (): UploadConfig => ({
  maxFileBytes: DEFAULT_UPLOAD_MAX_BYTES,
  chunkSetMaxAgeMs: DEFAULT_CHUNK_SET_MAX_AGE_MS,
  sweepIntervalMs: DEFAULT_UPLOAD_SWEEP_INTERVAL_MS,
  userMaxBytes: DEFAULT_USER_MAX_BYTES,
  userMaxFiles: DEFAULT_USER_MAX_FILES,
  userMaxPendingSets: DEFAULT_USER_MAX_PENDING_SETS,
});

export interface UploadPluginOptions extends Services {
  store: UploadStore;
  config: UploadConfig;
}

export const UPLOAD_ROUTES = {
  secondUploadCheck: '/api/storage/file_piecewise/second_upload_check',
  upload: '/zuul/api/storage/upload',
  blockUploadCheck: '/api/storage/file_piecewise/block_upload_check',
  chunkUpload: '/zuul/api/storage/file_piecewise/upload',
  mergeFile: '/api/storage/file_piecewise/merge_file',
  /** Extension: what this server offers beyond the spec's calls (sending while hashing, cancel, chunk sizes). */
  capabilities: '/api/storage/file_piecewise/capabilities',
  /** Extension: the caller's own chunk set removed (a cancelled upload leaves nothing behind). */
  cancel: '/api/storage/file_piecewise/cancel',
  base64Image: '/api/storage/upload/base64_convert_image',
  file: '/api/storage/file/:fileId',
} as const;

const TAGS = ['storage'];
const DEFAULT_SERVER_ID = 'base';

const MAX_NAME_LENGTH = 1024;
const SERVER_ID_PATTERN = /^[A-Za-z0-9_.:-]*$/;
const md5Schema: JsonSchema = { type: 'string', pattern: '^[0-9a-fA-F]{32}$', description: 'MD5 of the whole file' };
const uploadIdSchema: JsonSchema = {
  type: 'string',
  pattern: '^[0-9a-f]{32}$',
  description:
    'Extension (sending while hashing): the id, 32 hex digits chosen by the client, of an upload whose MD5 is not ' +
    'known yet; its chunks are kept under it instead of the MD5, and the merge names both',
};
/** Counts are bounded by the sizes in each handler (chunks = ⌈fullSize / eachSize⌉ ≤ MAX_UPLOAD_CHUNKS). */
const countSchema: JsonSchema = { type: 'integer', minimum: 1, maximum: Number.MAX_SAFE_INTEGER };
const sizeSchema: JsonSchema = { type: 'integer', minimum: 0, maximum: Number.MAX_SAFE_INTEGER };
const eachSizeSchema: JsonSchema = { type: 'integer', minimum: 1, maximum: MAX_CHUNK_BYTES };
const serverIdSchema: JsonSchema = {
  type: 'string',
  maxLength: MAX_UPLOAD_ID_LENGTH,
  pattern: SERVER_ID_PATTERN.source,
  description: "The storage server id (default 'base')",
};
const uidSchema: JsonSchema = { type: 'string', maxLength: MAX_UPLOAD_UID_LENGTH };
const nameSchema: JsonSchema = { type: 'string', maxLength: MAX_NAME_LENGTH };
const flagSchema: JsonSchema = { anyOf: [{ type: 'boolean' }, { type: 'string', maxLength: 8 }] };

/** The upload payload of spec part 2 §3 (the existence check carries it with md5 and name). */
const payloadProperties: Record<string, JsonSchema> = {
  serverid: serverIdSchema,
  md5: md5Schema,
  name: nameSchema,
  chunk: sizeSchema,
  chunks: countSchema,
  eachSize: eachSizeSchema,
  fullSize: sizeSchema,
  uid: uidSchema,
  chunked: flagSchema,
  size: sizeSchema,
  webkitRelativePath: {
    type: 'string',
    // Room for invisible characters and separators that cleaning drops.
    maxLength: MAX_RELATIVE_PATH_LENGTH * 2,
    description: "Extension (the upload record's field): the file's path in the folder it was picked or dropped with",
  },
};

/** The proof-of-possession challenge answered beside `data: false` (an extension of §7; storage/proof.ts). */
const proofSchema: JsonSchema = {
  type: 'object',
  description:
    'Extension: proof of possession. Sent beside `data: false` when the content is stored but the caller may not ' +
    'read it yet; a client that holds the file calls again with `proofNonce` = `nonce` and `proofMd5` = the MD5 of ' +
    'the nonce (UTF-8) followed by the file bytes [offset, offset + length), and gets the file at once. A client ' +
    'that ignores it uploads as usual.',
  properties: {
    offset: { type: 'integer', minimum: 0 },
    length: { type: 'integer', minimum: 0 },
    nonce: { type: 'string' },
  },
  required: ['offset', 'length', 'nonce'],
};

const fileDataSchema: JsonSchema = storedFileSchema;

/** Multipart bodies are read as streams in the handler; their schemas document the fields only. */
const multipartBody = (properties: Record<string, JsonSchema>, required: string[]): JsonSchema => ({
  type: 'object',
  properties: { ...properties, file: { type: 'string', format: 'binary' } },
  required: [...required, 'file'],
});
const skipValidation = () => () => true;

interface SecondCheckBody {
  serverid?: string;
  webkitRelativePath?: string;
  md5: string;
  name: string;
  fullSize?: number;
  size?: number;
  chunks?: number;
  eachSize?: number;
  proofNonce?: string;
  proofMd5?: string;
}

interface BlockCheckBody {
  md5?: string;
  uploadId?: string;
  size: number;
  chunks: number;
  name?: string;
  uid?: string;
  chunk: number;
  eachSize?: number;
  fullSize?: number;
}

interface MergeBody {
  webkitRelativePath?: string;
  uploadId?: string;
  md5: string;
  name: string;
  size: number;
  chunks: number;
  serverid?: string;
  uid?: string;
}

interface Base64Body {
  serverid?: string;
  fileName: string;
  base64Str: string;
  type: string;
}

/** A multipart form read to its end: its text fields and the one file part, written to a temp file or in place. */
interface ReadForm {
  fields: Record<string, string>;
  file: (ReceivedFile & { filename: string }) | null;
  /** The file part written straight to its place (a chunk whose fields came first). */
  placed: (ChunkPlace & ChunkWritten) | null;
  refusal: UploadRefusal | null;
}

async function drain(stream: AsyncIterable<unknown>): Promise<void> {
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
function malformedBody(cause: unknown): Error {
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
async function readForm(
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

const intField = (value: string | undefined): number | null =>
  value !== undefined && /^\s*[0-9]{1,16}\s*$/.test(value) ? Number(value) : null;

/** The chunk set a call names: its upload id when sent while hashing (the MD5 is not known yet), else its MD5. */
const setIdOf = ({ uploadId, md5 }: { uploadId?: string | undefined; md5?: string | undefined }): string =>
  (uploadId || md5 || '').toLowerCase();

/**
 * A chunk's place from its fields: MD5, number, offset, expected size and the set's layout; null when they do not
 * describe one (every number bounded by the others: chunk ≤ chunks = ⌈fullSize / eachSize⌉ ≤ MAX_UPLOAD_CHUNKS,
 * eachSize ≤ MAX_CHUNK_BYTES).
 */
function chunkFields(fields: Record<string, string>) {
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

const uploadsPlugin: FastifyPluginAsync<UploadPluginOptions> = async (app, options) => {
  const { ctx, store, config } = options;
  const files: UploadRepository = createUploadRepository(ctx);
  const proofs = new ProofChallenges(ctx.now);
  const hooks = ctx.hooks?.upload ?? null;
  const maxFileBytes = () => hooks?.settings.maxFileBytes ?? config.maxFileBytes;
  const quota = () => ({
    bytes: hooks?.settings.userMaxBytes ?? config.userMaxBytes,
    files: hooks?.settings.userMaxFiles ?? config.userMaxFiles,
    sets: hooks?.settings.userMaxPendingSets ?? config.userMaxPendingSets,
  });

  await app.register(fastifyMultipart, { throwFileSizeLimit: false });

  if (config.sweepIntervalMs > 0) {
    const timer = setInterval(() => {
      store
        .sweep(config.chunkSetMaxAgeMs)
        .catch((error: unknown) => app.log.error({ err: error }, 'upload sweep failed'));
    }, config.sweepIntervalMs);
    timer.unref();
    app.addHook('onClose', async () => clearInterval(timer));
  }

  /** A refused name, under the kind of the call that refused it. */
  const nameRefusal = (name: string, code: UploadCode) => (isRefusedName(name) ? refusals.typeRefused(code) : null);

  const answerRefusal = (error: unknown) => {
    if (error instanceof UploadRefusal) return error.toEnvelope();
    throw error;
  };

  /**
   * The bytes `userId` may still add to what they hold (stored contents and the declared sizes of their chunk
   * sets), and whether they may make one more file record.
   */
  const room = async (userId: number) => {
    const limits = quota();
    const used = files.usageOf(userId);
    const pending = await store.pendingOf(userId);
    return {
      bytes: Math.max(0, limits.bytes - used.bytes - pending.bytes),
      storedRoom: Math.max(0, limits.bytes - used.bytes),
      record: used.files < limits.files,
    };
  };

  /** Refuses a new record of `size` bytes of content `md5` (nothing when the user holds that content already). */
  const quotaRefusal = async (userId: number, md5: string, size: number, pendingCounts = true) => {
    const left = await room(userId);
    const owned = files.ownsContent(userId, md5, size);
    // At the record quota, only content the user has already may still get a record (under its same name).
    if (!left.record && !owned) return refusals.quota();
    const added = owned ? 0 : size;
    return added > (pendingCounts ? left.bytes : left.storedRoom) ? refusals.quota() : null;
  };

  /** The user's record of stored content (a refusal when their record quota is reached meanwhile). */
  const record = (file: Parameters<UploadRepository['recordFor']>[0]) => {
    const made = files.recordFor(file, quota().files);
    if (!made) throw refusals.quota();
    return made;
  };

  const routes: FastifyPluginAsync<Services> = async (session) => {
    const secondResponse = envelopeSchema({ anyOf: [fileDataSchema, booleanSchema] });
    secondResponse.properties = { ...(secondResponse.properties as Record<string, JsonSchema>), proof: proofSchema };
    session.post<{ Body: SecondCheckBody }>(
      UPLOAD_ROUTES.secondUploadCheck,
      {
        schema: {
          tags: TAGS,
          summary:
            'Whether the file is stored already (deduplication by MD5): if so, and the caller may read a file of ' +
            'this content (their own, or one of their unit), a record of their own is made and answered at once. ' +
            'Extension: when the content is stored but the caller may not read it, `data` is false and `proof` asks ' +
            'for the MD5 of a byte range the server picked; sent back as `proofNonce` and `proofMd5`, a right answer ' +
            'gets the file at once (a wrong or late one: data false, the client uploads). Otherwise data is false',
          body: {
            type: 'object',
            properties: {
              ...payloadProperties,
              proofNonce: { type: 'string', pattern: '^[0-9a-f]{32}$', description: 'Extension: `proof.nonce`' },
              proofMd5: { ...md5Schema, description: 'Extension: MD5 of the nonce then the asked byte range' },
            },
            required: ['md5', 'name'],
          },
          response: { 200: secondResponse },
        },
      },
      async (request) => {
        const { md5: rawMd5, name: rawName, fullSize, size, serverid, chunks, eachSize } = request.body;
        const md5 = rawMd5.toLowerCase();
        const name = cleanFileName(rawName);
        const user = authOf(request).user;
        const total = fullSize ?? size;
        const refusal = nameRefusal(rawName, 'checkerror');
        if (refusal) return refusal.toEnvelope();
        if (total !== undefined && total > maxFileBytes()) return refusals.sizeLimit().toEnvelope();
        if (total === undefined) return ok(false);
        if (chunks !== undefined && eachSize !== undefined && chunks !== chunkCountOf(total, eachSize)) {
          return refusals.chunkCount().toEnvelope();
        }
        if (!(await store.hasBlob(md5, total))) return ok(false);
        // An empty file's content is no secret; any other needs an entitlement or a proof of possession.
        let entitled = total === 0 || files.readableWithContent(md5, total, user);
        const { proofNonce, proofMd5 } = request.body;
        if (!entitled && proofNonce && proofMd5) {
          entitled = await proofs.verify(user.id, md5, total, proofNonce, proofMd5, (offset, length) =>
            store.readBlobRange(md5, total, offset, length),
          );
        }
        if (!entitled) return { ...ok(false), proof: proofs.issue(user.id, md5, total) };
        try {
          const over = await quotaRefusal(user.id, md5, total);
          if (over) return over.toEnvelope();
          const made = record({
            name,
            mime: contentTypeOf(name),
            size: total,
            md5,
            storagePath: store.blobRelativePath(md5, total),
            serverId: serverid || DEFAULT_SERVER_ID,
            ownerUserId: user.id,
            relativePath: cleanRelativePath(request.body.webkitRelativePath),
          });
          return ok(toWireFile(made));
        } catch (error) {
          return answerRefusal(error);
        }
      },
    );

    session.post(
      UPLOAD_ROUTES.upload,
      {
        schema: {
          tags: TAGS,
          summary:
            'Single upload (multipart serverid, file, uid, md5): streamed to disk while hashing; stored only when ' +
            "the MD5 matches, the type is allowed, the size within the limit and the user's quota " +
            "('quota exceeded' otherwise)",
          consumes: ['multipart/form-data'],
          body: multipartBody(
            {
              serverid: serverIdSchema,
              uid: uidSchema,
              md5: md5Schema,
              webkitRelativePath: payloadProperties['webkitRelativePath']!,
            },
            [],
          ),
          response: envelopeResponse(fileDataSchema),
        },
        validatorCompiler: skipValidation,
      },
      async (request) => {
        if (!request.isMultipart()) return refusals.noFile().toEnvelope();
        const user = authOf(request).user;
        const limit = maxFileBytes();
        const left = await room(user.id);
        if (!left.record) return refusals.quota().toEnvelope();
        const streamLimit = Math.min(limit, left.bytes);
        const form = await readForm(
          request,
          store,
          limit + 1,
          () => streamLimit,
          (_fields, filename) => nameRefusal(filename, 'uploaderror'),
        );
        if (form.refusal) return form.refusal.toEnvelope();
        const received = form.file;
        if (!received) return refusals.noFile().toEnvelope();
        if (received.overLimit) {
          return (received.bytes > limit ? refusals.sizeLimit() : refusals.quota()).toEnvelope();
        }
        const sentMd5 = (form.fields.md5 ?? '').toLowerCase();
        if (sentMd5 && sentMd5 !== received.md5) {
          await store.discard(received.tempPath);
          return refusals.md5Mismatch().toEnvelope();
        }
        const name = cleanFileName(received.filename);
        const over = await quotaRefusal(user.id, received.md5, received.bytes);
        if (over) {
          await store.discard(received.tempPath);
          return over.toEnvelope();
        }
        const storagePath = await store.publish(received.tempPath, received.md5, received.bytes);
        try {
          const made = record({
            name,
            mime: contentTypeOf(name),
            size: received.bytes,
            md5: received.md5,
            storagePath,
            serverId: form.fields.serverid || DEFAULT_SERVER_ID,
            ownerUserId: user.id,
            relativePath: cleanRelativePath(form.fields.webkitRelativePath),
          });
          return ok(toWireFile(made));
        } catch (error) {
          return answerRefusal(error);
        }
      },
    );

    const checkResponse = envelopeSchema(booleanSchema, 'data: whether this chunk is stored whole');
    checkResponse.properties = {
      ...(checkResponse.properties as Record<string, JsonSchema>),
      chunks: {
        type: 'array',
        items: { type: 'integer' },
        description: 'Extension: every chunk number stored whole, so a client may check all chunks with the first call',
      },
    };
    session.post<{ Body: BlockCheckBody }>(
      UPLOAD_ROUTES.blockUploadCheck,
      {
        schema: {
          tags: TAGS,
          summary:
            "Whether chunk `chunk` (1-based) of the caller's own upload of `md5` is stored whole (`size` bytes); " +
            "another user's chunks are never seen",
          body: {
            type: 'object',
            properties: {
              ...payloadProperties,
              chunk: countSchema,
              size: { ...sizeSchema, description: "This chunk's size in bytes" },
              uploadId: uploadIdSchema,
            },
            required: ['size', 'chunks', 'chunk'],
            anyOf: [{ required: ['md5'] }, { required: ['uploadId'] }],
          },
          response: { 200: checkResponse },
        },
      },
      async (request) => {
        const { chunk, chunks, size, eachSize, fullSize } = request.body;
        const md5 = setIdOf(request.body);
        const user = authOf(request).user;
        const refused = () => fail(400, 'checkchunkerror', UPLOAD_MESSAGES.checkchunkerror);
        if (chunk > chunks || chunks > MAX_UPLOAD_CHUNKS || size > MAX_CHUNK_BYTES) return refused();
        const sizes = eachSize !== undefined && fullSize !== undefined;
        // Sent while hashing, this is the first call of an upload: it says what the existence check would.
        if (fullSize !== undefined && fullSize > maxFileBytes()) return refusals.sizeLimit().toEnvelope();
        if (sizes && chunks !== chunkCountOf(fullSize, eachSize)) return refused();
        // The set's recorded layout decides each chunk's size; a request cut otherwise finds nothing, so its client
        // sends every chunk again (which re-cuts the set).
        const layout = await store.layoutOf(user.id, md5);
        const agrees =
          layout !== null &&
          chunkCountOf(layout.fullSize, layout.eachSize) === chunks &&
          (!sizes || (layout.fullSize === fullSize && layout.eachSize === eachSize));
        if (!agrees) return { ...ok(false), chunks: [] };
        const expected = (n: number) => expectedChunkSize(n, chunks, layout.eachSize, layout.fullSize);
        const stored = await store.storedChunks(user.id, md5);
        const whole = [...stored]
          .filter(([n, bytes]) => n <= chunks && bytes === expected(n))
          .map(([n]) => n)
          .sort((a, b) => a - b);
        return { ...ok(stored.get(chunk) === expected(chunk) && size === expected(chunk)), chunks: whole };
      },
    );

    session.post(
      UPLOAD_ROUTES.chunkUpload,
      {
        schema: {
          tags: TAGS,
          summary:
            "Chunk upload (multipart, every field of spec part 2 §7): streamed to its offset in the caller's own " +
            'upload of `md5`, checked against eachSize and fullSize, then marked whole (a chunk sent again replaces ' +
            "the old one). Beginning an upload counts against the user's quota of uploads in progress and bytes " +
            "('quota exceeded')",
          consumes: ['multipart/form-data'],
          body: multipartBody(
            {
              chunked: flagSchema,
              chunk: countSchema,
              chunks: countSchema,
              eachSize: eachSizeSchema,
              md5: md5Schema,
              fileName: nameSchema,
              fullSize: sizeSchema,
              uid: uidSchema,
              size: sizeSchema,
              serverid: serverIdSchema,
              uploadId: uploadIdSchema,
            },
            ['chunk', 'chunks', 'eachSize', 'fullSize'],
          ),
          response: { 200: envelopeSchema(booleanSchema), 500: envelopeSchema(booleanSchema) },
        },
        validatorCompiler: skipValidation,
      },
      async (request, reply) => {
        if (hooks) {
          if (hooks.settings.chunkDelayMs > 0) await sleep(hooks.settings.chunkDelayMs);
          const outcome = hooks.nextChunk();
          if (outcome === 'drop') {
            reply.hijack();
            request.raw.socket.destroy();
            return reply;
          }
          if (outcome === 'fail') {
            if (request.isMultipart()) {
              try {
                for await (const part of request.parts()) if (part.type === 'file') await drain(part.file);
              } catch (error) {
                throw malformedBody(error);
              }
            }
            return reply.code(500).send(fail(500, 'injected_failure', MESSAGES.injectedFailure));
          }
        }
        if (!request.isMultipart()) return refusals.noFile().toEnvelope();
        const user = authOf(request).user;
        const limit = maxFileBytes();
        /** Makes sure the user's set exists, cut as the fields say, within their quota. */
        const reserve = async (fit: NonNullable<ReturnType<typeof chunkFields>>) => {
          const limits = quota();
          try {
            const reserved = await store.reserveSet(user.id, fit.md5, fit.layout, {
              maxSets: limits.sets,
              maxBytes: Math.max(0, limits.bytes - files.usageOf(user.id).bytes),
            });
            return reserved === 'ok' ? null : refusals.quota();
          } catch (error) {
            // A chunk of a cancelled upload.
            if (error instanceof UploadRefusal) return error;
            throw error;
          }
        };
        const chunkLimit = (fields: Record<string, string>) =>
          Math.min(MAX_CHUNK_BYTES, intField(fields.eachSize) ?? MAX_CHUNK_BYTES);
        const form = await readForm(
          request,
          store,
          MAX_CHUNK_BYTES + 1,
          chunkLimit,
          (fields, filename) => {
            const fullSize = intField(fields.fullSize);
            if (fullSize !== null && fullSize > limit) return refusals.sizeLimit();
            return nameRefusal(fields.fileName ?? '', 'uploadunkerror') ?? nameRefusal(filename, 'uploadunkerror');
          },
          // Fields first (as core sends them): the bytes go straight to their offset in the user's data file.
          async (fields) => {
            const fit = chunkFields(fields);
            if (!fit || fit.fullSize > limit) return null;
            const refused = await reserve(fit);
            if (refused) return refused;
            return { owner: user.id, md5: fit.md5, chunk: fit.chunk, offset: fit.offset, limit: fit.bytes };
          },
        );
        if (form.refusal) return form.refusal.toEnvelope();
        const { fields, placed } = form;
        const received = form.file;
        if (!received && !placed) return refusals.noFile().toEnvelope();
        const fit = chunkFields(fields);
        const discard = async () => {
          if (received && !received.overLimit) await store.discard(received.tempPath);
          if (placed) await store.forgetRefusedChunk(user.id, placed.md5);
        };
        // Fields sent after the file part are only known now.
        const lateRefusal = nameRefusal(fields.fileName ?? '', 'uploadunkerror');
        if (lateRefusal) {
          await discard();
          return lateRefusal.toEnvelope();
        }
        const bytes = placed ? placed.bytes : received!.bytes;
        const overLimit = placed ? placed.overLimit : received!.overLimit;
        const sentSize = intField(fields.size);
        const valid =
          fit !== null &&
          !overLimit &&
          bytes === fit.bytes &&
          (sentSize === null || sentSize === bytes) &&
          (!placed || (placed.md5 === fit.md5 && placed.chunk === fit.chunk && placed.offset === fit.offset));
        if (!valid) {
          await discard();
          return refusals.badChunk().toEnvelope();
        }
        const { md5, chunk, fullSize, layout } = fit;
        if (fullSize > limit) {
          await discard();
          return refusals.sizeLimit().toEnvelope();
        }
        try {
          if (received) {
            const refused = await reserve(fit);
            if (refused) {
              await discard();
              return refused.toEnvelope();
            }
            await store.placeChunk({ owner: user.id, md5, chunk, offset: fit.offset }, received.tempPath);
          }
          await store.markChunk(user.id, md5, chunk, bytes, layout);
        } catch (error) {
          if (error instanceof UploadRefusal) await store.forgetRefusedChunk(user.id, md5);
          return answerRefusal(error);
        }
        hooks?.chunkStored(md5, chunk);
        return ok(true);
      },
    );

    session.get(
      UPLOAD_ROUTES.capabilities,
      {
        schema: {
          tags: TAGS,
          summary:
            'Extension: what this server offers beyond the spec. `hashWhileSending`: chunks may go under an ' +
            '`uploadId` before the MD5 is known, the merge names both and is checked against the MD5 of the bytes ' +
            'received; `cancel`: the cancel call; `maxChunkSize`: the largest `eachSize` taken. A client that finds ' +
            "no such call uses the spec's order",
          querystring: { type: 'object', properties: { _t: { type: 'string' } } },
          response: envelopeResponse({
            type: 'object',
            properties: {
              hashWhileSending: { type: 'boolean' },
              cancel: { type: 'boolean' },
              maxChunkSize: { type: 'integer' },
            },
            required: ['hashWhileSending', 'cancel', 'maxChunkSize'],
          }),
        },
      },
      async (_request, reply) => {
        // A test hook plays a server without the extensions.
        if (hooks && !hooks.settings.extensions) return reply.code(404).send(fail(404, 'not_found', MESSAGES.notFound));
        return ok({ hashWhileSending: true, cancel: true, maxChunkSize: MAX_CHUNK_BYTES });
      },
    );

    session.post<{ Body: { md5?: string; uploadId?: string } }>(
      UPLOAD_ROUTES.cancel,
      {
        schema: {
          tags: TAGS,
          summary:
            "Extension: removes the caller's own chunk set of an upload (by its upload id, or its MD5), so a " +
            "cancelled upload leaves nothing until the sweep; another user's set is never touched. Data: true",
          body: {
            type: 'object',
            properties: { md5: md5Schema, uploadId: uploadIdSchema },
            anyOf: [{ required: ['md5'] }, { required: ['uploadId'] }],
            additionalProperties: false,
          },
          response: envelopeResponse(booleanSchema),
        },
      },
      async (request) => {
        // An upload id is never used again: its chunks still on their way are refused, not kept.
        await store.removeSet(authOf(request).user.id, setIdOf(request.body), request.body.uploadId !== undefined);
        return ok(true);
      },
    );

    session.post<{ Body: MergeBody }>(
      UPLOAD_ROUTES.mergeFile,
      {
        schema: {
          tags: TAGS,
          summary:
            "Merge of the caller's own chunks: publishes the data file (an atomic rename, no copy) only when size " +
            'and count agree with how the chunks were cut (chunks = ⌈size / eachSize⌉), every chunk is in and the ' +
            "MD5 matches (the MD5 kept up as chunks arrived) ('chunk count abnormal' / 'chunkmerge' otherwise, " +
            'nothing published). Without the chunks, the file is answered only to a caller who may read a file of ' +
            'this content already',
          body: {
            type: 'object',
            properties: {
              ...payloadProperties,
              size: { ...sizeSchema, description: 'Whole file' },
              uploadId: { ...uploadIdSchema, description: 'Extension: the chunks were sent under this upload id' },
            },
            required: ['md5', 'name', 'size', 'chunks'],
          },
          response: envelopeResponse(fileDataSchema),
        },
      },
      async (request) => {
        const { name: rawName, size, chunks, serverid } = request.body;
        const md5 = request.body.md5.toLowerCase();
        const name = cleanFileName(rawName);
        const user = authOf(request).user;
        const refusal = nameRefusal(rawName, 'chunkmerge');
        if (refusal) return refusal.toEnvelope();
        if (size > maxFileBytes()) return refusals.sizeLimit().toEnvelope();
        // No count can be right past the most chunks a file may have: refused before anything is read.
        if (chunks > MAX_UPLOAD_CHUNKS) return refusals.chunkCount().toEnvelope();
        try {
          // The set's own declared size is part of the user's pending bytes: only what is stored counts here.
          const over = await quotaRefusal(user.id, md5, size, false);
          if (over) return over.toEnvelope();
          const storagePath = await store.merge(user.id, setIdOf(request.body), md5, size, chunks, () =>
            files.readableWithContent(md5, size, user),
          );
          const made = record({
            name,
            mime: contentTypeOf(name),
            size,
            md5,
            storagePath,
            serverId: serverid || DEFAULT_SERVER_ID,
            ownerUserId: user.id,
            relativePath: cleanRelativePath(request.body.webkitRelativePath),
          });
          return ok(toWireFile(made));
        } catch (error) {
          return answerRefusal(error);
        }
      },
    );

    session.post<{ Body: Base64Body }>(
      UPLOAD_ROUTES.base64Image,
      {
        schema: {
          tags: TAGS,
          summary: "Stores a base64 image (fileName without extension, type the extension) within the user's quota",
          body: {
            type: 'object',
            properties: {
              serverid: serverIdSchema,
              fileName: nameSchema,
              base64Str: { type: 'string', minLength: 1 },
              type: { type: 'string', maxLength: 10 },
            },
            required: ['fileName', 'base64Str', 'type'],
          },
          response: envelopeResponse(fileDataSchema),
        },
      },
      async (request) => {
        const { fileName, serverid } = request.body;
        const type = request.body.type.replace(/^\./, '').toLowerCase();
        if (!IMAGE_EXTENSIONS.includes(type)) return refusals.typeRefused('upload failed').toEnvelope();
        const base64 = request.body.base64Str.replace(/^data:[^,]*;base64,/, '').replace(/\s+/g, '');
        if (!/^[A-Za-z0-9+/]+={0,2}$/.test(base64) || base64.length % 4 === 1) {
          return refusals.badImage().toEnvelope();
        }
        const bytes = Buffer.from(base64, 'base64');
        if (bytes.length > maxFileBytes()) return refusals.sizeLimit().toEnvelope();
        const user = authOf(request).user;
        const name = `${cleanFileName(fileName).replace(/\.[a-z0-9]{1,10}$/i, '')}.${type}`;
        try {
          const digest = createHash('md5').update(bytes).digest('hex');
          const over = await quotaRefusal(user.id, digest, bytes.length);
          if (over) return over.toEnvelope();
          const stored = await store.storeBuffer(bytes);
          const made = record({
            name,
            mime: contentTypeOf(name),
            size: stored.size,
            md5: stored.md5,
            storagePath: stored.relativePath,
            serverId: serverid || DEFAULT_SERVER_ID,
            ownerUserId: user.id,
          });
          return ok(toWireFile(made));
        } catch (error) {
          return answerRefusal(error);
        }
      },
    );

    session.get<{ Params: { fileId: string } }>(
      UPLOAD_ROUTES.file,
      {
        schema: {
          tags: TAGS,
          summary:
            'An uploaded file by id, as an attachment with its type (its owner and the users of the owner unit ' +
            "may read it; HTTP 404 'Not find file' otherwise)",
          params: {
            type: 'object',
            properties: { fileId: { type: 'string', description: 'A number; anything else: 404' } },
            required: ['fileId'],
          },
          response: {
            200: {
              description: 'The file content; without a session the envelope `{status: 401}`',
              content: {
                'application/octet-stream': { schema: { type: 'string', format: 'binary' } },
                'application/json': { schema: envelopeSchema(booleanSchema) },
              },
            },
            404: envelopeSchema(booleanSchema),
          },
        },
      },
      async (request, reply) => {
        const notFound = () => reply.code(404).send(refusals.noFile().toEnvelope());
        const fileId = /^[0-9]{1,15}$/.test(request.params.fileId) ? Number(request.params.fileId) : null;
        const file = fileId === null ? undefined : files.findById(fileId);
        if (!file || !files.canRead(file, authOf(request).user)) return notFound();
        const absolute = resolve(ctx.storageDir, file.storagePath);
        if (!absolute.startsWith(ctx.storageDir + sep)) return notFound();
        const stream = createReadStream(absolute);
        try {
          await new Promise<void>((done, failed) => stream.once('open', () => done()).once('error', failed));
        } catch {
          return notFound();
        }
        return reply
          .header('content-type', file.mime)
          .header('content-length', file.size)
          .header('content-disposition', contentDisposition(file.name))
          .header('etag', `"${file.md5}"`)
          .header('cache-control', 'private, max-age=0')
          .send(stream);
      },
    );
  };

  await app.register(sessionScope(routes), options);
};

export default uploadsPlugin;
