/**
 * Access and refresh tokens. Tokens are 32 random bytes in hex; the database keeps only their SHA-256 digests,
 * one `sessions` row per login holding both. Refresh rotates both tokens, so an old refresh token stops working.
 *
 * Families (docs/decisions.md "Requests and session"): every session derived from one login (refreshes keep the row,
 * a relogin with its handover token makes a new row of the same family) ends together at logout. Rotation overlap:
 * for `REFRESH_REUSE_WINDOW_MS` after a rotation, the refresh token just rotated away answers the very same
 * successor pair again (kept in memory only, never stored), and the access token it replaced stays valid as long
 * (no longer than it would have anyway), so two tabs or two requests that refresh together, or one after the other,
 * all keep the session. Any other retired refresh token presented again (two rotations back, or after the window) is
 * reuse of a copy: the whole family ends.
 *
 * Handover tokens: what a login, `me` or refresh answer calls `accessToken` is not the access
 * token (that one stays in the http-only cookie) but a 5-minute token bound to the session row, spent by its first
 * `relogin` and never accepted as a bearer. It dies with its session, so a logout ends what it could still open.
 *
 * Absolute lifetime: however often it is refreshed or relogged into, a family ends `sessionMaxAgeMs` after its first
 * login (`login_at`), so a stolen refresh cookie cannot be kept alive for ever. What a login handed out (login tickets
 * it issued, speech tokens) carries its family and ends with it.
 */
import { createHash, randomBytes } from 'node:crypto';
import { HANDOVER_TTL_MS, REFRESH_REUSE_WINDOW_MS } from '../config.ts';
import type { ServerContext } from '../context.ts';

export interface IssuedTokens {
  sessionId: number;
  userId: number;
  accessToken: string;
  refreshToken: string;
  accessExpiresAt: number;
  refreshExpiresAt: number;
}

export interface ActiveSession {
  sessionId: number;
  userId: number;
  accessToken: string;
}

const newToken = (): string => randomBytes(32).toString('hex');
const digest = (token: string): string => createHash('sha256').update(token).digest('hex');

export interface IssuedHandover {
  token: string;
  expiresAt: number;
}

/** The successor handed out for a just-rotated refresh token, while its overlap lasts. */
interface Successor {
  tokens: IssuedTokens;
  until: number;
}

export class SessionStore {
  /** Successors of just-rotated refresh tokens, by the retired token's digest. */
  private readonly successors = new Map<string, Successor>();

  constructor(private readonly ctx: ServerContext) {}

