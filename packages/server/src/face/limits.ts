/**
 * Limits of face attempts (docs/decisions.md "Face security"), in memory, per server instance.
 *
 * `FaceAttemptLimits`: failed face logins and clock-ins are counted per key — the client address, the clock-in
 * terminal (its session user) and the target of the attempt (for face login: the enrolled user nearest to the face,
 * found or not) — each within a sliding window. A key with `limit` failures in the window is locked for `lockMs`,
 * every further lock twice as long up to `maxLockMs` (a short cool-down: an address may be a whole school behind
 * one NAT), after which it gets one more try before the next lock. A success clears only the count of its own
 * target; it never clears an address or a terminal, so a guesser cannot reset the limit with their own face between
 * rounds. What keeps a busy clock-in terminal usable is a credit instead: each *different* person recognised at an
 * address or terminal within the window allows it `creditPerPerson` more failures (up to `maxFailures`), so a gate
 * with hundreds of pupils absorbs the odd bad capture, while one person's face, shown again and again, earns the
 * credit once. Attempts still being analysed count against the address and terminal, so parallel guesses cannot
 * overrun the limit.
 *
 * `EnrolLimits`: face collections per user in a sliding window (each costs a full analysis in the face worker).
 */

export interface FaceLimitPolicy {
  /** Failures older than this no longer count; a key idle this long starts again from zero. */
  windowMs: number;
  /** Failures in the window before a lock, for every key. */
  limit: number;
  /** Extra failures allowed per different person recognised at an address or terminal in the window. */
  creditPerPerson: number;
  /** The most failures any key may have in the window, credit included. */
  maxFailures: number;
  /** First lock; each further lock of a key doubles, up to `maxLockMs`. */
  lockMs: number;
  maxLockMs: number;
}

export const FACE_LIMITS: FaceLimitPolicy = {
  windowMs: 10 * 60_000,
  limit: 10,
  creditPerPerson: 0.5,
  maxFailures: 100,
  lockMs: 60_000,
  maxLockMs: 5 * 60_000,
};

interface KeyState {
  /** Times of the failures in the window, oldest first. */
  failures: number[];
  /** Different people recognised here in the window: user id → last time. */
  people: Map<number, number>;
  /** Attempts under way (admitted keys only). */
  pending: number;
  lockedUntil: number;
  /** Locks in a row; the next lasts lockMs × 2^locks. */
  locks: number;
}

/** Refused before any analysis: locked until `until` (epoch ms). */
export interface FaceLocked {
  locked: true;
  until: number;
}

/** An admitted attempt: settle it exactly once with `failed`, `succeeded` or `dropped`. */
export interface FaceAttempt {
  locked: false;
  /** When the attempt's target (found during the attempt) is locked: its lock's end, else 0. */
  targetLockedUntil(target: string): number;
  /** A failure: counts on the admitted keys and on `targets`. */
  failed(targets?: readonly string[]): void;
  /** `person` was recognised: clears the count of `target` only, and credits the admitted keys with `person`. */
  succeeded(person: number, target: string): void;
  /** Neither (the server was busy, or the target was locked): counts nothing. */
  dropped(): void;
}

const SWEEP_EVERY = 500;

export class FaceAttemptLimits {
  private readonly states = new Map<string, KeyState>();
  private admits = 0;

  constructor(
    private readonly now: () => number,
    private readonly policy: FaceLimitPolicy = FACE_LIMITS,
  ) {}

