/**
 * The paged demo data set (spec part 2 §3 "Paged response", §7 "Paged list"): 2,000 fictional students, asked for
 * by GET (query), POST form or POST JSON, paged by `start` (1-based page) and `size`, answered as
 * `data: {list, total}`; `/all` answers the non-paged `data: [...]`. Reading needs no session (fictional records,
 * like the public language packs, so a plain page and the benchmark can use them); deleting and restoring do.
 * Every signed-in user pages through a copy of their own (docs/decisions.md "Demo data and apps"): one user's deletions never
 * change what another user sees, and a reader without a session sees the roster as generated. The copies are kept
 * lazily, as each user's set of deleted ids, in memory per server instance: a restart or `restore` (of one's own
 * copy) brings every row back.
 */
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { authOf, resolveSession, sessionScope } from '../auth/session-http.ts';
import { envelopeResponse, fail, ok, type JsonSchema } from '../http/envelope.ts';
import { requestLanguage, type LocalizedText } from '../http/messages.ts';
import { filterStudents, generateStudents, type Gender, type Student, type StudentFilter } from '../demo/students.ts';
import type { Services } from '../services.ts';

const TAGS = ['demo data'];

/** Largest page the calls answer: the paged list offers up to 400 rows; a little headroom for other callers. */
export const MAX_PAGE_SIZE = 1000;
const DEFAULT_SIZE = 30;

const MESSAGES = {
  idsRequired: '请指定要删除的学生|||Please name the students to delete',
};
const ID_REQUIRED: LocalizedText = {
  'zh-CN': '学生编号不能为空！',
  'zh-HK': '學生編號不能為空！',
  en: 'ids cannot be empty!',
};

const studentSchema: JsonSchema = {
  type: 'object',
  properties: {
    id: { type: 'integer' },
    studentNo: { type: 'string' },
    name: { type: 'string' },
    nameEn: { type: 'string' },
    gender: { type: 'string', enum: ['male', 'female'] },
    grade: { type: 'integer' },
    classNo: { type: 'integer' },
    className: { type: 'string' },
    classNameEn: { type: 'string' },
    birthDate: { type: 'string' },
    guardianPhone: { type: 'string' },
    boarding: { type: 'boolean' },
  },
  required: ['id', 'studentNo', 'name', 'nameEn', 'gender', 'grade', 'classNo', 'className', 'classNameEn'],
};

const pageSchema: JsonSchema = {
  type: 'object',
  properties: { list: { type: 'array', items: studentSchema }, total: { type: 'integer' } },
  required: ['list', 'total'],
};

const filterProperties = {
  keyword: { type: 'string', maxLength: 100 },
  grade: { type: 'integer', minimum: 7, maximum: 9 },
  classNo: { type: 'integer', minimum: 1, maximum: 30 },
  gender: { type: 'string', enum: ['male', 'female', ''] },
};

/** `start`/`size` as the spec names them; `pageNo`/`pageSize` too, so a list configured with other keys works. */
const pagingProperties = {
  start: { type: 'integer', minimum: 1 },
  size: { type: 'integer', minimum: 1, maximum: MAX_PAGE_SIZE },
  pageNo: { type: 'integer', minimum: 1 },
  pageSize: { type: 'integer', minimum: 1, maximum: MAX_PAGE_SIZE },
};

const pagedQuery: JsonSchema = {
  type: 'object',
  properties: { _t: { type: 'string' }, ...pagingProperties, ...filterProperties },
};

interface PagedInput {
  start?: number;
  size?: number;
  pageNo?: number;
  pageSize?: number;
  keyword?: string;
  grade?: number;
  classNo?: number;
  gender?: Gender | '';
}

function filterOf(input: PagedInput): StudentFilter {
  return { keyword: input.keyword, grade: input.grade, classNo: input.classNo, gender: input.gender || undefined };
}

