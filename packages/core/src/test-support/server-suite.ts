/** The hooks every suite that calls the reference server through a real client repeats. */
import { createClient, type Client } from '../http/client.ts';
import { setLanguage } from '../i18n/language.ts';
import { createSessionStore, type SessionStore } from '../session/store.ts';
import { captureNotices, logoutServer, resetServer } from './server.ts';

export interface ServerSuiteParts {
  client: Client;
  /** The client's own session store, with `{ session: true }`; else the client uses the shared one. */
  session: SessionStore | undefined;
}

/**
 * Call in a `describe` body. Before each test: storage emptied, English messages, the server reset, notices
 * captured, and a fresh client handed to `use`. After each: notices released, the session store disposed, the
 * server logged out, Simplified Chinese again.
 */
export function useReferenceServer(use: (parts: ServerSuiteParts) => void, { session = false } = {}): void {
  let parts: ServerSuiteParts | undefined;
  let restoreNotices = () => {};

  beforeEach(async () => {
    localStorage.clear();
    sessionStorage.clear();
    setLanguage('en');
    await resetServer();
    const store = session ? createSessionStore() : undefined;
    ({ restore: restoreNotices } = captureNotices());
    parts = { client: createClient({ ...(store && { session: store }), device: 'pc', relogin: null }), session: store };
    use(parts);
  });

  afterEach(async () => {
    restoreNotices();
    parts?.session?.dispose();
    await logoutServer();
    setLanguage('zh-CN');
  });
}
