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
  /**
   * A refresh alone, never relogin (the startup check, which decides about logging in by itself), for a request
   * sent at `sentEpoch`; joins a recovery already under way, shared the same way.
   */
  refresh(sentEpoch: number): Promise<boolean>;
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

  /** Joins the recovery under way, or takes the outcome of one that finished since `sentEpoch`, or starts `run`. */
  function join(sentEpoch: number, run: () => Promise<boolean>): Promise<boolean> {
    if (recovering) return recovering;
    if (sentEpoch !== epoch) return Promise.resolve(lastOutcome);
    const running = run().then((ok) => {
      recovering = null;
      return settle(ok);
    });
    recovering = running;
    return running;
  }

  return {
    get epoch() {
      return epoch;
    },
    // A recovery finished after this request left: its outcome already answers for this request too.
    recover: (sentEpoch) => join(sentEpoch, async () => (await safely(() => steps.refresh())) || runRelogin()),
    refresh: (sentEpoch) => join(sentEpoch, () => safely(() => steps.refresh())),
    relogin(sentEpoch) {
      if (recovering) return recovering;
      if (reloggingIn) return reloggingIn;
      if (sentEpoch !== epoch) return Promise.resolve(lastOutcome);
      return runRelogin().then(settle);
    },
  };
}

/** The Web Lock every tab of the origin takes around a token refresh. */
export const REFRESH_LOCK = 'edu-session-refresh';
/** The BroadcastChannel on which a tab announces a refresh to the others. */
export const SESSION_CHANNEL = 'edu-session';

/** What a refresh resolved: success and, on success, the refresh answer's data (`{accessToken, expiresIn}`). */
export interface RefreshResult {
  ok: boolean;
  data?: unknown;
}

/** The browser parts of cross-tab refresh; replaceable in tests. */
export interface TabSharing {
  /** `navigator.locks`; null where the browser has none (then each tab refreshes on its own). */
  locks: Pick<LockManager, 'request'> | null;
  /** A `BroadcastChannel` named `SESSION_CHANNEL`; null where there is none. */
  channel: Pick<BroadcastChannel, 'postMessage' | 'addEventListener'> | null;
  /** Whether the shared cookies hold a valid session now (another tab refreshed while this one waited). */
  probe(): Promise<boolean>;
  /** Takes over the refresh answer another tab announced (this tab's session store). */
  adopt(data: unknown): void;
}

interface RefreshAnnouncement {
  type: 'edu-session-refreshed';
  data: unknown;
}

const isAnnouncement = (value: unknown): value is RefreshAnnouncement =>
  typeof value === 'object' && value !== null && (value as { type?: unknown }).type === 'edu-session-refreshed';

/**
 * One refresh across the tabs of the origin. The session cookies are shared by every tab, and a
 * refresh rotates them: two tabs refreshing together would each spend the other's refresh token. So a refresh runs
 * under the `REFRESH_LOCK` Web Lock and is announced on `SESSION_CHANNEL`; every other tab adopts the announced
 * answer. A tab that had to wait for the lock first checks whether the tab that held it refreshed (its
 * announcement came, or the probe finds the session valid) and then retries with the new cookies instead of
 * refreshing again. The server's rotation overlap covers what no browser lock can: a tab without Web Locks, or a
 * refresh that starts just after another one ended.
 */
export function shareRefreshAcrossTabs(
  refresh: () => Promise<RefreshResult>,
  sharing: TabSharing,
): () => Promise<boolean> {
  let announcements = 0;
  sharing.channel?.addEventListener('message', (event: MessageEvent<unknown>) => {
    if (!isAnnouncement(event.data)) return;
    announcements += 1;
    sharing.adopt(event.data.data);
  });

  async function refreshAndAnnounce(): Promise<boolean> {
    const result = await refresh();
    if (result.ok) {
      try {
        sharing.channel?.postMessage({
          type: 'edu-session-refreshed',
          data: result.data,
        } satisfies RefreshAnnouncement);
      } catch {
        // A closed channel or data it cannot clone: the other tabs find the session by their own probe.
      }
    }
    return result.ok;
  }

  return async () => {
    const locks = sharing.locks;
    if (!locks) return refreshAndAnnounce();
    const seen = announcements;
    let contended = false;
    const uncontended = await locks.request(REFRESH_LOCK, { ifAvailable: true }, async (lock) => {
      if (!lock) {
        contended = true;
        return false;
      }
      return refreshAndAnnounce();
    });
    if (!contended) return uncontended === true;
    // Another tab held the lock: it was refreshing the very session this tab shares.
    const waited = await locks.request(REFRESH_LOCK, async () => {
      if (announcements !== seen) return true;
      if (await sharing.probe().catch(() => false)) return true;
      return refreshAndAnnounce();
    });
    return waited === true;
  };
}
