/**
 * Face collect, face login and face clock-in (spec part 2 §3 user face record, §7 "Face"; DESIGN §6 "Face";
 * docs/decisions.md "Face"). The server computes every descriptor itself, in the face worker (face/recogniser.ts):
 * a photo with no face or several faces is refused. Login is public and opens a session exactly as password login
 * does; collect, the stored record and clock-in need a session. Collecting needs a fresh credential (the password
 * confirmed within minutes, `POST /api/uaa/oauth/confirm_password`; auth/fresh-credential.ts) and a face no other
 * account has enrolled; it is limited per user. Failed login and clock-in attempts are limited per address, terminal
 * and target (face/limits.ts). Photos wait for the one face worker in a bounded queue, login and clock-in first
 * (face/recogniser.ts), and are refused from their header when too large. Answers are business outcomes: HTTP 200
 * with the envelope's status.
 */
import { randomUUID } from 'node:crypto';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance, FastifyPluginAsync, FastifyRequest } from 'fastify';
import sharp from 'sharp';
import { freshCredentialRequired, freshCredentialsOf, freshUntilSchema } from '../auth/fresh-credential.ts';
import { fieldError, lockedOut } from '../auth/login.ts';
import { authOf, sessionScope } from '../auth/session-http.ts';
import { findUserById, isActive, sessionUserSchema, type UserRecord } from '../auth/session-user.ts';
import { forbidden, idSchema, namesOwn } from '../desktop/guards.ts';
import { MAX_INPUT_PIXELS, photoHeader, type FaceAnalysis } from '../face/engine.ts';
import { EnrolLimits, FaceAttemptLimits } from '../face/limits.ts';
import { bestMatch, enrolledElsewhere } from '../face/matching.ts';
import { createFaceRepository } from '../face/repository.ts';
import { FaceQueueFull, FaceRecogniser, type FacePriority } from '../face/recogniser.ts';
import { anyJson, envelopeResponse, fail, looseQuery, ok, type Envelope, type JsonSchema } from '../http/envelope.ts';
import { FIELD_MESSAGES, type LocalizedText } from '../http/messages.ts';
import type { ServerContext } from '../context.ts';
import type { Services } from '../services.ts';

const TAGS = ['face'];

export const FACE_MESSAGES = {
  photoRequired: '请提供人脸照片|||Please provide a face photo',
  badPhoto: '无法读取该图片，请使用 JPG 或 PNG 照片|||The picture cannot be read; please use a JPG or PNG photo',
  noFace:
    '照片中未检测到人脸，请正对摄像头后重试|||No face was found in the photo; please face the camera and try again',
  severalFaces:
    '照片中检测到多张人脸，请确保画面中只有一人|||Several faces were found in the photo; make sure only one person is in view',
  notRecognised:
    '未能识别该人脸，请重试或使用账号密码登录|||The face was not recognised; please try again or sign in with your password',
  ambiguous:
    '无法确定是哪一位用户，请使用账号密码登录|||The face cannot be told apart from another user’s; please sign in with your password',
  busy: '人脸识别服务暂不可用，请稍后再试|||Face recognition is unavailable at the moment; please try again later',
  tooLarge:
    '照片尺寸过大，请使用不超过 1200 万像素的照片|||The picture is too large; please use a photo of at most 12 megapixels',
  enrolledElsewhere:
    '该人脸已登记在其他账号上，一张人脸只能用于一个账号|||This face is already enrolled on another account; one face can sign in to one account only',
  enrolTooOften: '人脸采集过于频繁，请 1 分钟后再试|||Too many face collections; please try again in a minute',
};

/** The password confirmation's own refusal (a field error in the request's language, the message in both). */
const WRONG_PASSWORD: LocalizedText = {
  'zh-CN': '密码不正确，请重新输入',
  'zh-HK': '密碼不正確，請重新輸入',
  en: 'The password is not correct; please try again',
};
const bilingual = (text: LocalizedText): string => `${text['zh-CN']}|||${text.en}`;

