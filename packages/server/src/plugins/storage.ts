/**
 * Stored files: unit logos (spec part 1 §7 `GET /api/storage/show/{unitId}` … `/unit/{unitId}`), app icons and
 * avatars. Files live under `<dataDir>/storage`; the `files` table knows their type and whether they are public
 * (logos and icons appear on the login page, before any session exists).
 */
import { createReadStream } from 'node:fs';
import { resolve, sep } from 'node:path';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { resolveSession } from '../auth/session-http.ts';
import { fail } from '../http/envelope.ts';
import { MESSAGES } from '../http/messages.ts';
import type { Services } from '../services.ts';

interface FileRow {
  id: number;
  name: string;
  mime: string;
  size: number;
  md5: string;
  storage_path: string;
  is_public: number;
  owner_user_id: number | null;
}

const TAGS = ['storage'];
const binaryResponse = {
  200: { description: 'The file content', type: 'string', format: 'binary' },
  404: { description: 'No such file', type: 'object', additionalProperties: true },
};

const storagePlugin: FastifyPluginAsync<Services> = async (app, { ctx, sessions }) => {
  function sendFile(request: FastifyRequest, reply: FastifyReply, file: FileRow | undefined) {
    const notFound = () => reply.code(404).send(fail(404, 'not_found', MESSAGES.fileNotFound));
    if (!file) return notFound();
    // Private files need a session: their owner or anyone of the owner's unit may see them.
    if (!file.is_public) {
      const auth = resolveSession(ctx, sessions, request);
      const owner = file.owner_user_id;
      const sameUnit =
        auth &&
        owner !== null &&
        !!ctx.db.prepare('SELECT 1 FROM users WHERE id = ? AND unit_id = ?').get(owner, auth.user.unitId);
      if (!auth || !sameUnit) return notFound();
    }
    const absolute = resolve(ctx.storageDir, file.storage_path);
    if (!absolute.startsWith(ctx.storageDir + sep)) return notFound();
    if (request.headers['if-none-match'] === `"${file.md5}"`) return reply.code(304).send();
    return reply
      .header('content-type', file.mime)
      .header('content-length', file.size)
      .header('etag', `"${file.md5}"`)
      .header('cache-control', file.is_public ? 'public, max-age=3600' : 'private, max-age=0')
      .send(createReadStream(absolute));
  }

  app.get<{ Params: { unitId: string } }>(
    '/api/storage/show/unit/:unitId',
    {
      schema: {
        tags: TAGS,
        summary: 'The logo of a unit (HTTP 404 when none, so the client shows its default logo)',
        params: {
          type: 'object',
          properties: { unitId: { type: 'string', pattern: '^[0-9]+$' } },
          required: ['unitId'],
        },
        response: binaryResponse,
      },
    },
    async (request, reply) => {
      const file = ctx.db
        .prepare('SELECT f.* FROM units u JOIN files f ON f.id = u.logo_file_id WHERE u.id = ?')
        .get(Number(request.params.unitId)) as FileRow | undefined;
      return sendFile(request, reply, file);
    },
  );

  app.get<{ Params: { fileId: string } }>(
    '/api/storage/show/:fileId',
    {
      schema: {
        tags: TAGS,
        summary: 'A stored file by id',
        params: {
          type: 'object',
          properties: { fileId: { type: 'string', pattern: '^[0-9]+$' } },
          required: ['fileId'],
        },
        response: binaryResponse,
      },
    },
    async (request, reply) => {
      const file = ctx.db.prepare('SELECT * FROM files WHERE id = ?').get(Number(request.params.fileId)) as
        FileRow | undefined;
      return sendFile(request, reply, file);
    },
  );
};

export default storagePlugin;
