/**
 * Desktop calls of spec part 1 §7 "Desktop, theme, messages" (issue 5): theme, message and to-do counts,
 * unread messages, pop-up to-dos, message configuration, the desktop icons and their order, unread counts per app,
 * app visits and recent apps, and the named themes' stylesheets. Every /api route needs a session and acts for the
 * session's own user only (DESIGN §5). Added paths, not in the spec: `popUpBox_handle`, `save_icon_sort`,
 * `recent_apps` (docs/decisions.md "Desktop calls (reference server)").
 */
import { readFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { fieldError } from '../auth/login.ts';
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
import { authOf, forbidden, idSchema, namesOwn, optionalIdSchema } from '../desktop/guards.ts';
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
import { envelopeResponse, fail, looseQuery, ok, type JsonSchema } from '../http/envelope.ts';
import { FIELD_MESSAGES, MESSAGES } from '../http/messages.ts';
import type { Services } from '../services.ts';

const TAGS = ['desktop'];
export const THEME_ASSETS_DIR = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'assets', 'themes');
const THEME_FILE = /^(ink|lotus|cartoon)\.css$/;

/** Pop-up to-dos a page (spec part 1 §9) and the largest page a caller may ask for. */
export const POPUP_PAGE_SIZE = 3;
const MAX_POPUP_PAGE_SIZE = 50;
/** Spec part 1 §9: the recent-apps list holds at most 10 per user. */
export const RECENT_APPS_LIMIT = 10;
/** Visits kept per user; older rows are dropped when a visit is recorded. */
const ACCESS_LOG_KEEP = 200;

const anyQuery = looseQuery({});
const successSchema: JsonSchema = { type: 'string', enum: ['success'] };
const countSchema: JsonSchema = { type: 'integer', description: 'How many records changed' };

const messageSchema: JsonSchema = {
  type: 'object',
  description: 'Message (spec part 1 §3)',
  properties: {
    id: { type: 'string' },
    messageMeno: { type: 'string' },
    messageDate: { type: 'integer', description: 'Epoch milliseconds' },
    module: { type: 'string' },
    importance: { type: 'integer', minimum: 1, maximum: 5 },
    url: { type: 'string' },
    openWay: { type: 'integer', description: '1 opens the module-expiry dialog' },
    content: { type: 'string', description: 'openWay 1: JSON list [{code, endTime}] (epoch ms); else empty' },
  },
  required: ['id', 'messageMeno', 'messageDate', 'module', 'importance', 'url', 'openWay', 'content'],
};

const todoSchema: JsonSchema = {
  type: 'object',
  description: 'Pop-up to-do reminder',
  properties: {
    id: { type: 'string' },
    title: { type: 'string' },
    content: { type: 'string' },
    module: { type: 'string' },
    url: { type: 'string' },
    importance: { type: 'integer', minimum: 1, maximum: 5 },
    createTime: { type: 'integer', description: 'Epoch milliseconds' },
  },
  required: ['id', 'title', 'content', 'module', 'url', 'importance', 'createTime'],
};

interface MessageRow {
  id: number;
  userId: number;
  messageMeno: string;
  messageDate: number;
  module: string;
  importance: number;
  url: string;
  openWay: number;
  content: string;
  readAt: number | null;
}

interface TodoRow {
  id: number;
  userId: number;
  title: string;
  content: string;
  module: string;
  url: string;
  importance: number;
  createTime: number;
  handledAt: number | null;
}

const SELECT_MESSAGES = `SELECT id, user_id AS userId, message_meno AS messageMeno, message_date AS messageDate, module,
  importance, url, open_way AS openWay, content, read_at AS readAt FROM messages`;
const SELECT_TODOS = `SELECT id, user_id AS userId, title, content, module, url, importance, created_at AS createTime,
  handled_at AS handledAt FROM popup_todos`;

const toMessage = (row: MessageRow) => ({
  id: String(row.id),
  messageMeno: row.messageMeno,
  messageDate: row.messageDate,
  module: row.module,
  importance: row.importance,
  url: row.url,
  openWay: row.openWay,
  content: row.openWay === 1 ? row.content || '[]' : row.content,
});

const toTodo = (row: TodoRow) => ({
  id: String(row.id),
  title: row.title,
  content: row.content,
  module: row.module,
  url: row.url,
  importance: row.importance,
  createTime: row.createTime,
});

/** Ids posted as a field may also come in the query (the original client put some of them there). */
function postedId(request: FastifyRequest, name: string): string | undefined {
  const body = (request.body ?? {}) as Record<string, unknown>;
  const query = (request.query ?? {}) as Record<string, unknown>;
  const value = body[name] ?? query[name];
  return typeof value === 'string' && value !== '' ? value : undefined;
}

/** A POST without a body (the id in the query) validates as `{}`: fastify would refuse an undefined body. */
async function emptyBodyAsObject(request: FastifyRequest): Promise<void> {
  request.body ??= {};
}