const demoDataPlugin: FastifyPluginAsync<Services> = async (app, services) => {
  const { ctx, sessions } = services;
  const roster = generateStudents();
  /** Per user id, the ids that user deleted from their own copy; made on a user's first delete. */
  const deletedByUser = new Map<number, Set<number>>();

  /** The roster as the request's user sees it: their own copy with a session, the generated one without. */
  function present(request: FastifyRequest): Student[] {
    const userId = resolveSession(ctx, sessions, request)?.user.id;
    const deleted = userId === undefined ? undefined : deletedByUser.get(userId);
    return deleted?.size ? roster.filter((s) => !deleted.has(s.id)) : roster;
  }

  function page(request: FastifyRequest, input: PagedInput) {
    const start = input.start ?? input.pageNo ?? 1;
    const size = input.size ?? input.pageSize ?? DEFAULT_SIZE;
    const rows = filterStudents(present(request), filterOf(input));
    // A page past the end answers an empty list with the real total: the client steps back (spec §4).
    return ok({ list: rows.slice((start - 1) * size, start * size), total: rows.length });
  }

  const pagedSchema = (summary: string, extra: Record<string, unknown>) => ({
    tags: TAGS,
    summary,
    ...extra,
    response: envelopeResponse(pageSchema, '`{list, total}` of the asked page'),
  });

  app.get<{ Querystring: PagedInput }>(
    '/api/demo/students',
    {
      schema: pagedSchema('Paged demo students by query (start = 1-based page, size)', { querystring: pagedQuery }),
    },
    async (request) => page(request, request.query),
  );

  app.post<{ Body: PagedInput }>(
    '/api/demo/students',
    {
      config: { acceptsForm: true },
      schema: pagedSchema('Paged demo students by form or JSON body (start = 1-based page, size)', {
        querystring: { type: 'object', properties: { _t: { type: 'string' } } },
        body: { type: 'object', properties: { ...pagingProperties, ...filterProperties } },
      }),
    },
    async (request) => page(request, request.body ?? {}),
  );

  app.get<{ Querystring: PagedInput }>(
    '/api/demo/students/all',
    {
      schema: {
        tags: TAGS,
        summary: 'Every matching demo student, not paged (data is an array)',
        querystring: { type: 'object', properties: { _t: { type: 'string' }, ...filterProperties } },
        response: envelopeResponse({ type: 'array', items: studentSchema }),
      },
    },
    async (request) => ok(filterStudents(present(request), filterOf(request.query))),
  );

  // Changing the roster needs a session, and changes only the session user's own copy.
  await app.register(
    sessionScope(async (session) => {
      session.post<{ Body: { ids?: number[] } }>(
        '/api/demo/students/delete',
        {
          schema: {
            tags: TAGS,
            summary:
              "Deletes demo students from the session user's own copy (in memory, until restore or restart); " +
              'answers how many went',
            body: {
              type: 'object',
              properties: { ids: { type: 'array', items: { type: 'integer', minimum: 1 }, maxItems: MAX_PAGE_SIZE } },
            },
            response: envelopeResponse({ type: 'integer' }),
          },
        },
        async (request) => {
          const ids = request.body?.ids ?? [];
          if (ids.length === 0) {
            const lang = requestLanguage(request.headers['sy-language']);
            return fail(400, 'invalid_request', MESSAGES.idsRequired, [{ field: 'ids', message: ID_REQUIRED[lang] }]);
          }
          const userId = authOf(request).user.id;
          let deleted = deletedByUser.get(userId);
          if (!deleted) deletedByUser.set(userId, (deleted = new Set()));
          let removed = 0;
          for (const id of ids) {
            if (id <= roster.length && !deleted.has(id)) {
              deleted.add(id);
              removed++;
            }
          }
          return ok(removed);
        },
      );

      session.post(
        '/api/demo/students/restore',
        {
          schema: {
            tags: TAGS,
            summary: 'Brings every demo student the session user deleted back to their copy; answers the total',
            response: envelopeResponse({ type: 'integer' }),
          },
        },
        async (request) => {
          deletedByUser.delete(authOf(request).user.id);
          return ok(roster.length);
        },
      );
    }),
    services,
  );
};

export default demoDataPlugin;