  /** Asks for an attempt from every key in `keys` (an address, a terminal). */
  admit(keys: readonly string[]): FaceLocked | FaceAttempt {
    const now = this.now();
    if (++this.admits % SWEEP_EVERY === 0) this.sweep(now);
    const states = keys.map((key) => this.state(key, now));
    const until = Math.max(0, ...states.map((state) => this.blockedUntil(state, now, true)));
    if (until > now) return { locked: true, until };
    for (const state of states) state.pending += 1;
    let settled = false;
    const settle = () => {
      if (settled) throw new Error('FaceAttemptLimits: an attempt was settled twice');
      settled = true;
      for (const state of states) state.pending -= 1;
    };
    return {
      locked: false,
      targetLockedUntil: (target) => {
        const at = this.now();
        const state = this.states.get(target);
        if (!state) return 0;
        this.prune(state, at);
        const blocked = this.blockedUntil(state, at, false);
        return blocked > at ? blocked : 0;
      },
      failed: (targets = []) => {
        settle();
        const at = this.now();
        for (const state of [...states, ...targets.map((target) => this.state(target, at))]) this.fail(state, at);
      },
      succeeded: (person, target) => {
        settle();
        const at = this.now();
        this.states.delete(target);
        for (const state of states) state.people.set(person, at);
      },
      dropped: settle,
    };
  }

  /** Forgets every count and lock (test hook reset). */
  clear(): void {
    this.states.clear();
  }

  /** Failures a key may have in the window before it is locked. */
  private allowance(state: KeyState): number {
    const credit = Math.floor(state.people.size * this.policy.creditPerPerson);
    return Math.min(this.policy.maxFailures, this.policy.limit + credit);
  }

  private state(key: string, now: number): KeyState {
    let state = this.states.get(key);
    if (!state) {
      state = { failures: [], people: new Map(), pending: 0, lockedUntil: 0, locks: 0 };
      this.states.set(key, state);
    }
    this.prune(state, now);
    return state;
  }

  /** Drops what left the window; a key with no failure left in it starts its locks again from the first. */
  private prune(state: KeyState, now: number): void {
    const since = now - this.policy.windowMs;
    while (state.failures.length > 0 && (state.failures[0] ?? 0) <= since) state.failures.shift();
    for (const [person, at] of state.people) if (at <= since) state.people.delete(person);
    if (state.failures.length === 0 && state.lockedUntil <= now) state.locks = 0;
  }

  /** The lock's end, or now + 1 while failures (and, for admitted keys, attempts under way) fill the allowance. */
  private blockedUntil(state: KeyState, now: number, withPending: boolean): number {
    if (state.lockedUntil > now) return state.lockedUntil;
    const used = state.failures.length + (withPending ? state.pending : 0);
    return used >= this.allowance(state) ? now + 1 : 0;
  }

  private fail(state: KeyState, now: number): void {
    state.failures.push(now);
    const allowance = this.allowance(state);
    if (state.failures.length < allowance) return;
    state.lockedUntil = now + Math.min(this.policy.maxLockMs, this.policy.lockMs * 2 ** state.locks);
    state.locks += 1;
    // After the lock, one more try (the next failure locks again, for longer).
    state.failures.splice(0, state.failures.length - (allowance - 1));
  }

  private sweep(now: number): void {
    for (const [key, state] of this.states) {
      this.prune(state, now);
      const idle = state.pending === 0 && state.lockedUntil <= now && state.failures.length === 0;
      if (idle && state.people.size === 0) this.states.delete(key);
    }
  }
}

/** Face collections per user: `perWindow` in any `windowMs`. */
export const FACE_ENROL_LIMIT = { perWindow: 5, windowMs: 60_000 };

export class EnrolLimits {
  private readonly recent = new Map<number, number[]>();

  constructor(
    private readonly now: () => number,
    private readonly limit = FACE_ENROL_LIMIT,
  ) {}

  /** Takes one collection of `userId` if the window has room: 0, else when the next one may be made (epoch ms). */
  take(userId: number): number {
    const now = this.now();
    const since = now - this.limit.windowMs;
    const times = (this.recent.get(userId) ?? []).filter((at) => at > since && at <= now);
    if (times.length >= this.limit.perWindow) {
      this.recent.set(userId, times);
      return (times[0] ?? now) + this.limit.windowMs;
    }
    times.push(now);
    this.recent.set(userId, times);
    if (this.recent.size > 10_000) {
      for (const [id, list] of this.recent) if (list.every((at) => at <= since)) this.recent.delete(id);
    }
    return 0;
  }

  clear(): void {
    this.recent.clear();
  }
}
