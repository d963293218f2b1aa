/**
 * Apps for the viewport loader (spec part 2 §2 "Viewport page", §3 "App manifest", §7 "Viewport"): each directory
 * of `assets/apps/{app}/` is an app with a `manifest.json` (`{fileId}.js` and optionally `{fileId}.css` → address,
 * relative to the manifest or site-absolute) and its files under `static/`.
 *
 *   GET /{app}/manifest.json   → the manifest (HTTP 404 for an unknown app)
 *   GET /{app}/static/{file}   → a script or stylesheet of the app
 *
 * Public, as any page's scripts are; names are checked so that no request leaves the apps directory.
 */
import { readFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { fail } from '../http/envelope.ts';

export const APPS_DIR = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'assets', 'apps');

const TAGS = ['viewport apps'];
/** Plain names only, as the client checks them too (no dots, so no `..`). */
const APP_NAME = /^[A-Za-z0-9_-]{1,64}$/;
const STATIC_FILE = /^[A-Za-z0-9_-]{1,64}(\.[A-Za-z0-9_-]{1,16})*\.(js|css)$/;
const NOT_FOUND = '应用或文件不存在|||No such app or file';

const TYPES: Record<string, string> = {
  js: 'text/javascript; charset=utf-8',
  css: 'text/css; charset=utf-8',
};

const notFound = (reply: FastifyReply) => reply.code(404).send(fail(404, 'not_found', NOT_FOUND));

const viewportAppsPlugin: FastifyPluginAsync = async (app) => {
  app.get<{ Params: { app: string } }>(
    '/:app/manifest.json',
    {
      schema: {
        tags: TAGS,
        summary: "An app's manifest: `{fileId}.js` / `{fileId}.css` → resource address",
        params: { type: 'object', properties: { app: { type: 'string' } }, required: ['app'] },
        response: {
          200: {
            description: 'fileId entries',
            type: 'object',
            additionalProperties: { type: 'string' },
          },
          404: { description: 'No such app', type: 'object', additionalProperties: true },
        },
      },
    },
    async (request, reply) => {
      const name = request.params.app;
      if (!APP_NAME.test(name) || name === 'api') return notFound(reply);
      try {
        const manifest = JSON.parse(await readFile(join(APPS_DIR, name, 'manifest.json'), 'utf8')) as unknown;
        // The manifest names the current files, so the client asks again on every page load.
        return reply.header('cache-control', 'no-cache').send(manifest);
      } catch {
        return notFound(reply);
      }
    },
  );

  app.get<{ Params: { app: string; file: string } }>(
    '/:app/static/:file',
    {
      schema: {
        tags: TAGS,
        summary: 'A script or stylesheet of an app',
        params: {
          type: 'object',
          properties: { app: { type: 'string' }, file: { type: 'string' } },
          required: ['app', 'file'],
        },
        response: {
          200: { description: 'JavaScript or CSS', type: 'string' },
          404: { description: 'No such file', type: 'object', additionalProperties: true },
        },
      },
    },
    async (request, reply) => {
      const { app: name, file } = request.params;
      const type = STATIC_FILE.exec(file)?.[2];
      if (!APP_NAME.test(name) || name === 'api' || !type) return notFound(reply);
      try {
        const body = await readFile(join(APPS_DIR, name, 'static', file), 'utf8');
        return reply.type(TYPES[type]!).header('cache-control', 'public, max-age=300').send(body);
      } catch {
        return notFound(reply);
      }
    },
  );
};

export default viewportAppsPlugin;
