/**
 * Portal calls of spec part 1 §7 "Licence, identity, menu, misc" and the module list of "Desktop, theme,
 * messages": module list and licences per unit, the identity-switch options, the parent's children and
 * chosen child, and the permission menu tree. The admin check and unit flags stay in base.ts, app visits in
 * desktop.ts. Every route needs a session and acts for the session's own user, unit and parent identity only
 * (DESIGN §5).
 */
import type { Database } from 'better-sqlite3';
import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import { authOf, sessionScope } from '../auth/session-http.ts';
import { findUserById, type UserRecord } from '../auth/session-user.ts';
import { createChildRepository, type ChildRow } from '../desktop/children.ts';
import { forbidden, idSchema, namesOwn, optionalIdSchema } from '../desktop/guards.ts';
import { moduleEntrySchema, moduleLicensed, unitLicensed, unitModules } from '../desktop/licences.ts';
import { holdsCode, menuNodeSchema, menuTree } from '../desktop/menus.ts';
import { DESKTOP_MESSAGES } from '../desktop/texts.ts';
import { booleanSchema, envelopeResponse, fail, looseQuery, ok, type JsonSchema } from '../http/envelope.ts';
import type { ServerContext } from '../context.ts';
import type { Services } from '../services.ts';

const TAGS = ['base'];

const childSchema: JsonSchema = {
  type: 'object',
  description: 'Child (spec part 1 §3) with its status: only status 1 may be chosen',
  properties: {
    id: { type: 'string' },
    realName: { type: 'string' },
    gradeName: { type: 'string' },
    className: { type: 'string' },
    sex: { type: 'integer' },
    status: { type: 'integer', description: '1 at school; anything else (graduated, left) cannot be chosen' },
  },
  required: ['id', 'realName', 'gradeName', 'className', 'status'],
};

const toChild = (row: ChildRow) => ({
  id: String(row.id),
  realName: row.realName,
  gradeName: row.gradeName,
  className: row.className,
  sex: row.sex,
  status: row.status,
});

/** Teacher side (types 2 and 4) and parent side (type 3) of a person: the user and their paired identity. */
function identities(user: UserRecord, paired: UserRecord | undefined) {
  const side = (candidate: UserRecord | undefined, types: number[]) =>
    candidate && types.includes(candidate.type) ? candidate : undefined;
  const teacher = side(user, [2, 4]) ?? side(paired, [2, 4]);
  const parent = side(user, [3]) ?? side(paired, [3]);
  return { teacher, parent };
}

/** The account paired with `user` (their other identity), when the pairing goes both ways. */
function pairedOf(db: Database, user: UserRecord): UserRecord | undefined {
  if (user.pairedUserId === null) return undefined;
  const paired = findUserById(db, user.pairedUserId);
  return paired && paired.pairedUserId === user.id ? paired : undefined;
}

/** The parent identity the session may act for: its own (a parent) or its paired one (a teacher), else none. */
const ownParentId = (db: Database, user: UserRecord): number | null =>
  identities(user, pairedOf(db, user)).parent?.id ?? null;

