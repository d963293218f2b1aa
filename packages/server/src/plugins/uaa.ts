/**
 * Login and session calls of spec part 1 §7 "Login and session", to the wire contract of docs/decisions.md.
 * Refused credentials are business outcomes: HTTP 200 with the envelope's status 400/401/403.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { loginConfigForHost, loginConfigSchema, unitConfig, unitConfigSchema } from '../auth/login-config.ts';
import { verifyPassword } from '../auth/passwords.ts';
import {
  clearSessionCookies,
  readAccessToken,
  readRefreshToken,
  resolveSession,
  setSessionCookies,
} from '../auth/session-http.ts';
import {
  findUserById,
  findUserByLoginName,
  isActive,
  sessionUserSchema,
  toSessionUser,
  type UserRecord,
} from '../auth/session-user.ts';
import { booleanSchema, envelopeResponse, fail, ok, sessionExpired, type FieldError } from '../http/envelope.ts';
import { FIELD_MESSAGES, MESSAGES, requestLanguage, type LocalizedText } from '../http/messages.ts';
import type { Services } from '../services.ts';

const TAGS = ['uaa'];
const userResponse = envelopeResponse(sessionUserSchema);

/** Query strings carry the client's `_t` anti-cache stamp and `noIntercept`-like flags; both are ignored. */
const looseQuery = (properties: Record<string, unknown>, required: string[] = []) => ({
  type: 'object',
  properties: { _t: { type: 'string' }, ...properties },
  required,
});

/** Trims a possibly missing form field. */
const field = (value: unknown): string => (typeof value === 'string' ? value.trim() : '');

/**
 * Signs a response for the client's signature check (DESIGN §6): header `A$B`, A 16 random hex characters and
 * B = md5(A + sent) in lower-case hex. `tamper` (a test hook) makes B wrong so the client must reject the answer.
 */
export function signatureHeader(sent: string, tamper = false): string {
  const nonce = randomBytes(8).toString('hex');
  const hash = createHash('md5')
    .update(nonce + sent + (tamper ? '#tampered' : ''))
    .digest('hex');
  return `${nonce}$${hash}`;
}

