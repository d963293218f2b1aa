/**
 * Face collect, face login and face clock-in (spec part 2 §3 user face record, §7 "Face"; DESIGN §6 "Face";
 * docs/decisions.md "Face"). The server computes every descriptor itself, in the face worker (face/recogniser.ts):
 * a photo with no face or several faces is refused. Login is public and opens a session exactly as password login
 * does; collect, the stored record and clock-in need a session. Login and clock-in attempts are limited per client
 * address (auth/throttle.ts). Answers are business outcomes: HTTP 200 with the envelope's status.
 */
import { randomUUID } from 'node:crypto';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import sharp from 'sharp';
import { lockedOut } from '../auth/login.ts';
import { authOf, sessionScope } from '../auth/session-http.ts';
import { findUserById, isActive, sessionUserSchema } from '../auth/session-user.ts';
import { LoginThrottle, type ThrottlePolicy } from '../auth/throttle.ts';
import { forbidden, idSchema, namesOwn } from '../desktop/guards.ts';
import type { FaceAnalysis } from '../face/engine.ts';
import { bestMatch, type Candidate } from '../face/matching.ts';
import { FaceRecogniser } from '../face/recogniser.ts';
import { envelopeResponse, fail, looseQuery, ok, type Envelope, type JsonSchema } from '../http/envelope.ts';
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
};

/** The largest photo accepted (decoded bytes); a 480×480 capture is far below. */
const MAX_PHOTO_BYTES = 4 * 1024 * 1024;
/** Stored photos: JPEG, the longer side at most this. */
const STORED_SIDE = 480;

/**
 * Face login and clock-in attempts per client address: 10 failures (no face, several, nobody close enough) lock the
 * address for a minute, doubling up to an hour; a recognised face clears the count (a clock-in terminal at a school
 * gate sees many people in a row).
 */
export const FACE_THROTTLE: ThrottlePolicy = {
  // The "account" of a face attempt is the client address itself (face:<ip>), so that a success clears it; the
  // throttle's own address count, which a success never clears, is kept out of the way.
  accountFailures: 10,
  addressFailures: Number.MAX_SAFE_INTEGER,
  lockMs: 60_000,
  maxLockMs: 60 * 60_000,
  forgetAfterMs: 24 * 60 * 60_000,
  delayStepMs: 0,
  maxDelayMs: 0,
};

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

