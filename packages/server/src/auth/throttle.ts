/**
 * Password guessing limits (docs/decisions.md "Login chain"): failed password checks are counted per account (the
 * login name as typed, known or not) and per client address. Each failure of an account after the first answers a
 * little later; at `maxFailures` the account (or the address, at its own higher limit) is locked for `lockMs`, each
 * further lock twice as long up to `maxLockMs`. A locked key is refused before the password is checked, so even the
 * right password waits for the lock to end. A correct password clears its account's count.
 *
 * Only distinct wrong passwords count: a stale remembered password retried by auto-login (at most 4 tries, spec
 * part 1 §4) or typed again costs one failure, not four, so auto-login can never lock its user out, while a
 * guesser, who needs new passwords, is counted in full. Attempts still being checked count too, so 100 parallel
 * guesses check at most `maxFailures` passwords. Counts live in memory, per server instance.
 */
import { createHmac, randomBytes } from 'node:crypto';

export interface ThrottlePolicy {
  /** Distinct failures of one account before it is locked. */
  accountFailures: number;
  /** Distinct failures from one address (any accounts) before the address is locked. */
  addressFailures: number;
  /** First lock; every later lock of the same key doubles, up to `maxLockMs`. */
  lockMs: number;
  maxLockMs: number;
  /** A key whose last failure is this old starts again from zero (its lock level too). */
  forgetAfterMs: number;
  /** Added to the answer of each counted account failure after the first, up to `maxDelayMs`. */
  delayStepMs: number;
  maxDelayMs: number;
}

export const DEFAULT_THROTTLE: ThrottlePolicy = {
  accountFailures: 5,
  // A school's pupils may share one address: far more room than one account has, still far below guessing speed.
  addressFailures: 50,
  lockMs: 60_000,
  maxLockMs: 60 * 60_000,
  forgetAfterMs: 24 * 60 * 60_000,
  delayStepMs: 250,
  maxDelayMs: 1000,
};

/** How many distinct wrong passwords of one account are remembered (as keyed digests) to recognise repeats. */
const REMEMBERED_WRONG = 8;

interface KeyState {
  failures: number;
  /** Checks under way, counted against the limit until they finish. */
  pending: number;
  lastFailureAt: number;
  lockedUntil: number;
  /** Locks so far; the next one lasts lockMs × 2^locks. */
  locks: number;
  /** Digests of the wrong passwords already counted (accounts only). */
  wrong: string[];
}

/** Refused before any check: locked until `until` (epoch ms). */
export interface Locked {
  locked: true;
  until: number;
}

/** A check may go ahead; call `failed` or `succeeded` with its outcome exactly once. */
export interface Admitted {
  locked: false;
  /** Records a wrong password (or unknown name); resolves the delay to wait before answering, in ms. */
  failed(password: string): number;
  succeeded(): void;
}

export class LoginThrottle {
  private readonly states = new Map<string, KeyState>();
  /** Wrong passwords are remembered only as digests under a key of this process. */
  private readonly secret = randomBytes(32);

  constructor(
    private readonly now: () => number,
    private readonly policy: ThrottlePolicy = DEFAULT_THROTTLE,
  ) {}

  /** Asks to check a password of `account` from `address`. */
  admit(account: string, address: string): Locked | Admitted {
    const now = this.now();
    const accountKey = `account:${account.toLowerCase()}`;
    const addressKey = `address:${address}`;
    const accountState = this.state(accountKey, now);
    const addressState = this.state(addressKey, now);
    const until = Math.max(
      this.blockedUntil(accountState, this.policy.accountFailures, now),
      this.blockedUntil(addressState, this.policy.addressFailures, now),
    );
    if (until > now) return { locked: true, until };

    accountState.pending += 1;
    addressState.pending += 1;
    let done = false;
    const finish = () => {
      if (done) throw new Error('LoginThrottle: an attempt was settled twice');
      done = true;
      accountState.pending -= 1;
      addressState.pending -= 1;
    };
    return {
      locked: false,
      failed: (password) => {
        finish();
        const digest = createHmac('sha256', this.secret).update(password).digest('hex');
        if (accountState.wrong.includes(digest)) return 0;
        accountState.wrong = [digest, ...accountState.wrong].slice(0, REMEMBERED_WRONG);
        const at = this.now();
        this.fail(accountState, this.policy.accountFailures, at);
        this.fail(addressState, this.policy.addressFailures, at);
        const delay = (accountState.failures - 1) * this.policy.delayStepMs;
        return Math.max(0, Math.min(this.policy.maxDelayMs, delay));
      },
      succeeded: () => {
        finish();
        this.states.delete(accountKey);
      },
    };
  }

  /** Forgets every count and lock (test hook reset). */
  clear(): void {
    this.states.clear();
  }

  private state(key: string, now: number): KeyState {
    let state = this.states.get(key);
    if (
      state &&
      state.pending === 0 &&
      state.lockedUntil <= now &&
      now - state.lastFailureAt > this.policy.forgetAfterMs
    ) {
      this.states.delete(key);
      state = undefined;
    }
    if (!state) {
      state = { failures: 0, pending: 0, lastFailureAt: 0, lockedUntil: 0, locks: 0, wrong: [] };
      this.states.set(key, state);
    }
    return state;
  }

  /** When a key may be tried again: its lock, or now + 1 while checks under way already fill its allowance. */
  private blockedUntil(state: KeyState, limit: number, now: number): number {
    if (state.lockedUntil > now) return state.lockedUntil;
    return state.failures + state.pending >= limit ? now + 1 : 0;
  }

  private fail(state: KeyState, limit: number, now: number): void {
    state.failures += 1;
    state.lastFailureAt = now;
    if (state.failures >= limit) {
      state.lockedUntil = now + Math.min(this.policy.maxLockMs, this.policy.lockMs * 2 ** state.locks);
      state.locks += 1;
      // After the lock, the next failure locks again (for longer): a guesser gets one try per lock.
      state.failures = limit - 1;
    }
  }
}
