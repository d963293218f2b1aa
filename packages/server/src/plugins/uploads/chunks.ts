/**
 * The chunked upload (spec part 2 §4 and §7): the chunk check, the chunk upload, the merge, and this server's
 * extensions beside them (capabilities, cancel). A user's chunks live in their own set (storage/upload-store.ts),
 * written straight to their offset in one data file, so a merge is a verified rename.
 */
import type { UploadCapabilities, WireBlockCheckBody, WireChunkSetName, WireMergeBody } from '@edu-portal/core';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { setTimeout as sleep } from 'node:timers/promises';
import { authOf } from '../../auth/session-http.ts';
import { MAX_CHUNK_BYTES, MAX_UPLOAD_CHUNKS } from '../../config.ts';
import { booleanSchema, envelopeResponse, envelopeSchema, fail, ok, type JsonSchema } from '../../http/envelope.ts';
import { MESSAGES } from '../../http/messages.ts';
import { cleanFileName } from '../../storage/names.ts';
import { refusals, UploadRefusal, UPLOAD_MESSAGES } from '../../storage/refusals.ts';
import { answerRefusal, nameRefusal, type UploadService } from '../../storage/upload-service.ts';
import { chunkCountOf, expectedChunkSize } from '../../storage/upload-store.ts';
import { chunkFields, drain, intField, malformedBody, readForm, setIdOf } from './form.ts';
import { UPLOAD_ROUTES } from './paths.ts';
import {
  countSchema,
  eachSizeSchema,
  fileDataSchema,
  flagSchema,
  md5Schema,
  multipartBody,
  nameSchema,
  payloadProperties,
  serverIdSchema,
  sizeSchema,
  skipValidation,
  TAGS,
  uidSchema,
  uploadIdSchema,
} from './schemas.ts';

export function chunkCheckRoute(app: FastifyInstance, uploads: UploadService): void {
  const { store } = uploads;
  const checkResponse = envelopeSchema(booleanSchema, 'data: whether this chunk is stored whole');
  checkResponse.properties = {
    ...(checkResponse.properties as Record<string, JsonSchema>),
    chunks: {
      type: 'array',
      items: { type: 'integer' },
      description: 'Extension: every chunk number stored whole, so a client may check all chunks with the first call',
    },
  };
  app.post<{ Body: WireBlockCheckBody }>(
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
      if (fullSize !== undefined && fullSize > uploads.maxFileBytes()) return refusals.sizeLimit().toEnvelope();
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
}

/**
 * What the test hooks make of this chunk upload: the connection dropped, an HTTP 500 (the body read first), or
 * null to store it (after the configured delay).
 */
async function injectedOutcome(uploads: UploadService, request: FastifyRequest, reply: FastifyReply) {
  const { hooks } = uploads;
  if (!hooks) return null;
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
  return null;
}

/**
 * Reads a chunk upload and stores the chunk in the caller's set: its bytes streamed to their offset when the fields
 * came first, else to a temp file copied there; checked against the set's layout, then marked whole.
 */
async function receiveChunk(uploads: UploadService, request: FastifyRequest) {
  const { store } = uploads;
  if (!request.isMultipart()) return refusals.noFile().toEnvelope();
  const user = authOf(request).user;
  const limit = uploads.maxFileBytes();
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
      const refused = await uploads.reserveSet(user.id, fit.md5, fit.layout);
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
      const refused = await uploads.reserveSet(user.id, fit.md5, fit.layout);
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
  uploads.hooks?.chunkStored(md5, chunk);
  return ok(true);
}

export function chunkUploadRoute(app: FastifyInstance, uploads: UploadService): void {
  app.post(
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
    async (request, reply) => (await injectedOutcome(uploads, request, reply)) ?? receiveChunk(uploads, request),
  );
}

/** Extensions beside the chunk calls: what this server offers, and the cancel of an upload. */
export function chunkSetRoutes(app: FastifyInstance, uploads: UploadService): void {
  const { hooks, store } = uploads;
  app.get(
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
      return ok<UploadCapabilities>({ hashWhileSending: true, cancel: true, maxChunkSize: MAX_CHUNK_BYTES });
    },
  );

  app.post<{ Body: WireChunkSetName }>(
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
}

export function mergeRoute(app: FastifyInstance, uploads: UploadService): void {
  const { files, store } = uploads;
  app.post<{ Body: WireMergeBody }>(
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
      const user = authOf(request).user;
      const refusal = nameRefusal(rawName, 'chunkmerge');
      if (refusal) return refusal.toEnvelope();
      if (size > uploads.maxFileBytes()) return refusals.sizeLimit().toEnvelope();
      // No count can be right past the most chunks a file may have: refused before anything is read.
      if (chunks > MAX_UPLOAD_CHUNKS) return refusals.chunkCount().toEnvelope();
      try {
        // The set's own declared size is part of the user's pending bytes: only what is stored counts here.
        const over = await uploads.quotaRefusal(user.id, md5, size, false);
        if (over) return over.toEnvelope();
        const storagePath = await store.merge(user.id, setIdOf(request.body), md5, size, chunks, () =>
          files.readableWithContent(md5, size, user),
        );
        const name = cleanFileName(rawName);
        const relativePath = request.body.webkitRelativePath;
        return ok(uploads.recordFile(user, { name, size, md5, storagePath, serverid, relativePath }));
      } catch (error) {
        return answerRefusal(error);
      }
    },
  );
}
