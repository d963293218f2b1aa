/**
 * Static assets: the language packs of spec part 2 §4/§7 (flat key → text JSON maps from `assets/lang`), and,
 * when a directory is given, the built demo host at `/`.
 *
 *   GET /common/plugins/common-ph/{version}/lang/{lang}-ph.json  → assets/lang/common-ph/{version}/{file}
 *   GET /{rootPath}/{code}/lang/{lang}-{appCode}.json            → assets/lang/{rootPath}/{code}/{file}
 */
import { readFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { fail } from '../http/envelope.ts';
import { MESSAGES } from '../http/messages.ts';

export const LANG_ASSETS_DIR = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'assets', 'lang');

const TAGS = ['language packs'];
const SEGMENT = /^[A-Za-z0-9_.-]+$/;
const LANG_FILE = /^[A-Za-z0-9_-]+\.json$/;

const languagePackResponse = {
  200: { description: 'Flat map of message keys to text', type: 'object', additionalProperties: { type: 'string' } },
  404: { description: 'No such language pack', type: 'object', additionalProperties: true },
};

export interface StaticAssetsOptions {
  /** Directory of the built demo host, served at `/`; none in API-only starts. */
  staticDir?: string;
}

/** A blue rounded square with a white book: the portal's colour (#457CD6), readable at 16 px. */
const FAVICON_SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32">' +
  '<rect width="32" height="32" rx="7" fill="#457CD6"/>' +
  '<path d="M8 9h7a2 2 0 0 1 1 .3A2 2 0 0 1 17 9h7v14h-7a1 1 0 0 0-1 1 1 1 0 0 0-1-1H8z" fill="#fff"/>' +
  '<path d="M16 10v13" stroke="#457CD6" stroke-width="1.2"/></svg>';

const staticAssetsPlugin: FastifyPluginAsync<StaticAssetsOptions> = async (app, { staticDir }) => {
  async function sendLanguagePack(reply: FastifyReply, ...segments: string[]) {
    // Checked here rather than by the params schema so that a bad name is a 404 like any unknown pack; the
    // check also keeps every path inside the assets directory.
    const fileName = segments.at(-1) ?? '';
    if (!LANG_FILE.test(fileName) || segments.some((segment) => !SEGMENT.test(segment) || /^\.+$/.test(segment))) {
      return reply.code(404).send(fail(404, 'not_found', MESSAGES.fileNotFound));
    }
    try {
      const text = await readFile(join(LANG_ASSETS_DIR, ...segments), 'utf8');
      JSON.parse(text); // refuse to serve a broken pack as if it were fine
      return reply.type('application/json; charset=utf-8').header('cache-control', 'public, max-age=3600').send(text);
    } catch {
      return reply.code(404).send(fail(404, 'not_found', MESSAGES.fileNotFound));
    }
  }

  app.get<{ Params: { version: string; file: string } }>(
    '/common/plugins/common-ph/:version/lang/:file',
    {
      schema: {
        tags: TAGS,
        summary: 'The common language pack, e.g. en-ph.json',
        params: {
          type: 'object',
          properties: { version: { type: 'string' }, file: { type: 'string' } },
          required: ['version', 'file'],
        },
        response: languagePackResponse,
      },
    },
    async (request, reply) => sendLanguagePack(reply, 'common-ph', request.params.version, request.params.file),
  );

  app.get<{ Params: { rootPath: string; code: string; file: string } }>(
    '/:rootPath/:code/lang/:file',
    {
      schema: {
        tags: TAGS,
        summary: "A module's language pack, e.g. /pages/base/lang/en-desktop.json",
        params: {
          type: 'object',
          properties: {
            rootPath: { type: 'string' },
            code: { type: 'string' },
            file: { type: 'string' },
          },
          required: ['rootPath', 'code', 'file'],
        },
        response: languagePackResponse,
      },
    },
    async (request, reply) => {
      const { rootPath, code, file } = request.params;
      if (rootPath === 'api' || rootPath === 'common-ph') return reply.callNotFound();
      return sendLanguagePack(reply, rootPath, code, file);
    },
  );

  // The site's icon, so that pages without an icon link (the server-rendered login and error pages) do not ask for
  // a missing /favicon.ico. A built demo's own favicon.ico is not looked for: this one serves every page.
  app.get('/favicon.ico', { schema: { hide: true } }, async (_request, reply) =>
    reply.type('image/svg+xml').header('cache-control', 'public, max-age=86400').send(FAVICON_SVG),
  );

  if (staticDir) {
    await app.register(fastifyStatic, { root: staticDir, prefix: '/', index: ['index.html'], decorateReply: false });
  }
};

export default staticAssetsPlugin;