/** The unit's licensed modules, and whether the platform or a module may be used. */
function licenceCalls(app: FastifyInstance, { db, now }: ServerContext): void {
  app.get(
    '/api/base/resource/inside/module',
    {
      schema: {
        tags: TAGS,
        summary: "The licensed modules of the session user's unit, with end time and status",
        description: 'Ordered expired, expiring (within 90 days), in use. Feeds the module-expiry table.',
        querystring: looseQuery({}),
        response: envelopeResponse({ type: 'array', items: moduleEntrySchema }),
      },
    },
    async (request) => ok(unitModules(db, authOf(request).user.unitId, now())),
  );

  app.get<{ Querystring: { unitId: string } }>(
    '/api/base/license/unit_oam',
    {
      schema: {
        tags: TAGS,
        summary: "Whether the unit's platform licence holds (active unit, at least one licence in force)",
        description: '`unitId` must be the session’s unit (else 403).',
        querystring: looseQuery({ unitId: idSchema }, ['unitId']),
        response: envelopeResponse(booleanSchema),
      },
    },
    async (request) => {
      const { user } = authOf(request);
      if (Number(request.query.unitId) !== user.unitId) return forbidden();
      return ok(unitLicensed(db, user.unitId, now()));
    },
  );

  app.get<{ Querystring: { unitId: string; serverId?: string; code?: string } }>(
    '/api/base/license/unit',
    {
      schema: {
        tags: TAGS,
        summary: 'Whether the unit may use a module: false when its licence has expired or it is not the unit’s',
        description:
          'The module is `code` when sent (an app code), else `serverId` (default base). A module with a licence ' +
          'record: true while in force. Without one: true when the unit has an app of that code or server id. ' +
          '`unitId` must be the session’s unit (else 403).',
        querystring: looseQuery(
          {
            unitId: idSchema,
            serverId: { type: 'string', pattern: '^[A-Za-z0-9_-]{0,64}$' },
            code: { type: 'string', pattern: '^[A-Za-z0-9_-]{0,64}$' },
          },
          ['unitId'],
        ),
        response: envelopeResponse(booleanSchema),
      },
    },
    async (request) => {
      const { user } = authOf(request);
      const { unitId, serverId, code } = request.query;
      if (Number(unitId) !== user.unitId) return forbidden();
      return ok(moduleLicensed(db, user.unitId, code || serverId || 'base', now()));
    },
  );
}

/** The identity-switch options. */
function identityCalls(app: FastifyInstance, { db }: ServerContext): void {
  app.get<{ Querystring: { parentId?: string; teacherId?: string } }>(
    '/api/base/select/already/parent/teacher',
    {
      schema: {
        tags: TAGS,
        summary: 'The identity-switch options of the session user: {parentId, parentName, teacherId, teacherName}',
        description:
          'The teacher identity (type 2 or 4) and the parent identity (type 3) of the person: the session user and ' +
          'the paired account. A side the person lacks is empty. `parentId`/`teacherId`, when sent, must be one ' +
          'of the person’s own identities (else 403).',
        querystring: looseQuery({ parentId: optionalIdSchema, teacherId: optionalIdSchema }),
        response: envelopeResponse({
          type: 'object',
          description: 'Identity switch option as the server returns it (spec part 1 §3)',
          properties: {
            parentId: { type: 'string' },
            parentName: { type: 'string' },
            teacherId: { type: 'string' },
            teacherName: { type: 'string' },
          },
          required: ['parentId', 'parentName', 'teacherId', 'teacherName'],
        }),
      },
    },
    async (request) => {
      const { user } = authOf(request);
      const paired = pairedOf(db, user);
      const own = new Set([user.id, ...(paired ? [paired.id] : [])]);
      for (const id of [request.query.parentId, request.query.teacherId]) {
        if (id !== undefined && id !== '' && !own.has(Number(id))) return forbidden();
      }
      const { teacher, parent } = identities(user, paired);
      return ok({
        parentId: parent ? String(parent.id) : '',
        parentName: parent?.realName ?? '',
        teacherId: teacher ? String(teacher.id) : '',
        teacherName: teacher?.realName ?? '',
      });
    },
  );
}