  /** Starts a new session for the user: a family of its own, or a member of `familyOf`'s family (relogin). */
  issue(userId: number, familyOf?: number): IssuedTokens {
    const now = this.ctx.now();
    const tokens = this.newPair(now);
    const parent =
      familyOf === undefined
        ? undefined
        : (this.ctx.db.prepare('SELECT family_id, login_at FROM sessions WHERE id = ?').get(familyOf) as
            { family_id: number | null; login_at: number | null } | undefined);
    const family = familyOf === undefined ? null : (parent?.family_id ?? familyOf);
    const loginAt = parent?.login_at ?? now;
    const ends = this.endOf(loginAt);
    tokens.accessExpiresAt = Math.min(tokens.accessExpiresAt, ends);
    tokens.refreshExpiresAt = Math.min(tokens.refreshExpiresAt, ends);
    const result = this.ctx.db
      .prepare(
        `INSERT INTO sessions (user_id, access_hash, access_expires_at, refresh_hash, refresh_expires_at, created_at,
         family_id, login_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
      )
      .run(
        userId,
        digest(tokens.accessToken),
        tokens.accessExpiresAt,
        digest(tokens.refreshToken),
        tokens.refreshExpiresAt,
        now,
        family,
        loginAt,
      );
    const sessionId = Number(result.lastInsertRowid);
    if (family === null) this.ctx.db.prepare('UPDATE sessions SET family_id = id WHERE id = ?').run(sessionId);
    return { sessionId, userId, ...tokens };
  }

  /** The session a still-valid access token belongs to. */
  findByAccessToken(accessToken: string | undefined): ActiveSession | null {
    if (!accessToken) return null;
    const hash = digest(accessToken);
    const now = this.ctx.now();
    const row = this.ctx.db
      .prepare(
        `SELECT id, user_id FROM sessions WHERE (access_hash = ? AND access_expires_at > ?)
         OR (prev_access_hash = ? AND prev_access_until > ?)`,
      )
      .get(hash, now, hash, now) as { id: number; user_id: number } | undefined;
    return row ? { sessionId: row.id, userId: row.user_id, accessToken } : null;
  }

  /** A new handover token for a session: good for one `relogin` within `HANDOVER_TTL_MS`, and nothing else. */
  handover(sessionId: number): IssuedHandover {
    const token = newToken();
    const expiresAt = this.ctx.now() + HANDOVER_TTL_MS;
    this.ctx.db
      .prepare('INSERT INTO handover_tokens (hash, session_id, expires_at) VALUES (?, ?, ?)')
      .run(digest(token), sessionId, expiresAt);
    return { token, expiresAt };
  }

  /**
   * Spends a handover token: the session it was issued for, when the token is known, unexpired and unused and that
   * session still exists (not logged out, refresh token not expired). Any token presented is spent, good or not.
   */
  redeemHandover(token: string | undefined): { sessionId: number; userId: number } | null {
    if (!token) return null;
    const now = this.ctx.now();
    return this.ctx.db.transaction(() => {
      const spent = this.ctx.db
        .prepare('DELETE FROM handover_tokens WHERE hash = ? RETURNING session_id, expires_at')
        .get(digest(token)) as { session_id: number; expires_at: number } | undefined;
      if (!spent || spent.expires_at <= now) return null;
      const row = this.ctx.db
        .prepare('SELECT id, user_id FROM sessions WHERE id = ? AND refresh_expires_at > ?')
        .get(spent.session_id, now) as { id: number; user_id: number } | undefined;
      return row ? { sessionId: row.id, userId: row.user_id } : null;
    })();
  }

  /**
   * Swaps a valid refresh token for a new pair in the same session; within the overlap, the token just rotated
   * answers the same successor again. Null when the token is unknown or expired; a retired token presented
   * outside its overlap ends its whole family.
   */
  rotate(refreshToken: string | undefined): IssuedTokens | null {
    if (!refreshToken) return null;
    const now = this.ctx.now();
    const hash = digest(refreshToken);
    return this.ctx.db.transaction((): IssuedTokens | null => {
      const row = this.ctx.db
        .prepare(
          `SELECT id, user_id, family_id, refresh_expires_at, login_at FROM sessions
           WHERE refresh_hash = ? AND refresh_expires_at > ?`,
        )
        .get(hash, now) as
        | { id: number; user_id: number; family_id: number; refresh_expires_at: number; login_at: number | null }
        | undefined;
      if (!row) return this.replay(hash, now);
      const ends = this.endOf(row.login_at ?? now);
      if (ends <= now) return null;
      const tokens = this.newPair(now);
      tokens.accessExpiresAt = Math.min(tokens.accessExpiresAt, ends);
      tokens.refreshExpiresAt = Math.min(tokens.refreshExpiresAt, ends);
      this.ctx.db
        .prepare(
          `UPDATE sessions SET prev_access_hash = access_hash, prev_access_until = MIN(access_expires_at, ?),
           access_hash = ?, access_expires_at = ?, refresh_hash = ?, refresh_expires_at = ?, refreshed_at = ?
           WHERE id = ?`,
        )
        .run(
          now + REFRESH_REUSE_WINDOW_MS,
          digest(tokens.accessToken),
          tokens.accessExpiresAt,
          digest(tokens.refreshToken),
          tokens.refreshExpiresAt,
          now,
          row.id,
        );
      this.ctx.db
        .prepare(
          'INSERT OR REPLACE INTO retired_refresh_tokens (hash, family_id, retired_at, expires_at) VALUES (?, ?, ?, ?)',
        )
        .run(hash, row.family_id, now, row.refresh_expires_at);
      const issued = { sessionId: row.id, userId: row.user_id, ...tokens };
      this.pruneSuccessors(now);
      this.successors.set(hash, { tokens: issued, until: now + REFRESH_REUSE_WINDOW_MS });
      return issued;
    })();
  }

  /** A refresh token that is not current: the overlap's successor, or reuse (family ended), or just unknown. */
  private replay(hash: string, now: number): IssuedTokens | null {
    const retired = this.ctx.db
      .prepare('SELECT family_id, retired_at FROM retired_refresh_tokens WHERE hash = ?')
      .get(hash) as { family_id: number; retired_at: number } | undefined;
    if (!retired) return null;
    const successor = this.successors.get(hash);
    if (successor && successor.until > now) {
      // Only while the successor is still the session's current pair: the token two rotations back is reuse.
      const current = this.ctx.db
        .prepare('SELECT 1 FROM sessions WHERE id = ? AND refresh_hash = ? AND access_hash = ?')
        .get(successor.tokens.sessionId, digest(successor.tokens.refreshToken), digest(successor.tokens.accessToken));
      if (current) return successor.tokens;
    } else if (!successor && now - retired.retired_at < REFRESH_REUSE_WINDOW_MS) {
      // Rotated within the overlap but the successor is not known here (the server restarted): refuse, no more.
      return null;
    }
    this.revokeFamily(retired.family_id);
    return null;
  }

  private pruneSuccessors(now: number): void {
    for (const [hash, successor] of this.successors) if (successor.until <= now) this.successors.delete(hash);
  }

  /** The session of a refresh token, valid or not yet expired, for logout. */
  findIdByRefreshToken(refreshToken: string | undefined): number | null {
    if (!refreshToken) return null;
    const row = this.ctx.db.prepare('SELECT id FROM sessions WHERE refresh_hash = ?').get(digest(refreshToken)) as
      { id: number } | undefined;
    return row?.id ?? null;
  }

  /** The family a session belongs to (null when the session is gone). */
  familyOf(sessionId: number): number | null {
    const row = this.ctx.db.prepare('SELECT family_id FROM sessions WHERE id = ?').get(sessionId) as
      { family_id: number | null } | undefined;
    return row ? (row.family_id ?? sessionId) : null;
  }

  /** Whether some session of the family is still alive (not logged out, refresh token and lifetime not over). */
  familyAlive(familyId: number): boolean {
    return (
      this.ctx.db
        .prepare('SELECT 1 FROM sessions WHERE family_id = ? AND refresh_expires_at > ? LIMIT 1')
        .get(familyId, this.ctx.now()) !== undefined
    );
  }

  /** Ends a session. Also removes any session still holding the given access token, valid or not. */
  revoke(sessionId: number | null, accessToken?: string): void {
    if (sessionId !== null) this.deleteSessions('id = ?', sessionId);
    if (accessToken) this.deleteSessions('access_hash = ?', digest(accessToken));
  }

  /** Deletes the sessions matching `where` with their handover tokens. */
  private deleteSessions(where: string, value: number | string): void {
    this.ctx.db
      .prepare(`DELETE FROM handover_tokens WHERE session_id IN (SELECT id FROM sessions WHERE ${where})`)
      .run(value);
    this.ctx.db.prepare(`DELETE FROM sessions WHERE ${where}`).run(value);
  }

  /**
   * Logout: ends every session of the login the tokens belong to (the refresh token's, the access token's valid
   * or not, and a retired refresh token's), with all sessions relogged in from them.
   */
  revokeLogin(refreshToken: string | undefined, accessToken: string | undefined): void {
    const families = new Set<number>();
    const add = (row: { family_id: number | null } | undefined) => {
      if (row?.family_id != null) families.add(row.family_id);
    };
    if (refreshToken) {
      const hash = digest(refreshToken);
      add(this.ctx.db.prepare('SELECT family_id FROM sessions WHERE refresh_hash = ?').get(hash) as never);
      add(this.ctx.db.prepare('SELECT family_id FROM retired_refresh_tokens WHERE hash = ?').get(hash) as never);
    }
    if (accessToken) {
      const hash = digest(accessToken);
      add(
        this.ctx.db
          .prepare('SELECT family_id FROM sessions WHERE access_hash = ? OR prev_access_hash = ?')
          .get(hash, hash) as never,
      );
    }
    for (const family of families) this.revokeFamily(family);
  }

  /** Ends every session of a family and forgets its retired tokens and successors. */
  revokeFamily(familyId: number): void {
    this.ctx.db.transaction(() => {
      const ids = (
        this.ctx.db.prepare('SELECT id FROM sessions WHERE family_id = ?').all(familyId) as { id: number }[]
      ).map((row) => row.id);
      this.deleteSessions('family_id = ?', familyId);
      this.ctx.db.prepare('DELETE FROM retired_refresh_tokens WHERE family_id = ?').run(familyId);
      // What the login handed out ends with it: tickets it issued, speech tokens.
      this.ctx.db.prepare('DELETE FROM grants WHERE family_id = ?').run(familyId);
      this.ctx.db.prepare('DELETE FROM speech_tokens WHERE family_id = ?').run(familyId);
      for (const [hash, successor] of this.successors) {
        if (ids.includes(successor.tokens.sessionId)) this.successors.delete(hash);
      }
    })();
  }

  /** Test hook: every access token expires now; refresh tokens stay valid. */
  expireAllAccessTokens(): void {
    this.ctx.db.prepare('UPDATE sessions SET access_expires_at = MIN(access_expires_at, ?)').run(this.ctx.now());
  }

  /** Test hook: drop every session. */
  dropAll(): void {
    this.ctx.db.prepare('DELETE FROM sessions').run();
    this.ctx.db.prepare('DELETE FROM retired_refresh_tokens').run();
    this.ctx.db.prepare('DELETE FROM handover_tokens').run();
    this.successors.clear();
  }

  /** Forget sessions whose refresh token has expired; called now and then so the table does not grow forever. */
  purgeExpired(): void {
    const now = this.ctx.now();
    this.deleteSessions('refresh_expires_at <= ?', now);
    this.ctx.db.prepare('DELETE FROM retired_refresh_tokens WHERE expires_at <= ?').run(now);
    this.ctx.db.prepare('DELETE FROM handover_tokens WHERE expires_at <= ?').run(now);
    this.pruneSuccessors(now);
  }

  /** When a family that first logged in at `loginAt` ends, whatever its refreshes. */
  private endOf(loginAt: number): number {
    return loginAt + this.ctx.sessionMaxAgeMs();
  }

  private newPair(now: number) {
    return {
      accessToken: newToken(),
      refreshToken: newToken(),
      accessExpiresAt: now + this.ctx.accessTtlMs(),
      refreshExpiresAt: now + this.ctx.refreshTtlMs(),
    };
  }
}
