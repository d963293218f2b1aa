/**
 * Passkeys (WebAuthn), an extension beyond the spec (docs/decisions.md "Passkeys"): the stored credentials of each
 * user and the ceremonies' challenges. The cryptography (CBOR, COSE keys, signatures, counters) is
 * `@simplewebauthn/server`'s; this module keeps what the library leaves to its caller.
 *
 * - **Challenges** are random, used once, live `PASSKEY_CHALLENGE_TTL_MS` and are bound: a registration or a
 *   confirmation to the session that asked for it, a sign-in to the browser that asked (an http-only cookie holds a
 *   random handle of the challenge; a page of another browser cannot answer it). In memory, per server instance.
 * - **Relying party**: the configured portal origin (`EDU_PORTAL_ORIGIN`), else the origin the browser sent the
 *   request to; its host name is the RP id. Assertions made for any other origin or RP id are refused.
 * - **Credentials** belong to one user (`user_id`), several per user (one per device), named, with the signature
 *   counter of their last use and when that was.
 */
import type { Passkey } from '@edu-portal/core';
import { randomBytes } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { ServerContext } from '../context.ts';
import { ownOrigin } from '../http/security.ts';

/** A challenge is answered within 5 minutes or not at all. */
export const PASSKEY_CHALLENGE_TTL_MS = 5 * 60 * 1000;
/** The ceremony timeout the browser is given (a little less than the challenge lives). */
export const PASSKEY_TIMEOUT_MS = 4 * 60 * 1000;
/** Sign-in challenges waiting at once, all browsers together; past this the oldest are dropped. */
const MAX_PENDING_SIGN_INS = 10_000;
/** The longest name of a passkey. */
export const PASSKEY_NAME_MAX = 40;
/** Passkeys one user may register. */
export const PASSKEY_MAX_PER_USER = 20;
/** The cookie that binds a sign-in challenge to the browser that asked for it. */
export const PASSKEY_CHALLENGE_COOKIE = 'edu_pk';
export const PASSKEY_COOKIE_PATH = '/api/uaa/passkey';

export type ChallengePurpose = 'register' | 'confirm' | 'sign-in';

interface PendingChallenge {
  challenge: string;
  expiresAt: number;
}

export type TakenChallenge = { challenge: string } | { missing: true } | { expired: true };

/** The challenges of one server: issued, then taken exactly once by the answer that uses them. */
export class PasskeyChallenges {
  private readonly bySession = new Map<string, PendingChallenge>();
  private readonly signIns = new Map<string, PendingChallenge>();

  constructor(
    private readonly now: () => number,
    private readonly ttlMs = PASSKEY_CHALLENGE_TTL_MS,
  ) {}

  /** Keeps a registration or confirmation challenge for `sessionId` (replacing an earlier one of that purpose). */
  forSession(sessionId: number, purpose: Exclude<ChallengePurpose, 'sign-in'>, challenge: string): void {
    this.prune();
    this.bySession.set(`${purpose}:${sessionId}`, { challenge, expiresAt: this.now() + this.ttlMs });
  }

  /** Keeps a sign-in challenge; answers the random handle the browser's cookie carries. */
  forSignIn(challenge: string): string {
    this.prune();
    const handle = randomBytes(24).toString('base64url');
    this.signIns.set(handle, { challenge, expiresAt: this.now() + this.ttlMs });
    while (this.signIns.size > MAX_PENDING_SIGN_INS) this.signIns.delete(this.signIns.keys().next().value!);
    return handle;
  }

  takeForSession(sessionId: number, purpose: Exclude<ChallengePurpose, 'sign-in'>): TakenChallenge {
    return this.take(this.bySession, `${purpose}:${sessionId}`);
  }

  takeForSignIn(handle: string | undefined): TakenChallenge {
    return handle ? this.take(this.signIns, handle) : { missing: true };
  }

  /** Forgets every challenge (test hook reset). */
  clear(): void {
    this.bySession.clear();
    this.signIns.clear();
  }

  private take(map: Map<string, PendingChallenge>, key: string): TakenChallenge {
    const pending = map.get(key);
    map.delete(key);
    if (!pending) return { missing: true };
    if (this.now() >= pending.expiresAt) return { expired: true };
    return { challenge: pending.challenge };
  }

  private prune(): void {
    const now = this.now();
    for (const map of [this.bySession, this.signIns])
      for (const [key, pending] of map) if (now >= pending.expiresAt) map.delete(key);
  }
}

/** The relying party a request's ceremony is for: the configured portal origin, else the request's own. */
export function relyingParty(request: FastifyRequest, portalOrigin: string | null): { origin: string; rpID: string } {
  const origin = portalOrigin ?? ownOrigin(request);
  return { origin, rpID: new URL(origin).hostname };
}

