/**
 * The development gateway's state in the database: short-lived tokens (SHA-256 digests only, like session tokens)
 * and each user's configured transcript, with its default: a phrase that opens the first app of the user's desktop.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { Lang } from '@edu-portal/core';
import type { ServerContext } from '../context.ts';
import { findUserById, isActive, type UserRecord } from '../auth/session-user.ts';
import { openableApps } from './skills.ts';

/** Development tokens live 10 minutes (test hooks may shorten this). */
export const DEV_TOKEN_TTL_MS = 10 * 60 * 1000;
/** The longest transcript a user may configure. */
export const MAX_TRANSCRIPT_LENGTH = 200;

const digest = (token: string): string => createHash('sha256').update(token).digest('hex');

export interface IssuedSpeechToken {
  token: string;
  expiresAt: number;
}

export type TokenLookup =
  { ok: true; user: UserRecord; language: Lang } | { ok: false; problem: 'missing' | 'invalid' | 'expired' };

export class SpeechDevStore {
  constructor(private readonly ctx: ServerContext) {}

  private ttlMs(): number {
    return this.ctx.hooks?.voice.settings.tokenTtlMs ?? DEV_TOKEN_TTL_MS;
  }

  /** A token for the user's login (`familyId`): it ends with that login's logout. */
  issueToken(userId: number, language: Lang, familyId: number | null): IssuedSpeechToken {
    const token = randomBytes(24).toString('hex');
    const now = this.ctx.now();
    const expiresAt = now + this.ttlMs();
    this.ctx.db
      .prepare(
        'INSERT INTO speech_tokens (hash, user_id, language, created_at, expires_at, family_id) VALUES (?, ?, ?, ?, ?, ?)',
      )
      .run(digest(token), userId, language, now, expiresAt, familyId);
    // Spent tokens go with the next issue: the table stays small.
    this.ctx.db.prepare('DELETE FROM speech_tokens WHERE expires_at < ?').run(now - 60 * 60 * 1000);
    return { token, expiresAt };
  }

  lookup(token: string | undefined): TokenLookup {
    if (!token) return { ok: false, problem: 'missing' };
    const row = this.ctx.db
      .prepare(
        `SELECT t.user_id AS userId, t.language, t.expires_at AS expiresAt, (t.family_id IS NULL OR EXISTS (
           SELECT 1 FROM sessions s WHERE s.family_id = t.family_id AND s.refresh_expires_at > @now)) AS loginAlive
         FROM speech_tokens t WHERE t.hash = @hash`,
      )
      .get({ hash: digest(token), now: this.ctx.now() }) as
      { userId: number; language: Lang; expiresAt: number; loginAlive: number } | undefined;
    if (!row) return { ok: false, problem: 'invalid' };
    if (row.expiresAt <= this.ctx.now()) return { ok: false, problem: 'expired' };
    // The login that obtained it has ended (logout deletes the token too; this covers a login that expired).
    if (!row.loginAlive) return { ok: false, problem: 'invalid' };
    // A token stops working with its account (disabled user or unit), like a session does.
    const user = findUserById(this.ctx.db, row.userId);
    if (!user || !isActive(user)) return { ok: false, problem: 'invalid' };
    return { ok: true, user, language: row.language };
  }

  /** The user's own transcript, or null when none is set. */
  configuredTranscript(userId: number): string | null {
    const row = this.ctx.db.prepare('SELECT transcript FROM speech_dev_transcripts WHERE user_id = ?').get(userId) as
      { transcript: string } | undefined;
    return row?.transcript ?? null;
  }

  /** Sets the user's transcript; '' goes back to the default. */
  setTranscript(userId: number, transcript: string): void {
    const text = transcript.trim();
    if (!text) {
      this.ctx.db.prepare('DELETE FROM speech_dev_transcripts WHERE user_id = ?').run(userId);
      return;
    }
    this.ctx.db
      .prepare(
        `INSERT INTO speech_dev_transcripts (user_id, transcript, updated_at) VALUES (?, ?, ?)
         ON CONFLICT (user_id) DO UPDATE SET transcript = excluded.transcript, updated_at = excluded.updated_at`,
      )
      .run(userId, text, this.ctx.now());
  }

  /** What the gateway answers this user's speech with. */
  transcript(user: UserRecord, language: Lang): string {
    return this.configuredTranscript(user.id) ?? defaultTranscript(this.ctx, user, language);
  }
}

/**
 * "打开{app}。" (or "Open {app}." in English) for the first app on the user's desktop that the user may enter, with
 * the full stop a recogniser with punctuation adds; "打开消息。" when the desktop has no such app.
 */
export function defaultTranscript(ctx: ServerContext, user: UserRecord, language: Lang): string {
  const app = openableApps(ctx.db, user)[0];
  if (language === 'en') return app ? `Open ${app.englishName || app.name}.` : 'Open messages.';
  return app ? `打开${app.name}。` : '打开消息。';
}
