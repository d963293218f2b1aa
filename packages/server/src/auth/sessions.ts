/**
 * Access and refresh tokens. Tokens are 32 random bytes in hex; the database keeps only their SHA-256 digests,
 * one `sessions` row per login holding both. Refresh rotates both tokens, so an old refresh token stops working.
 */
import { createHash, randomBytes } from 'node:crypto';
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

export class SessionStore {
  constructor(private readonly ctx: ServerContext) {}

  /** Starts a new session for the user. */
  issue(userId: number): IssuedTokens {
    const now = this.ctx.now();
    const tokens = this.newPair(now);
    const result = this.ctx.db
      .prepare(
        `INSERT INTO sessions (user_id, access_hash, access_expires_at, refresh_hash, refresh_expires_at, created_at)
         VALUES (?, ?, ?, ?, ?, ?)`,
      )
      .run(
        userId,
        digest(tokens.accessToken),
        tokens.accessExpiresAt,
        digest(tokens.refreshToken),
        tokens.refreshExpiresAt,
        now,
      );
    return { sessionId: Number(result.lastInsertRowid), userId, ...tokens };
  }

  /** The session a still-valid access token belongs to. */
  findByAccessToken(accessToken: string | undefined): ActiveSession | null {
    if (!accessToken) return null;
    const row = this.ctx.db
      .prepare('SELECT id, user_id FROM sessions WHERE access_hash = ? AND access_expires_at > ?')
      .get(digest(accessToken), this.ctx.now()) as { id: number; user_id: number } | undefined;
    return row ? { sessionId: row.id, userId: row.user_id, accessToken } : null;
  }

  /** Swaps a valid refresh token for a new pair in the same session; null when the token is unknown or expired. */
  rotate(refreshToken: string | undefined): IssuedTokens | null {
    if (!refreshToken) return null;
    const now = this.ctx.now();
    return this.ctx.db.transaction((): IssuedTokens | null => {
      const row = this.ctx.db
        .prepare('SELECT id, user_id FROM sessions WHERE refresh_hash = ? AND refresh_expires_at > ?')
        .get(digest(refreshToken), now) as { id: number; user_id: number } | undefined;
      if (!row) return null;
      const tokens = this.newPair(now);
      this.ctx.db
        .prepare(
          `UPDATE sessions SET access_hash = ?, access_expires_at = ?, refresh_hash = ?, refresh_expires_at = ?,
           refreshed_at = ? WHERE id = ?`,
        )
        .run(
          digest(tokens.accessToken),
          tokens.accessExpiresAt,
          digest(tokens.refreshToken),
          tokens.refreshExpiresAt,
          now,
          row.id,
        );
      return { sessionId: row.id, userId: row.user_id, ...tokens };
    })();
  }

  /** The session of a refresh token, valid or not yet expired, for logout. */
  findIdByRefreshToken(refreshToken: string | undefined): number | null {
    if (!refreshToken) return null;
    const row = this.ctx.db.prepare('SELECT id FROM sessions WHERE refresh_hash = ?').get(digest(refreshToken)) as
      { id: number } | undefined;
    return row?.id ?? null;
  }

  /** Ends a session. Also removes any session still holding the given access token, valid or not. */
  revoke(sessionId: number | null, accessToken?: string): void {
    if (sessionId !== null) this.ctx.db.prepare('DELETE FROM sessions WHERE id = ?').run(sessionId);
    if (accessToken) this.ctx.db.prepare('DELETE FROM sessions WHERE access_hash = ?').run(digest(accessToken));
  }

  /** Test hook: every access token expires now; refresh tokens stay valid. */
  expireAllAccessTokens(): void {
    this.ctx.db.prepare('UPDATE sessions SET access_expires_at = MIN(access_expires_at, ?)').run(this.ctx.now());
  }

  /** Test hook: drop every session. */
  dropAll(): void {
    this.ctx.db.prepare('DELETE FROM sessions').run();
  }

  /** Forget sessions whose refresh token has expired; called now and then so the table does not grow forever. */
  purgeExpired(): void {
    this.ctx.db.prepare('DELETE FROM sessions WHERE refresh_expires_at <= ?').run(this.ctx.now());
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