/** The largest photo accepted (decoded bytes); a 480×480 capture is far below. */
const MAX_PHOTO_BYTES = 4 * 1024 * 1024;
/** Stored photos: JPEG, the longer side at most this. */
const STORED_SIDE = 480;

const photoBody = (extra: Record<string, unknown> = {}): JsonSchema => ({
  type: 'object',
  properties: {
    faceImage: { type: 'string', description: 'The photo, base64 (a `data:image/…;base64,` prefix is accepted)' },
    ...extra,
  },
});

const faceRecordSchema: JsonSchema = {
  type: 'object',
  properties: {
    faceImage: { type: ['string', 'null'], description: 'The stored photo, JPEG as base64 without prefix; null: none' },
    registerTime: { type: ['integer', 'null'], description: 'When it was collected (epoch ms); null: none' },
    userId: { type: 'string' },
  },
  required: ['faceImage', 'registerTime', 'userId'],
};

const clockingSchema: JsonSchema = {
  type: 'object',
  properties: {
    id: { type: 'integer' },
    userId: { type: 'string' },
    realName: { type: 'string' },
    unitId: { type: 'string' },
    clockTime: { type: 'integer', description: 'Epoch ms' },
    distance: { type: 'number', description: 'Descriptor distance of the match (smaller is closer)' },
  },
  required: ['id', 'userId', 'realName', 'unitId', 'clockTime', 'distance'],
};

/** The photo bytes of a `faceImage` field, or null when it is missing or not base64. */
function photoOf(value: unknown): Buffer | null {
  if (typeof value !== 'string') return null;
  const base64 = value.replace(/^data:image\/[a-z+.-]+;base64,/i, '').replace(/\s+/g, '');
  if (!base64 || !/^[A-Za-z0-9+/]+={0,2}$/.test(base64)) return null;
  const bytes = Buffer.from(base64, 'base64');
  return bytes.length > 0 && bytes.length <= MAX_PHOTO_BYTES ? bytes : null;
}

type Described = { photo: Buffer; descriptor: number[] } | { refusal: Envelope<never> };

/** Refusals that say the server could not look at the photo (not the attempt's fault): they count as no failure. */
const NOT_COUNTED = new Set(['face_busy', 'face_unavailable']);

/**
 * What the face calls share: the one face worker, the attempt and enrolment limits, the fresh credentials, the
 * stored faces, and turning a photo into one face's descriptor or a login photo into a user.
 */
