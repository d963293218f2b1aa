/** What every plugin of one server instance shares: the database, file storage, the clock and the test hooks. */
import type { Database } from 'better-sqlite3';
import { DEFAULT_ACCESS_TTL_MS, DEFAULT_REFRESH_TTL_MS, DEFAULT_SESSION_MAX_AGE_MS } from './config.ts';
import type { HookState } from './testing/hook-state.ts';

export interface ServerContext {
  db: Database;
  /** Absolute directory of stored files (`<dataDir>/storage`). */
  storageDir: string;
  /** Epoch milliseconds; the one clock every expiry is measured with. */
  now(): number;
  /** Present only when test hooks are on. */
  hooks: HookState | null;
  accessTtlMs(): number;
  refreshTtlMs(): number;
  /** Absolute session lifetime: a login ends this long after it happened, however often it was refreshed. */
  sessionMaxAgeMs(): number;
}

export function createContext(options: {
  db: Database;
  storageDir: string;
  now: () => number;
  hooks: HookState | null;
  sessionMaxAgeMs?: number;
}): ServerContext {
  const { db, storageDir, now, hooks } = options;
  const sessionMaxAgeMs = options.sessionMaxAgeMs ?? DEFAULT_SESSION_MAX_AGE_MS;
  return {
    db,
    storageDir,
    hooks,
    now: () => now() + (hooks?.settings.clockOffsetMs ?? 0),
    accessTtlMs: () => hooks?.settings.accessTtlMs ?? DEFAULT_ACCESS_TTL_MS,
    refreshTtlMs: () => hooks?.settings.refreshTtlMs ?? DEFAULT_REFRESH_TTL_MS,
    sessionMaxAgeMs: () => sessionMaxAgeMs,
  };
}
