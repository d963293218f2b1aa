/** `GET /api/storage/file/{fileId}`: an uploaded file served back to a caller who may read it, as an attachment. */
import { createReadStream } from 'node:fs';
import { resolve, sep } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { authOf } from '../../auth/session-http.ts';
import { booleanSchema, envelopeSchema } from '../../http/envelope.ts';
import { contentDisposition } from '../../storage/names.ts';
import { refusals } from '../../storage/refusals.ts';
import type { UploadService } from '../../storage/upload-service.ts';
import { UPLOAD_ROUTES } from './paths.ts';
import { TAGS } from './schemas.ts';

export function fileRoute(app: FastifyInstance, uploads: UploadService, storageDir: string): void {
  const { files } = uploads;
  app.get<{ Params: { fileId: string } }>(
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
      const absolute = resolve(storageDir, file.storagePath);
      if (!absolute.startsWith(storageDir + sep)) return notFound();
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
}