function createFaceService(ctx: ServerContext) {
  const recogniser = new FaceRecogniser();
  const limits = new FaceAttemptLimits(() => ctx.now());
  const enrolLimits = new EnrolLimits(() => ctx.now());
  const fresh = freshCredentialsOf(ctx);
  const faceDir = join(ctx.storageDir, 'faces');
  const faces = createFaceRepository(ctx);

  /**
   * One face and its descriptor, or the refusal to answer with. The header is read first (cheap): a picture that
   * cannot be read or is over MAX_INPUT_PIXELS never waits for the worker.
   */
  async function describe(request: FastifyRequest, photo: Buffer | null, priority: FacePriority): Promise<Described> {
    if (!photo) return { refusal: fail(400, 'face_photo_required', FACE_MESSAGES.photoRequired) };
    let analysis: FaceAnalysis;
    try {
      const { width, height } = await photoHeader(photo);
      if (width * height > MAX_INPUT_PIXELS) {
        return { refusal: fail(400, 'face_photo_too_large', FACE_MESSAGES.tooLarge) };
      }
      analysis = await recogniser.analyse(photo, priority);
    } catch (error) {
      if (error instanceof FaceQueueFull) return { refusal: fail(503, 'face_busy', FACE_MESSAGES.busy) };
      request.log.warn(error);
      const unreadable = error instanceof Error && /input|format|unsupported|corrupt|Invalid/i.test(error.message);
      return unreadable
        ? { refusal: fail(400, 'face_bad_photo', FACE_MESSAGES.badPhoto) }
        : { refusal: fail(500, 'face_unavailable', FACE_MESSAGES.busy) };
    }
    if (analysis.faces.length === 0) return { refusal: fail(400, 'face_not_found', FACE_MESSAGES.noFace) };
    if (!analysis.descriptor) return { refusal: fail(400, 'face_several', FACE_MESSAGES.severalFaces) };
    return { photo, descriptor: analysis.descriptor };
  }

  /**
   * Identifies the face of a login or clock-in photo within the attempt limits: the user and the distance, or the
   * refusal. A failure counts on the address, on the terminal (clock-in) and on the enrolled user nearest to the
   * face; a recognised face clears only that user's count, and is refused while that user is locked.
   */
  async function identify(
    request: FastifyRequest,
    terminal?: UserRecord,
  ): Promise<{ userId: number; distance: number } | { refusal: Envelope<never> }> {
    const keys = [`address:${request.ip}`, ...(terminal ? [`terminal:${terminal.id}`] : [])];
    const attempt = limits.admit(keys);
    if (attempt.locked) return { refusal: lockedOut(attempt.until, ctx.now()) };
    let described: Described;
    try {
      const photo = photoOf((request.body as { faceImage?: unknown } | null)?.faceImage);
      described = await describe(request, photo, 'interactive');
    } catch (error) {
      attempt.failed();
      throw error;
    }
    if ('refusal' in described) {
      if (NOT_COUNTED.has(described.refusal.code)) attempt.dropped();
      else attempt.failed();
      return described;
    }
    const match = bestMatch(described.descriptor, faces.candidates({ unitId: terminal?.unitId }));
    request.log.info({ face: match }, 'face match');
    if (match.outcome === 'match') {
      const target = `user:${match.userId}`;
      const until = attempt.targetLockedUntil(target);
      if (until > 0) {
        attempt.dropped();
        return { refusal: lockedOut(until, ctx.now()) };
      }
      attempt.succeeded(match.userId, target);
      return { userId: match.userId, distance: match.distance };
    }
    attempt.failed(match.nearest === null ? [] : [`user:${match.nearest}`]);
    return match.outcome === 'ambiguous'
      ? { refusal: fail(400, 'face_ambiguous', FACE_MESSAGES.ambiguous) }
      : { refusal: fail(400, 'face_not_recognised', FACE_MESSAGES.notRecognised) };
  }

  return { recogniser, limits, enrolLimits, fresh, faceDir, faces, describe, identify };
}

type FaceService = ReturnType<typeof createFaceService>;

/** Test hooks (EDU_TEST_HOOKS=1 only): forget the face limits and fresh credentials; the worker queue's state. */
function faceTestHooks(app: FastifyInstance, { limits, enrolLimits, fresh, recogniser }: FaceService): void {
  app.post(
    '/api/__test/face/reset',
    { schema: { tags: ['test hooks'], response: envelopeResponse(anyJson) } },
    async () => {
      limits.clear();
      enrolLimits.clear();
      fresh.clear();
      return ok(true);
    },
  );
  app.get(
    '/api/__test/face/stats',
    { schema: { tags: ['test hooks'], response: envelopeResponse(anyJson) } },
    async () => ok(recogniser.stats()),
  );
}

function faceLoginRoute(app: FastifyInstance, { identify }: FaceService, { ctx, login }: Services): void {
  app.post<{ Body: { faceImage?: string } }>(
    '/api/uaa/oauth/login/face',
    {
      schema: {
        tags: TAGS,
        summary: 'Log in by face: the enrolled user whose face is nearest, if near enough and told apart',
        description:
          'Opens a session exactly as password login does (cookies, handover token). Refused (400) when the photo ' +
          'has no face or several, when nobody enrolled is close enough, or when two users are too close to tell ' +
          'apart; 429 while the address or the recognised user is locked after repeated failures (face/limits.ts); ' +
          "503 when the face worker's queue is full.",
        body: photoBody(),
        response: envelopeResponse(sessionUserSchema),
      },
    },
    async (request, reply) => {
      const found = await identify(request);
      if ('refusal' in found) return found.refusal;
      const user = findUserById(ctx.db, found.userId);
      return user ? login.admit(reply, user) : fail(400, 'face_not_recognised', FACE_MESSAGES.notRecognised);
    },
  );
}

