/**
 * Short-lived grants: one-time login tickets, the development provider's social codes (one-time) and tokens
 * (reusable until they expire), pending social binds and SSO authorization codes. Like session tokens, the
 * database keeps only SHA-256 digests of them. A one-time grant is spent atomically, so two concurrent uses of
 * the same code cannot both succeed.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { ServerContext } from '../context.ts';

export type GrantKind = 'ticket' | 'social_code' | 'social_token' | 'social_bind' | 'sso_code';

export interface Grant {
  kind: GrantKind;
  userId: number | null;
  identityId: number | null;
  /** Free-form strings bound to the grant: the OAuth state, client id, redirect entry, scope. */
  data: Record<string, string>;
  expiresAt: number;
}

export interface IssuedGrant {
  token: string;
  expiresAt: number;
}

interface GrantRow {
  user_id: number | null;
  identity_id: number | null;
  data: string;
  expires_at: number;
}

const digest = (token: string): string => createHash('sha256').update(token).digest('hex');

export class GrantStore {
  constructor(private readonly ctx: ServerContext) {}

  issue(
    kind: GrantKind,
    ttlMs: number,
    subject: {
      userId?: number;
      identityId?: number;
      data?: Record<string, string>;
      /** The session family (login) that issued it: logout ends the grant with the login. */
      familyId?: number | null;
    },
  ): IssuedGrant {
    const now = this.ctx.now();
    const token = randomBytes(20).toString('hex');
    const expiresAt = now + ttlMs;
    this.ctx.db
      .prepare(
        `INSERT INTO grants (hash, kind, user_id, identity_id, data, created_at, expires_at, family_id)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
      )
      .run(
        digest(token),
        kind,
        subject.userId ?? null,
        subject.identityId ?? null,
        JSON.stringify(subject.data ?? {}),
        now,
        expiresAt,
        subject.familyId ?? null,
      );
    return { token, expiresAt };
  }

  /** Spends a one-time grant: answers it once, then never again; null when unknown, spent, expired or of another kind. */
  consume(kind: GrantKind, token: string | undefined): Grant | null {
    if (!token) return null;
    const now = this.ctx.now();
    const row = this.ctx.db
      .prepare(
        `UPDATE grants SET used_at = ? WHERE hash = ? AND kind = ? AND used_at IS NULL AND expires_at > ?
         RETURNING user_id, identity_id, data, expires_at`,
      )
      .get(now, digest(token), kind, now) as GrantRow | undefined;
    return row ? toGrant(kind, row) : null;
  }

  /** A grant that may be used until it expires (social tokens, pending binds); null when not valid. */
  peek(kind: GrantKind, token: string | undefined): Grant | null {
    if (!token) return null;
    const row = this.ctx.db
      .prepare(
        `SELECT user_id, identity_id, data, expires_at FROM grants
         WHERE hash = ? AND kind = ? AND used_at IS NULL AND expires_at > ?`,
      )
      .get(digest(token), kind, this.ctx.now()) as GrantRow | undefined;
    return row ? toGrant(kind, row) : null;
  }

  /** Whether a still-valid grant of this kind exists for the social identity. */
  hasLiveForIdentity(kind: GrantKind, identityId: number): boolean {
    return !!this.ctx.db
      .prepare('SELECT 1 FROM grants WHERE identity_id = ? AND kind = ? AND used_at IS NULL AND expires_at > ?')
      .get(identityId, kind, this.ctx.now());
  }

  /** Spends every live grant of this kind for the identity (a bind is done: its pending binds are over). */
  spendAllForIdentity(kind: GrantKind, identityId: number): void {
    const now = this.ctx.now();
    this.ctx.db
      .prepare('UPDATE grants SET used_at = ? WHERE identity_id = ? AND kind = ? AND used_at IS NULL')
      .run(now, identityId, kind);
  }

  /** Forgets expired grants; an expired grant is refused anyway, so nothing is lost. */
  purgeExpired(): void {
    this.ctx.db.prepare('DELETE FROM grants WHERE expires_at <= ?').run(this.ctx.now());
  }
}

function toGrant(kind: GrantKind, row: GrantRow): Grant {
  let data: Record<string, string> = {};
  try {
    data = JSON.parse(row.data) as Record<string, string>;
  } catch {
    // a broken row binds nothing
  }
  return { kind, userId: row.user_id, identityId: row.identity_id, data, expiresAt: row.expires_at };
}
