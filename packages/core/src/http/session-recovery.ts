/**
 * Session-expiry coordination (spec part 1 §4 "Session expiry", DESIGN §4): every request that fails with body
 * status 401 joins ONE recovery (refresh, else relogin). Requests record an epoch when they are sent; one that was
 * sent before a recovery or relogin finished, but answered after it, takes that outcome instead of starting
 * another, so 20 requests failing together refresh once and relog in at most once, however their answers trickle in.
 */
export interface RecoverySteps {
  /** Tries a token refresh; true when the session is valid again. */
  refresh(): Promise<boolean>;
  /** Runs relogin handling; true when the user is signed in again. */
  relogin(): Promise<boolean>;
}

export interface SessionRecovery {
  /** Counts finished recoveries and relogins; a request records it when it is sent. */
  readonly epoch: number;
  /** Recovers the session for a request sent at `sentEpoch`; resolves true when it may be retried. */
  recover(sentEpoch: number): Promise<boolean>;
  /** Relogin alone (signature failures) for a request sent at `sentEpoch`, shared the same way. */
  relogin(sentEpoch: number): Promise<boolean>;
}

async function safely(step: () => Promise<boolean>): Promise<boolean> {
  try {
    return (await step()) === true;
  } catch {
    return false;
  }
}

export function createSessionRecovery(steps: RecoverySteps): SessionRecovery {
  let epoch = 0;
  let lastOutcome = false;
  let recovering: Promise<boolean> | null = null;
  let reloggingIn: Promise<boolean> | null = null;

  /** Relogin handling itself, never run twice at the same time. */
  function runRelogin(): Promise<boolean> {
    if (!reloggingIn) {
      const running = safely(() => steps.relogin());
      reloggingIn = running;
      void running.then(() => {
        if (reloggingIn === running) reloggingIn = null;
      });
    }
    return reloggingIn;
  }

  /** Records a finished recovery or relogin, in the same step that clears the in-flight slot. */
  function settle(ok: boolean): boolean {
    lastOutcome = ok;
    epoch += 1;
    return ok;
  }

  return {
    get epoch() {
      return epoch;
    },
    recover(sentEpoch) {
      if (recovering) return recovering;
      // A recovery finished after this request left: its outcome already answers for this request too.
      if (sentEpoch !== epoch) return Promise.resolve(lastOutcome);
      const running = (async () => (await safely(() => steps.refresh())) || runRelogin())().then((ok) => {
        recovering = null;
        return settle(ok);
      });
      recovering = running;
      return running;
    },
    relogin(sentEpoch) {
      if (recovering) return recovering;
      if (reloggingIn) return reloggingIn;
      if (sentEpoch !== epoch) return Promise.resolve(lastOutcome);
      return runRelogin().then(settle);
    },
  };
}
