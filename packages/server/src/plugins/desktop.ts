/**
 * Desktop calls of spec part 1 §7 "Desktop, theme, messages": theme, message and to-do counts,
 * unread messages, pop-up to-dos, message configuration, the desktop icons and their order, unread counts per app,
 * app visits and recent apps, and the named themes' stylesheets. Every /api route is in one session scope and acts
 * for the session's own user only (DESIGN §5); the SQL is in desktop/ (themes, messages, todos, visits, apps).
 * Added paths, not in the spec: `popUpBox_handle`, `save_icon_sort`, `recent_apps` (docs/decisions.md "Desktop
 * calls (reference server)").
 */
import { readFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { NAMED_THEMES } from '@edu-portal/core/theme/constants.ts';
import type { FastifyInstance, FastifyPluginAsync, FastifyRequest } from 'fastify';
import { fieldError } from '../auth/login.ts';
import { authOf, sessionScope } from '../auth/session-http.ts';
import { hasRole } from '../auth/session-user.ts';
import { COMMON_PLUGIN_VERSION } from '../config.ts';
import {
  desktopGroups,
  desktopIcons,
  iconGroupSchema,
  iconItemSchema,
  saveIconOrder,
  unreadByCode,
} from '../desktop/apps.ts';
import { forbidden, idSchema, namesOwn, optionalIdSchema } from '../desktop/guards.ts';
import { createMessageRepository, messageSchema } from '../desktop/messages.ts';
import { DESKTOP_FIELD_MESSAGES, DESKTOP_MESSAGES } from '../desktop/texts.ts';
import {
  parseThemeInput,
  saveUserTheme,
  syncUnitTheme,
  themeFor,
  themeJson,
  unitDefaults,
  type ThemeProblem,
} from '../desktop/themes.ts';
import { POPUP_PAGE_SIZE } from '@edu-portal/core/constants.ts';
import { createTodoRepository, MAX_POPUP_PAGE_SIZE, todoPageSchema } from '../desktop/todos.ts';
import { createVisitRepository } from '../desktop/visits.ts';
import { envelopeResponse, fail, looseQuery, ok, type JsonSchema } from '../http/envelope.ts';
import { FIELD_MESSAGES, MESSAGES } from '../http/messages.ts';
import type { ServerContext } from '../context.ts';
import type { Services } from '../services.ts';

const TAGS = ['desktop'];
export const THEME_ASSETS_DIR = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'assets', 'themes');
/** The stylesheets there are: one per named theme, `ink.css` … */
const THEME_FILES: ReadonlySet<string> = new Set(NAMED_THEMES.map((name) => `${name}.css`));

const anyQuery = looseQuery({});
const successSchema: JsonSchema = { type: 'string', enum: ['success'] };
const countSchema: JsonSchema = { type: 'integer', description: 'How many records changed' };

/** Ids posted as a field may also come in the query (the original client put some of them there). */
function postedId(request: FastifyRequest, name: string): string | undefined {
  const body = (request.body ?? {}) as Record<string, unknown>;
  const query = (request.query ?? {}) as Record<string, unknown>;
  const value = body[name] ?? query[name];
  return typeof value === 'string' && value !== '' ? value : undefined;
}

/** A call that changes one record of the session user's own, named by the posted id `field` (body or query). */
interface OwnRecordCall {
  field: string;
  summary: string;
  description: string;
  records: { ownerOf(id: number): number | undefined };
  refusals: { notFound: string; forbidden: string };
  change(id: number): void;
}

/**
 * Registers an own-record call: answers true once changed; 400 without an id, 404 for an unknown record, 403 for
 * another user's.
 */
function postOwnRecordCall(app: FastifyInstance, path: string, call: OwnRecordCall): void {
  const { field, records, refusals } = call;
  app.post(
    path,
    {
      preValidation: emptyBodyAsObject,
      schema: {
        tags: TAGS,
        summary: call.summary,
        description: call.description,
        querystring: looseQuery({ [field]: idSchema }),
        body: { type: 'object', properties: { [field]: idSchema } },
        response: envelopeResponse({ type: 'boolean' }),
      },
    },
    async (request) => {
      const posted = postedId(request, field);
      if (posted === undefined) {
        return fail(400, 'invalid_request', MESSAGES.badRequest, [
          fieldError(request, field, FIELD_MESSAGES.invalidValue),
        ]);
      }
      const id = Number(posted);
      const owner = records.ownerOf(id);
      if (owner === undefined) return fail(404, 'not_found', refusals.notFound);
      if (owner !== authOf(request).user.id) return forbidden(refusals.forbidden);
      call.change(id);
      return ok(true);
    },
  );
}

