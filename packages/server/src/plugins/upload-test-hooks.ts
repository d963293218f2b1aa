/**
 * Test-hook controls of uploads under /api/__test/upload/ (EDU_TEST_HOOKS=1 only; docs/decisions.md "Test
 * hooks"): chunk failures, drops and delays, the server's size limit and quotas, what arrived, and the sweep run now.
 */
import type { FastifyPluginAsync } from 'fastify';
import { envelopeResponse, ok, type JsonSchema } from '../http/envelope.ts';
import type { UploadHookSettings } from '../testing/upload-hooks.ts';
import type { UploadPluginOptions } from './uploads.ts';

const PREFIX = '/api/__test/upload';
const TAGS = ['test hooks'];

const rate: JsonSchema = { type: 'number', minimum: 0, maximum: 1 };
const settingsSchema: JsonSchema = {
  type: 'object',
  properties: {
    chunkFailRate: { ...rate, description: 'Share of chunk uploads answered HTTP 500 (every 1/rate-th)' },
    chunkDropRate: { ...rate, description: 'Share of chunk uploads whose connection is dropped' },
    chunkDelayMs: { type: 'integer', minimum: 0 },
    maxFileBytes: { type: ['integer', 'null'], minimum: 0, description: "The server's size limit; null: configured" },
    userMaxBytes: { type: ['integer', 'null'], minimum: 0, description: 'Per-user stored bytes; null: configured' },
    userMaxFiles: { type: ['integer', 'null'], minimum: 0, description: 'Per-user file records; null: configured' },
    userMaxPendingSets: {
      type: ['integer', 'null'],
      minimum: 0,
      description: 'Per-user chunk sets in progress; null: configured',
    },
    extensions: { type: 'boolean', description: 'False: no capabilities call, as a server without the extensions' },
  },
};

const uploadTestHooksPlugin: FastifyPluginAsync<UploadPluginOptions> = async (app, { ctx, store, config }) => {
  const hooks = ctx.hooks?.upload;
  if (!hooks) throw new Error('upload test hooks registered without test hook state');

  app.post<{ Body: Partial<UploadHookSettings> }>(
    `${PREFIX}/config`,
    {
      schema: {
        tags: TAGS,
        summary:
          'Fail, drop or delay chunk uploads, or change the size limit or the per-user quotas (reset restores the ' +
          'defaults)',
        body: { ...settingsSchema, additionalProperties: false },
        response: envelopeResponse(settingsSchema),
      },
    },
    async (request) => {
      hooks.configure(request.body ?? {});
      return ok(hooks.settings);
    },
  );

  app.get(
    `${PREFIX}/stats`,
    {
      schema: {
        tags: TAGS,
        summary: 'Chunk uploads received, stored, failed and dropped since the last reset; stored chunks per MD5',
        querystring: { type: 'object', properties: { _t: { type: 'string' } } },
        response: envelopeResponse({
          type: 'object',
          properties: {
            received: { type: 'integer' },
            stored: { type: 'integer' },
            failed: { type: 'integer' },
            dropped: { type: 'integer' },
            chunks: { type: 'object', additionalProperties: { type: 'array', items: { type: 'integer' } } },
            rssBytes: { type: 'integer', description: "The server's resident memory now" },
          },
          required: ['received', 'stored', 'failed', 'dropped', 'chunks', 'rssBytes'],
        }),
      },
    },
    async () => ok(hooks.snapshot()),
  );

  app.post<{ Body: { maxAgeMs?: number } }>(
    `${PREFIX}/sweep`,
    {
      schema: {
        tags: TAGS,
        summary: 'Sweep abandoned chunk sets and temp files now (older than maxAgeMs, default the configured age)',
        body: {
          type: 'object',
          properties: { maxAgeMs: { type: 'integer', minimum: 0 } },
          additionalProperties: false,
        },
        response: envelopeResponse({
          type: 'object',
          properties: { chunkSets: { type: 'integer' }, tempFiles: { type: 'integer' } },
          required: ['chunkSets', 'tempFiles'],
        }),
      },
    },
    async (request) => ok(await store.sweep(request.body?.maxAgeMs ?? config.chunkSetMaxAgeMs)),
  );
};

export default uploadTestHooksPlugin;
