/**
 * The upload calls of spec part 2 §7 "Upload and files" (flow of §4 "Chunked upload", errors of §8): the existence
 * check (instant second upload), the single upload, the chunk check, the chunk upload, the merge and the base64
 * image, plus `GET /api/storage/file/{fileId}` that serves an uploaded file back. Every call needs a session.
 * Bytes are streamed to disk (storage/upload-store.ts: chunks straight to their offset in one data file, so a merge
 * is a verified rename), records are in the `files` table (storage/repository.ts).
 */
import fastifyMultipart, { type MultipartFile } from '@fastify/multipart';
import { createReadStream } from 'node:fs';
import { resolve, sep } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { authOf, sessionScope } from '../auth/session-http.ts';
import {
  DEFAULT_CHUNK_SET_MAX_AGE_MS,
  DEFAULT_UPLOAD_MAX_BYTES,
  DEFAULT_UPLOAD_SWEEP_INTERVAL_MS,
  MAX_CHUNK_BYTES,
} from '../config.ts';
import { booleanSchema, envelopeResponse, envelopeSchema, fail, ok, type JsonSchema } from '../http/envelope.ts';
import { MESSAGES } from '../http/messages.ts';
import type { Services } from '../services.ts';
import { cleanFileName, contentDisposition, contentTypeOf, IMAGE_EXTENSIONS, isRefusedName } from '../storage/names.ts';
import { refusals, UploadRefusal, UPLOAD_MESSAGES, type UploadCode } from '../storage/refusals.ts';
import { createUploadRepository, storedFileSchema, toWireFile, type UploadRepository } from '../storage/repository.ts';
import {
  chunkCountOf,
  expectedChunkSize,
  MD5_PATTERN,
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
}