export interface PasskeyRecord {
  id: number;
  userId: number;
  credentialId: string;
  publicKey: Uint8Array;
  counter: number;
  transports: string[];
  deviceType: string;
  backedUp: boolean;
  name: string;
  createdAt: number;
  lastUsedAt: number | null;
}

/** What the owner sees of a passkey (never the key): core's `Passkey`. */
export type PasskeySummary = Passkey;

interface PasskeyRow {
  id: number;
  user_id: number;
  credential_id: string;
  public_key: Buffer;
  counter: number;
  transports: string;
  device_type: string;
  backed_up: number;
  name: string;
  created_at: number;
  last_used_at: number | null;
}

function fromRow(row: PasskeyRow): PasskeyRecord {
  let transports: string[] = [];
  try {
    const parsed: unknown = JSON.parse(row.transports);
    if (Array.isArray(parsed)) transports = parsed.filter((t): t is string => typeof t === 'string');
  } catch {
    /* none known */
  }
  return {
    id: row.id,
    userId: row.user_id,
    credentialId: row.credential_id,
    publicKey: new Uint8Array(row.public_key),
    counter: row.counter,
    transports,
    deviceType: row.device_type,
    backedUp: row.backed_up === 1,
    name: row.name,
    createdAt: row.created_at,
    lastUsedAt: row.last_used_at,
  };
}

export const summary = (record: PasskeyRecord): PasskeySummary => ({
  id: String(record.id),
  name: record.name,
  createdAt: record.createdAt,
  lastUsedAt: record.lastUsedAt,
  deviceType: record.deviceType,
  backedUp: record.backedUp,
});

/** The stored passkeys, always asked for by their owner. */
export class PasskeyStore {
  constructor(private readonly ctx: ServerContext) {}

  /** The user's WebAuthn user handle (base64url), made on first use. */
  handleOf(userId: number): string {
    const row = this.ctx.db.prepare('SELECT handle FROM passkey_users WHERE user_id = ?').get(userId) as
      { handle: string } | undefined;
    if (row) return row.handle;
    const handle = randomBytes(32).toString('base64url');
    this.ctx.db.prepare('INSERT INTO passkey_users (user_id, handle) VALUES (?, ?)').run(userId, handle);
    return handle;
  }

  listOf(userId: number): PasskeyRecord[] {
    return (
      this.ctx.db
        .prepare('SELECT * FROM passkeys WHERE user_id = ? ORDER BY created_at, id')
        .all(userId) as PasskeyRow[]
    ).map(fromRow);
  }

  byCredentialId(credentialId: string): PasskeyRecord | null {
    const row = this.ctx.db.prepare('SELECT * FROM passkeys WHERE credential_id = ?').get(credentialId) as
      PasskeyRow | undefined;
    return row ? fromRow(row) : null;
  }

  /** The user whose handle this is, or null. */
  userOfHandle(handle: string): number | null {
    const row = this.ctx.db.prepare('SELECT user_id FROM passkey_users WHERE handle = ?').get(handle) as
      { user_id: number } | undefined;
    return row ? row.user_id : null;
  }

  add(record: Omit<PasskeyRecord, 'id' | 'lastUsedAt'>): PasskeyRecord {
    const { lastInsertRowid } = this.ctx.db
      .prepare(
        `INSERT INTO passkeys (user_id, credential_id, public_key, counter, transports, device_type, backed_up, name,
           created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      )
      .run(
        record.userId,
        record.credentialId,
        Buffer.from(record.publicKey),
        record.counter,
        JSON.stringify(record.transports),
        record.deviceType,
        record.backedUp ? 1 : 0,
        record.name,
        record.createdAt,
      );
    return { ...record, id: Number(lastInsertRowid), lastUsedAt: null };
  }

  /** Records a use: the new counter and when. */
  used(id: number, counter: number, at: number): void {
    this.ctx.db.prepare('UPDATE passkeys SET counter = ?, last_used_at = ? WHERE id = ?').run(counter, at, id);
  }

  /** Renames the owner's passkey; false when the user has no passkey of that id. */
  rename(userId: number, id: number, name: string): boolean {
    return (
      this.ctx.db.prepare('UPDATE passkeys SET name = ? WHERE id = ? AND user_id = ?').run(name, id, userId).changes ===
      1
    );
  }

  /** Removes the owner's passkey; false when the user has no passkey of that id. */
  remove(userId: number, id: number): boolean {
    return this.ctx.db.prepare('DELETE FROM passkeys WHERE id = ? AND user_id = ?').run(id, userId).changes === 1;
  }
  /** Every passkey and user handle removed (the test hook's reset). */
  removeAll(): void {
    this.ctx.db.exec('DELETE FROM passkeys; DELETE FROM passkey_users;');
  }
}
