/** The session calls of spec part 1 §7 "Login and session" that the core itself needs. */
import { client as defaultClient, type Client } from '../http/client.ts';
import type { Envelope } from '../http/envelope.ts';
import { isRequestError } from '../http/errors.ts';
import { isRecord } from '../platform/guards.ts';
import { session as defaultSession, type SessionStore } from '../session/store.ts';
import type { LoginStatus } from '../session/types.ts';
import type { WireUser } from './user.ts';

export const SESSION_PATHS = {
  login: '/api/uaa/oauth/login',
  refresh: '/api/uaa/oauth/refresh',
  loginUserClient: '/api/uaa/oauth/login_user_client',
  relogin: '/api/uaa/oauth/relogin',
  logout: '/api/uaa/oauth/logout',
  me: '/api/uaa/oauth/me',
  loginConfig: '/api/uaa/oauth/login/config',
  unitConfig: '/api/uaa/oauth/login/unit_config',
  switchLogin: '/api/uaa/switch/login',
} as const;

export interface SessionDeps {
  client?: Client;
  session?: SessionStore;
}

/**
 * The current user: `GET /api/uaa/oauth/me` with a random `signature` and the interceptor skipped. Resolves with
 * the envelope whatever its status; rejects with a `signature` error (after relogin handling) when the answer's
 * signature does not match, so tampered data never reaches the caller.
 */
export function getMe(client: Client = defaultClient): Promise<Envelope<WireUser | null>> {
  return client.get<WireUser | null>(SESSION_PATHS.me, undefined, { signature: true, noIntercept: true });
}

/**
 * The startup login check (spec part 1 §4 "Login flow"): logged in when `me` answers status 200 with data (the
 * session store then holds that user); otherwise logged out, and the stored user is forgotten. A check that fails
 * outright also counts as logged out, but keeps what is stored.
 */
export async function checkLogin({
  client = defaultClient,
  session = defaultSession,
}: SessionDeps = {}): Promise<LoginStatus> {
  try {
    const envelope = await getMe(client);
    if (envelope.status === 200 && envelope.data && session.login(envelope.data)) return 'logged-in';
    session.forget();
    return 'logged-out';
  } catch (error) {
    if (isRequestError(error) && error.kind === 'signature') session.forget();
    else session.setStatus('logged-out');
    return 'logged-out';
  }
}

/** Keeps the user of a status-200 login answer in the session store; returns the envelope unchanged. */
export function acceptLogin<T>(envelope: Envelope<T>, session: SessionStore): Envelope<T> {
  if (envelope.status === 200 && envelope.data) session.login(envelope.data);
  return envelope;
}

/**
 * Username and password login (`POST /api/uaa/oauth/login`, interceptor skipped). On status 200 the session store
 * keeps the user. Resolves with the envelope so the login form can show field messages or go to the bind page.
 */
export async function loginWithPassword(
  username: string,
  password: string,
  { client = defaultClient, session = defaultSession }: SessionDeps = {},
): Promise<Envelope<WireUser | null>> {
  const envelope = await client.post<WireUser | null>(
    SESSION_PATHS.login,
    { username: username.trim(), password: password.trim() },
    { noIntercept: true },
  );
  return acceptLogin(envelope, session);
}

/**
 * Logout: `POST /api/uaa/oauth/logout` with an empty body, then the local logout (stored user, session storage,
 * auto-login counter, `IS_LOGOUTED`). The local part runs even when the call fails: the user asked to leave.
 * Resolves true when the server confirmed (status 200 with data).
 */
export async function logoutCall({
  client = defaultClient,
  session = defaultSession,
}: SessionDeps = {}): Promise<boolean> {
  try {
    const envelope = await client.post(SESSION_PATHS.logout, undefined, { noIntercept: true });
    return envelope.status === 200 && envelope.data !== null && envelope.data !== undefined;
  } catch {
    return false;
  } finally {
    session.logout();
  }
}

export interface DecorationSet {
  defaultLanguage: string | null;
  footerMsg: Record<string, unknown> | null;
}

/** `decorationSet` is a JSON string (spec part 1 §3 "Login configuration"); bad JSON gives empty fields. */
export function parseDecorationSet(value: unknown): DecorationSet {
  let parsed: unknown = value;
  if (typeof value === 'string') {
    try {
      parsed = JSON.parse(value) as unknown;
    } catch {
      parsed = null;
    }
  }
  const record = isRecord(parsed) ? parsed : {};
  return {
    defaultLanguage: typeof record['defaultLanguage'] === 'string' ? record['defaultLanguage'] : null,
    footerMsg: isRecord(record['footerMsg']) ? record['footerMsg'] : null,
  };
}

/** A configuration answer with its `decorationSet` parsed. */
export interface ConfigAnswer {
  envelope: Envelope;
  decorationSet: DecorationSet;
}

/** Asks a configuration call (no notices: the pages fall back by themselves) and parses its `decorationSet`. */
async function getConfig(client: Client, path: string, params: Record<string, string>): Promise<ConfigAnswer> {
  const envelope = await client.get(path, params, { noIntercept: true });
  const data = isRecord(envelope.data) ? envelope.data : {};
  return { envelope, decorationSet: parseDecorationSet(data['decorationSet']) };
}

/** `GET /api/uaa/oauth/login/config?url={host}`: the login configuration, with `decorationSet` parsed. */
export function getLoginConfig(
  host: string = globalThis.location?.host ?? '',
  client: Client = defaultClient,
): Promise<ConfigAnswer> {
  return getConfig(client, SESSION_PATHS.loginConfig, { url: host });
}

/**
 * `GET /api/uaa/oauth/login/unit_config?unitId=`: a unit's footer, link and `decorationSet` (parsed). The portal
 * shows the signed-in user's own unit's footer: an area officer on a school's host sees the area's record numbers.
 */
export function getUnitConfig(unitId: string, client: Client = defaultClient): Promise<ConfigAnswer> {
  return getConfig(client, SESSION_PATHS.unitConfig, { unitId });
}