/** The session user's own face: the stored record, and collecting it. */
function faceRecordRoutes(session: FastifyInstance, face: FaceService, ctx: ServerContext): void {
  const { faces, faceDir, fresh, enrolLimits, describe } = face;
  session.get<{ Querystring: { userId?: string } }>(
    '/api/uaa/face/user',
    {
      schema: {
        tags: TAGS,
        summary: 'The stored face record of the session user (`userId` naming anyone else: 403)',
        querystring: looseQuery({ userId: { type: 'string', pattern: '^[0-9]{0,18}$' } }),
        response: envelopeResponse(faceRecordSchema),
      },
    },
    async (request) => {
      const { user } = authOf(request);
      if (!namesOwn(request.query.userId, user.id)) return forbidden();
      const row = faces.record(user.id);
      let faceImage: string | null = null;
      try {
        faceImage = row ? readFileSync(join(faceDir, row.fileName)).toString('base64') : null;
      } catch {
        faceImage = null;
      }
      return ok({
        faceImage,
        registerTime: faceImage ? (row?.registerTime ?? null) : null,
        userId: String(user.id),
      });
    },
  );

  session.post<{ Body: { faceImage?: string; userId?: string } }>(
    '/api/uaa/face/check',
    {
      schema: {
        tags: TAGS,
        summary: 'Collect (enrol) the session user’s face: exactly one face, its descriptor stored',
        description:
          '`userId` must be the session user (else 403). Needs a fresh credential: without the password confirmed ' +
          'in the last 5 minutes (`POST /api/uaa/oauth/confirm_password`) 403 `fresh_credential_required`. No ' +
          'face or several faces: 400 with the message; a face enrolled on another account (within the match ' +
          'threshold): 400 `face_enrolled_elsewhere`; over 12 Mpx: 400 `face_photo_too_large`; more than 5 ' +
          "collections a minute: 429; the worker's queue full: 503 `face_busy`. A new collection replaces the " +
          'previous one.',
        body: photoBody({ userId: idSchema }),
        response: envelopeResponse({
          type: 'object',
          properties: { userId: { type: 'string' }, registerTime: { type: 'integer' } },
          required: ['userId', 'registerTime'],
        }),
      },
    },
    async (request) => {
      const { user, sessionId } = authOf(request);
      if (!namesOwn(request.body?.userId, user.id)) return forbidden();
      if (!fresh.isFresh(sessionId)) return freshCredentialRequired();
      const photo = photoOf(request.body?.faceImage);
      if (photo && enrolLimits.take(user.id) > 0) return fail(429, 'face_enrol_too_often', FACE_MESSAGES.enrolTooOften);
      const described = await describe(request, photo, 'enrol');
      if ('refusal' in described) return described.refusal;
      const jpeg = await sharp(described.photo, { limitInputPixels: MAX_INPUT_PIXELS })
        .rotate()
        .resize(STORED_SIDE, STORED_SIDE, { fit: 'inside', withoutEnlargement: true })
        .jpeg({ quality: 90 })
        .toBuffer();
      // From here to the row written, nothing awaits: two collections of one face on two accounts cannot both
      // pass the check.
      const taken = enrolledElsewhere(described.descriptor, faces.candidates({ everyone: true }), user.id);
      if (taken) {
        request.log.warn({ face: { userId: user.id, distance: taken.distance } }, 'face enrolled on another account');
        return fail(400, 'face_enrolled_elsewhere', FACE_MESSAGES.enrolledElsewhere);
      }
      const registerTime = ctx.now();
      const fileName = `${user.id}-${registerTime}-${randomUUID().slice(0, 8)}.jpg`;
      mkdirSync(faceDir, { recursive: true });
      writeFileSync(join(faceDir, fileName), jpeg);
      const previous = faces.record(user.id);
      faces.enrol(user.id, fileName, described.descriptor, registerTime);
      if (previous) rmSync(join(faceDir, previous.fileName), { force: true });
      return ok({ userId: String(user.id), registerTime });
    },
  );
}

