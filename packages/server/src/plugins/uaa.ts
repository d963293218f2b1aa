/**
 * Login and session calls of spec part 1 §7 "Login and session", to the wire contract of docs/decisions.md:
 * password, client id, access-token relogin and ticket login, the login box form post, refresh, logout, me, the
 * login configuration and the identity switch. Social login is in social.ts, single sign-on in sso.ts.
 * Refused credentials are business outcomes: HTTP 200 with the envelope's status 400/401/403.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyPluginAsync, FastifyRequest } from 'fastify';
import { TICKET_TTL_MS } from '../config.ts';
import { field, fieldError } from '../auth/login.ts';
import { loginConfigForHost, loginConfigSchema, unitConfig, unitConfigSchema } from '../auth/login-config.ts';
import {
  authOf,
  clearSessionCookies,
  readAccessToken,
  readRefreshToken,
  resolveSession,
  sessionScope,
  setSessionCookies,
} from '../auth/session-http.ts';
import { findUserByClientId, findUserById, isActive, sessionUserSchema } from '../auth/session-user.ts';
import { booleanSchema, envelopeResponse, fail, looseQuery, ok, sessionExpired } from '../http/envelope.ts';
import { FIELD_MESSAGES, MESSAGES } from '../http/messages.ts';
import { appendQuery, isSameHost, localPath, portalHost } from '../http/urls.ts';
import type { Services } from '../services.ts';

const TAGS = ['uaa'];
const userResponse = envelopeResponse(sessionUserSchema);

/** Where the login box form post goes back to after a failure: the demo host's login route. */
const LOGIN_PAGE = '/#/login';

/**
 * The failure address of the form post: the referring login page of this origin (legacy pages post from their
 * own address), else the host's login route; `error` added, and never the password, even if the page had it in
 * its query (spec §4 login chain step 2 reads user name and password from the query).
 */
function formLoginFailure(request: FastifyRequest, error: string, redirectUri: string | null): string {
  const host = portalHost(request);
  const referer = typeof request.headers.referer === 'string' ? request.headers.referer : undefined;
  const back = isSameHost(referer, host) ? localPath(referer, host) : null;
  const backUrl = back === null ? null : new URL(back, 'http://portal.invalid');
  if (backUrl && backUrl.pathname !== '/' && backUrl.pathname !== '/index.html') {
    backUrl.searchParams.delete('password');
    return appendQuery(`${backUrl.pathname}${backUrl.search}`, { error });
  }
  // The demo host routes by hash, and a Referer never carries the hash: its login route is rebuilt here.
  const query = new URLSearchParams({ error });
  if (redirectUri) query.set('redirect_uri', redirectUri);
  return `${LOGIN_PAGE}?${query}`;
}

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

/** The calls that act for the session user: a login ticket for them, and the switch to their paired identity. */
const sessionCalls: FastifyPluginAsync<Services> = async (app, { ctx, sessions, grants, login }) => {
  app.post(
    '/api/uaa/oauth/ticket/issue',
    {
      schema: {
        tags: TAGS,
        summary: 'Issue a one-time login ticket for the session user (2 minutes), as an SSO portal would',
        response: envelopeResponse({
          type: 'object',
          properties: {
            ticket: { type: 'string' },
            expiresIn: { type: 'number', description: 'Seconds until the ticket expires' },
          },
          required: ['ticket', 'expiresIn'],
        }),
      },
    },
    async (request) => {
      const auth = authOf(request);
      const issued = grants.issue('ticket', TICKET_TTL_MS, {
        userId: auth.user.id,
        // Ends with the login that issued it: a ticket taken before logout signs nobody in after it.
        familyId: sessions.familyOf(auth.sessionId),
      });
      return ok({ ticket: issued.token, expiresIn: (issued.expiresAt - ctx.now()) / 1000 });
    },
  );

  app.get<{ Querystring: { userId: string } }>(
    '/api/uaa/switch/login',
    {
      // A GET by the spec, yet it changes the session: refused when another site sends it.
      config: { changesState: true },
      schema: {
        tags: TAGS,
        summary: 'Switch the session to the paired teacher or parent identity',
        querystring: looseQuery({ userId: { type: 'string', pattern: '^[0-9]+$' } }, ['userId']),
        response: userResponse,
      },
    },
    async (request, reply) => {
      const auth = authOf(request);
      const targetId = Number(request.query.userId);
      if (targetId === auth.user.id) return ok(auth.answerUser());
      const target = auth.user.pairedUserId === targetId ? findUserById(ctx.db, targetId) : undefined;
      if (!target || target.pairedUserId !== auth.user.id || !isActive(target)) {
        return fail(403, 'forbidden', MESSAGES.switchForbidden);
      }
      sessions.revoke(auth.sessionId);
      return login.startSession(reply, target);
    },
  );
};

