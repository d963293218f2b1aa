/**
 * Test hooks under /api/__test/ (docs/decisions.md "Test hooks"). Registered only when the server is built with
 * `testHooks` (EDU_TEST_HOOKS=1); a default start answers these paths with 404.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyInstance, FastifyPluginAsync, FastifyRequest } from 'fastify';
import { sessionScope } from '../auth/session-http.ts';
import { findUserByLoginName } from '../auth/session-user.ts';
import { TICKET_TTL_MS } from '../config.ts';
import { anyJson, booleanSchema, envelopeResponse, fail, ok, type JsonSchema } from '../http/envelope.ts';
import { MESSAGES } from '../http/messages.ts';
import { addSchoolStaff, reseed } from '../db/seed.ts';
import type { Services } from '../services.ts';
import type { HookSettings, HookState } from '../testing/hook-state.ts';

const PREFIX = '/api/__test';
const TAGS = ['test hooks'];

/** The control calls themselves are never delayed, failed or counted, so a test can always steer the server. */
const CONTROL_PATHS = new Set(
  ['reset', 'reseed', 'config', 'expire', 'stats', 'upload/config', 'upload/stats', 'upload/sweep', 'voice/config'].map(
    (name) => `${PREFIX}/${name}`,
  ),
);

const pathOf = (url: string): string => url.split('?')[0] ?? url;

/**
 * Root-level onRequest hook that counts every call and applies `delayMs` and `failPaths`. It must be added on the
 * root instance (not inside the plugin) so that it sees every route, 404s included.
 */
export function installTestHookInterceptor(app: FastifyInstance, hooks: HookState): void {
  app.addHook('onRequest', async (request, reply) => {
    const path = pathOf(request.url);
    if (CONTROL_PATHS.has(path)) return;
    hooks.countCall(request.method, path);
    if (hooks.settings.delayMs > 0) await sleep(hooks.settings.delayMs);
    const failure = hooks.takeFailure(path);
    if (!failure) return;
    if (failure.httpStatus === 0) {
      // A dropped connection: the client sees a network error.
      reply.hijack();
      request.raw.socket.destroy();
      return;
    }
    const bodyStatus = failure.bodyStatus ?? failure.httpStatus ?? 500;
    const code = bodyStatus === 401 ? 'invalid_token' : 'injected_failure';
    const message = failure.message ?? (bodyStatus === 401 ? MESSAGES.sessionExpired : MESSAGES.injectedFailure);
    return reply
      .code(failure.bodyStatus !== undefined ? 200 : (failure.httpStatus ?? 500))
      .send(fail(bodyStatus, code, message));
  });
}

const failPathSchema: JsonSchema = {
  type: 'object',
  properties: {
    path: { type: 'string', description: 'Exact path without query, e.g. /api/uaa/oauth/refresh' },
    httpStatus: { type: 'integer', minimum: 0, maximum: 599, description: 'HTTP status; 0 drops the connection' },
    bodyStatus: { type: 'integer', description: 'Envelope status, sent with HTTP 200' },
    count: { type: 'integer', minimum: 0, description: 'Calls to fail; absent means all until reset' },
    message: { type: 'string' },
  },
  required: ['path'],
  additionalProperties: false,
};

const settingsSchema: JsonSchema = {
  type: 'object',
  properties: {
    accessTtlMs: { type: ['integer', 'null'], minimum: 1 },
    refreshTtlMs: { type: ['integer', 'null'], minimum: 1 },
    tamperSignature: { type: 'boolean' },
    delayMs: { type: 'integer', minimum: 0 },
    failPaths: { type: 'array', items: failPathSchema },
    clockOffsetMs: { type: 'integer' },
  },
};

