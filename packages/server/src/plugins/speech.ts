/**
 * Voice commands (spec part 2 §7 "Voice"; DESIGN §6 "Speech"): the speech token, the skills, the development
 * gateway's per-user transcript, and the development gateway itself (a WebSocket on this server).
 *
 * With Alibaba Cloud credentials in the environment (README "Voice"), `get_ali_token` obtains a real token from
 * CreateToken and hands out the real gateway and appkey; without them it issues a short-lived token for the
 * development gateway at `/api/speech/ws/v1` on the host the request came to.
 */
import type { Lang } from '@edu-portal/core';
import { isLang } from '@edu-portal/core/i18n/langs.ts';
import type { FastifyInstance, FastifyPluginAsync, FastifyRequest } from 'fastify';
import { authOf, sessionScope } from '../auth/session-http.ts';
import type { UserRecord } from '../auth/session-user.ts';
import type { ServerContext } from '../context.ts';
import { envelopeResponse, fail, looseQuery, ok, type JsonSchema } from '../http/envelope.ts';
import type { Services } from '../services.ts';
import { AliyunTokenSource, type AliyunSpeechConfig } from '../speech/aliyun.ts';
import { MAX_TRANSCRIPT_LENGTH, SpeechDevStore } from '../speech/dev-store.ts';
import { DEV_APPKEY, GatewaySession, IDLE_TIMEOUT_MS, MAX_SPEECH_MS, type SpeechEvent } from '../speech/gateway.ts';
import { findSkill } from '../speech/skills.ts';

export const SPEECH_GATEWAY_PATH = '/api/speech/ws/v1';
const TAGS = ['speech'];

export interface SpeechPluginOptions extends Services {
  /** Alibaba Cloud credentials; null: the development gateway. */
  aliyun: AliyunSpeechConfig | null;
  /** For tests of the real token path: a stand-in for `fetch`. */
  fetchImpl?: typeof fetch;
}

const SPEECH_MESSAGES = {
  tokenFailed: '语音服务令牌获取失败|||The speech service token could not be obtained',
  transcriptTooLong: `识别文本过长（最多 ${MAX_TRANSCRIPT_LENGTH} 字）|||The transcript is too long (at most ${MAX_TRANSCRIPT_LENGTH} characters)`,
};

const tokenSchema: JsonSchema = {
  type: 'object',
  properties: {
    token: { type: 'string' },
    appkey: { type: 'string' },
    url: { type: 'string', description: 'The speech gateway (WebSocket); the client adds ?token=' },
    expireTime: { type: 'integer', description: 'Epoch seconds when the token expires (as CreateToken says it)' },
    gateway: { type: 'string', enum: ['aliyun', 'development'] },
  },
  required: ['token', 'appkey', 'url', 'expireTime', 'gateway'],
};

const transcriptSchema: JsonSchema = {
  type: 'object',
  properties: {
    transcript: { type: 'string', description: 'What the development gateway answers speech with' },
    configured: { type: 'boolean', description: 'false: the default (a phrase opening an app of the desktop)' },
    gateway: { type: 'string', enum: ['aliyun', 'development'], description: 'The gateway get_ali_token hands out' },
  },
  required: ['transcript', 'configured', 'gateway'],
};

/** The development gateway's address as the caller reached this server (its host and scheme, so a proxy works). */
function gatewayUrl(request: FastifyRequest): string {
  return `${request.protocol === 'https' ? 'wss' : 'ws'}://${request.host}${SPEECH_GATEWAY_PATH}`;
}

const deviceOf = (request: FastifyRequest): 'pc' | 'mobile' =>
  request.headers['sy-device'] === 'mobile' ? 'mobile' : 'pc';

/** What the speech calls share: the development gateway's store, the real gateway's tokens, which gateway is used. */
interface Speech {
  store: SpeechDevStore;
  aliyunTokens: AliyunTokenSource | null;
  gateway: 'aliyun' | 'development';
}

/** The speech token and the page a recognised phrase opens. */
function tokenCalls(
  session: FastifyInstance,
  { store, aliyunTokens, gateway }: Speech,
  options: SpeechPluginOptions,
): void {
  const { ctx, aliyun } = options;
  session.get<{ Querystring: { language?: string } }>(
    '/api/base/get_ali_token',
    {
      schema: {
        tags: TAGS,
        summary: 'A speech token, its appkey and the gateway to speak the one-sentence protocol with',
        querystring: looseQuery({ language: { type: 'string' } }),
        response: envelopeResponse(tokenSchema),
      },
    },
    async (request) => {
      const language: Lang = isLang(request.query.language) ? request.query.language : 'zh-CN';
      if (aliyunTokens && aliyun) {
        try {
          const { token, expiresAt } = await aliyunTokens.token();
          return ok({
            token,
            appkey: aliyun.appkey,
            url: aliyun.gatewayUrl,
            expireTime: Math.floor(expiresAt / 1000),
            gateway,
          });
        } catch (error) {
          request.log.error(error);
          return fail(500, 'speech_token_failed', SPEECH_MESSAGES.tokenFailed);
        }
      }
      const auth = authOf(request);
      const { token, expiresAt } = store.issueToken(auth.user.id, language, options.sessions.familyOf(auth.sessionId));
      return ok({
        token,
        appkey: DEV_APPKEY,
        url: gatewayUrl(request),
        expireTime: Math.floor(expiresAt / 1000),
        gateway,
      });
    },
  );

  session.post<{ Body: { vocabulary?: string } }>(
    '/api/base/find_by_vocabulary',
    {
      schema: {
        tags: TAGS,
        summary: 'The page a recognised phrase opens (a skill the user may use), or url null',
        body: {
          type: 'object',
          properties: { vocabulary: { type: 'string', maxLength: 500 } },
        },
        response: envelopeResponse({
          type: 'object',
          properties: {
            url: { type: ['string', 'null'] },
            code: { type: ['string', 'null'], description: 'The app or desktop place the phrase opens' },
          },
          required: ['url', 'code'],
        }),
      },
    },
    async (request) =>
      ok(findSkill(ctx.db, authOf(request).user, request.body?.vocabulary ?? '', { device: deviceOf(request) })),
  );
}