/** A POST without a body (the id in the query) validates as `{}`: fastify would refuse an undefined body. */
async function emptyBodyAsObject(request: FastifyRequest): Promise<void> {
  request.body ??= {};
}

/** The named themes' stylesheets: public, like every static file. */
const themeStylesheets: FastifyPluginAsync = async (app) => {
  app.get<{ Params: { version: string; file: string } }>(
    '/common/plugins/common-ph/:version/css/:file',
    {
      schema: {
        tags: TAGS,
        summary: 'Stylesheet of a named theme: ink.css, lotus.css or cartoon.css (HTTP 404 for anything else)',
        params: {
          type: 'object',
          properties: { version: { type: 'string' }, file: { type: 'string' } },
          required: ['version', 'file'],
        },
        response: {
          200: { description: 'text/css', type: 'string' },
          404: { description: 'No such stylesheet', type: 'object', additionalProperties: true },
        },
      },
    },
    async (request, reply) => {
      const { version, file } = request.params;
      if (version !== COMMON_PLUGIN_VERSION || !THEME_FILES.has(file)) {
        return reply.code(404).send(fail(404, 'not_found', MESSAGES.fileNotFound));
      }
      const css = await readFile(join(THEME_ASSETS_DIR, file), 'utf8');
      return reply.type('text/css; charset=utf-8').header('cache-control', 'public, max-age=3600').send(css);
    },
  );
};

/** The theme in force and its saving. */
function themeCalls(app: FastifyInstance, ctx: ServerContext): void {
  const { db } = ctx;
  app.get(
    '/api/base/my_desktop/color',
    {
      schema: {
        tags: TAGS,
        summary: 'The theme in force for the session user, as the JSON string {theme, lang, layout}',
        description:
          "The user's own setting, else the unit's setting synced by an admin, else #457CD6 with the unit's " +
          'default language and style layout. An admin sync replaces every own setting of the unit.',
        querystring: anyQuery,
        response: envelopeResponse({ type: 'string', description: 'JSON {theme, lang, layout}' }),
      },
    },
    async (request) => ok(themeJson(themeFor(db, authOf(request).user))),
  );

  app.post<{ Body: { type?: string; theme?: unknown } }>(
    '/api/base/desktop/settheme',
    {
      schema: {
        tags: TAGS,
        summary: "Save the user's own theme (type color) or, as an admin, every user's of the unit (default_color)",
        description:
          '`theme` is the JSON `{theme, lang, layout?}` (a string, or an object in a JSON body). `default_color` ' +
          'needs the XX_SYS_ role on base (others: 403) and overrides the own setting of every user of the unit.',
        querystring: anyQuery,
        body: {
          type: 'object',
          properties: {
            type: { type: 'string', enum: ['color', 'default_color'] },
            theme: { anyOf: [{ type: 'string', maxLength: 2000 }, { type: 'object' }] },
          },
          required: ['type', 'theme'],
        },
        response: envelopeResponse(successSchema),
      },
    },
    async (request) => {
      const { user } = authOf(request);
      const { type, theme } = request.body;
      if (type === 'default_color' && !hasRole(db, user.id)) return forbidden(DESKTOP_MESSAGES.themeSyncAdminOnly);
      const parsed = parseThemeInput(theme, unitDefaults(db, user.unitId));
      if ('problems' in parsed) {
        const text: Record<ThemeProblem, (typeof DESKTOP_FIELD_MESSAGES)['badTheme']> = {
          theme: DESKTOP_FIELD_MESSAGES.badTheme,
          lang: DESKTOP_FIELD_MESSAGES.badLang,
          layout: DESKTOP_FIELD_MESSAGES.badLayout,
        };
        return fail(
          400,
          'invalid_request',
          DESKTOP_MESSAGES.badTheme,
          parsed.problems.map((problem) => fieldError(request, `theme.${problem}`, text[problem])),
        );
      }
      if (type === 'default_color') syncUnitTheme(db, user, parsed.setting, ctx.now());
      else saveUserTheme(db, user.id, parsed.setting, ctx.now());
      return ok('success' as const);
    },
  );
}

