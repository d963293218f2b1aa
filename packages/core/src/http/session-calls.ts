/**
 * The calls a client makes to get its session back (spec part 1 §7): the refresh, the probe of the cookies another
 * tab may have renewed, the relogin by client id inside an app, and then the host's relogin handling (a dialog, or
 * the login page). `session-recovery.ts` decides when they run; `client.ts` sends them.
 */
import type { ClientOptions, Method, RequestOptions } from './client.ts';
import type { Envelope } from './envelope.ts';
import type { RefreshResult } from './session-recovery.ts';

export const REFRESH_PATH = '/api/uaa/oauth/refresh';
export const LOGIN_USER_CLIENT_PATH = '/api/uaa/oauth/login_user_client';
export const ME_PATH = '/api/uaa/oauth/me';

type Send = <T = unknown>(
  method: Method,
  url: string,
  payload?: unknown,
  options?: RequestOptions,
) => Promise<Envelope<T>>;

/** Quiet: these calls are the client's own, and their failure is handled, never shown. */
const QUIET: RequestOptions = { noIntercept: true, silent: true };

export function createSessionCalls(options: ClientOptions, request: Send) {
  /** The refresh call of this tab; the session store takes the answer. */
  async function refreshHere(): Promise<RefreshResult> {
    try {
      const envelope = await request('get', REFRESH_PATH, undefined, QUIET);
      if (envelope.status !== 200) return { ok: false };
      options.session.applyRefresh(envelope.data);
      return { ok: true, data: envelope.data };
    } catch {
      return { ok: false };
    }
  }

  /** A refresh another tab announced: this tab's store takes its answer. */
  function adoptRefresh(data: unknown): void {
    if (options.session.getSnapshot().user) options.session.applyRefresh(data);
  }

  /** Whether the shared cookies hold a valid session now; the new access token reaches the store. */
  async function probeSession(): Promise<boolean> {
    try {
      const envelope = await request<Record<string, unknown> | null>('get', ME_PATH, undefined, QUIET);
      if (envelope.status !== 200 || !envelope.data) return false;
      const accessToken = envelope.data['accessToken'];
      if (typeof accessToken === 'string') adoptRefresh({ accessToken });
      return true;
    } catch {
      return false;
    }
  }

  async function relogin(): Promise<boolean> {
    if (options.userClientId) {
      try {
        const envelope = await request('post', LOGIN_USER_CLIENT_PATH, { userClientId: options.userClientId }, QUIET);
        if (envelope.status === 200 && options.session.login(envelope.data)) return true;
      } catch {
        // Fall through to relogin handling.
      }
    }
    const handler = options.relogin;
    if (typeof handler === 'function') return (await handler()) === true;
    if (handler === 'redirect') {
      const here = options.currentUrl();
      let onLoginPage = false;
      try {
        onLoginPage = new URL(here).pathname === options.loginPath;
      } catch {
        /* not a URL: go to the login page */
      }
      // Already on the login page: going there again would only loop.
      if (!onLoginPage) options.navigate(`${options.loginPath}?redirect_uri=${encodeURIComponent(here)}`);
    }
    return false;
  }

  return { refreshHere, adoptRefresh, probeSession, relogin };
}
