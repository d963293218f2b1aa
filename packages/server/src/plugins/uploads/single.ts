/**
 * The uploads of a whole file in one call: the multipart single upload (streamed to disk while hashed) and the
 * base64 image.
 */
import type { WireBase64ImageBody } from '@edu-portal/core';
import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { authOf } from '../../auth/session-http.ts';
import { envelopeResponse, ok } from '../../http/envelope.ts';
import { cleanFileName, IMAGE_EXTENSIONS } from '../../storage/names.ts';
import { refusals } from '../../storage/refusals.ts';
import { answerRefusal, nameRefusal, type UploadService } from '../../storage/upload-service.ts';
import { readForm } from './form.ts';
import { UPLOAD_ROUTES } from './paths.ts';
import {
  fileDataSchema,
  md5Schema,
  multipartBody,
  nameSchema,
  payloadProperties,
  serverIdSchema,
  skipValidation,
  TAGS,
  uidSchema,
} from './schemas.ts';

export function singleUploadRoute(app: FastifyInstance, uploads: UploadService): void {
  const { store } = uploads;
  app.post(
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
      const limit = uploads.maxFileBytes();
      const left = await uploads.room(user.id);
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
      const over = await uploads.quotaRefusal(user.id, received.md5, received.bytes);
      if (over) {
        await store.discard(received.tempPath);
        return over.toEnvelope();
      }
      const storagePath = await store.publish(received.tempPath, received.md5, received.bytes);
      try {
        return ok(
          uploads.recordFile(user, {
            name: cleanFileName(received.filename),
            size: received.bytes,
            md5: received.md5,
            storagePath,
            serverid: form.fields.serverid,
            relativePath: form.fields.webkitRelativePath,
          }),
        );
      } catch (error) {
        return answerRefusal(error);
      }
    },
  );
}

export function base64ImageRoute(app: FastifyInstance, uploads: UploadService): void {
  app.post<{ Body: WireBase64ImageBody }>(
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
      if (bytes.length > uploads.maxFileBytes()) return refusals.sizeLimit().toEnvelope();
      const user = authOf(request).user;
      const name = `${cleanFileName(fileName).replace(/\.[a-z0-9]{1,10}$/i, '')}.${type}`;
      try {
        const digest = createHash('md5').update(bytes).digest('hex');
        const over = await uploads.quotaRefusal(user.id, digest, bytes.length);
        if (over) return over.toEnvelope();
        const stored = await uploads.store.storeBuffer(bytes);
        const { size, md5, relativePath: storagePath } = stored;
        return ok(uploads.recordFile(user, { name, size, md5, storagePath, serverid }));
      } catch (error) {
        return answerRefusal(error);
      }
    },
  );
}