/** Message and to-do counts, unread messages, pop-up to-dos and the message configuration. */
function messageCalls(app: FastifyInstance, ctx: ServerContext): void {
  const messages = createMessageRepository(ctx);
  const todos = createTodoRepository(ctx);
  app.get(
    '/api/base/desktop/unhandlecount',
    {
      schema: {
        tags: TAGS,
        summary: "The session user's open pop-up to-dos and unread messages",
        querystring: anyQuery,
        response: envelopeResponse({
          type: 'object',
          properties: { todo: { type: 'integer' }, message: { type: 'integer' } },
          required: ['todo', 'message'],
        }),
      },
    },
    async (request) => {
      const { user } = authOf(request);
      return ok({ todo: todos.openCount(user.id), message: messages.unreadCount(user.id) });
    },
  );

  app.get(
    '/api/base/desktop/message_select_not_read',
    {
      schema: {
        tags: TAGS,
        summary: "The session user's unread messages, newest first",
        querystring: anyQuery,
        response: envelopeResponse({ type: 'array', items: messageSchema }),
      },
    },
    async (request) => ok(messages.unread(authOf(request).user.id)),
  );

  app.post(
    '/api/base/desktop/message_update_status_by_me',
    {
      schema: {
        tags: TAGS,
        summary: 'Ignore all: marks every unread message of the session user read (data: how many)',
        querystring: anyQuery,
        response: envelopeResponse(countSchema),
      },
    },
    async (request) => ok(messages.markAllRead(authOf(request).user.id)),
  );

  postOwnRecordCall(app, '/api/base/desktop/message_update_statusby_id', {
    field: 'desktopMessageId',
    summary: 'Marks one message read for the session user (its owner); another user’s message: 403',
    description: '`desktopMessageId` in the body (JSON or form) or the query. Unknown id: 404.',
    records: messages,
    refusals: { notFound: DESKTOP_MESSAGES.messageNotFound, forbidden: DESKTOP_MESSAGES.messageForbidden },
    change: (id) => messages.markRead(id),
  });

  app.get<{ Querystring: { start?: number; size?: number } }>(
    '/api/base/desktop/popUpBox_select',
    {
      schema: {
        tags: TAGS,
        summary: "A page of the session user's open pop-up to-dos, newest first: {list, pages, total}",
        description: '`start` is the 1-based page (default 1), `size` the page size (default 3, at most 50).',
        querystring: looseQuery({
          start: { type: 'integer', minimum: 1, default: 1 },
          size: { type: 'integer', minimum: 1, maximum: MAX_POPUP_PAGE_SIZE, default: POPUP_PAGE_SIZE },
        }),
        response: envelopeResponse(todoPageSchema),
      },
    },
    async (request) => {
      const { start = 1, size = POPUP_PAGE_SIZE } = request.query;
      return ok(todos.openPage(authOf(request).user.id, start, size));
    },
  );

  postOwnRecordCall(app, '/api/base/desktop/popUpBox_handle', {
    field: 'id',
    summary: 'Marks a pop-up to-do of the session user handled (not in the spec); another user’s: 403',
    description: '`id` in the body (JSON or form) or the query. Unknown id: 404. Handling twice is fine.',
    records: todos,
    refusals: { notFound: DESKTOP_MESSAGES.todoNotFound, forbidden: DESKTOP_MESSAGES.todoForbidden },
    change: (id) => todos.markHandled(id),
  });

  app.get(
    '/api/base/desktop/getMessageConfig',
    {
      schema: {
        tags: TAGS,
        summary: "The message configuration of the session user's unit: {config: JSON string with pcOpen}",
        querystring: anyQuery,
        response: envelopeResponse({
          type: 'object',
          properties: { config: { type: 'string', description: 'JSON {pcOpen: boolean}' } },
          required: ['config'],
        }),
      },
    },
    async (request) => ok({ config: messages.unitConfig(authOf(request).user.unitId) }),
  );
}