const desktopPlugin: FastifyPluginAsync<Services> = async (app, { ctx, requireSession }) => {
  const { db } = ctx;

  // ---- Theme -------------------------------------------------------------------------------------------------

  app.get(
    '/api/base/my_desktop/color',
    {
      preHandler: requireSession,
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
      preHandler: requireSession,
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
      if (version !== COMMON_PLUGIN_VERSION || !THEME_FILE.test(file)) {
        return reply.code(404).send(fail(404, 'not_found', MESSAGES.fileNotFound));
      }
      const css = await readFile(join(THEME_ASSETS_DIR, file), 'utf8');
      return reply
        .type('text/css; charset=utf-8')
        .header('cache-control', 'public, max-age=3600')
        .header('x-content-type-options', 'nosniff')
        .send(css);
    },
  );

  // ---- Messages and to-dos -----------------------------------------------------------------------------------

  const unreadMessageCount = (userId: number) =>
    (
      db.prepare('SELECT COUNT(*) AS n FROM messages WHERE user_id = ? AND read_at IS NULL').get(userId) as {
        n: number;
      }
    ).n;
  const openTodoCount = (userId: number) =>
    (
      db.prepare('SELECT COUNT(*) AS n FROM popup_todos WHERE user_id = ? AND handled_at IS NULL').get(userId) as {
        n: number;
      }
    ).n;

  app.get(
    '/api/base/desktop/unhandlecount',
    {
      preHandler: requireSession,
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
      return ok({ todo: openTodoCount(user.id), message: unreadMessageCount(user.id) });
    },
  );

  app.get(
    '/api/base/desktop/message_select_not_read',
    {
      preHandler: requireSession,
      schema: {
        tags: TAGS,
        summary: "The session user's unread messages, newest first",
        querystring: anyQuery,
        response: envelopeResponse({ type: 'array', items: messageSchema }),
      },
    },
    async (request) => {
      const rows = db
        .prepare(`${SELECT_MESSAGES} WHERE user_id = ? AND read_at IS NULL ORDER BY message_date DESC, id DESC`)
        .all(authOf(request).user.id) as MessageRow[];
      return ok(rows.map(toMessage));
    },
  );

  app.post(
    '/api/base/desktop/message_update_status_by_me',
    {
      preHandler: requireSession,
      schema: {
        tags: TAGS,
        summary: 'Ignore all: marks every unread message of the session user read (data: how many)',
        querystring: anyQuery,
        response: envelopeResponse(countSchema),
      },
    },
    async (request) => {
      const changed = db
        .prepare('UPDATE messages SET read_at = ? WHERE user_id = ? AND read_at IS NULL')
        .run(ctx.now(), authOf(request).user.id).changes;
      return ok(changed);
    },
  );

  app.post<{ Body: { desktopMessageId?: string } | undefined; Querystring: { desktopMessageId?: string } }>(
    '/api/base/desktop/message_update_statusby_id',
    {
      preHandler: requireSession,
      preValidation: emptyBodyAsObject,
      schema: {
        tags: TAGS,
        summary: 'Marks one message read for the session user (its owner); another user’s message: 403',
        description: '`desktopMessageId` in the body (JSON or form) or the query. Unknown id: 404.',
        querystring: looseQuery({ desktopMessageId: idSchema }),
        body: { type: 'object', properties: { desktopMessageId: idSchema } },
        response: envelopeResponse({ type: 'boolean' }),
      },
    },
    async (request) => {
      const id = postedId(request, 'desktopMessageId');
      if (id === undefined) {
        return fail(400, 'invalid_request', MESSAGES.badRequest, [
          fieldError(request, 'desktopMessageId', FIELD_MESSAGES.invalidValue),
        ]);
      }
      const { user } = authOf(request);
      const row = db.prepare(`${SELECT_MESSAGES} WHERE id = ?`).get(Number(id)) as MessageRow | undefined;
      if (!row) return fail(404, 'not_found', DESKTOP_MESSAGES.messageNotFound);
      if (row.userId !== user.id) return forbidden(DESKTOP_MESSAGES.messageForbidden);
      db.prepare('UPDATE messages SET read_at = ? WHERE id = ? AND read_at IS NULL').run(ctx.now(), row.id);
      return ok(true);
    },
  );

  app.get<{ Querystring: { start?: number; size?: number } }>(
    '/api/base/desktop/popUpBox_select',
    {
      preHandler: requireSession,
      schema: {
        tags: TAGS,
        summary: "A page of the session user's open pop-up to-dos, newest first: {list, pages, total}",
        description: '`start` is the 1-based page (default 1), `size` the page size (default 3, at most 50).',
        querystring: looseQuery({
          start: { type: 'integer', minimum: 1, default: 1 },
          size: { type: 'integer', minimum: 1, maximum: MAX_POPUP_PAGE_SIZE, default: POPUP_PAGE_SIZE },
        }),
        response: envelopeResponse({
          type: 'object',
          description: 'Pop-up message page (spec part 1 §3)',
          properties: {
            list: { type: 'array', items: todoSchema },
            pages: { type: 'integer' },
            total: { type: 'integer' },
          },
          required: ['list', 'pages', 'total'],
        }),
      },
    },
    async (request) => {
      const { user } = authOf(request);
      const start = request.query.start ?? 1;
      const size = request.query.size ?? POPUP_PAGE_SIZE;
      const total = openTodoCount(user.id);
      const rows = db
        .prepare(
          `${SELECT_TODOS} WHERE user_id = ? AND handled_at IS NULL ORDER BY created_at DESC, id DESC LIMIT ? OFFSET ?`,
        )
        .all(user.id, size, (start - 1) * size) as TodoRow[];
      return ok({ list: rows.map(toTodo), pages: Math.ceil(total / size), total });
    },
  );

  app.post<{ Body: { id?: string } | undefined; Querystring: { id?: string } }>(
    '/api/base/desktop/popUpBox_handle',
    {
      preHandler: requireSession,
      preValidation: emptyBodyAsObject,
      schema: {
        tags: TAGS,
        summary: 'Marks a pop-up to-do of the session user handled (not in the spec); another user’s: 403',
        description: '`id` in the body (JSON or form) or the query. Unknown id: 404. Handling twice is fine.',
        querystring: looseQuery({ id: idSchema }),
        body: { type: 'object', properties: { id: idSchema } },
        response: envelopeResponse({ type: 'boolean' }),
      },
    },
    async (request) => {
      const id = postedId(request, 'id');
      if (id === undefined) {
        return fail(400, 'invalid_request', MESSAGES.badRequest, [
          fieldError(request, 'id', FIELD_MESSAGES.invalidValue),
        ]);
      }
      const row = db.prepare(`${SELECT_TODOS} WHERE id = ?`).get(Number(id)) as TodoRow | undefined;
      if (!row) return fail(404, 'not_found', DESKTOP_MESSAGES.todoNotFound);
      if (row.userId !== authOf(request).user.id) return forbidden(DESKTOP_MESSAGES.todoForbidden);
      db.prepare('UPDATE popup_todos SET handled_at = ? WHERE id = ? AND handled_at IS NULL').run(ctx.now(), row.id);
      return ok(true);
    },
  );

  app.get(
    '/api/base/desktop/getMessageConfig',
    {
      preHandler: requireSession,
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
    async (request) => {
      const row = db
        .prepare('SELECT message_config AS config FROM units WHERE id = ?')
        .get(authOf(request).user.unitId) as { config: string };
      return ok({ config: row.config });
    },
  );

  // ---- Icons -------------------------------------------------------------------------------------------------

  app.get<{ Querystring: { userId?: string; unitId?: string; appType?: number } }>(
    '/api/base/desktop/my_app_icon',
    {
      preHandler: requireSession,
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
      preHandler: requireSession,
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
      preHandler: requireSession,
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

  // ---- App visits and recent apps ----------------------------------------------------------------------------

  app.post<{
    Body: { userId?: string; userType?: number; unitId?: string; resId: string; resName?: string; type?: number };
  }>(
    '/api/base/user_access_detail',
    {
      preHandler: requireSession,
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
      db.transaction(() => {
        db.prepare(
          `INSERT INTO user_access_details (user_id, user_type, unit_id, res_id, res_name, type, accessed_at)
           VALUES (?, ?, ?, ?, ?, ?, ?)`,
        ).run(user.id, user.type, user.unitId, resId, resName ?? '', type ?? 1, ctx.now());
        db.prepare(
          `DELETE FROM user_access_details WHERE user_id = ? AND id NOT IN (
             SELECT id FROM user_access_details WHERE user_id = ? ORDER BY accessed_at DESC, id DESC LIMIT ?)`,
        ).run(user.id, user.id, ACCESS_LOG_KEEP);
      })();
      return ok(true);
    },
  );

  app.get(
    '/api/base/desktop/recent_apps',
    {
      preHandler: requireSession,
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
    async (request) => {
      const { user } = authOf(request);
      const icons = new Map(desktopIcons(db, user).map((icon) => [icon.code, icon]));
      const visits = db
        .prepare(
          `SELECT res_id AS code, MAX(accessed_at) AS accessTime, MAX(id) AS lastId FROM user_access_details
           WHERE user_id = ? AND type = 1 GROUP BY res_id ORDER BY accessTime DESC, lastId DESC`,
        )
        .all(user.id) as { code: string; accessTime: number }[];
      const recent = visits
        .filter((visit) => icons.has(visit.code))
        .slice(0, RECENT_APPS_LIMIT)
        .map((visit) => ({ ...icons.get(visit.code)!, accessTime: visit.accessTime }));
      return ok(recent);
    },
  );
};

export default desktopPlugin;
