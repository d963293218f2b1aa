/**
 * Credential guessing limits (docs/decisions.md "Login chain", README "Security"): slow the guesser, never the owner
 * (OWASP authentication cheat sheet, NIST SP 800-63B §5.2.2).
 *
 * - **Per account**, counted per source: each distinct wrong password of an account is remembered with the address
 *   it came from (and the trusted device, below). At `accountFailures` the account locks for `lockMs`, doubling up to
 *   `maxLockMs`, **for the sources that failed only**: an address that has not failed on this account, or a device
 *   the owner signed in from before, is still checked, so a correct password from the owner passes while the
 *   guesser waits. Past `accountHardLimit` failures in all (a guesser with many addresses) only trusted devices pass.
 *   Each counted failure after the first answers a little later (up to `maxDelayMs`); a right password is never
 *   delayed.
 * - **Per address**, across accounts (spraying one password over many names): at `addressFailures` the address
 *   cools down for `addressCoolDownMs`, never longer, so a school behind one NAT address waits a minute at most,
 *   and devices trusted for the account tried pass even then.
 * - **Trusted devices** are the browsers the account signed in from before (a signed `edu_dev` cookie, see
 *   device-trust.ts); one that fails `accountFailures` times itself is trusted no more.
 * - A success clears only its own source's failures; the guesser's count stays.
 *
 * Only distinct wrong passwords count: a stale remembered password retried by auto-login (at most 4 tries, spec
 * part 1 §4) or typed again costs one failure, not four. Attempts still being checked count too, so 100 parallel
 * guesses check at most `accountFailures` passwords. Counts live in memory, per server instance.
 */
import { createHmac, randomBytes } from 'node:crypto';

export interface ThrottlePolicy {
  /** Distinct failures of one account before it locks (for the sources that failed). */
  accountFailures: number;
  /** Failures of one account in all past which only trusted devices are checked (NIST: at most 100; default). */
  accountHardLimit?: number;
  /** Distinct failures from one address (any accounts) before the address cools down. */
  addressFailures: number;
  /** The address cool-down: short and fixed, so a shared address is never shut out for long (default 1 min). */
  addressCoolDownMs?: number;
  /** First account lock; every later lock of the same account doubles, up to `maxLockMs`. */
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
  accountHardLimit: 100,
  // A school's pupils may share one address: far more room than one account has, still far below guessing speed.
  addressFailures: 50,
  addressCoolDownMs: 60_000,
  lockMs: 60_000,
  maxLockMs: 60 * 60_000,
  forgetAfterMs: 24 * 60 * 60_000,
  delayStepMs: 250,
  maxDelayMs: 1000,
};

/** How many distinct wrong passwords of one account are remembered (as keyed digests) to recognise repeats. */
const REMEMBERED_WRONG = 8;
/** Sources remembered per account; past this the oldest are forgotten (their failures stay in the total). */
const REMEMBERED_SOURCES = 1000;

interface AccountState {
  /** Distinct failures since the last lock ended (drives the lock). */
  failures: number;
  /** Distinct failures in all (drives the hard limit). */
  total: number;
  pending: number;
  lastFailureAt: number;
  lockedUntil: number;
  /** Locks so far; the next one lasts lockMs × 2^locks. */
  locks: number;
  /** Digests of the wrong passwords already counted. */
  wrong: string[];
  /** Failures per address and per trusted device: the sources the lock holds back. */
  byAddress: Map<string, number>;
  byDevice: Map<string, number>;
  /** Checks under way per address (they count as failing until they end). */
  pendingBy: Map<string, number>;
}

interface AddressState {
  failures: number;
  pending: number;
  lastFailureAt: number;
  coolUntil: number;
}

/** Refused before any check: locked until `until` (epoch ms). */
export interface Locked {
  locked: true;
  until: number;
}

/** A check may go ahead; call `failed` or `succeeded` with its outcome exactly once. */
export interface Admitted {
  locked: false;
  /** Records a wrong credential (or unknown name); answers the delay to wait before answering, in ms. */
  failed(credential: string): number;
  succeeded(): void;
}

export class LoginThrottle {
  private readonly accounts = new Map<string, AccountState>();
  private readonly addresses = new Map<string, AddressState>();
  /** Wrong passwords are remembered only as digests under a key of this process. */
  private readonly secret = randomBytes(32);

  constructor(
    private readonly now: () => number,
    private readonly policy: ThrottlePolicy = DEFAULT_THROTTLE,
  ) {}

