/**
 * Stored files: unit logos (spec part 1 §7 `GET /api/storage/show/{unitId}` … `/unit/{unitId}`), app icons and
 * avatars. Files live under `<dataDir>/storage`; the `files` table knows their type and whether they are public
 * (logos and icons appear on the login page, before any session exists). Every file is served with
 * `X-Content-Type-Options: nosniff`, and one a browser could run or render as a document (HTML, SVG, XML, scripts)
 * only as an attachment, so no stored file becomes a page of the portal's origin (docs/decisions.md "Upload
 * storage security").
 */
import { createReadStream } from 'node:fs';
import { resolve, sep } from 'node:path';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { resolveSession } from '../auth/session-http.ts';
import { booleanSchema, envelopeSchema, fail } from '../http/envelope.ts';
import { MESSAGES } from '../http/messages.ts';
import type { Services } from '../services.ts';
import { contentDisposition, isAttachmentOnly } from '../storage/names.ts';
import { createUploadRepository, type FileRecord } from '../storage/repository.ts';

const TAGS = ['storage'];
/**
 * The 200 answer is a stream; the 404 answer is the envelope. Ids are not validated by the schema: a refused
 * parameter would answer an envelope with HTTP 200, which the binary 200 schema turned into `[object Object]`; an id
 * that is not a number is an unknown id (404) instead.
 */
const idParams = (name: string) => ({
  type: 'object',
  properties: { [name]: { type: 'string', description: 'A number; anything else is unknown (404)' } },
  required: [name],
});
/** The number an id parameter names, or null when it names none. */
const idOf = (value: string): number | null => (/^[0-9]{1,15}$/.test(value) ? Number(value) : null);
const binaryResponse = {
  200: {
    description: 'The file content',
    content: { 'application/octet-stream': { schema: { type: 'string', format: 'binary' } } },
  },
  404: envelopeSchema(booleanSchema, "No such file: the envelope {status: 404, code: 'not_found'}"),
};

const storagePlugin: FastifyPluginAsync<Services> = async (app, { ctx, sessions }) => {
  const files = createUploadRepository(ctx);

  function sendFile(request: FastifyRequest, reply: FastifyReply, file: FileRecord | undefined) {
    const notFound = () => reply.code(404).send(fail(404, 'not_found', MESSAGES.fileNotFound));
    if (!file) return notFound();
    // Private files need a session: their owner or anyone of the owner's unit may see them.
    if (!file.isPublic) {
      const auth = resolveSession(ctx, sessions, request);
      if (!auth || !files.canRead(file, auth.user)) return notFound();
    }
    const absolute = resolve(ctx.storageDir, file.storagePath);
    if (!absolute.startsWith(ctx.storageDir + sep)) return notFound();
    if (isAttachmentOnly(file.name, file.mime)) reply.header('content-disposition', contentDisposition(file.name));
    if (request.headers['if-none-match'] === `"${file.md5}"`) return reply.code(304).send();
    return reply
      .header('content-type', file.mime)
      .header('content-length', file.size)
      .header('etag', `"${file.md5}"`)
      .header('cache-control', file.isPublic ? 'public, max-age=3600' : 'private, max-age=0')
      .send(createReadStream(absolute));
  }

  /** A file found by the id a path parameter names (an id that is not a number names none). */
  const showRoute = (path: string, param: string, summary: string, find: (id: number) => FileRecord | undefined) =>
    app.get<{ Params: Record<string, string> }>(
      path,
      { schema: { tags: TAGS, summary, params: idParams(param), response: binaryResponse } },
      async (request, reply) => {
        const id = idOf(request.params[param] ?? '');
        return sendFile(request, reply, id === null ? undefined : find(id));
      },
    );

  showRoute(
    '/api/storage/show/unit/:unitId',
    'unitId',
    'The logo of a unit (HTTP 404 when none, so the client shows its default logo)',
    (unitId) => files.unitLogo(unitId),
  );
  showRoute('/api/storage/show/:fileId', 'fileId', 'A stored file by id', (fileId) => files.findById(fileId));
};

export default storagePlugin;