/** What the development gateway answers the user's speech with, as the user's answer. */
function transcriptAnswer({ store, gateway }: Speech, user: UserRecord, language: Lang) {
  const configured = store.configuredTranscript(user.id);
  return ok({
    transcript: configured ?? store.transcript(user, language),
    configured: configured !== null,
    gateway,
  });
}

/** The development gateway's transcript of the session user: read and set. */
function transcriptCalls(session: FastifyInstance, speech: Speech): void {
  session.get(
    '/api/speech/dev/transcript',
    {
      schema: {
        tags: TAGS,
        summary: "Development gateway: what it answers the user's speech with",
        querystring: looseQuery({ language: { type: 'string' } }),
        response: envelopeResponse(transcriptSchema),
      },
    },
    async (request) => {
      const { user } = authOf(request);
      const query = request.query as { language?: string };
      return transcriptAnswer(speech, user, isLang(query.language) ? query.language : 'zh-CN');
    },
  );

  session.post<{ Body: { transcript?: string } }>(
    '/api/speech/dev/transcript',
    {
      schema: {
        tags: TAGS,
        summary: "Development gateway: set what it answers the user's speech with ('' for the default)",
        body: {
          type: 'object',
          properties: { transcript: { type: 'string' } },
          required: ['transcript'],
        },
        response: envelopeResponse(transcriptSchema),
      },
    },
    async (request) => {
      const { user } = authOf(request);
      const transcript = request.body?.transcript ?? '';
      if (transcript.trim().length > MAX_TRANSCRIPT_LENGTH) {
        return fail(400, 'transcript_too_long', SPEECH_MESSAGES.transcriptTooLong);
      }
      speech.store.setTranscript(user.id, transcript);
      return transcriptAnswer(speech, user, 'zh-CN');
    },
  );
}

/** The development gateway: the one-sentence protocol over a WebSocket. */
function gatewayRoute(app: FastifyInstance, { store }: Speech, ctx: ServerContext): void {
  app.get<{ Querystring: { token?: string } }>(
    SPEECH_GATEWAY_PATH,
    {
      websocket: true,
      schema: {
        tags: TAGS,
        summary:
          'Development speech gateway (WebSocket): the one-sentence recognition protocol; the token in the X-NLS-Token header (the SDKs) or ?token= (browsers)',
        querystring: { type: 'object', properties: { token: { type: 'string' } } },
      },
    },
    (socket, request) => {
      // As Alibaba's gateway: the SDKs send the token in the X-NLS-Token header, a browser (which cannot set headers on
      // a WebSocket) as ?token=. The header wins when both come.
      const header = request.headers['x-nls-token'];
      const fromHeader = (Array.isArray(header) ? header[0] : header)?.trim() ?? '';
      const token = fromHeader || (typeof request.query.token === 'string' ? request.query.token : '');
      const found = store.lookup(token);
      const hooks = ctx.hooks?.voice.settings;
      const session = new GatewaySession(
        {
          send: (event: SpeechEvent) => {
            if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(event));
          },
          close: () => socket.close(1000),
        },
        {
          token,
          caller: found.ok ? { transcript: store.transcript(found.user, found.language) } : null,
          ...(found.ok ? {} : { tokenProblem: found.problem }),
          maxSpeechMs: hooks?.maxSpeechMs ?? MAX_SPEECH_MS,
          idleTimeoutMs: hooks?.idleTimeoutMs ?? IDLE_TIMEOUT_MS,
          stallAt: hooks?.stallAt ?? null,
          dropAt: hooks?.dropAt ?? null,
        },
      );
      socket.on('message', (data: Buffer | ArrayBuffer | Buffer[], isBinary: boolean) => {
        const buffer = Buffer.isBuffer(data) ? data : Array.isArray(data) ? Buffer.concat(data) : Buffer.from(data);
        if (isBinary) session.binary(buffer);
        else session.text(buffer.toString('utf8'));
      });
      socket.on('close', () => session.closed());
    },
  );
}

const speechPlugin: FastifyPluginAsync<SpeechPluginOptions> = async (app, options) => {
  const { ctx, aliyun } = options;
  const speech: Speech = {
    store: new SpeechDevStore(ctx),
    aliyunTokens: aliyun ? new AliyunTokenSource(aliyun, ctx.now, options.fetchImpl) : null,
    gateway: aliyun ? 'aliyun' : 'development',
  };
  await app.register(
    sessionScope(async (session) => {
      tokenCalls(session, speech, options);
      transcriptCalls(session, speech);
    }),
    options,
  );
  gatewayRoute(app, speech, ctx);
};

export default speechPlugin;