export const defaultUploadConfig = (): UploadConfig => ({
  maxFileBytes: DEFAULT_UPLOAD_MAX_BYTES,
  chunkSetMaxAgeMs: DEFAULT_CHUNK_SET_MAX_AGE_MS,
  sweepIntervalMs: DEFAULT_UPLOAD_SWEEP_INTERVAL_MS,
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
  base64Image: '/api/storage/upload/base64_convert_image',
  file: '/api/storage/file/:fileId',
} as const;

const TAGS = ['storage'];
const DEFAULT_SERVER_ID = 'base';

const md5Schema: JsonSchema = { type: 'string', pattern: '^[0-9a-fA-F]{32}$', description: 'MD5 of the whole file' };
const countSchema: JsonSchema = { type: 'integer', minimum: 1 };
const sizeSchema: JsonSchema = { type: 'integer', minimum: 0 };
const textSchema: JsonSchema = { type: 'string' };
const flagSchema: JsonSchema = { anyOf: [{ type: 'boolean' }, { type: 'string' }] };

/** The upload payload of spec part 2 §3 (the existence check carries it with md5 and name). */
const payloadProperties: Record<string, JsonSchema> = {
  serverid: textSchema,
  md5: md5Schema,
  name: { type: 'string', maxLength: 1024 },
  chunk: sizeSchema,
  chunks: countSchema,
  eachSize: countSchema,
  fullSize: sizeSchema,
  uid: textSchema,
  chunked: flagSchema,
  size: sizeSchema,
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
  md5: string;
  name: string;
  fullSize?: number;
  size?: number;
}

interface BlockCheckBody {
  md5: string;
  size: number;
  chunks: number;
  name?: string;
  uid?: string;
  chunk: number;
  eachSize?: number;
  fullSize?: number;
}

interface MergeBody {
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

/**
 * Reads a multipart body: text fields, and the part named `file` streamed to a temp file through `store.receive`
 * (at most `limitOf(fields)` bytes). `refuse(fields, filename)` runs when the file part starts, with the fields
 * sent before it, so a refused name or size is never written. Other file parts are drained.
 */
async function readForm(
  request: FastifyRequest,
  store: UploadStore,
  partLimit: number,
  limitOf: (fields: Record<string, string>) => number,
  refuse: (fields: Record<string, string>, filename: string) => UploadRefusal | null,
  placeOf: (fields: Record<string, string>) => ChunkPlace | null = () => null,
): Promise<ReadForm> {
  const form: ReadForm = {
    fields: Object.create(null) as Record<string, string>,
    file: null,
    placed: null,
    refusal: null,
  };
  try {
    for await (const part of request.parts({ limits: { fileSize: partLimit, files: 2, fields: 30 } })) {
      if (part.type === 'field') {
        form.fields[part.fieldname] = String(part.value);
        continue;
      }
      const file: MultipartFile = part;
      if (file.fieldname !== 'file' || form.file || form.placed || form.refusal) {
        await drain(file.file);
        continue;
      }
      form.refusal = refuse(form.fields, file.filename ?? '');
      if (form.refusal) {
        await drain(file.file);
        continue;
      }
      const place = placeOf(form.fields);
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
    throw error;
  }
  return form;
}

const intField = (value: string | undefined): number | null =>
  value !== undefined && /^\s*[0-9]+\s*$/.test(value) ? Number(value) : null;

/** A chunk's place from its fields: MD5, number, offset and expected size; null when they do not describe one. */
function chunkFields(fields: Record<string, string>) {
  const chunk = intField(fields.chunk);
  const chunks = intField(fields.chunks);
  const eachSize = intField(fields.eachSize);
  const fullSize = intField(fields.fullSize);
  const md5 = (fields.md5 ?? '').toLowerCase();
  if (!MD5_PATTERN.test(md5) || chunk === null || chunks === null || eachSize === null || fullSize === null) {
    return null;
  }
  if (eachSize <= 0 || eachSize > MAX_CHUNK_BYTES || chunk < 1 || chunk > chunks) return null;
  if (chunks !== chunkCountOf(fullSize, eachSize)) return null;
  return {
    md5,
    chunk,
    fullSize,
    eachSize,
    offset: (chunk - 1) * eachSize,
    bytes: expectedChunkSize(chunk, chunks, eachSize, fullSize),
  };
}

const uploadsPlugin: FastifyPluginAsync<UploadPluginOptions> = async (app, options) => {
  const { ctx, store, config } = options;
  const files: UploadRepository = createUploadRepository(ctx);
  const hooks = ctx.hooks?.upload ?? null;
  const maxFileBytes = () => hooks?.settings.maxFileBytes ?? config.maxFileBytes;

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

  const routes: FastifyPluginAsync<Services> = async (session) => {
    session.post<{ Body: SecondCheckBody }>(
      UPLOAD_ROUTES.secondUploadCheck,
      {
        schema: {
          tags: TAGS,
          summary:
            'Whether the file is stored already (deduplication by MD5): if so, and the caller may read a file of ' +
            'this content, a record of their own is made and answered at once; otherwise data is false',
          body: { type: 'object', properties: payloadProperties, required: ['md5', 'name'] },
          response: envelopeResponse({ anyOf: [fileDataSchema, booleanSchema] }),
        },
      },
      async (request) => {
        const { md5: rawMd5, name: rawName, fullSize, size, serverid } = request.body;
        const md5 = rawMd5.toLowerCase();
        const name = cleanFileName(rawName);
        const user = authOf(request).user;
        const total = fullSize ?? size;
        const refusal = nameRefusal(name, 'checkerror');
        if (refusal) return refusal.toEnvelope();
        if (total !== undefined && total > maxFileBytes()) return refusals.sizeLimit().toEnvelope();
        if (total === undefined) return ok(false);
        if (!(await store.hasBlob(md5, total)) || !files.readableWithContent(md5, total, user)) return ok(false);
        const record = files.recordFor({
          name,
          mime: contentTypeOf(name),
          size: total,
          md5,
          storagePath: store.blobRelativePath(md5, total),
          serverId: serverid || DEFAULT_SERVER_ID,
          ownerUserId: user.id,
        });
        return ok(toWireFile(record));
      },
    );

    session.post(
      UPLOAD_ROUTES.upload,
      {
        schema: {
          tags: TAGS,
          summary:
            'Single upload (multipart serverid, file, uid, md5): streamed to disk while hashing; stored only when ' +
            'the MD5 matches, the type is allowed and the size within the limit',
          consumes: ['multipart/form-data'],
          body: multipartBody({ serverid: textSchema, uid: textSchema, md5: md5Schema }, []),
          response: envelopeResponse(fileDataSchema),
        },
        validatorCompiler: skipValidation,
      },
      async (request) => {
        if (!request.isMultipart()) return refusals.noFile().toEnvelope();
        const user = authOf(request).user;
        const limit = maxFileBytes();
        const form = await readForm(
          request,
          store,
          limit + 1,
          () => limit,
          (_fields, filename) => nameRefusal(filename, 'uploaderror'),
        );
        if (form.refusal) return form.refusal.toEnvelope();
        const received = form.file;
        if (!received) return refusals.noFile().toEnvelope();
        if (received.overLimit) return refusals.sizeLimit().toEnvelope();
        const sentMd5 = (form.fields.md5 ?? '').toLowerCase();
        if (sentMd5 && sentMd5 !== received.md5) {
          await store.discard(received.tempPath);
          return refusals.md5Mismatch().toEnvelope();
        }
        const name = cleanFileName(received.filename);
        const storagePath = await store.publish(received.tempPath, received.md5, received.bytes);
        const record = files.recordFor({
          name,
          mime: contentTypeOf(name),
          size: received.bytes,
          md5: received.md5,
          storagePath,
          serverId: form.fields.serverid || DEFAULT_SERVER_ID,
          ownerUserId: user.id,
        });
        return ok(toWireFile(record));
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
          summary: 'Whether chunk `chunk` (1-based) of the file `md5` is stored whole (`size` bytes)',
          body: {
            type: 'object',
            properties: {
              ...payloadProperties,
              chunk: countSchema,
              size: { type: 'integer', minimum: 0, description: "This chunk's size in bytes" },
            },
            required: ['md5', 'size', 'chunks', 'chunk'],
          },
          response: { 200: checkResponse },
        },
      },
      async (request) => {
        const { chunk, chunks, size, eachSize, fullSize } = request.body;
        const md5 = request.body.md5.toLowerCase();
        if (chunk > chunks) return fail(400, 'checkchunkerror', UPLOAD_MESSAGES.checkchunkerror);
        const sizes = eachSize !== undefined && fullSize !== undefined;
        const expected = (n: number) => (sizes ? expectedChunkSize(n, chunks, eachSize, fullSize) : size);
        const stored = await store.storedChunks(md5);
        // Without eachSize and fullSize only the asked chunk's size is known; the others are listed as stored.
        const whole = [...stored]
          .filter(([n, bytes]) => n <= chunks && (sizes || n === chunk ? bytes === expected(n) : true))
          .map(([n]) => n)
          .sort((a, b) => a - b);
        return { ...ok(stored.get(chunk) === expected(chunk)), chunks: whole };
      },
    );

    session.post(
      UPLOAD_ROUTES.chunkUpload,
      {
        schema: {
          tags: TAGS,
          summary:
            "Chunk upload (multipart, every field of spec part 2 §7): streamed to its offset in the upload's data " +
            'file, checked against eachSize and fullSize, then marked whole (a chunk sent again replaces the old one)',
          consumes: ['multipart/form-data'],
          body: multipartBody(
            {
              chunked: flagSchema,
              chunk: countSchema,
              chunks: countSchema,
              eachSize: countSchema,
              md5: md5Schema,
              fileName: textSchema,
              fullSize: sizeSchema,
              uid: textSchema,
              size: sizeSchema,
            },
            ['chunk', 'chunks', 'eachSize', 'md5', 'fullSize'],
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
              for await (const part of request.parts()) if (part.type === 'file') await drain(part.file);
            }
            return reply.code(500).send(fail(500, 'injected_failure', MESSAGES.injectedFailure));
          }
        }
        if (!request.isMultipart()) return refusals.noFile().toEnvelope();
        const user = authOf(request).user;
        const limit = maxFileBytes();
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
          // Fields first (as core sends them): the bytes go straight to their offset in the upload's data file.
          (fields) => {
            const fit = chunkFields(fields);
            return fit && fit.fullSize <= limit
              ? { md5: fit.md5, chunk: fit.chunk, offset: fit.offset, limit: fit.bytes }
              : null;
          },
        );
        if (form.refusal) return form.refusal.toEnvelope();
        const { fields, placed } = form;
        const received = form.file;
        if (!received && !placed) return refusals.noFile().toEnvelope();
        const discard = async () => {
          if (received && !received.overLimit) await store.discard(received.tempPath);
          if (placed) await store.forgetRefusedChunk(placed.md5);
        };
        // Fields sent after the file part are only known now.
        const lateRefusal = nameRefusal(fields.fileName ?? '', 'uploadunkerror');
        if (lateRefusal) {
          await discard();
          return lateRefusal.toEnvelope();
        }
        const fit = chunkFields(fields);
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
        const { md5, chunk, fullSize } = fit;
        if (fullSize > limit) {
          await discard();
          return refusals.sizeLimit().toEnvelope();
        }
        if (received) await store.placeChunk(md5, chunk, fit.offset, received.tempPath);
        await store.markChunk(md5, chunk, bytes, fit.eachSize, user.id);
        hooks?.chunkStored(md5, chunk);
        return ok(true);
      },
    );

    session.post<{ Body: MergeBody }>(
      UPLOAD_ROUTES.mergeFile,
      {
        schema: {
          tags: TAGS,
          summary:
            'Merge: publishes the data file (an atomic rename, no copy) only when the count, size and MD5 match ' +
            "(the MD5 kept up as chunks arrived) ('chunk count abnormal' / 'chunkmerge' otherwise, nothing published)",
          body: {
            type: 'object',
            properties: { ...payloadProperties, size: { type: 'integer', minimum: 0, description: 'Whole file' } },
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
        const refusal = nameRefusal(name, 'chunkmerge');
        if (refusal) return refusal.toEnvelope();
        if (size > maxFileBytes()) return refusals.sizeLimit().toEnvelope();
        try {
          const storagePath = await store.merge(
            md5,
            size,
            chunks,
            () => store.sentChunksOf(md5, user.id) || files.readableWithContent(md5, size, user),
          );
          const record = files.recordFor({
            name,
            mime: contentTypeOf(name),
            size,
            md5,
            storagePath,
            serverId: serverid || DEFAULT_SERVER_ID,
            ownerUserId: user.id,
          });
          return ok(toWireFile(record));
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
          summary: 'Stores a base64 image (fileName without extension, type the extension)',
          body: {
            type: 'object',
            properties: {
              serverid: textSchema,
              fileName: { type: 'string', maxLength: 1024 },
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
        const stored = await store.storeBuffer(bytes);
        const record = files.recordFor({
          name,
          mime: contentTypeOf(name),
          size: stored.size,
          md5: stored.md5,
          storagePath: stored.relativePath,
          serverId: serverid || DEFAULT_SERVER_ID,
          ownerUserId: user.id,
        });
        return ok(toWireFile(record));
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
            properties: { fileId: { type: 'string', pattern: '^[0-9]+$' } },
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
        const file = files.findById(Number(request.params.fileId));
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
          .header('x-content-type-options', 'nosniff')
          .header('etag', `"${file.md5}"`)
          .header('cache-control', 'private, max-age=0')
          .send(stream);
      },
    );
  };

  await app.register(sessionScope(routes), options);
};

export default uploadsPlugin;
