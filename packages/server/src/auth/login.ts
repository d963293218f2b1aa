/**
 * What every login call shares: checking a user name and password, and opening a session (token row, the two
 * cookies, the session user as the answer). Password login, form login, client id, relogin, ticket, social login,
 * bind and identity switch all end in `startSession`, so sessions are made in one place only.
 */
import type { WireSessionUser } from '@edu-portal/core';
import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ServerContext } from '../context.ts';
import { fail, ok, type Envelope, type FieldError } from '../http/envelope.ts';
import { FIELD_MESSAGES, MESSAGES, requestLanguage, type LocalizedText } from '../http/messages.ts';
import { verifyPassword } from './passwords.ts';
import { DeviceTrust } from './device-trust.ts';
import { setSessionCookies } from './session-http.ts';
import { findUserByLoginName, isActive, toSessionUser, type UserRecord } from './session-user.ts';
import type { SessionStore } from './sessions.ts';
import { LoginThrottle } from './throttle.ts';

export type CheckedCredentials = { user: UserRecord } | { refusal: Envelope<never> };

export interface LoginService {
  /**
   * Opens a new session for the user: token row, cookies, and the session user as the answer. `familyOf`: the
   * session it derives from (relogin), so that one logout ends both.
   */
  startSession(reply: FastifyReply, user: UserRecord, familyOf?: number): Envelope<WireSessionUser>;
  /** `startSession` for a user found by another credential, unless the account or its unit is disabled. */
  admit(reply: FastifyReply, user: UserRecord): Envelope<WireSessionUser>;
  /**
   * The password check of POST /api/uaa/oauth/login: trimmed fields, both required (field errors in the
   * request's language), an unknown user costs the same scrypt time as a wrong password, disabled accounts refused;
   * guessing is slowed and locked per account and per address (`throttle`), answered with status 429.
   */
  checkCredentials(request: FastifyRequest, username: unknown, password: unknown): Promise<CheckedCredentials>;
  /** The guessing limits every credential check goes through (passwords, client ids, client secrets). */
  readonly throttle: LoginThrottle;
  /**
   * A guessable credential other than a password (an app client id, an SSO client secret) checked under the same
   * limits as passwords, keyed `kind:account`: the refusal of a lock, or the outcome of `check` (a wrong one
   * counted, and answered after the throttle's delay).
   */
  guarded<T>(
    request: FastifyRequest,
    key: string,
    credential: string,
    check: () => Promise<T | null> | T | null,
  ): Promise<{ value: T } | { refusal: Envelope<never> } | { wrong: true }>;
}

/** The refusal of a locked account or address: status 429, the wait in whole minutes in both languages. */
export function lockedOut(until: number, now: number): Envelope<never> {
  const minutes = Math.max(1, Math.ceil((until - now) / 60_000));
  return fail(
    429,
    'too_many_attempts',
    `登录失败次数过多，请 ${minutes} 分钟后再试|||Too many failed sign-ins, please try again in ${minutes} minute${minutes === 1 ? '' : 's'}`,
  );
}

/** Trims a possibly missing form field. */
export const field = (value: unknown): string => (typeof value === 'string' ? value.trim() : '');

/** A field error in the request's `Sy-Language`. */
export const fieldError = (request: FastifyRequest, name: string, text: LocalizedText): FieldError => ({
  field: name,
  message: text[requestLanguage(request.headers['sy-language'])],
});

export function createLoginService(ctx: ServerContext, sessions: SessionStore): LoginService {
  const devices = new DeviceTrust(ctx);

  function startSession(reply: FastifyReply, user: UserRecord, familyOf?: number): Envelope<WireSessionUser> {
    const tokens = sessions.issue(user.id, familyOf);
    setSessionCookies(reply, tokens, ctx.now());
    // This browser is now one the account signed in from: the guessing limits let it through (throttle.ts).
    devices.remember(reply, user.loginName);
    // The page gets a handover token, never the access token: that one lives in the http-only cookie only.
    return ok(toSessionUser(user, sessions.handover(tokens.sessionId).token, ctx.now()));
  }

  const throttle = new LoginThrottle(() => ctx.now());

  return {
    throttle,
    startSession,
    async guarded(request, key, credential, check) {
      const attempt = throttle.admit(key, request.ip);
      if (attempt.locked) return { refusal: lockedOut(attempt.until, ctx.now()) };
      let value: Awaited<ReturnType<typeof check>> = null;
      try {
        value = await check();
      } finally {
        if (value === null) {
          const delay = attempt.failed(credential);
          if (delay > 0) await sleep(delay);
        } else attempt.succeeded();
      }
      return value === null ? { wrong: true as const } : { value };
    },
    admit(reply, user) {
      return isActive(user) ? startSession(reply, user) : fail(400, 'invalid_grant', MESSAGES.accountDisabled);
    },
    async checkCredentials(request, rawUsername, rawPassword) {
      const username = field(rawUsername);
      const password = field(rawPassword);
      const missing: FieldError[] = [];
      if (!username) missing.push(fieldError(request, 'username', FIELD_MESSAGES.usernameRequired));
      if (!password) missing.push(fieldError(request, 'password', FIELD_MESSAGES.passwordRequired));
      if (missing.length) return { refusal: fail(400, 'invalid_grant', MESSAGES.credentialsRequired, missing) };

      const attempt = throttle.admit(username, request.ip, devices.trustedFor(request, username));
      if (attempt.locked) return { refusal: lockedOut(attempt.until, ctx.now()) };
      const user = findUserByLoginName(ctx.db, username);
      let right = false;
      try {
        right = (await verifyPassword(password, user?.passwordHash)) && user !== undefined;
      } finally {
        if (!right) {
          const delay = attempt.failed(password);
          if (delay > 0) await sleep(delay);
        } else attempt.succeeded();
      }
      if (!user || !right) return { refusal: fail(400, 'invalid_grant', MESSAGES.wrongCredentials) };
      if (!isActive(user)) return { refusal: fail(400, 'invalid_grant', MESSAGES.accountDisabled) };
      return { user };
    },
  };
}