/** The password confirmed again: a fresh credential for acts that need one. */
function confirmPasswordRoute(session: FastifyInstance, { fresh }: FaceService, { login }: Services): void {
  session.post<{ Body: { password?: string } }>(
    '/api/uaa/oauth/confirm_password',
    {
      schema: {
        tags: ['uaa'],
        summary: 'Confirm the session user’s password: the session counts as freshly authenticated for 5 minutes',
        description:
          'For acts that need a fresh credential (face collection). Checked and throttled as a password login of ' +
          'the session user (429 when locked); a wrong password: 400 `wrong_password` with a field error on ' +
          '`password`. Answers until when the session is fresh (epoch ms).',
        body: {
          type: 'object',
          properties: { password: { type: 'string', maxLength: 256 } },
        },
        response: envelopeResponse(freshUntilSchema),
      },
    },
    async (request) => {
      const { user, sessionId } = authOf(request);
      const checked = await login.checkCredentials(request, user.loginName, request.body?.password);
      if ('refusal' in checked) {
        const { refusal } = checked;
        if (refusal.status !== 400) return refusal;
        const missing = !(typeof request.body?.password === 'string' && request.body.password.trim());
        const text = missing ? FIELD_MESSAGES.passwordRequired : WRONG_PASSWORD;
        return fail(400, missing ? 'invalid_grant' : 'wrong_password', bilingual(text), [
          fieldError(request, 'password', text),
        ]);
      }
      // Login names are unique: the checked account is the session's.
      if (checked.user.id !== user.id) return freshCredentialRequired();
      return ok({ freshUntil: fresh.mark(sessionId, 'password').until });
    },
  );
}

function clockingRoute(session: FastifyInstance, { identify, faces }: FaceService, ctx: ServerContext): void {
  session.post<{ Body: { faceImage?: string } }>(
    '/api/uaa/login/face/clocking',
    {
      schema: {
        tags: TAGS,
        summary: 'Clock in by face on a signed-in terminal: identifies the person among its unit and records it',
        description:
          'Compares with the enrolled users of the session user’s unit, as face login does; records the clock-in ' +
          '(user, time, terminal) and returns it. Refusals as for face login.',
        body: photoBody(),
        response: envelopeResponse(clockingSchema),
      },
    },
    async (request) => {
      const terminal = authOf(request).user;
      const found = await identify(request, terminal);
      if ('refusal' in found) return found.refusal;
      const person = findUserById(ctx.db, found.userId);
      if (!person || !isActive(person)) return fail(400, 'face_not_recognised', FACE_MESSAGES.notRecognised);
      const clockTime = ctx.now();
      const id = faces.clockIn(person.id, clockTime, terminal.id, found.distance);
      return ok({
        id,
        userId: String(person.id),
        realName: person.realName,
        unitId: String(person.unitId),
        clockTime,
        distance: Math.round(found.distance * 1000) / 1000,
      });
    },
  );
}

const facePlugin: FastifyPluginAsync<Services> = async (app, services) => {
  const { ctx } = services;
  const face = createFaceService(ctx);
  app.addHook('onClose', () => face.recogniser.close());
  if (ctx.hooks) faceTestHooks(app, face);
  faceLoginRoute(app, face, services);
  await app.register(
    sessionScope(async (session) => {
      faceRecordRoutes(session, face, ctx);
      confirmPasswordRoute(session, face, services);
      clockingRoute(session, face, ctx);
    }),
    services,
  );
};

export default facePlugin;