/** Password logins: the JSON login and the legacy pages' form post. */
function passwordLogins(app: FastifyInstance, { login }: Services): void {
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
      const checked = await login.checkCredentials(request, request.body?.username, request.body?.password);
      return 'refusal' in checked ? checked.refusal : login.startSession(reply, checked.user);
    },
  );

  app.post<{ Body: { username?: string; password?: string; redirect_uri?: string } }>(
    '/api/uaa/oauth/form_login',
    {
      config: { acceptsForm: true, answersCrossOrigin: true },
      schema: {
        tags: TAGS,
        summary: 'Login box form post of legacy pages: sets the cookies and answers 303 to redirect_uri',
        description:
          'Success: 303 to `redirect_uri` when it is on this origin, else to `/`. Failure: 303 back to the ' +
          'referring login page of this origin, else `/#/login`, with `error=invalid_grant`; the password never ' +
          'appears in any address. A post from another origin (Origin header) is refused with `error=invalid_request`.',
        body: {
          type: 'object',
          properties: {
            username: { type: 'string' },
            password: { type: 'string' },
            redirect_uri: { type: 'string' },
          },
        },
        response: { 303: { description: 'Redirect (Location header), empty body', type: 'null' } },
      },
    },
    async (request, reply) => {
      const host = portalHost(request);
      const target = localPath(request.body?.redirect_uri, host);
      // A cross-site form must not sign the browser in to an account of the attacker's choosing; the browser is
      // sent back to the login page rather than shown a bare refusal.
      if (request.crossOrigin) {
        return reply.redirect(formLoginFailure(request, 'invalid_request', target), 303);
      }
      const checked = await login.checkCredentials(request, request.body?.username, request.body?.password);
      if ('refusal' in checked) return reply.redirect(formLoginFailure(request, 'invalid_grant', target), 303);
      login.startSession(reply, checked.user);
      return reply.redirect(target ?? '/', 303);
    },
  );
}

/** The login with a one-time ticket. */
function ticketLogin(app: FastifyInstance, { ctx, grants, login }: Services): void {
  app.get<{ Querystring: { ticket?: string; unitHost?: string } }>(
    '/api/uaa/oauth/ticket',
    {
      schema: {
        tags: TAGS,
        summary: 'Log in with a one-time ticket (the configured ticket path of the login chain)',
        querystring: looseQuery({
          ticket: { type: 'string' },
          unitHost: { type: 'string', description: 'Host of the login page (accepted, not needed)' },
        }),
        response: userResponse,
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const ticket = field(request.query.ticket);
      if (!ticket) {
        return fail(400, 'invalid_grant', MESSAGES.ticketRequired, [
          fieldError(request, 'ticket', FIELD_MESSAGES.ticketRequired),
        ]);
      }
      const grant = grants.consume('ticket', ticket);
      const user = grant?.userId ? findUserById(ctx.db, grant.userId) : undefined;
      return user ? login.admit(reply, user) : fail(400, 'invalid_grant', MESSAGES.invalidTicket);
    },
  );
}

/** The login's tokens rotated. */
function refreshCall(app: FastifyInstance, { ctx, sessions }: Services): void {
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
            accessToken: {
              type: 'string',
              description: 'A new handover token (5 minutes, one relogin); the access token is in the cookie only',
            },
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
      return ok({
        accessToken: sessions.handover(tokens.sessionId).token,
        expiresIn: (tokens.accessExpiresAt - now) / 1000,
      });
    },
  );
}

/** Logins by an app client id or a handover token. */
function clientLogins(app: FastifyInstance, { ctx, sessions, login }: Services): void {
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
      // Client ids are guessable credentials: unknown ones count against the address like wrong passwords.
      const found = await login.guarded(request, `client:${clientId}`, clientId, () => {
        return findUserByClientId(ctx.db, clientId) ?? null;
      });
      if ('refusal' in found) return found.refusal;
      return 'value' in found ? login.admit(reply, found.value) : fail(400, 'invalid_grant', MESSAGES.unknownClient);
    },
  );

  app.post<{ Body: { accessToken?: string } }>(
    '/api/uaa/oauth/relogin',
    {
      // The help centre and desktop clients post the handover token as a form.
      config: { acceptsForm: true },
      schema: {
        tags: TAGS,
        summary:
          'Open a session of the same login with a handover token (the `accessToken` of a login, me or refresh answer; 5 minutes, one use)',
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
      // Only a handover token, spent here; the access token of the cookie is refused (it must not outlive logout).
      const session = sessions.redeemHandover(accessToken);
      const user = session && findUserById(ctx.db, session.userId);
      if (!session || !user || !isActive(user)) return fail(401, 'invalid_token', MESSAGES.invalidAccessToken);
      // The new session belongs to the same login: logging out of either ends both.
      return login.startSession(reply, user, session.sessionId);
    },
  );
}

/** The end of a login, and the current user. */
function sessionEnds(app: FastifyInstance, { ctx, sessions }: Services): void {
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
      // Either cookie identifies the login; an expired access token must still end it, and every session derived
      // from the login (refreshed, or relogged in with its access token) ends with it.
      sessions.revokeLogin(readRefreshToken(request), readAccessToken(request));
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
      return auth ? ok(auth.answerUser()) : sessionExpired();
    },
  );
}

/** The login page's configuration and a unit's footer set. */
function loginConfigs(app: FastifyInstance, { ctx }: Services): void {
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
}

const uaaPlugin: FastifyPluginAsync<Services> = async (app, services) => {
  passwordLogins(app, services);
  ticketLogin(app, services);
  refreshCall(app, services);
  clientLogins(app, services);
  sessionEnds(app, services);
  loginConfigs(app, services);
  await app.register(sessionScope(sessionCalls), services);
};

export default uaaPlugin;