/** The server's state back: hooks and counters (reset), or the seeded data too (reseed); more demo staff. */
function dataControls(app: FastifyInstance, hooks: HookState, { ctx, sessions, login }: Services): void {
  /** Hooks back to defaults, counters zeroed, sessions dropped, login guessing limits cleared. */
  const reset = () => {
    hooks.reset();
    sessions.dropAll();
    login.throttle.clear();
  };

  app.post(
    `${PREFIX}/reset`,
    {
      schema: {
        tags: TAGS,
        summary: 'Hooks back to defaults, counters zeroed, sessions dropped, login guessing limits cleared',
        response: envelopeResponse(booleanSchema),
      },
    },
    async () => {
      reset();
      return ok(true);
    },
  );

  app.post(
    `${PREFIX}/reseed`,
    {
      schema: {
        tags: TAGS,
        summary: 'The demo data as seeded (messages unread, themes, orders, children …), plus everything reset does',
        response: envelopeResponse(booleanSchema),
      },
    },
    async () => {
      reseed(ctx.db, ctx.storageDir, ctx.now());
      reset();
      return ok(true);
    },
  );

  app.post<{ Body: { count: number } }>(
    `${PREFIX}/people`,
    {
      schema: {
        tags: TAGS,
        summary: 'More staff of the school unit, signing in with the demo password (until the next reseed)',
        body: {
          type: 'object',
          properties: { count: { type: 'integer', minimum: 1, maximum: 50 } },
          required: ['count'],
          additionalProperties: false,
        },
        response: envelopeResponse({
          type: 'array',
          items: {
            type: 'object',
            properties: { userId: { type: 'integer' }, loginName: { type: 'string' } },
            required: ['userId', 'loginName'],
          },
        }),
      },
    },
    async (request) => ok(addSchoolStaff(ctx.db, request.body.count, ctx.now())),
  );
}

/** The hooks' settings, a foreign login ticket, every access token expired, and the calls counted. */
function settingControls(app: FastifyInstance, hooks: HookState, { ctx, sessions, grants }: Services): void {
  app.post<{ Body: Partial<HookSettings> }>(
    `${PREFIX}/config`,
    {
      schema: {
        tags: TAGS,
        summary: 'Change token lifetimes, signature tampering, delay, failures and clock offset',
        body: { ...settingsSchema, additionalProperties: false },
        response: envelopeResponse(settingsSchema),
      },
    },
    async (request) => {
      hooks.configure(request.body ?? {});
      return ok(hooks.settings);
    },
  );

  app.post<{ Body: { username: string } }>(
    `${PREFIX}/ticket`,
    {
      schema: {
        tags: TAGS,
        summary:
          "A login ticket for a user, as another system's single sign-on portal issues one: bound to no session of " +
          'this server, so signing out here does not end it',
        body: {
          type: 'object',
          properties: { username: { type: 'string', minLength: 1 } },
          required: ['username'],
          additionalProperties: false,
        },
        response: envelopeResponse({
          type: 'object',
          properties: { ticket: { type: 'string' } },
          required: ['ticket'],
        }),
      },
    },
    async (request) => {
      const user = findUserByLoginName(ctx.db, request.body.username);
      if (!user) return fail(404, 'not_found', MESSAGES.notFound);
      return ok({ ticket: grants.issue('ticket', TICKET_TTL_MS, { userId: user.id }).token });
    },
  );

  app.post(
    `${PREFIX}/expire`,
    {
      schema: {
        tags: TAGS,
        summary: 'Every access token expires now; refresh tokens stay valid',
        response: envelopeResponse(booleanSchema),
      },
    },
    async () => {
      sessions.expireAllAccessTokens();
      return ok(true);
    },
  );

  app.get(
    `${PREFIX}/stats`,
    {
      schema: {
        tags: TAGS,
        summary: 'Calls per "METHOD /path" since the last reset',
        querystring: { type: 'object', properties: { _t: { type: 'string' } } },
        response: envelopeResponse({
          type: 'object',
          properties: { calls: { type: 'object', additionalProperties: { type: 'integer' } } },
          required: ['calls'],
        }),
      },
    },
    async () => ok({ calls: Object.fromEntries(hooks.calls) }),
  );
}

