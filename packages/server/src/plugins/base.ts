/**
 * Base service calls (spec part 1 §7 "Licence, identity, menu, misc"). Only the unit and role look-ups live here
 * so far; the desktop, message, licence and child calls come with their issues. Every route needs a session and
 * acts for the session's own user and unit only (DESIGN §5).
 */
import type { FastifyPluginAsync } from 'fastify';
import { authOf, sessionScope } from '../auth/session-http.ts';
import { hasRole } from '../auth/session-user.ts';
import { forbidden } from '../desktop/guards.ts';
import { unitFlags } from '../desktop/units.ts';
import { booleanSchema, envelopeResponse, ok } from '../http/envelope.ts';
import type { Services } from '../services.ts';

const TAGS = ['base'];
const idPattern = { type: 'string', pattern: '^[0-9]+$' };
const anyQuery = { type: 'object', properties: { _t: { type: 'string' } } };

const basePlugin: FastifyPluginAsync<Services> = async (app, { ctx }) => {
  const flagsOf = (unitId: number) => unitFlags(ctx.db, unitId);

  app.get<{ Params: { userId: string; roleCode: string; projectCode: string } }>(
    '/api/base/role/user/:userId/:roleCode/:projectCode',
    {
      schema: {
        tags: TAGS,
        summary: 'Whether the user has a role on a project (admin check: role XX_SYS_ on base)',
        params: {
          type: 'object',
          properties: { userId: idPattern, roleCode: { type: 'string' }, projectCode: { type: 'string' } },
          required: ['userId', 'roleCode', 'projectCode'],
        },
        querystring: anyQuery,
        response: envelopeResponse(booleanSchema),
      },
    },
    async (request) => {
      const { userId, roleCode, projectCode } = request.params;
      if (Number(userId) !== authOf(request).user.id) return forbidden();
      return ok(hasRole(ctx.db, Number(userId), roleCode, projectCode));
    },
  );

  app.get(
    '/api/base/unit/is_vocational_school',
    {
      schema: {
        tags: TAGS,
        summary: "Whether the session's unit is a vocational school (iszx)",
        querystring: anyQuery,
        response: envelopeResponse(booleanSchema),
      },
    },
    async (request) => ok(flagsOf(authOf(request).user.unitId).is_vocational === 1),
  );

  app.get<{ Querystring: { unitId: string } }>(
    '/api/base/unit/have_institute',
    {
      schema: {
        tags: TAGS,
        summary: 'Whether the unit has institutes (unitHaveInstitute)',
        querystring: {
          type: 'object',
          properties: { unitId: idPattern, _t: { type: 'string' } },
          required: ['unitId'],
        },
        response: envelopeResponse(booleanSchema),
      },
    },
    async (request) => {
      const unitId = Number(request.query.unitId);
      if (unitId !== authOf(request).user.unitId) return forbidden();
      return ok(flagsOf(unitId).have_institute === 1);
    },
  );

  app.get(
    '/api/base/unit/help_key',
    {
      schema: {
        tags: TAGS,
        summary: "The help-centre key of the session's unit",
        querystring: anyQuery,
        response: envelopeResponse({ type: 'string' }),
      },
    },
    async (request) => ok(flagsOf(authOf(request).user.unitId).help_key),
  );
};

export default sessionScope(basePlugin);
