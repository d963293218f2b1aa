/** The hooks every suite that calls the reference server through a real client repeats. */
import { createClient, type Client, type ClientOptions } from '../http/client.ts';
import { setLanguage } from '../i18n/language.ts';
import type { Notice } from '../platform/notify.ts';
import { createSessionStore, type SessionStore } from '../session/store.ts';
import { captureNotices, logoutServer, resetServer } from './server.ts';

export interface ServerSuiteParts {
  client: Client;
  /** The client's own session store, with `{ session: true }`; else the client uses the shared one. */
  session: SessionStore | undefined;
  /** The notices shown during the test (captured, not shown). */
  notices: Notice[];
  /** How often the client asked for relogin handling (with `countRelogins`; each is refused). */
  relogins: () => number;
}

export interface ServerSuiteOptions {
  /** The client gets a session store of its own (`parts.session`). */
  session?: boolean;
  /** More of the client's options: relogin handling (default none), the login page, navigation. */
  client?: Partial<ClientOptions>;
  /** Relogin handling that counts and refuses (`parts.relogins()`), instead of none. */
  countRelogins?: boolean;
  /** A topic's own reset, after the server's. */
  reset?: () => Promise<unknown>;
  /** Afterwards, more to clean (an IndexedDB database the test made). */
  cleanup?: () => Promise<unknown> | void;
}

/**
 * Call in a `describe` body. Before each test: storage emptied, English messages, the server logged out and reset,
 * notices captured, and a fresh client handed to `use`. After each: notices released, the session store disposed,
 * the server reset and logged out, Simplified Chinese again.
 */
export function useReferenceServer(
  use: (parts: ServerSuiteParts) => void,
  { session = false, client = {}, countRelogins = false, reset, cleanup }: ServerSuiteOptions = {},
): void {
  let parts: ServerSuiteParts | undefined;
  let restoreNotices = () => {};

  beforeEach(async () => {
    localStorage.clear();
    sessionStorage.clear();
    setLanguage('en');
    await logoutServer();
    await resetServer();
    await reset?.();
    const store = session ? createSessionStore() : undefined;
    const captured = captureNotices();
    restoreNotices = captured.restore;
    let relogins = 0;
    const relogin = countRelogins
      ? async () => {
          relogins++;
          return false;
        }
      : null;
    parts = {
      client: createClient({ ...(store && { session: store }), device: 'pc', relogin, ...client }),
      session: store,
      notices: captured.notices,
      relogins: () => relogins,
    };
    use(parts);
  });

  afterEach(async () => {
    restoreNotices();
    parts?.session?.dispose();
    // Reset first: a test may have made the logout call fail.
    await resetServer();
    await logoutServer();
    await cleanup?.();
    setLanguage('zh-CN');
  });
}