/** The desktop icons, their order and unread counts per app. */
function iconCalls(app: FastifyInstance, { db }: ServerContext): void {
  app.get<{ Querystring: { userId?: string; unitId?: string; appType?: number } }>(
    '/api/base/desktop/my_app_icon',
    {
      schema: {
        tags: TAGS,
        summary: "The session user's desktop: icon groups by category, in the user's saved order",
        description:
          'Apps of the unit for the user type (frontUserType; a type 1 account gets all its unit has). Hidden ' +
          'apps (updateStatus 0) are included; the client hides them. `userId`/`unitId` naming another: 403.',
        querystring: looseQuery({
          userId: optionalIdSchema,
          unitId: optionalIdSchema,
          appType: { type: 'integer', default: 1 },
        }),
        response: envelopeResponse({ type: 'array', items: iconGroupSchema }),
      },
    },
    async (request) => {
      const { user } = authOf(request);
      const { userId, unitId, appType } = request.query;
      if (!namesOwn(userId, user.id) || !namesOwn(unitId, user.unitId)) return forbidden();
      return ok(desktopGroups(db, user, appType ?? 1));
    },
  );

  app.post<{ Body: { codes: string[] } }>(
    '/api/base/desktop/save_icon_sort',
    {
      schema: {
        tags: TAGS,
        summary: "Saves the session user's icon order (not in the spec); user types 2 and 4 only, others 403",
        description:
          '`codes`: app codes in the new order (JSON array; a form may repeat `codes` or send a comma list). ' +
          'Apps left out follow in the default order; an empty list goes back to the default order. A code that ' +
          'is not on the user’s desktop: 400.',
        querystring: anyQuery,
        body: {
          type: 'object',
          properties: {
            codes: { type: 'array', maxItems: 500, items: { type: 'string', maxLength: 2000 } },
          },
          required: ['codes'],
        },
        response: envelopeResponse({ type: 'boolean' }),
      },
    },
    async (request) => {
      const { user } = authOf(request);
      if (user.type !== 2 && user.type !== 4) return forbidden(DESKTOP_MESSAGES.reorderForbidden);
      const codes = [
        ...new Set(
          request.body.codes
            .flatMap((entry) => entry.split(','))
            .map((code) => code.trim())
            .filter(Boolean),
        ),
      ];
      const mine = new Set(desktopIcons(db, user).map((icon) => icon.code));
      const unknown = codes.filter((code) => !mine.has(code));
      if (unknown.length) {
        return fail(
          400,
          'invalid_request',
          DESKTOP_MESSAGES.unknownApps,
          unknown.map((code) => {
            const error = fieldError(request, 'codes', DESKTOP_FIELD_MESSAGES.unknownApp);
            return { ...error, message: `${error.message}: ${code}` };
          }),
        );
      }
      saveIconOrder(db, user.id, codes);
      return ok(true);
    },
  );

  app.get(
    '/api/base/desktop/unReadCodeCount',
    {
      schema: {
        tags: TAGS,
        summary: 'Unread messages plus open to-dos of the session user per module code: [{code, num}]',
        querystring: anyQuery,
        response: envelopeResponse({
          type: 'array',
          items: {
            type: 'object',
            properties: { code: { type: 'string' }, num: { type: 'integer' } },
            required: ['code', 'num'],
          },
        }),
      },
    },
    async (request) => ok([...unreadByCode(db, authOf(request).user.id)].map(([code, num]) => ({ code, num }))),
  );
}

/** App visits and recent apps. */
function visitCalls(app: FastifyInstance, ctx: ServerContext): void {
  const visits = createVisitRepository(ctx);
  app.post<{
    Body: { userId?: string; userType?: number; unitId?: string; resId: string; resName?: string; type?: number };
  }>(
    '/api/base/user_access_detail',
    {
      schema: {
        tags: TAGS,
        summary: 'Records that the session user opened an app (resId = app code); feeds recent_apps',
        description: '`userId`, `userType` and `unitId`, when sent, must be the session’s own (else 403).',
        querystring: anyQuery,
        body: {
          type: 'object',
          properties: {
            userId: optionalIdSchema,
            userType: { type: 'integer' },
            unitId: optionalIdSchema,
            resId: { type: 'string', minLength: 1, maxLength: 100 },
            resName: { type: 'string', maxLength: 200, default: '' },
            type: { type: 'integer', default: 1 },
          },
          required: ['resId'],
        },
        response: envelopeResponse({ type: 'boolean' }),
      },
    },
    async (request) => {
      const { user } = authOf(request);
      const { userId, userType, unitId, resId, resName, type } = request.body;
      if (!namesOwn(userId, user.id) || !namesOwn(unitId, user.unitId)) return forbidden();
      if (userType !== undefined && userType !== user.type) return forbidden(DESKTOP_MESSAGES.accessMismatch);
      visits.record(user, { resId, resName: resName ?? '', type: type ?? 1 });
      return ok(true);
    },
  );

  app.get(
    '/api/base/desktop/recent_apps',
    {
      schema: {
        tags: TAGS,
        summary: "The session user's recently opened apps, most recent first, at most 10 (not in the spec)",
        description: 'Icon items of apps still on the desktop, each with `accessTime` (epoch ms of the last open).',
        querystring: anyQuery,
        response: envelopeResponse({
          type: 'array',
          items: {
            ...iconItemSchema,
            properties: {
              ...(iconItemSchema.properties as Record<string, unknown>),
              accessTime: { type: 'integer' },
            },
          },
        }),
      },
    },
    async (request) => ok(visits.recentApps(authOf(request).user)),
  );
}

/** Everything else: the session user's own desktop. */
const sessionCalls: FastifyPluginAsync<Services> = async (app, { ctx }) => {
  themeCalls(app, ctx);
  messageCalls(app, ctx);
  iconCalls(app, ctx);
  visitCalls(app, ctx);
};

const desktopPlugin: FastifyPluginAsync<Services> = async (app, services) => {
  await app.register(themeStylesheets);
  await app.register(sessionScope(sessionCalls), services);
};

export default desktopPlugin;
