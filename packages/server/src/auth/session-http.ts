/**
 * The HTTP side of sessions: the two cookies, reading the access token, `requireSession` and `sessionScope`, the
 * scope whose routes all need a session.
 */
import type { WireSessionUser } from '@edu-portal/core';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import { ACCESS_COOKIE, REFRESH_COOKIE, REFRESH_COOKIE_PATH } from '../config.ts';
import type { ServerContext } from '../context.ts';
import { loginRequired, sessionExpired } from '../http/envelope.ts';
import type { Services } from '../services.ts';
import type { IssuedTokens, SessionStore } from './sessions.ts';
import { findUserById, isActive, toSessionUser, type UserRecord } from './session-user.ts';

/** What `requireSession` puts on the request. */
export interface RequestAuth {
  sessionId: number;
  accessToken: string;
  user: UserRecord;
  /** The wire shape of `user` for an answer, with a new handover token of this session as its `accessToken`. */
  answerUser(): WireSessionUser;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by `requireSession`; null on routes outside a `sessionScope`. */
    auth: RequestAuth | null;
  }
}

/** The access token of a request: the `edu_at` cookie, else `Authorization: Bearer …` for non-browser callers. */
export function readAccessToken(request: FastifyRequest): string | undefined {
  const fromCookie = request.cookies[ACCESS_COOKIE];
  if (fromCookie) return fromCookie;
  const match = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '');
  return match?.[1];
}

export const readRefreshToken = (request: FastifyRequest): string | undefined =>
  request.cookies[REFRESH_COOKIE] || undefined;

/** Http-only, SameSite=Lax, and `Secure` whenever the request came over HTTPS (directly or through a trusted proxy). */
const cookieOptions = (reply: FastifyReply) => ({
  httpOnly: true,
  sameSite: 'lax' as const,
  secure: reply.request.protocol === 'https',
});

export function setSessionCookies(reply: FastifyReply, tokens: IssuedTokens, now: number): void {
  const baseCookie = cookieOptions(reply);
  // Max-Age in whole seconds, at least 1, so a short test lifetime still sets a cookie.
  const seconds = (expiresAt: number) => Math.max(1, Math.ceil((expiresAt - now) / 1000));
  reply.setCookie(ACCESS_COOKIE, tokens.accessToken, {
    ...baseCookie,
    path: '/',
    maxAge: seconds(tokens.accessExpiresAt),
  });
  reply.setCookie(REFRESH_COOKIE, tokens.refreshToken, {
    ...baseCookie,
    path: REFRESH_COOKIE_PATH,
    maxAge: seconds(tokens.refreshExpiresAt),
  });
}

export function clearSessionCookies(reply: FastifyReply): void {
  const baseCookie = cookieOptions(reply);
  reply.clearCookie(ACCESS_COOKIE, { ...baseCookie, path: '/' });
  reply.clearCookie(REFRESH_COOKIE, { ...baseCookie, path: REFRESH_COOKIE_PATH });
}

/** The request's session, or null when it has none that is valid (missing, expired, or user disabled). */
export function resolveSession(
  ctx: ServerContext,
  sessions: SessionStore,
  request: FastifyRequest,
): RequestAuth | null {
  const session = sessions.findByAccessToken(readAccessToken(request));
  if (!session) return null;
  const user = findUserById(ctx.db, session.userId);
  if (!user || !isActive(user)) return null;
  return {
    sessionId: session.sessionId,
    accessToken: session.accessToken,
    user,
    answerUser: () => toSessionUser(user, sessions.handover(session.sessionId).token, ctx.now()),
  };
}

/** The request's session, on a route of a `sessionScope` (whose check has set it). */
export function authOf(request: FastifyRequest): RequestAuth {
  if (!request.auth) throw new Error(`${request.url}: no session; is the route outside its sessionScope?`);
  return request.auth;
}

/**
 * The session check: sets `request.auth`, or answers HTTP 200 with `{status: 401, code: "invalid_token"}` so the
 * client starts its refresh flow; the message says "session expired" for a token that no longer works and "please
 * log in" when the request carried none (a download form posted while signed out shows it as it is).
 */
export function createRequireSession(ctx: ServerContext, sessions: SessionStore): preHandlerAsyncHookHandler {
  return async function requireSession(request, reply) {
    const auth = resolveSession(ctx, sessions, request);
    // A token that no longer opens a session expired; no token at all means the user is signed out.
    if (!auth) return reply.send(readAccessToken(request) ? sessionExpired() : loginRequired());
    request.auth = auth;
  };
}

/**
 * Routes that all need a session, in an encapsulated scope of their own: `requireSession` runs once per scope as
 * its preHandler hook, so no route names it and a route added to the scope cannot forget it. A preHandler rather
 * than onRequest: a malformed body or a failed validation still answers before the session check, as it does on
 * every route. Public routes (login calls, configurations, files) stay outside.
 */
export function sessionScope(routes: FastifyPluginAsync<Services>): FastifyPluginAsync<Services> {
  return async function withSession(app, services) {
    app.addHook('preHandler', services.requireSession);
    await routes(app, services);
  };
}