const facePlugin: FastifyPluginAsync<Services> = async (app, services) => {
  const { ctx, login } = services;
  const recogniser = new FaceRecogniser();
  const throttle = new LoginThrottle(() => ctx.now(), FACE_THROTTLE);
  const faceDir = join(ctx.storageDir, 'faces');
  app.addHook('onClose', () => recogniser.close());

  /** One face and its descriptor, or the refusal to answer with. */
  async function describe(request: FastifyRequest, photo: Buffer | null): Promise<Described> {
    if (!photo) return { refusal: fail(400, 'face_photo_required', FACE_MESSAGES.photoRequired) };
    let analysis: FaceAnalysis;
    try {
      analysis = await recogniser.analyse(photo);
    } catch (error) {
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

  /** The enrolled, active users a face is compared with; `unitId` narrows to one unit (a clock-in terminal's). */
  function candidates(unitId?: number): Candidate[] {
    const rows = ctx.db
      .prepare(
        `SELECT f.user_id AS userId, f.descriptor AS descriptor FROM user_faces f JOIN users u ON u.id = f.user_id
         WHERE u.status = 1 ${unitId === undefined ? '' : 'AND u.unit_id = ?'}`,
      )
      .all(...(unitId === undefined ? [] : [unitId])) as { userId: number; descriptor: string }[];
    return rows.map((row) => ({ userId: row.userId, descriptor: JSON.parse(row.descriptor) as number[] }));
  }

  /**
   * Identifies the face of a login or clock-in photo, through the per-address limit: the user and the distance,
   * or the refusal.
   */
  async function identify(
    request: FastifyRequest,
    unitId?: number,
  ): Promise<{ userId: number; distance: number } | { refusal: Envelope<never> }> {
    const attempt = throttle.admit(`face:${request.ip}`, request.ip);
    if (attempt.locked) return { refusal: lockedOut(attempt.until, ctx.now()) };
    let outcome: { userId: number; distance: number } | { refusal: Envelope<never> };
    try {
      const described = await describe(request, photoOf((request.body as { faceImage?: unknown } | null)?.faceImage));
      if ('refusal' in described) outcome = described;
      else {
        const match = bestMatch(described.descriptor, candidates(unitId));
        request.log.info({ face: match }, 'face match');
        if (match.outcome === 'match') outcome = { userId: match.userId, distance: match.distance };
        else if (match.outcome === 'ambiguous')
          outcome = { refusal: fail(400, 'face_ambiguous', FACE_MESSAGES.ambiguous) };
        else outcome = { refusal: fail(400, 'face_not_recognised', FACE_MESSAGES.notRecognised) };
      }
    } catch (error) {
      attempt.failed(randomUUID());
      throw error;
    }
    // Every failed attempt counts (a random key: the throttle counts only distinct "passwords").
    if ('refusal' in outcome) attempt.failed(randomUUID());
    else attempt.succeeded();
    return outcome;
  }

  app.post<{ Body: { faceImage?: string } }>(
    '/api/uaa/oauth/login/face',
    {
      schema: {
        tags: TAGS,
        summary: 'Log in by face: the enrolled user whose face is nearest, if near enough and told apart',
        description:
          'Opens a session exactly as password login does (cookies, handover token). Refused (400) when the photo ' +
          'has no face or several, when nobody enrolled is close enough, or when two users are too close to tell ' +
          'apart; 429 after 10 failures from one address.',
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

  await app.register(
    sessionScope(async (session) => {
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
          const row = ctx.db
            .prepare('SELECT file_name AS fileName, register_time AS registerTime FROM user_faces WHERE user_id = ?')
            .get(user.id) as { fileName: string; registerTime: number } | undefined;
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
              '`userId` must be the session user (else 403). No face or several faces: 400 with the message. ' +
              'A new collection replaces the previous one.',
            body: photoBody({ userId: idSchema }),
            response: envelopeResponse({
              type: 'object',
              properties: { userId: { type: 'string' }, registerTime: { type: 'integer' } },
              required: ['userId', 'registerTime'],
            }),
          },
        },
        async (request) => {
          const { user } = authOf(request);
          if (!namesOwn(request.body?.userId, user.id)) return forbidden();
          const photo = photoOf(request.body?.faceImage);
          const described = await describe(request, photo);
          if ('refusal' in described) return described.refusal;
          const jpeg = await sharp(described.photo)
            .rotate()
            .resize(STORED_SIDE, STORED_SIDE, { fit: 'inside', withoutEnlargement: true })
            .jpeg({ quality: 90 })
            .toBuffer();
          const registerTime = ctx.now();
          const fileName = `${user.id}-${registerTime}-${randomUUID().slice(0, 8)}.jpg`;
          mkdirSync(faceDir, { recursive: true });
          writeFileSync(join(faceDir, fileName), jpeg);
          const previous = ctx.db
            .prepare('SELECT file_name AS fileName FROM user_faces WHERE user_id = ?')
            .get(user.id) as { fileName: string } | undefined;
          ctx.db
            .prepare(
              `INSERT INTO user_faces (user_id, file_name, descriptor, register_time) VALUES (?, ?, ?, ?)
               ON CONFLICT(user_id) DO UPDATE SET file_name = excluded.file_name, descriptor = excluded.descriptor,
               register_time = excluded.register_time`,
            )
            .run(user.id, fileName, JSON.stringify(described.descriptor), registerTime);
          if (previous) rmSync(join(faceDir, previous.fileName), { force: true });
          return ok({ userId: String(user.id), registerTime });
        },
      );

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
          const found = await identify(request, terminal.unitId);
          if ('refusal' in found) return found.refusal;
          const person = findUserById(ctx.db, found.userId);
          if (!person || !isActive(person)) return fail(400, 'face_not_recognised', FACE_MESSAGES.notRecognised);
          const clockTime = ctx.now();
          const { lastInsertRowid } = ctx.db
            .prepare('INSERT INTO face_clockings (user_id, clocked_at, terminal_id, distance) VALUES (?, ?, ?, ?)')
            .run(person.id, clockTime, terminal.id, found.distance);
          return ok({
            id: Number(lastInsertRowid),
            userId: String(person.id),
            realName: person.realName,
            unitId: String(person.unitId),
            clockTime,
            distance: Math.round(found.distance * 1000) / 1000,
          });
        },
      );
    }),
    services,
  );
};

export default facePlugin;