/** The echo of a request (needs a session), with multipart bodies read as the upload calls send them. */
async function echoRoutes(app: FastifyInstance, services: Services): Promise<void> {
  // Encapsulated to this plugin: the echo route also reads multipart bodies, as upload calls send them, so the
  // client's upload tests see what arrived (fields as text, files as {name, size, type}).
  app.addContentTypeParser(
    'multipart/form-data',
    { parseAs: 'buffer' },
    async (request: FastifyRequest, body: Buffer) => {
      const contentType = String(request.headers['content-type'] ?? '');
      const form = await new Response(new Uint8Array(body), { headers: { 'content-type': contentType } }).formData();
      const fields: Record<string, unknown> = {};
      for (const [name, value] of form.entries()) {
        fields[name] = typeof value === 'string' ? value : { name: value.name, size: value.size, type: value.type };
      }
      return fields;
    },
  );

  const echoData: JsonSchema = {
    type: 'object',
    properties: {
      method: { type: 'string' },
      query: { type: 'object', additionalProperties: true },
      body: anyJson,
      headers: { type: 'object', additionalProperties: true },
    },
  };
  const echo = async (request: { method: string; query: unknown; body: unknown; headers: unknown }) =>
    ok({ method: request.method, query: request.query, body: request.body ?? null, headers: request.headers });
  // The echo needs a session.
  await app.register(
    sessionScope(async (session) => {
      // GET and OPTIONS may not declare a body schema, hence two registrations.
      session.route({
        method: ['GET', 'OPTIONS'],
        url: `${PREFIX}/echo`,
        schema: {
          tags: TAGS,
          summary: 'Echo the request (needs a session)',
          querystring: { type: 'object' },
          response: envelopeResponse(echoData),
        },
        handler: echo,
      });
      session.route({
        method: ['POST', 'PUT', 'PATCH', 'DELETE'],
        url: `${PREFIX}/echo`,
        schema: {
          tags: TAGS,
          summary: 'Echo the request (needs a session)',
          querystring: { type: 'object' },
          body: anyJson,
          response: envelopeResponse(echoData),
        },
        handler: echo,
      });
    }),
    services,
  );
}

/** An answer made to order, for the client's error-catalogue tests. */
function envelopeRoute(app: FastifyInstance): void {
  app.post<{ Body: { httpStatus?: number; statusText?: string; body?: unknown; raw?: string } }>(
    `${PREFIX}/envelope`,
    {
      schema: {
        tags: TAGS,
        summary: 'Answer with the posted HTTP status, status text and body (or raw text) verbatim',
        body: {
          type: 'object',
          properties: {
            httpStatus: { type: 'integer', minimum: 100, maximum: 599 },
            statusText: { type: 'string' },
            body: anyJson,
            raw: { type: 'string', description: 'Raw response text, e.g. malformed JSON' },
          },
        },
        response: { default: { description: 'The posted body or raw text' } },
      },
    },
    async (request, reply) => {
      const { httpStatus = 200, statusText, body, raw } = request.body ?? {};
      reply.code(httpStatus);
      if (statusText !== undefined) reply.raw.statusMessage = statusText;
      // A string payload with a content type set is sent as is, bypassing serialization.
      return reply.type('application/json; charset=utf-8').send(raw ?? JSON.stringify(body ?? null));
    },
  );
}

const testHooksPlugin: FastifyPluginAsync<Services> = async (app, services) => {
  const hooks = services.ctx.hooks;
  if (!hooks) throw new Error('test-hooks plugin registered without test hook state');
  // Tests post their settings either way; these routes exist only with test hooks on.
  app.addHook('onRoute', (route) => {
    route.config = { ...route.config, acceptsForm: true };
  });
  dataControls(app, hooks, services);
  settingControls(app, hooks, services);
  await echoRoutes(app, services);
  envelopeRoute(app);
};

export default testHooksPlugin;