/** A parent's children, and the child they view. */
function childCalls(app: FastifyInstance, ctx: ServerContext): void {
  const { db } = ctx;
  const family = createChildRepository(ctx);

  const parentQuery = looseQuery({ parentId: idSchema }, ['parentId']);

  app.get<{ Querystring: { parentId: string } }>(
    '/api/base/student/find_all_student_by_parent_id',
    {
      schema: {
        tags: TAGS,
        summary: 'The children of a parent, with their status (the client offers only status 1)',
        description: '`parentId` must be the session’s own parent identity (a teacher’s paired parent too), else 403.',
        querystring: parentQuery,
        response: envelopeResponse({ type: 'array', items: childSchema }),
      },
    },
    async (request) => {
      const parentId = Number(request.query.parentId);
      if (ownParentId(db, authOf(request).user) !== parentId) return forbidden();
      return ok(family.children(parentId).map(toChild));
    },
  );

  app.get<{ Querystring: { parentId: string } }>(
    '/api/base/student/find_stu_by_parent_id',
    {
      schema: {
        tags: TAGS,
        summary: 'The child a parent has chosen (null when the parent has no child at school)',
        description:
          'The saved choice while that child is still linked and at school, else the first child at school. ' +
          '`parentId` must be the session’s own parent identity, else 403.',
        querystring: parentQuery,
        response: envelopeResponse(childSchema),
      },
    },
    async (request) => {
      const parentId = Number(request.query.parentId);
      if (ownParentId(db, authOf(request).user) !== parentId) return forbidden();
      const child = family.chosen(parentId);
      return ok(child && toChild(child));
    },
  );

  app.post<{ Querystring: { parentId: string }; Body: { id: string } }>(
    '/api/base/student/set/parentChildren',
    {
      schema: {
        tags: TAGS,
        summary: 'Saves the child a parent views (query parentId; body: the child’s fields, id required)',
        description:
          'Answers the chosen child. `parentId` not the session’s own parent identity, or a child not linked to ' +
          'that parent: 403. A child no longer at school (status other than 1): 400.',
        querystring: parentQuery,
        body: {
          type: 'object',
          properties: {
            id: idSchema,
            realName: { type: 'string' },
            gradeName: { type: 'string' },
            className: { type: 'string' },
          },
          required: ['id'],
        },
        response: envelopeResponse(childSchema),
      },
    },
    async (request) => {
      const parentId = Number(request.query.parentId);
      if (ownParentId(db, authOf(request).user) !== parentId) return forbidden();
      const child = family.child(parentId, Number(request.body.id));
      if (!child) return forbidden(DESKTOP_MESSAGES.notYourChild);
      if (child.status !== 1) return fail(400, 'invalid_request', DESKTOP_MESSAGES.childInactive);
      family.choose(parentId, child.id);
      return ok(toChild(child));
    },
  );
}

/** The permission menu tree, and the demo apps' operations checked against it. */
function menuCalls(app: FastifyInstance, { db }: ServerContext): void {
  app.get<{ Querystring: { code?: string; userId?: string } }>(
    '/api/base/resource/user/code/tree',
    {
      schema: {
        tags: TAGS,
        summary: 'The permission menu tree of an app (code) for the session user; user types 2 and 4 only',
        description:
          '`code` an app code on the user’s desktop: that app’s tree; empty or `desktop`: the trees of every app ' +
          'on the desktop; anything else: []. Nodes needing a role the user lacks are left out with their subtree. ' +
          'Other user types: 403 (spec §6: only types 2 and 4 load the tree).',
        querystring: looseQuery({ code: { type: 'string', maxLength: 64 }, userId: optionalIdSchema }),
        response: envelopeResponse({ type: 'array', items: menuNodeSchema }),
      },
    },
    async (request) => {
      const { user } = authOf(request);
      if (!namesOwn(request.query.userId, user.id)) return forbidden();
      if (user.type !== 2 && user.type !== 4) return forbidden(DESKTOP_MESSAGES.menuTypesOnly);
      return ok(menuTree(db, user, (request.query.code ?? '').trim()));
    },
  );

  // The demo apps' operations (publish, export, manage…): each needs its menu code, checked here as on the client,
  // so a user without it (every type but 2 and 4, spec §6) is refused even when the call is made by hand.
  app.post<{ Body: { appCode: string; code: string } }>(
    '/api/base/resource/user/operation',
    {
      schema: {
        tags: TAGS,
        summary: "Runs a demo app's operation that needs a menu code; refused without that code",
        description:
          'Deny by default: the code must be in the session user’s menu tree of `appCode` (types 2 and 4 only; a ' +
          'code with an area middle part also grants the code without it). Otherwise 403 forbidden.',
        body: {
          type: 'object',
          properties: { appCode: { type: 'string', maxLength: 64 }, code: { type: 'string', maxLength: 64 } },
          required: ['appCode', 'code'],
        },
        response: envelopeResponse(booleanSchema),
      },
    },
    async (request) => {
      const { user } = authOf(request);
      const { appCode, code } = request.body;
      if (!holdsCode(db, user, appCode.trim(), code.trim())) return forbidden(DESKTOP_MESSAGES.operationForbidden);
      return ok(true);
    },
  );
}

const portalPlugin: FastifyPluginAsync<Services> = async (app, { ctx }) => {
  licenceCalls(app, ctx);
  identityCalls(app, ctx);
  childCalls(app, ctx);
  menuCalls(app, ctx);
};

export default sessionScope(portalPlugin);
