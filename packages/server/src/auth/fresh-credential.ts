/**
 * Fresh credentials (docs/decisions.md "Face security"): some acts of a signed-in session — enrolling a face, which
 * then signs in without a password — need proof that the person at the keyboard is the account's owner now, not
 * merely a session opened earlier (a computer left signed in, a session obtained by face login). Such an act asks
 * for a credential entered again within `FRESH_CREDENTIAL_MAX_AGE_MS`: today the password
 * (`POST /api/uaa/oauth/confirm_password`) or a passkey (`POST /api/uaa/passkey/confirm`, which marks the session
 * through `mark(sessionId, 'passkey')`). Marks live in memory, by session id, per server instance (a restart asks again). A
 * mark counts only while its session exists and was started before the mark (`startedAt`): session ids are
 * SQLite rowids, which a later session may reuse once the marked one has ended.
 */
import type { ServerContext } from '../context.ts';
import { fail, type Envelope } from '../http/envelope.ts';

/** A credential entered this long ago still counts as fresh: 5 minutes. */
export const FRESH_CREDENTIAL_MAX_AGE_MS = 5 * 60 * 1000;

/** The credentials that can make a session fresh. */
export type CredentialKind = 'password' | 'passkey';

export interface FreshMark {
  kind: CredentialKind;
  /** When the credential was checked (epoch ms). */
  at: number;
  /** Until when the session counts as fresh (epoch ms). */
  until: number;
}

export const FRESH_CREDENTIAL_MESSAGE =
  '为保护您的账号，请先再次输入密码|||To protect your account, please enter your password again first';

/** The answer of a confirmation (password or passkey): until when the session counts as fresh. */
export const freshUntilSchema = {
  type: 'object',
  properties: { freshUntil: { type: 'integer', description: 'Epoch ms' } },
  required: ['freshUntil'],
};

/** The refusal of an act that needs a fresh credential: status 403, code `fresh_credential_required`. */
export function freshCredentialRequired(): Envelope<never> {
  return fail(403, 'fresh_credential_required', FRESH_CREDENTIAL_MESSAGE);
}

export class FreshCredentials {
  private readonly marks = new Map<number, FreshMark>();

  constructor(
    private readonly now: () => number,
    /** When a session started (epoch ms), or null when it no longer exists. */
    private readonly startedAt: (sessionId: number) => number | null,
    private readonly maxAgeMs = FRESH_CREDENTIAL_MAX_AGE_MS,
  ) {}

  /** Records that `sessionId`'s owner has just proved a credential of `kind`; returns the mark. */
  mark(sessionId: number, kind: CredentialKind): FreshMark {
    const at = this.now();
    this.prune(at);
    const fresh = { kind, at, until: at + this.maxAgeMs };
    this.marks.set(sessionId, fresh);
    return fresh;
  }

  /** The session's mark while it is fresh, else null. */
  freshness(sessionId: number): FreshMark | null {
    const mark = this.marks.get(sessionId);
    if (!mark) return null;
    const now = this.now();
    // A clock set back (or a mark from the future) does not make a mark last longer.
    const started = this.startedAt(sessionId);
    if (now >= mark.until || now < mark.at || started === null || started > mark.at) {
      this.marks.delete(sessionId);
      return null;
    }
    return mark;
  }

  isFresh(sessionId: number): boolean {
    return this.freshness(sessionId) !== null;
  }

  /** Drops a session's mark (its session ended). */
  forget(sessionId: number): void {
    this.marks.delete(sessionId);
  }

  /** Drops every mark (test hook reset). */
  clear(): void {
    this.marks.clear();
  }

  private prune(now: number): void {
    for (const [sessionId, mark] of this.marks) if (now >= mark.until) this.marks.delete(sessionId);
  }
}

const stores = new WeakMap<ServerContext, FreshCredentials>();

/**
 * The fresh-credential marks of a server (one per context), shared by every plugin: the password confirmation
 * marks a session, a passkey confirmation marks it too, and face collection and adding a passkey read the mark.
 */
export function freshCredentialsOf(ctx: ServerContext): FreshCredentials {
  let store = stores.get(ctx);
  if (!store) {
    store = new FreshCredentials(
      () => ctx.now(),
      (sessionId) => {
        const row = ctx.db.prepare('SELECT created_at AS createdAt FROM sessions WHERE id = ?').get(sessionId) as
          { createdAt: number } | undefined;
        return row ? row.createdAt : null;
      },
    );
    stores.set(ctx, store);
  }
  return store;
}