const uaaPlugin: FastifyPluginAsync<Services> = async (app, { ctx, sessions, requireSession }) => {
  const fieldError = (request: FastifyRequest, name: string, text: LocalizedText): FieldError => ({
    field: name,
    message: text[requestLanguage(request.headers['sy-language'])],
  });

  /** Opens a new session for the user: token row, cookies, and the session user as data. */
  function startSession(reply: FastifyReply, user: UserRecord) {
    const tokens = sessions.issue(user.id);
    setSessionCookies(reply, tokens, ctx.now());
    return ok(toSessionUser(user, tokens.accessToken, ctx.now()));
  }

  app.post<{ Body: { username?: string; password?: string } }>(
    '/api/uaa/oauth/login',
    {
      schema: {
        tags: TAGS,
        summary: 'Log in with user name and password',
        body: {
          type: 'object',
          properties: { username: { type: 'string' }, password: { type: 'string' } },
        },
        response: userResponse,
      },
    },
    async (request, reply) => {
      const username = field(request.body?.username);
      const password = field(request.body?.password);
      const missing: FieldError[] = [];
      if (!username) missing.push(fieldError(request, 'username', FIELD_MESSAGES.usernameRequired));
      if (!password) missing.push(fieldError(request, 'password', FIELD_MESSAGES.passwordRequired));
      if (missing.length) return fail(400, 'invalid_grant', MESSAGES.credentialsRequired, missing);

      const user = findUserByLoginName(ctx.db, username);
      if (!(await verifyPassword(password, user?.passwordHash)) || !user) {
        return fail(400, 'invalid_grant', MESSAGES.wrongCredentials);
      }
      if (!isActive(user)) return fail(400, 'invalid_grant', MESSAGES.accountDisabled);
      return startSession(reply, user);
    },
  );

  app.get(
    '/api/uaa/oauth/refresh',
    {
      schema: {
        tags: TAGS,
        summary: 'Rotate both tokens with the refresh cookie',
        querystring: looseQuery({}),
        response: envelopeResponse({
          type: 'object',
          properties: {
            accessToken: { type: 'string' },
            expiresIn: { type: 'number', description: 'Seconds until the new access token expires' },
          },
          required: ['accessToken', 'expiresIn'],
        }),
      },
    },
    async (request, reply) => {
      const tokens = sessions.rotate(readRefreshToken(request));
      const user = tokens && findUserById(ctx.db, tokens.userId);
      if (!tokens || !user || !isActive(user)) {
        if (tokens) sessions.revoke(tokens.sessionId);
        clearSessionCookies(reply);
        return sessionExpired();
      }
      const now = ctx.now();
      setSessionCookies(reply, tokens, now);
      return ok({ accessToken: tokens.accessToken, expiresIn: (tokens.accessExpiresAt - now) / 1000 });
    },
  );

  app.post<{ Body: { userClientId?: string } }>(
    '/api/uaa/oauth/login_user_client',
    {
      schema: {
        tags: TAGS,
        summary: 'Log in as the user bound to an app client id',
        body: { type: 'object', properties: { userClientId: { type: 'string' } } },
        response: userResponse,
      },
    },
    async (request, reply) => {
      const clientId = field(request.body?.userClientId);
      if (!clientId) {
        return fail(400, 'invalid_grant', MESSAGES.clientIdRequired, [
          fieldError(request, 'userClientId', FIELD_MESSAGES.clientIdRequired),
        ]);
      }
      const row = ctx.db.prepare('SELECT user_id FROM user_clients WHERE client_id = ?').get(clientId) as
        { user_id: number } | undefined;
      const user = row && findUserById(ctx.db, row.user_id);
      if (!user) return fail(400, 'invalid_grant', MESSAGES.unknownClient);
      if (!isActive(user)) return fail(400, 'invalid_grant', MESSAGES.accountDisabled);
      return startSession(reply, user);
    },
  );

  app.post<{ Body: { accessToken?: string } }>(
    '/api/uaa/oauth/relogin',
    {
      schema: {
        tags: TAGS,
        summary: 'Open a fresh session from a still-valid access token (help centre, desktop client)',
        body: { type: 'object', properties: { accessToken: { type: 'string' } } },
        response: userResponse,
      },
    },
    async (request, reply) => {
      const accessToken = field(request.body?.accessToken);
      if (!accessToken) {
        return fail(401, 'invalid_token', MESSAGES.invalidAccessToken, [
          fieldError(request, 'accessToken', FIELD_MESSAGES.accessTokenRequired),
        ]);
      }
      const session = sessions.findByAccessToken(accessToken);
      const user = session && findUserById(ctx.db, session.userId);
      if (!user || !isActive(user)) return fail(401, 'invalid_token', MESSAGES.invalidAccessToken);
      return startSession(reply, user);
    },
  );

  app.post(
    '/api/uaa/oauth/logout',
    {
      schema: {
        tags: TAGS,
        summary: 'End the session (idempotent)',
        response: envelopeResponse(booleanSchema),
      },
    },
    async (request, reply) => {
      // Either cookie identifies the session; an expired access token must still end it.
      sessions.revoke(sessions.findIdByRefreshToken(readRefreshToken(request)), readAccessToken(request));
      clearSessionCookies(reply);
      return ok(true);
    },
  );

  app.get<{ Querystring: { signature?: string } }>(
    '/api/uaa/oauth/me',
    {
      schema: {
        tags: TAGS,
        summary: 'The current user; signs the answer when a signature is sent',
        querystring: looseQuery({
          signature: { type: 'string', description: 'Random value; answered with header `signature: A$md5(A+value)`' },
          noIntercept: { type: 'string' },
        }),
        response: userResponse,
      },
    },
    async (request, reply) => {
      const sent = request.query.signature;
      if (sent !== undefined) reply.header('signature', signatureHeader(sent, ctx.hooks?.settings.tamperSignature));
      const auth = resolveSession(ctx, sessions, request);
      return auth ? ok(auth.sessionUser) : sessionExpired();
    },
  );

  app.get<{ Querystring: { url?: string } }>(
    '/api/uaa/oauth/login/config',
    {
      schema: {
        tags: TAGS,
        summary: "Login page configuration of a host's unit",
        querystring: looseQuery({ url: { type: 'string', description: 'The host of the login page' } }),
        response: envelopeResponse(loginConfigSchema),
      },
    },
    async (request) => ok(loginConfigForHost(ctx.db, request.query.url || request.hostname)),
  );

  app.get<{ Querystring: { unitId: string } }>(
    '/api/uaa/oauth/login/unit_config',
    {
      schema: {
        tags: TAGS,
        summary: "A unit's footer, link and decoration set",
        querystring: looseQuery({ unitId: { type: 'string', pattern: '^[0-9]+$' } }, ['unitId']),
        response: envelopeResponse(unitConfigSchema),
      },
    },
    async (request) => {
      const config = unitConfig(ctx.db, Number(request.query.unitId));
      return config ? ok(config) : fail(404, 'not_found', MESSAGES.unitNotFound);
    },
  );

  app.get<{ Querystring: { userId: string } }>(
    '/api/uaa/switch/login',
    {
      preHandler: requireSession,
      schema: {
        tags: TAGS,
        summary: 'Switch the session to the paired teacher or parent identity',
        querystring: looseQuery({ userId: { type: 'string', pattern: '^[0-9]+$' } }, ['userId']),
        response: userResponse,
      },
    },
    async (request, reply) => {
      const auth = request.auth!;
      const targetId = Number(request.query.userId);
      if (targetId === auth.user.id) return ok(auth.sessionUser);
      const target = auth.user.pairedUserId === targetId ? findUserById(ctx.db, targetId) : undefined;
      if (!target || target.pairedUserId !== auth.user.id || !isActive(target)) {
        return fail(403, 'forbidden', MESSAGES.switchForbidden);
      }
      sessions.revoke(auth.sessionId);
      return startSession(reply, target);
    },
  );
};

export default uaaPlugin;