  /**
   * Asks to check a credential of `account` from `address`; `device` is the id of a device the account signed in
   * from before (its trusted-device cookie named this account), or null.
   */
  admit(account: string, address: string, device: string | null = null): Locked | Admitted {
    const now = this.now();
    const accountState = this.accountState(account.toLowerCase(), now);
    const addressState = this.addressState(address, now);
    const trusted = device !== null && (accountState.byDevice.get(device) ?? 0) < this.policy.accountFailures;
    if (!trusted) {
      const until = Math.max(
        this.addressBlockedUntil(addressState, now),
        this.accountBlockedUntil(accountState, address, now),
      );
      if (until > now) return { locked: true, until };
    }

    accountState.pending += 1;
    accountState.pendingBy.set(address, (accountState.pendingBy.get(address) ?? 0) + 1);
    addressState.pending += 1;
    let done = false;
    const finish = () => {
      if (done) throw new Error('LoginThrottle: an attempt was settled twice');
      done = true;
      accountState.pending -= 1;
      const left = accountState.pendingBy.get(address)! - 1;
      if (left > 0) accountState.pendingBy.set(address, left);
      else accountState.pendingBy.delete(address);
      addressState.pending -= 1;
    };
    return {
      locked: false,
      failed: (credential) => {
        finish();
        const digest = createHmac('sha256', this.secret).update(credential).digest('hex');
        if (accountState.wrong.includes(digest)) return 0;
        accountState.wrong = [digest, ...accountState.wrong].slice(0, REMEMBERED_WRONG);
        const at = this.now();
        this.failAccount(accountState, address, trusted ? device : null, at);
        this.failAddress(addressState, at);
        const delay = (accountState.failures - 1) * this.policy.delayStepMs;
        return Math.max(0, Math.min(this.policy.maxDelayMs, delay));
      },
      succeeded: () => {
        finish();
        // Only this source's failures go: the guesser's stay counted and locked.
        const cleared = accountState.byAddress.get(address) ?? 0;
        accountState.byAddress.delete(address);
        if (device !== null) accountState.byDevice.delete(device);
        accountState.failures = Math.max(0, accountState.failures - cleared);
        if (accountState.byAddress.size === 0 && accountState.byDevice.size === 0 && accountState.pending === 0) {
          this.accounts.delete(account.toLowerCase());
        }
      },
    };
  }

  /** Forgets every count and lock (test hook reset). */
  clear(): void {
    this.accounts.clear();
    this.addresses.clear();
  }

  private accountState(key: string, now: number): AccountState {
    let state = this.accounts.get(key);
    if (
      state &&
      state.pending === 0 &&
      state.lockedUntil <= now &&
      now - state.lastFailureAt > this.policy.forgetAfterMs
    ) {
      this.accounts.delete(key);
      state = undefined;
    }
    if (!state) {
      state = {
        failures: 0,
        total: 0,
        pending: 0,
        lastFailureAt: 0,
        lockedUntil: 0,
        locks: 0,
        wrong: [],
        byAddress: new Map(),
        byDevice: new Map(),
        pendingBy: new Map(),
      };
      this.accounts.set(key, state);
    }
    return state;
  }

  private addressState(key: string, now: number): AddressState {
    let state = this.addresses.get(key);
    if (
      state &&
      state.pending === 0 &&
      state.coolUntil <= now &&
      now - state.lastFailureAt > this.policy.forgetAfterMs
    ) {
      this.addresses.delete(key);
      state = undefined;
    }
    if (!state) {
      state = { failures: 0, pending: 0, lastFailureAt: 0, coolUntil: 0 };
      this.addresses.set(key, state);
    }
    return state;
  }

  /** When the address may try again: its cool-down, or now + 1 while checks under way fill its allowance. */
  private addressBlockedUntil(state: AddressState, now: number): number {
    if (state.coolUntil > now) return state.coolUntil;
    return state.failures + state.pending >= this.policy.addressFailures ? now + 1 : 0;
  }

  /**
   * When `address` may try the account again: never held back while it has not failed on it (unless the account
   * is past its hard limit); otherwise the account's lock, or now + 1 while checks under way fill its allowance.
   */
  private accountBlockedUntil(state: AccountState, address: string, now: number): number {
    const full = state.lockedUntil > now || state.failures + state.pending >= this.policy.accountFailures;
    if (!full) return 0;
    const failing = (state.byAddress.get(address) ?? 0) + (state.pendingBy.get(address) ?? 0) > 0;
    if (!failing && state.total < (this.policy.accountHardLimit ?? DEFAULT_THROTTLE.accountHardLimit!)) return 0;
    return state.lockedUntil > now ? state.lockedUntil : now + 1;
  }

  private failAccount(state: AccountState, address: string, device: string | null, now: number): void {
    state.failures += 1;
    state.total += 1;
    state.lastFailureAt = now;
    // Re-inserted so that the oldest sources are the first forgotten.
    const count = state.byAddress.get(address) ?? 0;
    state.byAddress.delete(address);
    state.byAddress.set(address, count + 1);
    if (state.byAddress.size > REMEMBERED_SOURCES) state.byAddress.delete(state.byAddress.keys().next().value!);
    if (device !== null) state.byDevice.set(device, (state.byDevice.get(device) ?? 0) + 1);
    if (state.failures >= this.policy.accountFailures) {
      state.lockedUntil = now + Math.min(this.policy.maxLockMs, this.policy.lockMs * 2 ** state.locks);
      state.locks += 1;
      // After the lock, the next failure locks again (for longer): a guesser gets one try per lock.
      state.failures = this.policy.accountFailures - 1;
    }
  }

  private failAddress(state: AddressState, now: number): void {
    state.failures += 1;
    state.lastFailureAt = now;
    if (state.failures >= this.policy.addressFailures) {
      state.coolUntil = now + (this.policy.addressCoolDownMs ?? DEFAULT_THROTTLE.addressCoolDownMs!);
      // After the cool-down half the allowance is left: a guesser who goes on cools down again sooner.
      state.failures = Math.floor(this.policy.addressFailures / 2);
    }
  }
}
